/**
 * Messages between the page and the WebLLM worker. The page never imports web-llm: it sends these plain,
 * structured-cloneable messages; errors come back as strings (`err.toString()`), mapped by errors.ts.
 */
import type { ChatCompletionRequestStreaming, ModelRecord } from '@mlc-ai/web-llm';
import type { PromptSegment } from '../../engine';
import type { DownloadParts } from './download-size';
import type { ModelFacts } from './format-detect';

export interface InitReport {
  readonly progress: number;
  readonly timeElapsed: number;
  readonly text: string;
}

export interface CacheEntry {
  readonly cached: boolean;
  /** Exact size on disk when cached: weights (from tensor-cache.json), model library, tokenizer, configs. */
  readonly bytes?: number;
  readonly parts?: DownloadParts;
  /** What the cached mlc-chat-config.json (and tokenizer, when needed) say about the model's family. */
  readonly facts?: ModelFacts;
}

export interface WorkerUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly timeToFirstTokenS?: number;
  readonly prefillTokensPerS?: number;
  readonly decodeTokensPerS?: number;
  readonly e2eLatencyS?: number;
}

export interface NativeCall {
  readonly name: string;
  readonly arguments: string;
}

export type ToWorker =
  | { readonly type: 'init'; readonly id: number }
  | {
      readonly type: 'cache-status';
      readonly id: number;
      readonly modelIds: readonly string[];
      readonly extraModels: readonly ModelRecord[];
    }
  | {
      readonly type: 'load';
      readonly id: number;
      readonly modelId: string;
      readonly extraModels: readonly ModelRecord[];
    }
  | { readonly type: 'unload'; readonly id: number }
  | {
      readonly type: 'delete';
      readonly id: number;
      readonly modelId: string;
      readonly extraModels: readonly ModelRecord[];
    }
  | {
      readonly type: 'generate';
      readonly id: number;
      readonly request: ChatCompletionRequestStreaming;
      readonly segments: readonly PromptSegment[];
    }
  | { readonly type: 'interrupt' };

/**
 * The page's answer to a `count-tokens` request (not a request of its own: it carries the worker's `countId`).
 * The worker holds no tokenizer copy: the page counts with its one lazily loaded Qwen3 tokenizer.
 */
export type TokenCountsReply =
  | { readonly type: 'token-counts'; readonly countId: number; readonly name: string; readonly counts: number[] }
  | { readonly type: 'token-counts'; readonly countId: number; readonly error: string };

export type FromWorker =
  | { readonly type: 'ready'; readonly id: number; readonly version: string }
  | { readonly type: 'cache-status'; readonly id: number; readonly status: Readonly<Record<string, CacheEntry>> }
  | { readonly type: 'progress'; readonly id: number; readonly report: InitReport }
  | { readonly type: 'loaded'; readonly id: number; readonly modelId: string; readonly gpu: string }
  | { readonly type: 'done'; readonly id: number }
  | { readonly type: 'delta'; readonly id: number; readonly text: string }
  | {
      readonly type: 'result';
      readonly id: number;
      readonly raw: string;
      readonly finishReason: string;
      readonly usage: WorkerUsage | null;
      readonly nativeCalls: readonly NativeCall[] | null;
      readonly firstTokenMs: number | null;
      readonly totalMs: number;
      /** Tokens per prompt segment, counted with `tokenizer`. */
      readonly segmentTokens: readonly number[];
      readonly tokenizer: string;
      /** web-llm's own conversation prompt after the call, when its internals expose it. */
      readonly webllmPrompt: string | null;
      readonly notes: readonly string[];
    }
  | { readonly type: 'error'; readonly id: number; readonly error: string }
  /** The worker asks the page to count these texts with the page's fallback tokenizer (answered by `token-counts`). */
  | { readonly type: 'count-tokens'; readonly id: number; readonly countId: number; readonly texts: readonly string[] };
