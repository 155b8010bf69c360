/**
 * Why a run ended, the `run-finished` event's `detail`: a message of the table below (a code and its values, stored
 * in the run as data), or a text as it came (a tool's or a runtime's error). The page words a coded detail through
 * the `engine` catalog's `runEnd.<code>`, which is this table's English; `runEndDetailEnglish` is its English (a
 * text export). Runs stored before details were codes hold the English sentence: the run file's reader turns it
 * back into its code on the way in (run-file/legacy-run-end.ts), so every view reads codes.
 */
import { defineMessages, type Coded, type MessageValues } from '../coded';

export const RUN_END_DETAILS = defineMessages({
  maxRounds: {
    one: 'The max-rounds guard stopped the loop after {{count}} model call.',
    other: 'The max-rounds guard stopped the loop after {{count}} model calls.',
  },
  maxRoundsChecker: {
    one: "The max-rounds checker stopped the loop after {{limit}} model calls; the last response's {{count}} tool call was not executed.",
    other:
      "The max-rounds checker stopped the loop after {{limit}} model calls; the last response's {{count}} tool calls were not executed.",
  },
  repeat:
    "The repeated-call guard stopped the loop: {{key}} was asked for {{value}} times (stop at {{limit}}); the response's calls were not run.",
  repeatAnyCall:
    "The repeated-call guard stopped the loop: a call was asked for {{value}} times (stop at {{limit}}); the response's calls were not run.",
  tokens:
    "The token budget stopped the loop: the run has used {{value}} tokens (budget {{limit}}); the response's calls were not run.",
  stopped: 'Stopped by the user.',
  aborted: 'Generation was stopped (finish reason abort).',
  refused: 'The model declined (content_filter).',
  returnDirect:
    'Every executed tool is returnDirect: its result is the final answer and the model is not called again.',
  truncated: 'The response was cut by the token limit (finish reason length).',
  advisorFailed: 'An advisor failed: {{error}}',
  validationFailed: {
    one: 'Validation failed after {{count}} retry; the last answer still fails the schema: {{errors}}',
    other: 'Validation failed after {{count}} retries; the last answer still fails the schema: {{errors}}',
  },
  truncatedCalls: {
    one: 'The response was cut by the token limit (finish reason length); its {{count}} complete call was not run.',
    other: 'The response was cut by the token limit (finish reason length); its {{count}} complete calls were not run.',
  },
});

export type RunEndDetailCode = (typeof RUN_END_DETAILS.codes)[number];

/** Why a run ended: a message the engine made, or a text as it came (a tool's or a runtime's error). */
export type RunEndDetail = Coded<RunEndDetailCode> | string;

/** A detail of `code` with its values. */
export function runEndDetail(code: RunEndDetailCode, values?: MessageValues): Coded<RunEndDetailCode> {
  return RUN_END_DETAILS.coded(code, values);
}

/** The English of a detail (a text detail is itself). */
export function runEndDetailEnglish(detail: RunEndDetail): string {
  return typeof detail === 'string' ? detail : RUN_END_DETAILS.english(detail);
}
