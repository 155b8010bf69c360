/**
 * Test support (never imported by the app): a fake MLCEngine at the worker boundary, for testing the generate
 * path without a GPU. It plays scripted replies chunk by chunk in web-llm's streaming shape (deltas, a final
 * chunk with the finish reason, a usage chunk with web-llm's `extra` timings), stops at the next chunk after
 * `interruptGenerate` with finish reason `abort`, reuses its "KV cache" under web-llm's rule (only when the
 * request's history equals its previous conversation, never after `abort` or `length`), and fails the way
 * web-llm does: every request goes through web-llm's own `postInitAndCheckFieldsChatCompletion`, a request
 * without a model through a real MLCEngine, and scripted failures are instances of web-llm's own error
 * classes, taken from the pinned lib/index.js.
 *
 * `startFakeWorker` wires it to the REAL worker host through a real MessageChannel (structured clone, errors as
 * strings) and returns a REAL WorkerClient for it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as webllm from '@mlc-ai/web-llm';
import type {
  AppConfig,
  ChatCompletionChunk,
  ChatCompletionMessageParam,
  ChatCompletionRequestStreaming,
  InitProgressReport,
} from '@mlc-ai/web-llm';
import { createPageCounts, isTokenCountsReply } from './page-counts';
import { WorkerClient } from './worker-client';
import type { FromWorker } from './worker-protocol';
import type { EngineLike, WebLLMLibrary, WorkerHostEnv } from './worker-host';
import { createWorkerHost } from './worker-host';

export interface FakeReply {
  /** The text deltas, one per decode step. */
  readonly chunks: readonly string[];
  /** How generation ends when it is not interrupted (default "stop"). */
  readonly finishReason?: 'stop' | 'length';
  /** Wait after this many chunks until `interruptGenerate` (a long generation the user stops). */
  readonly holdAfter?: number;
  /** Throw this after this many chunks (0: before the first). */
  readonly fail?: { readonly afterChunks: number; readonly error: unknown };
  /** web-llm's `usage.extra` timings (seconds, tokens per second). */
  readonly timings?: {
    readonly ttftS: number;
    readonly e2eS: number;
    readonly prefillTps: number;
    readonly decodeTps: number;
  };
}

export interface FakeScript {
  readonly replies: FakeReply[];
  /** `reload` throws this (after its progress reports). */
  loadError?: unknown;
  readonly gpuVendor?: string;
}

const libSource = readFileSync(createRequire(import.meta.url).resolve('@mlc-ai/web-llm'), 'utf8');

/**
 * One of web-llm's own error classes (most are not exported), evaluated from its source in the pinned
 * lib/index.js, so a scripted failure carries exactly web-llm's name and message.
 */
export function webllmErrorClass(name: string): new (...args: never[]) => Error {
  const start = libSource.indexOf(`class ${name} extends Error {`);
  if (start < 0) throw new Error(`web-llm ${webllm.modelVersion} has no class ${name} extends Error`);
  let depth = 0;
  let end = start;
  for (let i = libSource.indexOf('{', start); i < libSource.length; i++) {
    if (libSource[i] === '{') depth++;
    else if (libSource[i] === '}' && --depth === 0) {
      end = i + 1;
      break;
    }
  }
  return new Function(`${libSource.slice(start, end)}\nreturn ${name};`)() as new (...args: never[]) => Error;
}

/** Four characters a token, as a stand-in tokenizer for the fake's usage counts. */
const tokens = (text: string) => Math.ceil(text.length / 4);

export class FakeMLCEngine implements EngineLike {
  /** Every request as the engine received it (after the worker boundary's structured clone). */
  readonly requests: ChatCompletionRequestStreaming[] = [];
  /** Prompt tokens web-llm would prefill per request (the KV cache reused where it can be). */
  readonly prefilled: number[] = [];
  readonly loadedModelIdToPipeline = new Map<string, unknown>();
  interrupts = 0;
  private appConfig: AppConfig | null = null;
  private progress: ((report: InitProgressReport) => void) | null = null;
  private loaded: string | null = null;
  private message = '';
  private interrupted = false;
  private release: (() => void) | null = null;
  private unloadRequested = false;
  /** The conversation in the "KV cache": the last request's messages plus the reply, or null after abort/length. */
  private conversation: string | null = null;

