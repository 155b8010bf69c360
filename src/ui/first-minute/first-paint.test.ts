// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { SCENARIOS } from '../../engine/scenarios';
import { FIRST_VISIT_SCENARIO, introForFirstPaint, rememberIntro } from './first-paint';
import { hideIntro } from './hidden-intros';

beforeEach(() => localStorage.clear());

describe('the first minute the skeleton draws', () => {
  it('a first visit: the banner of the scenario the app opens first (nothing, once that banner was hidden)', () => {
    expect(FIRST_VISIT_SCENARIO).toBe(SCENARIOS[0]!.id);
    expect(introForFirstPaint('')).toEqual({ kind: 'banner', scenarioId: FIRST_VISIT_SCENARIO });
    hideIntro(FIRST_VISIT_SCENARIO);
    expect(introForFirstPaint('')).toEqual({ kind: 'none' });
  });

  it('what the app showed last time, when the address names no scenario', () => {
    rememberIntro({ kind: 'banner', scenarioId: 'seoul-time-math' });
    expect(introForFirstPaint('')).toEqual({ kind: 'banner', scenarioId: 'seoul-time-math' });
    rememberIntro({ kind: 'none' });
    expect(introForFirstPaint('?speed=0')).toEqual({ kind: 'none' });
    rememberIntro({ kind: 'card' });
    expect(introForFirstPaint('')).toEqual({ kind: 'card' });
  });

  it('?scenario= wins over the hint, as it does in the app; a hidden banner stays hidden', () => {
    rememberIntro({ kind: 'card' });
    expect(introForFirstPaint('?scenario=reserve-and-todo')).toEqual({
      kind: 'banner',
      scenarioId: 'reserve-and-todo',
    });
    hideIntro('reserve-and-todo');
    expect(introForFirstPaint('?scenario=reserve-and-todo')).toEqual({ kind: 'none' });
  });

  it('a scenario the catalog does not word, or a damaged hint, falls back to what a first visit shows', () => {
    rememberIntro({ kind: 'banner', scenarioId: 'seoul-time-math' });
    expect(introForFirstPaint('?scenario=no-such-scenario')).toEqual({
      kind: 'banner',
      scenarioId: 'seoul-time-math',
    });
    const firstVisit = { kind: 'banner', scenarioId: FIRST_VISIT_SCENARIO };
    rememberIntro({ kind: 'banner', scenarioId: 'gone-since' });
    expect(introForFirstPaint('')).toEqual(firstVisit);
    localStorage.setItem('tool-loop-playground.first-paint-intro', '{not json');
    expect(introForFirstPaint('')).toEqual(firstVisit);
  });
});
