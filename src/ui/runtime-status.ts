/**
 * The selected runtime's status as the page words it: "ready", or why it is not (a runtime's reason in the page's
 * language where it gives one, its English reason otherwise). The header shows it on one line (cut with an
 * ellipsis, whole on focus and hover) and the Model band in full.
 */
import { useSyncExternalStore } from 'react';
import type { CatalogLine, RuntimeProvider } from '../store/playground';
import { selectRuntimeKind } from '../store/selectors';
import { useT } from '../i18n';
import { usePlayground, usePlaygroundApi } from './playground-context';

export interface RuntimeStatusText {
  readonly ok: boolean;
  /** What a person reads: "ready" or the whole reason. */
  readonly text: string;
}

export function useRuntimeStatusText(): RuntimeStatusText {
  const { t: tShell } = useT('shell');
  const { i18n } = useT('runtimes');
  const { runtimes } = usePlaygroundApi();
  const runtimeKind = usePlayground(selectRuntimeKind);
  const provider = runtimes.providerFor(runtimeKind);
  const status = useSyncExternalStore(provider.subscribe, () => runtimeStatus(provider));
  const say = (line: CatalogLine) => String(i18n.getFixedT(null, line.ns)(line.key as never, line.values as never));
  const text = status.ok ? tShell('ready') : status.line ? say(status.line) : status.text;
  return { ok: status.ok, text };
}

// useSyncExternalStore needs a stable snapshot: cache the last value per kind and reason.
interface RuntimeStatus {
  readonly ok: boolean;
  readonly text: string;
  readonly line?: CatalogLine;
}
const statusCache = new Map<string, RuntimeStatus>();
function runtimeStatus(provider: RuntimeProvider): RuntimeStatus {
  const provided = provider.getRuntime();
  const text = provided.runtime ? 'ready' : provided.reason;
  const key = `${provider.kind}:${text}`;
  let value = statusCache.get(key);
  if (!value) {
    value = {
      ok: provided.runtime !== null,
      text,
      ...(!provided.runtime && provided.reasonLine ? { line: provided.reasonLine } : {}),
    };
    statusCache.set(key, value);
  }
  return value;
}