  readonly chat = {
    completions: {
      create: (request: ChatCompletionRequestStreaming) => this.create(request),
    },
  };

  constructor(private readonly script: FakeScript) {}

  setAppConfig(appConfig: AppConfig): void {
    this.appConfig = appConfig;
  }

  setInitProgressCallback(callback: (report: InitProgressReport) => void): void {
    this.progress = callback;
  }

  async reload(modelId: string): Promise<void> {
    this.loaded = null;
    this.unloadRequested = false;
    if (!this.appConfig?.model_list.some((r) => r.model_id === modelId)) {
      // web-llm's own engine refuses an unknown id with its ModelNotFoundError.
      const real = new webllm.MLCEngine();
      if (this.appConfig) real.setAppConfig(this.appConfig);
      await real.reload(modelId);
    }
    const report = (progress: number, text: string) => this.progress?.({ progress, timeElapsed: progress, text });
    report(0, 'Start to fetch params');
    await tick();
    report(0.5, 'Fetching param cache[1/2]: 1MB fetched. 50% completed, 0 secs elapsed.');
    await tick();
    if (this.unloadRequested) return; // web-llm: unload() during reload makes reload resolve quietly
    report(0.5, 'Loading GPU shader modules[5/10]: 50% completed, 1 secs elapsed.');
    if (this.script.loadError !== undefined) throw this.script.loadError;
    report(1, 'Finish loading on WebGPU - fake');
    this.loaded = modelId;
    this.loadedModelIdToPipeline.set(modelId, {});
    this.conversation = null;
  }

  async unload(): Promise<void> {
    this.unloadRequested = true;
    this.loaded = null;
    this.loadedModelIdToPipeline.clear();
  }

  interruptGenerate(): void {
    this.interrupts++;
    this.interrupted = true;
    this.release?.();
  }

  async getMessage(): Promise<string> {
    if (!this.loaded) return new webllm.MLCEngine().getMessage();
    return this.message;
  }

  async getGPUVendor(): Promise<string> {
    return this.script.gpuVendor ?? 'fake';
  }

  private async create(request: ChatCompletionRequestStreaming): Promise<AsyncIterable<ChatCompletionChunk>> {
    // Without a model, web-llm's own engine answers (ModelNotLoadedError).
    if (!this.loaded) return new webllm.MLCEngine().chat.completions.create(request);
    webllm.postInitAndCheckFieldsChatCompletion(structuredClone(request), this.loaded, webllm.ModelType.LLM);
    this.requests.push(request);
    const reply = this.script.replies.shift();
    if (!reply) throw new Error(`FakeMLCEngine: no scripted reply left for request ${this.requests.length}`);
    const history = render(request.messages.slice(0, -1));
    const last = render(request.messages.slice(-1));
    const reused = this.conversation !== null && this.conversation === history;
    this.prefilled.push(reused ? tokens(last) : tokens(history + last));
    this.message = '';
    this.interrupted = false;
    return this.stream(request, reply, this.prefilled.at(-1)!, history + last);
  }

