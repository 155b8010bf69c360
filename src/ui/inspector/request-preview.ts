/**
 * The Request tab's preview: the exact body the selected runtime will send for the next request — OpenAI
 * chat-completions JSON for the endpoint, the scripted replay and a person playing the model, web-llm's request
 * for WebLLM, the rendered prompt plus the grammar for the CPU runtime — asked of the runtime itself
 * (`ChatRuntime.previewRequest`), so it is byte for byte what its trace records when you Step. It follows the
 * runtime: a model that finishes loading, or an endpoint setting changed, gives a new preview.
 */
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { ModelRequest, RequestPreview, Result } from '../../engine';
import { err } from '../../engine';
import type { RuntimeProvider } from '../../store/playground';
import { selectRuntimeKind } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';

export type PreviewState =
  | { readonly kind: 'preview'; readonly preview: RequestPreview; readonly runtime: string }
  /** The runtime is not ready (no model loaded…), refuses the request, or cannot tell before it runs. */
  | { readonly kind: 'none'; readonly reason: string; readonly runtime: string };

/** A number that changes whenever the provider says its runtime changed (a model loaded, a setting changed). */
function useProviderVersion(provider: RuntimeProvider): number {
  const version = useRef(0);
  const subscribe = useCallback(
    (onChange: () => void) =>
      provider.subscribe(() => {
        version.current += 1;
        onChange();
      }),
    [provider],
  );
  return useSyncExternalStore(subscribe, () => version.current);
}

export function previewOf(provider: RuntimeProvider, request: ModelRequest): PreviewState {
  const provided = provider.getRuntime();
  if (!provided.runtime) return { kind: 'none', reason: provided.reason, runtime: provider.label };
  const runtime = provided.runtime;
  const result: Result<RequestPreview> = runtime.previewRequest
    ? runtime.previewRequest(request)
    : err(`${runtime.label} cannot show its request before it runs.`);
  return result.ok
    ? { kind: 'preview', preview: result.value, runtime: runtime.label }
    : { kind: 'none', reason: result.error, runtime: runtime.label };
}

export function useRequestPreview(request: ModelRequest | null): PreviewState | null {
  const { runtimes } = usePlaygroundApi();
  const kind = usePlayground(selectRuntimeKind);
  const provider = runtimes.providerFor(kind);
  useProviderVersion(provider);
  return request === null ? null : previewOf(provider, request);
}
