/** The notice beside the debugger controls: a refused command, a restore's interruption, a notice of the store's own. */
import type { Notice, Refusal } from '../engine';
import { notice } from '../engine';

/** A notice beside the debugger controls: the engine's one notice shape (codes the page words). */
export type { Notice } from '../engine';

/** The notice of a refused command. */
export function noticeOf(result: { readonly ok: false; readonly error: Refusal }): Notice {
  return notice('error', result.error);
}
