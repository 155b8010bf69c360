/**
 * Tool-execution eligibility (Spring's ToolExecutionEligibilityChecker): after each round the loop asks whether to
 * execute the response's tool calls and go round again. The default checks only "did the model ask for tools?";
 * the max-rounds checker also refuses once the loop has made `maxRounds` model calls, the guard against runaway
 * loops: the last response's calls are then not executed and the loop ends with `max-rounds`.
 */
import type { AdvisedResponse, LoopEnding } from './types';
import { runEndDetail } from '../loop/run-end-details';

export type Eligibility = { readonly eligible: true } | { readonly eligible: false; readonly ending?: LoopEnding };

export interface EligibilityContext {
  /** 1-based iteration of the loop that produced the response. */
  readonly iteration: number;
}

export type EligibilityChecker = (response: AdvisedResponse, context: EligibilityContext) => Eligibility;

export const hasToolCallsChecker: EligibilityChecker = (response) => ({ eligible: response.calls.length > 0 });

/** `maxRounds` is read at every check, so a change to the setting mid-run takes effect at the next round. */
export function maxRoundsChecker(
  maxRounds: () => number,
  inner: EligibilityChecker = hasToolCallsChecker,
): EligibilityChecker {
  return (response, context) => {
    const verdict = inner(response, context);
    if (!verdict.eligible) return verdict;
    const limit = maxRounds();
    if (context.iteration >= limit) {
      return {
        eligible: false,
        ending: {
          reason: 'max-rounds',
          detail: runEndDetail('maxRoundsChecker', { limit: String(limit), count: String(response.calls.length) }),
        },
      };
    }
    return verdict;
  };
}
