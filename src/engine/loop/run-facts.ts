/**
 * What the run list tells about a run without opening it: the runtime that answered last, how many model calls it
 * made, and how it ended. Computed from the log when a run's header is written, so the list never loads events.
 */
import type { RuntimeKind } from '../runtime';
import type { LoopEvent } from './events';
import { FINISH_REASON_KINDS } from './run-end';

/** Every outcome, for validating stored headers: how a run ended (a `run-finished` reason), or `open`. */
export const RUN_OUTCOMES = [...FINISH_REASON_KINDS, 'open'] as const;

/** How a run ended — a `run-finished` reason — or `open` when it has not (or a new message continued it). */
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

export interface RunFacts {
  /** The runtime of the last model call (else the one the run started with). */
  readonly runtime: { readonly kind: RuntimeKind; readonly label: string } | null;
  readonly modelCalls: number;
  readonly outcome: RunOutcome;
}

export function runFacts(events: readonly LoopEvent[]): RunFacts {
  let runtime: RunFacts['runtime'] = null;
  let modelCalls = 0;
  let outcome: RunOutcome = 'open';
  for (const event of events) {
    switch (event.type) {
      case 'run-started':
        runtime = event.config.runtime;
        break;
      case 'workspace-changed':
        if (event.runtime !== undefined) runtime = event.runtime;
        break;
      case 'model-called':
        modelCalls += 1;
        break;
      case 'run-finished':
        outcome = event.reason;
        break;
      case 'user-message':
        outcome = 'open';
        break;
      default:
        break;
    }
  }
  return { runtime, modelCalls, outcome };
}
