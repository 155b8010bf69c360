/** The CPU runtime as the app offers it: wllama running a GGUF model (or the tiny random test model). */
import type { RuntimeProvider } from '../provider';
import { lazyPanel } from '../lazy-panel';
import type { WllamaStore } from './wllama-store';

/** The provider of one CPU runtime store. */
export function createWllamaProvider(wllama: WllamaStore): RuntimeProvider {
  return {
    kind: 'wllama',
    label: 'CPU (wllama, GGUF)',
    requirement:
      'Any Chrome or Edge 137+ (no GPU): a GGUF model file or URL, or the built-in tiny random test model (nonsense text).',
    // The panel loads when the runtime is picked (not part of the first page load).
    Panel: lazyPanel(() => import('./wllama-panel').then((m) => m.WllamaPanel), { wllama }, 320),
    getRuntime() {
      const { runtime, status } = wllama.store.getState();
      if (runtime) return { runtime };
      switch (status.kind) {
        case 'loading':
          return {
            runtime: null,
            reason: 'The CPU model is still loading.',
            reasonLine: { ns: 'cpu', key: 'readiness.loading' },
          };
        case 'error':
          return {
            runtime: null,
            reason: `No CPU model loaded: ${status.message}`,
            // The failure itself is worded in the page's language in the Model panel.
            reasonLine: { ns: 'cpu', key: 'readiness.failed', values: { message: status.message } },
          };
        case 'idle':
        case 'ready':
          return {
            runtime: null,
            reason: 'Load a GGUF model, or generate the tiny random test model, in the Model panel first.',
            reasonLine: { ns: 'cpu', key: 'readiness.none' },
          };
        default: {
          const never: never = status;
          return never;
        }
      }
    },
    subscribe(listener) {
      return wllama.store.subscribe((state, previous) => {
        if (state.runtime !== previous.runtime || state.status.kind !== previous.status.kind) listener();
      });
    },
  };
}
