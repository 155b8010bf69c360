/**
 * The teaching lab as a loop extension (loop/extension.ts): its reducer (chosen faults, result ids, the soft caps'
 * nudges joining the history), its hooks (predict mode holds a model call, the hard guards check a response's calls,
 * the soft guards follow a batch, a fault takes a tool's place, a result goes back with another id) and its part of
 * the views. Registered in app-root.tsx; every hook answers at once while its lesson is off.
 */
import type { Message } from '../messages';
import type { LoopExtension, RunView } from '../loop/extension';
import type { LoopEvent } from '../loop/events';
import { refuse } from '../loop/refusals';
import type { LoopState } from '../loop/state';
import type { LabEvent, LabState } from './events';
import { withFault } from './faults';
import { guardsOf, hardStopDetail, hardTripAfterResponse, softTripsAfterBatch } from './guards';
import { applyResultIds } from './id-pairing';
import { predictionDue } from './predict';
import type { Fault, ResultIds } from './types';
import { describeLabTurnAction, labViews } from './views';

const EMPTY_LAB: LabState = { faults: {}, resultIds: {} };

/** The lab's part of `state` (empty until a lab event set it). */
export function labState(state: LoopState): LabState {
  return state.lab ?? EMPTY_LAB;
}

/** The fault chosen at the pause for a pending call, if any. */
export function chosenFault(state: LoopState, callId: string): Fault | undefined {
  const faults = labState(state).faults;
  return Object.hasOwn(faults, callId) ? faults[callId] : undefined;
}

/** Results the learner sends with another id, by call id. */
export function resultIdsOf(state: LoopState): ResultIds {
  return labState(state).resultIds;
}

/** The round whose prediction the next model call waits for, or null (predict mode off, or nothing to predict). */
export function awaitingPrediction(run: RunView): number | null {
  const { state } = run;
  const settings = state.settings;
  if (settings?.lab?.predict !== true || state.phase !== 'prompt' || state.round >= settings.maxRounds) return null;
  return predictionDue(run.events, state.round + 1, true);
}

function reduce(state: LoopState, event: LoopEvent): LoopState {
  switch (event.type) {
    case 'fault-injected': {
      if (event.source !== 'call' || state.pending?.round !== event.round) return state;
      const lab = labState(state);
      return { ...state, lab: { ...lab, faults: { ...lab.faults, [event.callId]: event.fault } } };
    }
    case 'guard-tripped':
      // A soft cap's message joins the history after the tool results: the next request carries it.
      return event.nudge === undefined
        ? state
        : { ...state, history: [...state.history, { role: 'user', content: event.nudge }] };
    case 'result-id-set': {
      const lab = labState(state);
      const { [event.callId]: _previous, ...others } = lab.resultIds;
      const resultIds = event.sentId === event.callId ? others : { ...others, [event.callId]: event.sentId };
      return { ...state, lab: { ...lab, resultIds } };
    }
    // Faults chosen at a pause belong to that batch: gone once it is replaced or its results are in.
    case 'model-responded':
    case 'calls-reopened':
    case 'results-appended':
    case 'user-message':
    case 'run-finished': {
      const lab = state.lab;
      return lab && Object.keys(lab.faults).length > 0 ? { ...state, lab: { ...lab, faults: {} } } : state;
    }
    default:
      return state;
  }
}

export const labExtension: LoopExtension = {
  id: 'lab',
  reduce,
  holdModelCall(run) {
    const round = awaitingPrediction(run);
    return round === null ? null : refuse('predictFirst', { round: String(round) });
  },
  checkCalls(run, round) {
    const settings = run.state.settings;
    const guards = guardsOf(settings);
    if (!settings || (guards.tokenBudget <= 0 && guards.repeatStopAt <= 0)) return null;
    const trip = hardTripAfterResponse(run.events, settings);
    if (!trip) return null;
    const tripped: Omit<Extract<LabEvent, { type: 'guard-tripped' }>, 'at'> = { type: 'guard-tripped', round, ...trip };
    return { events: [tripped], end: { reason: 'loop-guard', detail: hardStopDetail(trip) } };
  },
  afterBatch(run, round) {
    const settings = run.state.settings;
    const guards = guardsOf(settings);
    if (!settings || (guards.repeatWarnAt <= 0 && guards.tokenSoft <= 0 && guards.roundsSoft <= 0)) return [];
    return softTripsAfterBatch(run.events, settings).map((trip) => ({ type: 'guard-tripped', round, ...trip }));
  },
  swapTool(run, call, round, sleep) {
    const { state } = run;
    const chosen = state.pending?.round === round ? chosenFault(state, call.id) : undefined;
    const armed = state.settings?.lab?.faults;
    const fault = chosen ?? (armed && Object.hasOwn(armed, call.name) ? armed[call.name] : undefined);
    if (!fault) return null;
    return {
      tool: (own) => withFault(own, fault, sleep),
      // A fault armed on the tool is logged as it strikes (one chosen at the pause was logged then).
      ...(chosen
        ? {}
        : {
            onRun: { type: 'fault-injected', round, callId: call.id, name: call.name, fault, source: 'tool' } as const,
          }),
    };
  },
  sentMessages(messages: readonly Message[], state: LoopState) {
    return state.lab ? applyResultIds(messages, state.lab.resultIds) : messages;
  },
  views: labViews,
  describeAction: describeLabTurnAction,
};
