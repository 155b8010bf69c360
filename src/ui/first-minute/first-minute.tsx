/**
 * The first minute, under the header: with a scenario open, a one-line banner — what it shows, what to try — with
 * a link to hide it (per scenario, remembered in this browser); with none, a short "what this is / do this first"
 * card. The texts are the scenarios' own (engine/scenarios: `title`, `description`, `tryThis`), shown in the page's
 * language through the `scenarios` catalog (see ui/scenarios/scenario-text.ts).
 */
import { useEffect, useState } from 'react';
import { getScenario } from '../../engine';
import { selectScenarioId } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { useScenarioText } from '../scenarios/scenario-text';
import type { IntroShown } from './first-paint';
import { rememberIntro } from './first-paint';
import { hiddenIntros, hideIntro } from './hidden-intros';
import { IntroBanner, IntroCard } from './intro-view';

/** The scenario the "do this first" card opens: it shows the whole loop in four steps. */
const FIRST_SCENARIO_ID = 'seoul-time-math';

export function FirstMinute() {
  const { actions } = usePlaygroundApi();
  const scenarioId = usePlayground(selectScenarioId);
  const scenarioText = useScenarioText();
  const [hidden, setHidden] = useState(hiddenIntros);
  const key = scenarioId ?? '';
  const scenario = scenarioId === null ? undefined : getScenario(scenarioId);
  const shown: IntroShown = hidden.has(key)
    ? { kind: 'none' }
    : scenario
      ? { kind: 'banner', scenarioId: scenario.id }
      : { kind: 'card' };
  const shownKey = JSON.stringify(shown);
  // The skeleton of the next load draws the same (first-paint.ts).
  useEffect(() => rememberIntro(JSON.parse(shownKey) as IntroShown), [shownKey]);
  const hide = () => setHidden(hideIntro(key));
  switch (shown.kind) {
    case 'none':
      return null;
    case 'card':
      return <IntroCard onOpen={() => actions.selectScenario(FIRST_SCENARIO_ID)} onHide={hide} />;
    case 'banner':
      return scenario ? <IntroBanner text={scenarioText(scenario)} onHide={hide} /> : null;
  }
}
