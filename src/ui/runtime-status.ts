/**
 * The selected runtime's status as the page words it: "ready", or why it is not (a runtime's reason in the page's
 * language where it gives one, its English reason otherwise). The header shows it on one line (cut with an
 * ellipsis, whole on focus and hover) and the Model band in full.
 */
import type { CatalogLine } from '../store/playground';
import { selectRuntimeStatus } from '../store/selectors';
import { useT } from '../i18n';
import { usePlayground } from './playground-context';

export interface RuntimeStatusText {
  readonly ok: boolean;
  /** What a person reads: "ready" or the whole reason. */
  readonly text: string;
}

export function useRuntimeStatusText(): RuntimeStatusText {
  const { t: tShell } = useT('shell');
  const { i18n } = useT('runtimes');
  // The store follows the selected runtime (store/runtime-status.ts): one value for every view.
  const status = usePlayground(selectRuntimeStatus);
  const say = (line: CatalogLine) => String(i18n.getFixedT(null, line.ns)(line.key as never, line.values as never));
  const text = status.ok ? tShell('ready') : status.line ? say(status.line) : status.text;
  return { ok: status.ok, text };
}
