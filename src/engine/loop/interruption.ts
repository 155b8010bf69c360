/**
 * What a restored run had in flight when the page went away. Events are saved as they are appended, so a
 * reload (or a crash) can only cut the work that was running: a model call that never responded, or a tool
 * batch whose calls did not all finish. `interruptionOf` names it as the `interrupted` event to append on
 * restore; the reducer then puts the run where a person can decide what happens next (see events.ts).
 */
import type { Coded } from '../coded';
import type { LoopEvent } from './events';
import type { InterruptionCode } from './notices';
import { NOTICES } from './notices';
import type { LoopState } from './state';

export type InterruptedEvent = Extract<LoopEvent, { type: 'interrupted' }>;

/**
 * The `interrupted` event a restored log needs, or null when nothing was in flight. A batch counts as in flight
 * once any of its calls started or finished; one that never began simply waits for its Step.
 */
export function interruptionOf(state: LoopState, events: readonly LoopEvent[], at: number): InterruptedEvent | null {
  if (state.phase === 'model') {
    return { type: 'interrupted', at, round: state.round, what: 'model-call', callIds: [] };
  }
  const pending = state.pending;
  if (state.phase !== 'execute' || !pending) return null;
  const ids = new Set(pending.calls.map((c) => c.id));
  const began = events.some(
    (e) =>
      (e.type === 'call-started' && e.round === pending.round && ids.has(e.callId)) ||
      (e.type === 'call-finished' && e.round === pending.round && ids.has(e.outcome.callId)),
  );
  if (!began) return null;
  const callIds = pending.calls.filter((c) => pending.finished[c.id] === undefined).map((c) => c.id);
  if (callIds.length === 0) return null;
  return { type: 'interrupted', at, round: pending.round, what: 'tool-batch', callIds };
}

/** The notice sentence of an interruption (beside the controls and in the transcript), as a code and its values. */
export function interruptionNotice(event: InterruptedEvent, finishedCalls = 0): Coded<InterruptionCode> {
  if (event.what === 'model-call') return NOTICES.coded('modelCall', { round: String(event.round) });
  const unfinished = String(event.callIds.length);
  return finishedCalls > 0
    ? NOTICES.coded('toolBatchKept', { round: String(event.round), count: String(finishedCalls), unfinished })
    : NOTICES.coded('toolBatch', { round: String(event.round), unfinished });
}
