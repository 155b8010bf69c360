/**
 * A scenario's title, description and tryThis in the page's language. The engine's scenarios hold the English
 * (the source: `scenario-text.test.ts` checks the `scenarios` catalog equals it for every scenario); the catalog
 * holds every language, keyed by scenario id. A scenario the catalog lacks shows its engine text.
 */
import { useCallback } from 'react';
import type { Scenario } from '../../engine';
import { useT } from '../../i18n';
import { en } from '../../i18n/locales/en';

export interface ScenarioText {
  readonly title: string;
  readonly description: string;
  readonly tryThis?: string;
}

export type CataloguedScenarioId = keyof typeof en.scenarios;

export function isCatalogued(id: string): id is CataloguedScenarioId {
  return Object.hasOwn(en.scenarios, id);
}

/** `(scenario) => its texts` in the page's language. */
export function useScenarioText(): (scenario: Scenario) => ScenarioText {
  const { t } = useT('scenarios');
  return useCallback(
    (scenario: Scenario): ScenarioText => {
      const id = scenario.id;
      if (!isCatalogued(id)) {
        return {
          title: scenario.title,
          description: scenario.description,
          ...(scenario.tryThis !== undefined ? { tryThis: scenario.tryThis } : {}),
        };
      }
      return cataloguedText(t, id);
    },
    [t],
  );
}

/** `(id) => its texts` in the page's language, for a scenario the catalog holds (the skeleton has no engine). */
export function useCataloguedScenarioText(): (id: CataloguedScenarioId) => ScenarioText {
  const { t } = useT('scenarios');
  return useCallback((id: CataloguedScenarioId) => cataloguedText(t, id), [t]);
}

function cataloguedText(t: ReturnType<typeof useT<'scenarios'>>['t'], id: CataloguedScenarioId): ScenarioText {
  return { title: t(`${id}.title`), description: t(`${id}.description`), tryThis: t(`${id}.tryThis`) };
}

/** `(scenario) => its title` in the page's language: the pickers list every scenario and need nothing else. */
export function useScenarioTitle(): (scenario: Scenario) => string {
  const { t } = useT('scenarios');
  return useCallback(
    (scenario: Scenario): string => (isCatalogued(scenario.id) ? t(`${scenario.id}.title`) : scenario.title),
    [t],
  );
}
