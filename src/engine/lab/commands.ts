/**
 * The lab's commands, run against a controller's extension host (`controller.host`): a prediction for the next
 * model call, a fault for one pending call, the id one result is sent back with. Each is refused with the reason
 * when the run is not where it applies; a prediction lets "run to end" go on if it waited for it.
 */
import type { ExtensionHost } from '../loop/extension';
import { refuse } from '../loop/refusals';
import type { Result } from '../result';
import { awaitingPrediction } from './extension';
import type { Fault, Prediction } from './types';

/** Records the learner's prediction for the next model call; "run to end" waiting for it resumes. */
export async function predict(host: ExtensionHost, prediction: Prediction): Promise<Result> {
  const round = awaitingPrediction(host);
  if (round === null) return refuse(host.state.settings?.lab?.predict === true ? 'nothingToPredict' : 'predictOff');
  if (prediction.kind === 'calls') {
    if (prediction.calls.length === 0) return refuse('predictCallOrAnswer');
    if (prediction.calls.some((c) => c.name.trim() === '')) return refuse('predictNeedsTool');
  }
  host.append({ type: 'prediction-made', round, prediction });
  return host.resume();
}

/** A fault for one pending call (at a pause, before it runs): it runs with the fault. */
export function injectFault(host: ExtensionHost, callId: string, fault: Fault): Result {
  const { state } = host;
  const pending = state.pending;
  const call = pending?.calls.find((c) => c.id === callId);
  if (!pending || !call || (state.phase !== 'approve' && state.phase !== 'execute')) {
    return refuse('notWaitingToRun', { callId });
  }
  if (pending.finished[callId] !== undefined || host.busy) return refuse('alreadyRun', { callId });
  host.append({ type: 'fault-injected', round: pending.round, callId, name: call.name, fault, source: 'call' });
  return { ok: true, value: undefined };
}

/**
 * The id-pairing lesson: sends the result of a pending call back with `sentId` (null: without an id); its own id
 * undoes it. Only before the result is sent: a result already in the history keeps what it was sent with.
 */
export function setResultId(host: ExtensionHost, callId: string, sentId: string | null): Result {
  if (!host.state.pending?.calls.some((c) => c.id === callId)) return refuse('resultAlreadySent', { callId });
  if (sentId !== null && sentId.trim() === '') return refuse('writeSentId');
  host.append({ type: 'result-id-set', callId, sentId: sentId === null ? null : sentId.trim() });
  return { ok: true, value: undefined };
}
