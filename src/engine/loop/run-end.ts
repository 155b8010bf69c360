/**
 * Why a run ended. Its own module so that the advisors (which report it) and the event log (which records it)
 * both import it without importing each other.
 */
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
