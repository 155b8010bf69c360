/**
 * The runtime port: every engine (web-llm, wllama, scripted replay, a human) implements it. Given messages,
 * tool definitions and options, it streams raw text through `onDelta` and returns the response. It never
 * throws for an abort: it resolves with `finishReason: 'abort'` and the text so far. Other failures throw a
 * RuntimeFailure with a message the UI can show as it is.
 */
import type { Message, ToolCall } from './messages';
import type { FinishReason } from './stop-reasons';
import type { ToolDefinition } from './tool';

export type ToolChoice = 'auto' | 'required' | 'none' | { readonly name: string };

export interface ModelRequest {
  /** The history to send, system message first. */
  readonly messages: readonly Message[];
  /** The tools exposed in this request (after advisors such as tool search had their say). */
  readonly tools: readonly ToolDefinition[];
  readonly toolChoice: ToolChoice;
  readonly parallelToolCalls: boolean;
  /** 1-based model call number within the run. */
  readonly round: number;
  readonly maxTokens?: number;
  readonly temperature?: number;
  readonly seed?: number;
}

export interface Usage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** True when the counts are estimates (the runtime has no tokenizer), e.g. scripted replay. */
  readonly estimated: boolean;
}

export interface Timings {
  /** From the request to the first streamed token. */
  readonly timeToFirstTokenMs: number;
  /** End-to-end latency of the call. */
  readonly totalMs: number;
  readonly prefillTokensPerSecond?: number;
  readonly decodeTokensPerSecond?: number;
}

/** What the model saw, when the runtime can tell: the request body and the final prompt text. */
export interface RequestTrace {
  readonly requestJson: unknown;
  readonly promptText?: string;
  /** Token counts per part of the prompt, when a tokenizer is at hand. */
  readonly promptParts?: readonly { readonly part: string; readonly tokens: number; readonly text: string }[];
  readonly notes?: readonly string[];
  /** Who built the final prompt text: `server` when the app sent messages and the server applied its chat template. */
  readonly promptBuiltBy?: 'app' | 'server';
  /** Runtimes that call a server over HTTP: the exact exchange of this call (the API key is never recorded). */
  readonly http?: HttpExchange;
}

/** One HTTP request and its raw answer, as sent and received. */
export interface HttpExchange {
  readonly method: string;
  readonly url: string;
  /** Request headers; an `Authorization` value is replaced by a placeholder. */
  readonly requestHeaders: Readonly<Record<string, string>>;
  /** The body exactly as sent. */
  readonly requestBody: string;
  readonly status?: number;
  /** The response exactly as received (for a stream: the raw SSE text), cut at a size limit. */
  readonly responseText?: string;
  /** True when `responseText` was cut at the limit. */
  readonly responseTruncated?: boolean;
}

export interface ModelResponse {
  /** Exactly what the model produced. */
  readonly raw: string;
  /** The runtime's own finish reason (raw); the harness derives its own after parsing. */
  readonly finishReason: FinishReason;
  readonly usage?: Usage;
  readonly timings?: Timings;
  /** Calls the runtime's library parsed itself (web-llm's native Hermes `tools`); otherwise the harness parses. */
  readonly nativeToolCalls?: readonly ToolCall[];
  /**
   * Ids for the calls the harness parses out of `raw`, by position (a person playing the model names them);
   * a missing or empty entry gets a harness id. Ignored when `nativeToolCalls` is set.
   */
  readonly toolCallIds?: readonly string[];
  readonly trace?: RequestTrace;
  /** Which backend actually ran (e.g. "wllama · CPU (wasm, 1 thread)"). */
  readonly backend?: string;
}

export interface GenerateOptions {
  readonly signal: AbortSignal;
  readonly onDelta: (text: string) => void;
}

export type RuntimeKind = 'scripted' | 'human' | 'webllm' | 'wllama' | 'endpoint';

export interface ChatRuntime {
  readonly kind: RuntimeKind;
  readonly label: string;
  generate(request: ModelRequest, options: GenerateOptions): Promise<ModelResponse>;
}

/** A runtime failure with a message fit for the UI (what happened and what to do). */
export class RuntimeFailure extends Error {
  override readonly name = 'RuntimeFailure';
  constructor(
    message: string,
    readonly code: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}
