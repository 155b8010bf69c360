/**
 * The selected runtime's readiness, kept in the playground store: whether it answers, why not (in English, and as
 * a catalog line for the page), and the model's context when it knows it. The store follows the selected
 * provider (`followRuntime`), so the header, the Model band and the tools' context warning read one value.
 */
import type { RuntimeKind } from '../engine';
import type { CatalogLine, RuntimeProvider } from '../runtimes/provider';
import type { RuntimeRegistry } from '../runtimes/registry';

export interface RuntimeStatus {
  readonly kind: RuntimeKind;
  readonly ok: boolean;
  /** "ready", or why it cannot answer, in English (a call made anyway fails with it). */
  readonly text: string;
  /** The same reason for the page, in its language, when the runtime gives one. */
  readonly line?: CatalogLine;
  /** The model's context in tokens, when the runtime knows it (the CPU runtime's n_ctx, WebLLM's catalog). */
  readonly contextTokens?: number;
}

/** What a provider says now. */
export function statusOf(provider: RuntimeProvider): RuntimeStatus {
  const provided = provider.getRuntime();
  if (provided.runtime) {
    const { contextTokens } = provided.runtime;
    return { kind: provider.kind, ok: true, text: 'ready', ...(contextTokens !== undefined ? { contextTokens } : {}) };
  }
  return {
    kind: provider.kind,
    ok: false,
    text: provided.reason,
    ...(provided.reasonLine ? { line: provided.reasonLine } : {}),
  };
}

function sameStatus(a: RuntimeStatus, b: RuntimeStatus): boolean {
  return (
    a.kind === b.kind &&
    a.ok === b.ok &&
    a.text === b.text &&
    a.contextTokens === b.contextTokens &&
    JSON.stringify(a.line) === JSON.stringify(b.line)
  );
}

/**
 * Keeps `set` told of the selected runtime's status: now, on every change of that provider, and when the selection
 * changes (call the returned `select` with the new kind). Only a changed status is set.
 */
export function followRuntime(
  runtimes: RuntimeRegistry,
  kind: RuntimeKind,
  current: () => RuntimeStatus,
  set: (status: RuntimeStatus) => void,
): { readonly select: (kind: RuntimeKind) => void } {
  let provider = runtimes.providerFor(kind);
  const refresh = () => {
    const next = statusOf(provider);
    if (!sameStatus(next, current())) set(next);
  };
  let unsubscribe = provider.subscribe(refresh);
  refresh();
  return {
    select(next) {
      if (runtimes.providerFor(next) === provider) return;
      unsubscribe();
      provider = runtimes.providerFor(next);
      unsubscribe = provider.subscribe(refresh);
      refresh();
    },
  };
}