  private async *stream(
    request: ChatCompletionRequestStreaming,
    reply: FakeReply,
    prefilled: number,
    prompt: string,
  ): AsyncGenerator<ChatCompletionChunk> {
    const model = this.loaded!;
    const chunk = (choices: ChatCompletionChunk['choices']): ChatCompletionChunk => ({
      id: 'chatcmpl-fake',
      object: 'chat.completion.chunk',
      created: 0,
      model,
      choices,
    });
    let finish: 'stop' | 'length' | 'abort' | 'tool_calls' = reply.finishReason ?? 'stop';
    let produced = 0;
    for (let i = 0; i <= reply.chunks.length; i++) {
      if (reply.fail && reply.fail.afterChunks === i) throw reply.fail.error;
      if (reply.holdAfter === i && !this.interrupted) await new Promise<void>((r) => (this.release = r));
      if (this.interrupted) {
        finish = 'abort';
        break;
      }
      const text = reply.chunks[i];
      if (text === undefined) break;
      await tick(); // one decode step: an interrupt can land between chunks
      this.message += text;
      produced++;
      yield chunk([{ index: 0, delta: { role: 'assistant', content: text }, finish_reason: null, logprobs: null }]);
    }
    const calls = request.tools && finish === 'stop' ? nativeCalls(this.message) : null;
    if (calls) finish = 'tool_calls';
    yield chunk([
      {
        index: 0,
        delta: calls ? { role: 'assistant', tool_calls: calls } : {},
        finish_reason: finish,
        logprobs: null,
      },
    ]);
    // web-llm rebuilds its cache after abort or length; otherwise the conversation now ends with this reply.
    this.conversation =
      finish === 'abort' || finish === 'length'
        ? null
        : prompt + render([{ role: 'assistant', content: this.message }]);
    const t = reply.timings ?? { ttftS: 0.25, e2eS: 1.5, prefillTps: 400, decodeTps: 12.5 };
    yield {
      ...chunk([]),
      usage: {
        prompt_tokens: prefilled,
        completion_tokens: produced,
        total_tokens: prefilled + produced,
        extra: {
          e2e_latency_s: t.e2eS,
          prefill_tokens_per_s: t.prefillTps,
          decode_tokens_per_s: t.decodeTps,
          time_to_first_token_s: t.ttftS,
          time_per_output_token_s: 1 / t.decodeTps,
        },
      },
    };
  }
}

/** What web-llm does with native tools' output: a JSON array of {name, arguments}, else its own errors. */
function nativeCalls(output: string): NonNullable<ChatCompletionChunk['choices'][number]['delta']['tool_calls']> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(output);
  } catch (error) {
    throw new (webllmErrorClass('ToolCallOutputParseError') as new (o: string, e: unknown) => Error)(output, error);
  }
  if (!Array.isArray(parsed))
    throw new (webllmErrorClass('ToolCallOutputInvalidTypeError') as new (t: string) => Error)('array');
  return parsed.map((c: { name: string; arguments: unknown }, index) => ({
    index,
    id: String(index),
    type: 'function' as const,
    function: { name: c.name, arguments: JSON.stringify(c.arguments) },
  }));
}

/** The conversation as text, enough to tell whether one history equals another. */
function render(messages: readonly ChatCompletionMessageParam[]): string {
  return messages.map((m) => `<${m.role}>${typeof m.content === 'string' ? m.content : ''}`).join('');
}

function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The real worker host behind a real MessageChannel, with a fake engine; `client` is a real WorkerClient. */
export function startFakeWorker(
  script: FakeScript,
  env: Partial<WorkerHostEnv> = {},
): { client: WorkerClient; engine: () => FakeMLCEngine; close: () => void } {
  const engines: FakeMLCEngine[] = [];
  class Engine extends FakeMLCEngine {
    constructor() {
      super(script);
      engines.push(this);
    }
  }
  const library: WebLLMLibrary = { ...webllm, MLCEngine: Engine };
  const { port1, port2 } = new MessageChannel();
  const post = (message: FromWorker) => port2.postMessage(message);
  // As in webllm.worker.ts: fallback counts are asked of the page (the client's counter below).
  const pageCounts = createPageCounts(post);
  const handle = createWorkerHost(async () => library, post, {
    now: () => performance.now(),
    fallbackCounts: pageCounts.fallbackCounts,
    ...env,
  });
  port2.onmessage = (event: MessageEvent) =>
    isTokenCountsReply(event.data) ? pageCounts.receive(event.data) : handle(event.data);
  const worker = {
    onmessage: null as ((event: MessageEvent) => void) | null,
    onerror: null,
    onmessageerror: null,
    postMessage: (message: unknown) => port1.postMessage(message),
    terminate: () => {
      port1.close();
      port2.close();
    },
  };
  port1.onmessage = (event: MessageEvent) => worker.onmessage?.(event);
  const client = new WorkerClient(() => worker as unknown as Worker);
  client.setFallbackCounter(async () => ({
    label: 'test tokenizer (one token per word)',
    count: (text) => text.split(/\s+/).filter(Boolean).length,
  }));
  return {
    client,
    engine: () => {
      const engine = engines.at(-1);
      if (!engine) throw new Error('The worker has not created its engine yet.');
      return engine;
    },
    close: () => worker.terminate(),
  };
}
