/**
 * Why a run ended. Its own module so that the advisors (which report it) and the event log (which records it)
 * both import it without importing each other. A message table (the English catalog takes its names from here).
 */
import { defineMessages } from '../coded';

export const FINISH_REASON_KINDS = [
  'final-answer',
  'return-direct',
  'max-rounds',
  'aborted',
  'stopped',
  'refused',
  /** The token limit cut the response (finish reason `length`): whatever it held, nothing of it ran. */
  'truncated',
  'tool-error',
  'runtime-error',
  /** A loop guard's hard cap (repeated calls, the token budget): the response's calls were not run. */
  'loop-guard',
  /**
   * Advisor loop: structured-output validation rejected the answer on every attempt; the last answer is kept (as
   * Spring returns it), but the run says it failed.
   */
  'validation-failed',
] as const;
export type FinishReasonKind = (typeof FINISH_REASON_KINDS)[number];

/** How each finish reason is named (the phase diagram, the turn table, a comparison of runs). */
export const FINISH_LABELS = defineMessages({
  'final-answer': 'final answer (no tool calls)',
  'return-direct': 'returnDirect: the tool result is the answer',
  'max-rounds': 'max-rounds guard',
  aborted: 'aborted',
  stopped: 'stopped by the user',
  refused: 'refused by the model',
  truncated: 'cut by the token limit (nothing of the response ran)',
  'tool-error': 'tool error (exception mode: stop the loop)',
  'runtime-error': 'runtime error',
  'loop-guard': 'loop guard (hard cap)',
  'validation-failed': 'structured-output validation failed',
} satisfies Record<FinishReasonKind, string>);

/** The English name of a finish reason. */
export function finishLabelEnglish(reason: FinishReasonKind): string {
  return FINISH_LABELS.templates[reason];
}
