/**
 * The worker's fallback token counts, asked of the page: the worker holds no tokenizer of its own, so the Qwen3
 * tokenizer (5 MB of JavaScript) is bundled once, in the page's lazily loaded chunk, not a second time in the
 * worker. The worker posts `count-tokens`; the page's `WorkerClient` answers `token-counts` with the same
 * `countId`.
 */
import type { FromWorker, TokenCountsReply } from './worker-protocol';

export interface PageCounts {
  /** `WorkerHostEnv.fallbackCounts`: resolves when the page answers, rejects with the page's error. */
  readonly fallbackCounts: (
    texts: readonly string[],
    requestId: number,
  ) => Promise<{ readonly name: string; readonly counts: readonly number[] }>;
  /** Hands the page's reply to the request it answers. */
  readonly receive: (reply: TokenCountsReply) => void;
}

export function createPageCounts(post: (message: FromWorker) => void): PageCounts {
  let next = 1;
  const waiting = new Map<
    number,
    { resolve: (v: { name: string; counts: number[] }) => void; reject: (e: Error) => void }
  >();
  return {
    fallbackCounts: (texts, requestId) =>
      new Promise((resolve, reject) => {
        const countId = next++;
        waiting.set(countId, { resolve, reject });
        post({ type: 'count-tokens', id: requestId, countId, texts });
      }),
    receive: (reply) => {
      const entry = waiting.get(reply.countId);
      if (!entry) return;
      waiting.delete(reply.countId);
      if ('error' in reply) entry.reject(new Error(reply.error));
      else entry.resolve({ name: reply.name, counts: reply.counts });
    },
  };
}

/** Whether a message the worker receives is the page's reply to `count-tokens`. */
export function isTokenCountsReply(message: { readonly type: string }): message is TokenCountsReply {
  return message.type === 'token-counts';
}
