/**
 * What the first minute showed when the app last drew it (a scenario's banner, the card, nothing), remembered in
 * this browser so the skeleton — drawn before the workspace is read from IndexedDB — can draw the same, and the
 * columns below do not jump when the app arrives. Only a hint for the first paint: the app always draws from the
 * workspace. `?scenario=` in the address wins, as it does in the app.
 */
import { isCatalogued } from '../scenarios/scenario-text';
import type { CataloguedScenarioId } from '../scenarios/scenario-text';
import { hiddenIntros } from './hidden-intros';

export type IntroShown =
  { readonly kind: 'banner'; readonly scenarioId: string } | { readonly kind: 'card' } | { readonly kind: 'none' };

/** What the skeleton draws: a banner only for a scenario the catalog words (the skeleton has no engine). */
export type FirstPaintIntro =
  | { readonly kind: 'banner'; readonly scenarioId: CataloguedScenarioId }
  | { readonly kind: 'card' }
  | { readonly kind: 'none' };

const KEY = 'tool-loop-playground.first-paint-intro';

export function rememberIntro(shown: IntroShown): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(shown));
  } catch {
    // Not remembered: the skeleton draws no intro, and the columns move down once when the app arrives.
  }
}

export function introForFirstPaint(search: string): FirstPaintIntro {
  const requested = new URLSearchParams(search).get('scenario');
  if (requested !== null && isCatalogued(requested)) {
    return hiddenIntros().has(requested) ? { kind: 'none' } : { kind: 'banner', scenarioId: requested };
  }
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<IntroShown> | null;
    if (value?.kind === 'card') return { kind: 'card' };
    if (value?.kind === 'banner' && typeof value.scenarioId === 'string' && isCatalogued(value.scenarioId)) {
      return { kind: 'banner', scenarioId: value.scenarioId };
    }
    if (value?.kind === 'none') return { kind: 'none' };
  } catch {
    // A damaged hint: as on a first visit.
  }
  // A first visit opens the first scenario (the store's first workspace): its banner, unless it was hidden.
  return hiddenIntros().has(FIRST_VISIT_SCENARIO)
    ? { kind: 'none' }
    : { kind: 'banner', scenarioId: FIRST_VISIT_SCENARIO };
}

/** The scenario a first visit opens: the engine's first (`SCENARIOS[0]`; first-paint.test.ts holds them equal). */
export const FIRST_VISIT_SCENARIO: CataloguedScenarioId = 'seoul-time-math';
