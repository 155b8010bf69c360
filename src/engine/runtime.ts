/**
 * The runtime port: every engine (web-llm, wllama, scripted replay, a human) implements it. Given messages,
 * tool definitions and options, it streams raw text through `onDelta` and returns the response. It never
 * throws for an abort: it resolves with `finishReason: 'abort'` and the text so far. Other failures throw a
 * RuntimeFailure with a message the UI can show as it is.
 */
import type { Message, ToolCall } from './messages';
import type { FinishReason } from './stop-reasons';
import type { ToolDefinition } from './tool';
import type { Result } from './result';

/** The two call syntaxes: `<tool_call>` blocks (Qwen2.5, Qwen3, Hermes) and Llama 3.2's bare JSON. */
export const CALL_FORMATS = ['tool-call-tags', 'llama-json'] as const;
export type CallFormat = (typeof CALL_FORMATS)[number];

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
  /**
   * The date a prompt prints, `YYYY-MM-DD` (Llama 3.2's "Today Date" line): the day the run started, or the
   * date the learner set. Injected so a replay renders the same prompt.
   */
  readonly promptDate?: string;
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
/**
 * Said by a runtime whose prompt is its previous call's prompt with text added at the end (`promptExtension`): the
 * log then stores the added text without comparing two long prompts, and nobody has to read a prompt that nobody
 * looks at. A symbol, defined not enumerable: never stored, never written to a file, never copied by a spread.
 */
export const PROMPT_EXTENSION: unique symbol = Symbol('prompt extension');

export interface PromptExtension {
  /** The previous call's prompt text, the very string its trace carried. */
  readonly previous: string;
  /** What this prompt adds after it. */
  readonly appended: string;
}

/** A trace that says its prompt extends `extension.previous` by `extension.appended`. */
export function withPromptExtension<T extends RequestTrace>(trace: T, extension: PromptExtension): T {
  Object.defineProperty(trace, PROMPT_EXTENSION, { value: extension, enumerable: false });
  return trace;
}

/** What a trace says its prompt extends, if it says so. */
export function promptExtension(trace: RequestTrace): PromptExtension | undefined {
  return (trace as { readonly [PROMPT_EXTENSION]?: PromptExtension })[PROMPT_EXTENSION];
}

export interface RequestTrace {
  readonly requestJson: unknown;
  readonly promptText?: string;
  /** Token counts per part of the prompt, when a tokenizer is at hand. */
  readonly promptParts?: readonly { readonly part: string; readonly tokens: number; readonly text: string }[];
  readonly notes?: readonly string[];
  /** The prompt format this call was rendered in and how it was chosen, where the runtime renders the prompt. */
  readonly promptFormat?: {
    readonly id: string;
    readonly label: string;
    readonly source: PromptFormatSource;
  };
  /**
   * The names of the tools this call really carried to the model (in the prompt or a native tools field), in
   * order; fewer than the request offered when the runtime could not send them (e.g. a model with no tool
   * format). Absent: the runtime sent every tool of the request.
   */
  readonly toolsSent?: readonly string[];
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

/** How a prompt format was chosen: read from the model's own config, guessed from its id, or picked by the user. */
export const PROMPT_FORMAT_SOURCES = ['model-config', 'model-id', 'user'] as const;
export type PromptFormatSource = (typeof PROMPT_FORMAT_SOURCES)[number];

export interface ModelResponse {
  /** Exactly what the model produced. */
  readonly raw: string;
  /** The runtime's own finish reason (raw); the harness derives its own after parsing. */
  readonly finishReason: FinishReason;
  readonly usage?: Usage;
  readonly timings?: Timings;
  /**
   * The call syntax `raw` is written in; the harness parses it with that format's parser and no other.
   * Absent: `<tool_call>` blocks (the scripted, human and CPU runtimes all write those).
   */
  readonly callFormat?: CallFormat;
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

export const RUNTIME_KINDS = ['scripted', 'human', 'webllm', 'wllama', 'endpoint'] as const;
export type RuntimeKind = (typeof RUNTIME_KINDS)[number];

export interface ChatRuntime {
  readonly kind: RuntimeKind;
  readonly label: string;
  /** The model's context window in tokens, when the runtime knows it (the Tools panel warns when tools exceed it). */
  readonly contextTokens?: number;
  generate(request: ModelRequest, options: GenerateOptions): Promise<ModelResponse>;
  /**
   * Whether this runtime can honour the request's tools and tool choice, with the real reason when it cannot
   * (e.g. a model with no tool format and tool choice "required"). Call it before every model call; `generate`
   * refuses such a request with the same reason. Absent: the runtime honours every request.
   */
  checkRequest?(request: ModelRequest): Result;
  /**
   * The exact body this runtime would send for `request`, without sending it: byte for byte what `generate` records
   * as `trace.requestJson` for the same request and settings (the Request tab's preview). An error carries the
   * reason `generate` would fail with. Absent: the runtime cannot tell before it runs.
   */
  previewRequest?(request: ModelRequest): Result<RequestPreview>;
}

/** The wire formats a runtime's body is written in. */
export type WireFormat =
  /** OpenAI chat-completions JSON (the endpoint; the scripted replay and a person playing the model record it). */
  | 'openai-chat'
  /** web-llm's `engine.chat.completions.create` request (its own rules: string contents, `structural_tag`…). */
  | 'webllm'
  /** llama.cpp's completion (wllama): the rendered prompt plus the GBNF grammar that constrains the reply. */
  | 'llama-completion';

/** What `previewRequest` answers. */
export interface RequestPreview {
  readonly wire: WireFormat;
  /** The body, as `trace.requestJson` will hold it. */
  readonly body: unknown;
  /** The prompt text the runtime renders itself (wllama), shown beside the body. */
  readonly promptText?: string;
  /** The GBNF grammar the reply is held to (wllama), shown beside the body. */
  readonly grammar?: string;
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
