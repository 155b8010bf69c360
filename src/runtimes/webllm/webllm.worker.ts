/// <reference lib="webworker" />
/**
 * The WebLLM worker: imports @mlc-ai/web-llm lazily (so the worker boots before the 6.8 MB library is parsed)
 * and hands every message to the worker host (worker-host.ts), which owns the engine. It bundles no tokenizer:
 * fallback token counts are asked of the page (page-counts.ts), which holds the app's one Qwen3 tokenizer copy.
 */
import { createPageCounts, isTokenCountsReply } from './page-counts';
import { createWorkerHost } from './worker-host';
import type { FromWorker, ToWorker, TokenCountsReply } from './worker-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromWorker) => scope.postMessage(message);
const pageCounts = createPageCounts(post);

const handle = createWorkerHost(() => import('@mlc-ai/web-llm'), post, {
  caches: typeof caches === 'undefined' ? undefined : caches,
  now: () => performance.now(),
  fallbackCounts: pageCounts.fallbackCounts,
});

scope.onmessage = (event: MessageEvent<ToWorker | TokenCountsReply>) => {
  const message = event.data;
  if (isTokenCountsReply(message)) pageCounts.receive(message);
  else handle(message);
};
