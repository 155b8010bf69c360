/** The endpoint runtime as the app offers it: any OpenAI-compatible server (Ollama, LM Studio, llama.cpp, vLLM). */
import type { RuntimeProvider } from '../provider';
import { lazyPanel } from '../lazy-panel';
import type { EndpointStore } from './endpoint-store';

type Answer = ReturnType<RuntimeProvider['getRuntime']>;

/** The provider of one endpoint store; the answer is cached per state, so `getRuntime` is stable. */
export function createEndpointProvider(endpoint: EndpointStore): RuntimeProvider {
  let last: { key: unknown; answer: Answer } | null = null;
  return {
    kind: 'endpoint',
    label: 'OpenAI-compatible endpoint',
    requirement:
      'A running server: Ollama, LM Studio, llama.cpp’s llama-server, vLLM or a hosted API (its URL and a model).',
    // The panel loads when the runtime is picked (not part of the first page load).
    Panel: lazyPanel(() => import('./endpoint-panel').then((m) => m.EndpointPanel), { endpoint }, 260),
    getRuntime() {
      const { runtime, reason } = endpoint.store.getState();
      const key = runtime ?? reason;
      // A stable answer per state, so useSyncExternalStore consumers do not loop.
      if (last?.key !== key) last = { key, answer: runtime ? { runtime } : { runtime: null, reason } };
      return last.answer;
    },
    subscribe(listener) {
      return endpoint.store.subscribe((state, previous) => {
        if (state.runtime !== previous.runtime || state.reason !== previous.reason) listener();
      });
    },
  };
}
