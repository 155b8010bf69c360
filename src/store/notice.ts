/** The notice beside the debugger controls: a refused command, a restore's interruption, a notice of the store's own. */
import type { NoticePart, RefusalCode, RefusalValues } from '../engine';
import { refusalCode, refusalValues } from '../engine';

/**
 * A notice beside the debugger controls. `text` is the English sentence; `code` and `values` (a refusal), `parts`
 * (the store's own notice) or `interruption` (a restore's) let the page word it in its own language.
 */
export type Notice = {
  readonly kind: 'error' | 'info';
  readonly text: string;
  readonly code?: RefusalCode;
  readonly values?: RefusalValues;
  /** A notice of the store's own (not a refusal): its sentences as codes and values. */
  readonly parts?: readonly NoticePart[];
  readonly interruption?: {
    readonly what: 'model-call' | 'tool-batch';
    readonly round: number;
    readonly unfinished: number;
    readonly finished: number;
  };
};

/** The notice of a refused command, with its code when it has one. */
export function noticeOf(result: { readonly ok: false; readonly error: string }): Notice {
  const code = refusalCode(result);
  const values = refusalValues(result);
  return { kind: 'error', text: result.error, ...(code ? { code } : {}), ...(values ? { values } : {}) };
}
