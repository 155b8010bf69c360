/**
 * The lab's part of the views of a run (loop/extension.ts `ExtensionViews`): a transcript note for a prediction
 * (scored once its response is in) and for a guard that tripped, the marks on a tool result (a fault injected, the
 * id it was sent with), and the turn-table actions with their English sentences.
 */
import type { ExtensionTurnAction, ExtensionViews } from '../loop/extension';
import type { LoopEvent } from '../loop/events';
import { assertNever } from '../result';
import type { LabTurnAction } from './events';
import { LAB_TURN_ACTION_KINDS } from './events';
import { describeFault } from './faults';
import { predictionSummary } from './predict';
import type { Fault, FaultSource } from './types';

export function labViews(events: readonly LoopEvent[]): ExtensionViews {
  const injected = new Map<string, { fault: Fault; source: FaultSource }>();
  const sentIds = new Map<string, string | null>();
  let predictions = false;
  for (const event of events) {
    if (event.type === 'fault-injected') injected.set(event.callId, { fault: event.fault, source: event.source });
    if (event.type === 'result-id-set') {
      if (event.sentId === event.callId) sentIds.delete(event.callId);
      else sentIds.set(event.callId, event.sentId);
    }
    if (event.type === 'prediction-made') predictions = true;
  }
  const scores = predictions ? new Map(predictionSummary(events).records.map((r) => [r.round, r.score])) : null;
  return {
    entry(event) {
      switch (event.type) {
        case 'prediction-made':
          return {
            kind: 'lab',
            note: {
              kind: 'prediction',
              round: event.round,
              prediction: event.prediction,
              score: scores?.get(event.round) ?? null,
            },
          };
        case 'guard-tripped':
          return {
            kind: 'lab',
            note: {
              kind: 'guard',
              round: event.round,
              guard: event.guard,
              level: event.level,
              value: event.value,
              limit: event.limit,
              ...(event.key !== undefined ? { key: event.key } : {}),
              ...(event.nudge !== undefined ? { nudge: event.nudge } : {}),
            },
          };
        default:
          return null;
      }
    },
    resultMarks(callId) {
      const fault = injected.get(callId);
      return {
        ...(fault !== undefined ? { injected: fault } : {}),
        ...(sentIds.has(callId) ? { sentId: sentIds.get(callId)! } : {}),
      };
    },
    action(event) {
      let action: LabTurnAction;
      switch (event.type) {
        case 'fault-injected':
          action = { kind: 'injected', fault: event.fault, callId: event.callId, name: event.name };
          break;
        case 'guard-tripped':
          action = { kind: 'guard', guard: event.guard, value: event.value, level: event.level };
          break;
        case 'result-id-set':
          action = { kind: 'result-id', callId: event.callId, sentId: event.sentId };
          break;
        default:
          return null;
      }
      return action;
    },
  };
}

/** A lab turn action in English (the sentence the turn table showed before it was worded per language). */
export function describeLabTurnAction(action: ExtensionTurnAction): string | null {
  if (!isLabTurnAction(action)) return null;
  switch (action.kind) {
    case 'injected':
      return `injected: ${describeFault(action.fault)} into ${action.callId} (${action.name})`;
    case 'guard':
      return action.level === 'warn'
        ? `loop guard (${action.guard}) at ${action.value}: asked the model to answer now`
        : `loop guard (${action.guard}) at ${action.value}: stopped the loop`;
    case 'result-id':
      return action.sentId === action.callId
        ? `result of ${action.callId} sent with its own id again`
        : `result of ${action.callId} to be sent with ${action.sentId === null ? 'no tool_call_id' : `tool_call_id ${action.sentId}`}`;
    default:
      return assertNever(action);
  }
}

function isLabTurnAction(action: ExtensionTurnAction): action is LabTurnAction {
  return (LAB_TURN_ACTION_KINDS as readonly string[]).includes(action.kind);
}
