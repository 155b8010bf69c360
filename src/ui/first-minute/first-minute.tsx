/**
 * The first minute, under the header: with a scenario open, a one-line banner — what it shows, what to try — with
 * a link to hide it (per scenario, remembered in this browser); with none, a short "what this is / do this first"
 * card. The texts are the scenarios' own (engine/scenarios: `title`, `description`, `tryThis`), shown in the page's
 * language through the `scenarios` catalog (see ui/scenarios/scenario-text.ts).
 */
import { useState } from 'react';
import { getScenario } from '../../engine/scenarios';
import { useT } from '../../i18n';
import { selectScenarioId } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { useScenarioText } from '../scenarios/scenario-text';
import { hiddenIntros, hideIntro } from './hidden-intros';
import './first-minute.css';

/** The scenario the "do this first" card opens: it shows the whole loop in four steps. */
const FIRST_SCENARIO_ID = 'seoul-time-math';

export function FirstMinute() {
  const { t } = useT('intro');
  const { actions } = usePlaygroundApi();
  const scenarioId = usePlayground(selectScenarioId);
  const scenarioText = useScenarioText();
  const [hidden, setHidden] = useState(hiddenIntros);
  const key = scenarioId ?? '';
  if (hidden.has(key)) return null;
  const hide = () => setHidden(hideIntro(key));
  const scenario = scenarioId === null ? undefined : getScenario(scenarioId);
  if (!scenario) {
    return (
      <section className="intro-card" aria-labelledby="intro-title" data-testid="intro-card">
        <h2 id="intro-title">{t('card.title')}</h2>
        <p>{t('card.what')}</p>
        <p>
          <strong>{t('card.firstLabel')}</strong> {t('card.first')}
        </p>
        <div className="call-buttons">
          <button
            type="button"
            className="button button-primary"
            onClick={() => actions.selectScenario(FIRST_SCENARIO_ID)}
          >
            {t('card.open')}
          </button>
          <button type="button" className="button button-quiet" onClick={hide}>
            {t('hide')}
          </button>
        </div>
      </section>
    );
  }
  const text = scenarioText(scenario);
  return (
    <p className="intro-banner" data-testid="scenario-banner">
      <strong>{text.title}:</strong> {text.description}
      {text.tryThis !== undefined && (
        <>
          {' '}
          <strong>{t('try')}</strong> {text.tryThis}
        </>
      )}{' '}
      <button type="button" className="link-button" onClick={hide}>
        {t('hide')}
      </button>
    </p>
  );
}
