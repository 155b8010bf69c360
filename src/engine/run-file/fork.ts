/**
 * Forking: a new branch that keeps a run's history up to a step boundary, so the reducer lands in a
 * consistent phase and the controller can carry on from there. Three boundaries per turn N:
 *
 * - `before-call`   — everything before turn N's model call: phase `prompt`, the next Step calls the model again.
 * - `before-tools`  — through turn N's response, then paused on all its calls: phase `approve`, so each call can
 *                     be approved, edited, denied or given a hand-written result (change a tool result, go on).
 * - `after-results` — through turn N's tool results: phase `prompt`, the next Step is turn N + 1.
 *
 * The fork gets a new run id; events after the cut are dropped. Pure: the clock and the id come in.
 */
import type { LoopEvent } from '../loop/events';
import type { Phase } from '../loop/state';
import type { LoopExtension } from '../loop/extension';
import { replay } from '../loop/state';
import type { NoticePart, RunNoticeCode } from '../loop/notices';
import { noticePartText, part } from '../loop/notices';
import { assertNever } from '../result';

export type ForkPoint = 'before-call' | 'before-tools' | 'after-results';

export interface ForkOptions {
  readonly point: ForkPoint;
  readonly newRunId: string;
  /** Time stamp of the pause event a `before-tools` fork adds. */
  readonly now: number;
  /** The lessons plugged into the loop, to fold the kept log as the app does. */
  readonly extensions?: readonly LoopExtension[];
}

/** A refused fork: its English sentence and the code the page words (the `engine` catalog's `notice.<code>`). */
export interface ForkRefusal {
  readonly ok: false;
  readonly error: string;
  readonly problem: NoticePart;
}

function refused(code: RunNoticeCode, values?: Readonly<Record<string, string>>): ForkRefusal {
  const problem = part(code, values);
  return { ok: false, error: noticePartText(problem), problem };
}

export type Forked =
  | ForkRefusal
  | {
      readonly ok: true;
      readonly value: {
        readonly events: readonly LoopEvent[];
        /** How many of the parent's events the fork kept (the added pause is not one of them). */
        readonly keptFromParent: number;
        readonly phase: Phase;
      };
    };

/** What can be forked at each turn of a log. */
export interface TurnForkPoints {
  readonly turn: number;
  readonly points: readonly ForkPoint[];
}

/** The phase each fork point must leave the reducer in. */
const EXPECTED_PHASE: Record<ForkPoint, Phase> = {
  'before-call': 'prompt',
  'before-tools': 'approve',
  'after-results': 'prompt',
};

export function forkEvents(events: readonly LoopEvent[], atTurn: number, options: ForkOptions): Forked {
  const first = events[0];
  const turn = String(atTurn);
  if (first?.type !== 'run-started') return refused('forkNoLog');
  const called = events.findIndex((e) => e.type === 'model-called' && e.round === atTurn);
  if (called < 0) return refused('forkNoTurn', { turn });
  const inTurn = (e: LoopEvent, type: LoopEvent['type']) => e.type === type && 'round' in e && e.round === atTurn;

  let kept: LoopEvent[];
  switch (options.point) {
    case 'before-call':
      kept = events.slice(0, called);
      break;
    case 'before-tools': {
      const responded = events.findIndex((e, i) => i > called && inTurn(e, 'model-responded'));
      const response = events[responded];
      if (response?.type !== 'model-responded') return refused('forkNoResponse', { turn });
      if (response.calls.length === 0) return refused('forkNoTools', { turn });
      kept = [
        ...events.slice(0, responded + 1),
        { type: 'tools-paused', at: options.now, round: atTurn, callIds: response.calls.map((c) => c.id) },
      ];
      break;
    }
    case 'after-results': {
      const appended = events.findIndex((e, i) => i > called && inTurn(e, 'results-appended'));
      if (appended < 0) return refused('forkNoResults', { turn });
      kept = events.slice(0, appended + 1);
      break;
    }
    default:
      return assertNever(options.point);
  }

  kept[0] = { ...first, runId: options.newRunId };
  const state = replay(kept, options.extensions);
  const expected = EXPECTED_PHASE[options.point];
  // A log the controller did not write (an edited import) may not land where it should: refuse, don't guess.
  if (state.phase !== expected) {
    return refused('forkBadPhase', { turn, phase: state.phase, expected });
  }
  const keptFromParent = options.point === 'before-tools' ? kept.length - 1 : kept.length;
  return { ok: true, value: { events: kept, keptFromParent, phase: state.phase } };
}

/** The fork points each turn of a log offers, in turn order. */
export function forkPoints(events: readonly LoopEvent[]): TurnForkPoints[] {
  const turns = new Map<number, Set<ForkPoint>>();
  for (const event of events) {
    if (event.type === 'model-called') turns.set(event.round, new Set<ForkPoint>(['before-call']));
    if (event.type === 'model-responded' && event.calls.length > 0) turns.get(event.round)?.add('before-tools');
    if (event.type === 'results-appended') turns.get(event.round)?.add('after-results');
  }
  return [...turns].map(([turn, points]) => ({
    turn,
    points: (['before-call', 'before-tools', 'after-results'] as const).filter((p) => points.has(p)),
  }));
}

/** The fork a "Fork here" button on a turn makes: before its tools when it has any (to change a result), else before the call. */
export function defaultForkPoint(points: readonly ForkPoint[]): ForkPoint {
  return points.includes('before-tools') ? 'before-tools' : 'before-call';
}
