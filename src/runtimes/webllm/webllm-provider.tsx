/** The WebLLM runtime provider: label, requirement, Model panel, and the runtime once a model is ready. */
import type { ChatRuntime } from '../../engine';
import type { RuntimeProvider } from '../provider';
import { lazyPanel } from '../lazy-panel';
import { WebLLMRuntime } from './webllm-runtime';
import type { WebLLM } from './webllm-store';
import { modelFormat } from './webllm-store';

type Answer = ReturnType<RuntimeProvider['getRuntime']>;

/** The provider of one WebLLM runtime; the answer is cached per state, so `getRuntime` is stable. */
export function createWebllmProvider(webllm: WebLLM): RuntimeProvider {
  const { client, store } = webllm;
  let cached: { key: string; runtime: ChatRuntime } | null = null;
  let lastAnswer: { key: string; answer: Answer } | null = null;

  function getRuntime(): Answer {
    const s = store.getState();
    const key = s.load.kind === 'ready' ? `ready:${s.load.modelId}` : `${s.load.kind}:${s.worker}`;
    // A stable object per state, so useSyncExternalStore consumers do not loop.
    if (lastAnswer?.key === key) return lastAnswer.answer;
    let answer: Answer;
    if (s.load.kind === 'ready') {
      const { modelId, gpu } = s.load;
      if (cached?.key !== key) {
        cached = {
          key,
          // Read at every call: a format picked or a thinking switch flipped applies to the next call.
          runtime: new WebLLMRuntime(client, modelId, gpu, () => {
            const st = store.getState();
            const format = modelFormat(st, modelId).effective;
            return {
              enableThinking: st.enableThinking,
              nativeTools: st.nativeTools,
              ...(format ? { format } : {}),
              softwareAdapter: st.capability?.kind === 'available' && st.capability.fallbackAdapter,
            };
          }),
        };
      }
      answer = { runtime: cached.runtime };
    } else if (s.load.kind === 'loading')
      answer = { runtime: null, reason: 'loading a model…', reasonLine: { ns: 'webllm', key: 'readiness.loading' } };
    else if (s.load.kind === 'error')
      answer = {
        runtime: null,
        reason: s.load.error.message,
        reasonLine: { ns: 'webllm', key: `error.${s.load.error.key}`, values: s.load.error.params },
      };
    else
      answer = {
        runtime: null,
        reason: 'no model loaded — load one in the Model panel',
        reasonLine: { ns: 'webllm', key: 'readiness.none' },
      };
    lastAnswer = { key, answer };
    return answer;
  }

  return {
    kind: 'webllm',
    label: 'WebLLM (WebGPU)',
    requirement: 'A WebGPU browser (Chrome/Edge 113+); downloads 0.3–2.5 GB once, then works offline',
    // The panel loads when the runtime is picked (not part of the first page load).
    Panel: lazyPanel(() => import('./webllm-panel').then((m) => m.WebLLMPanel), { webllm }, 320),
    getRuntime,
    subscribe: (listener) => store.subscribe(listener),
  };
}
