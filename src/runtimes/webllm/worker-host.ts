/**
 * The WebLLM worker's logic: owns one engine, answers worker-protocol messages, posts errors back as strings
 * (`String(error)`, as web-llm's own worker handler does). The library comes in through `loadLibrary` — the
 * worker passes a lazy `import('@mlc-ai/web-llm')`, the tests pass the real library with a fake engine class
 * — so this module never imports web-llm at run time.
 */
import type {
  AppConfig,
  ChatCompletionChunk,
  ChatCompletionRequestStreaming,
  InitProgressReport,
  ModelRecord,
} from '@mlc-ai/web-llm';
import { assertNever } from '../../engine';
import type { DownloadParts } from './download-size';
import { summarizeDownload, totalBytes } from './download-size';
import type { ModelFacts } from './format-detect';
import { needsTokens, readModelFacts } from './format-detect';
import type { CacheEntry, FromWorker, NativeCall, ToWorker, WorkerUsage } from './worker-protocol';

/** What the worker uses of an MLCEngine (web-llm's own class satisfies it). */
export interface EngineLike {
  readonly chat: {
    readonly completions: {
      create(request: ChatCompletionRequestStreaming): Promise<AsyncIterable<ChatCompletionChunk>>;
    };
  };
  setAppConfig(appConfig: AppConfig): void;
  setInitProgressCallback(callback: (report: InitProgressReport) => void): void;
  reload(modelId: string): Promise<void>;
  unload(): Promise<void>;
  interruptGenerate(): void | Promise<void>;
  getMessage(): Promise<string>;
  getGPUVendor(): Promise<string>;
}

/** What the worker uses of the @mlc-ai/web-llm module. */
export interface WebLLMLibrary {
  readonly MLCEngine: new () => EngineLike;
  readonly prebuiltAppConfig: AppConfig;
  readonly modelVersion: string;
  hasModelInCache(modelId: string, appConfig?: AppConfig): Promise<boolean>;
  deleteModelAllInfoInCache(modelId: string, appConfig?: AppConfig): Promise<void>;
}

/** What the host reads of the Cache API (the browser's `caches` satisfies it). */
export interface CacheReader {
  open(name: string): Promise<{
    match(url: string): Promise<Response | undefined>;
    keys(): Promise<readonly { readonly url: string }[]>;
    delete(url: string): Promise<boolean>;
  }>;
}

export interface WorkerHostEnv {
  /** The Cache API, where web-llm keeps the files (absent in Node). */
  readonly caches?: CacheReader;
  readonly now: () => number;
  /**
   * Tokens per text when the loaded model's own tokenizer is out of reach (in the browser the page counts them:
   * one tokenizer copy for the page and the worker). `requestId` is the request the counts belong to.
   */
  readonly fallbackCounts: (
    texts: readonly string[],
    requestId: number,
  ) => Promise<{ readonly name: string; readonly counts: readonly number[] }>;
}

type Pipeline = {
  tokenizer?: { encode(text: string): Int32Array };
  getConversationObject?(): { getPromptArray(): unknown[] };
};

/** Returns the handler for one incoming message; replies go through `post`. */
export function createWorkerHost(
  loadLibrary: () => Promise<WebLLMLibrary>,
  post: (message: FromWorker) => void,
  env: WorkerHostEnv,
): (message: ToWorker) => void {
  let lib: Promise<WebLLMLibrary> | null = null;
  let engine: EngineLike | null = null;
  let loadedModel: string | null = null;

  const webllm = (): Promise<WebLLMLibrary> => (lib ??= loadLibrary());

  async function appConfig(extra: readonly ModelRecord[]): Promise<AppConfig> {
    const { prebuiltAppConfig } = await webllm();
    return { ...prebuiltAppConfig, cacheBackend: 'cache', model_list: [...prebuiltAppConfig.model_list, ...extra] };
  }

  async function getEngine(): Promise<EngineLike> {
    if (!engine) engine = new (await webllm()).MLCEngine();
    return engine;
  }

  /** The loaded model's pipeline (web-llm internals; absent in other versions, so every use is guarded). */
  function pipeline(): Pipeline | null {
    const map = (engine as unknown as { loadedModelIdToPipeline?: Map<string, unknown> } | null)
      ?.loadedModelIdToPipeline;
    return (loadedModel && (map?.get(loadedModel) as Pipeline | undefined)) || null;
  }

  async function countTokens(
    texts: readonly string[],
    requestId: number,
  ): Promise<{ counts: number[]; tokenizer: string }> {
    const own = pipeline()?.tokenizer;
    if (own) {
      try {
        return { counts: texts.map((t) => own.encode(t).length), tokenizer: `${loadedModel} tokenizer` };
      } catch {
        // fall through to the fallback tokenizer
      }
    }
    const fallback = await env.fallbackCounts(texts, requestId);
    return { counts: [...fallback.counts], tokenizer: fallback.name };
  }

  async function cacheStatus(
    modelIds: readonly string[],
    extra: readonly ModelRecord[],
  ): Promise<Record<string, CacheEntry>> {
    const { hasModelInCache } = await webllm();
    const config = await appConfig(extra);
    const out: Record<string, CacheEntry> = {};
    for (const id of modelIds) {
      try {
        const cached = await hasModelInCache(id, config);
        out[id] = cached ? { cached, ...(await cachedDetails(id, config)) } : { cached };
      } catch {
        out[id] = { cached: false };
      }
    }
    return out;
  }

  /** The exact download (weights from tensor-cache.json, the library, the tokenizer) and the model's facts. */
  async function cachedDetails(
    modelId: string,
    config: AppConfig,
  ): Promise<{ bytes?: number; parts?: DownloadParts; facts?: ModelFacts }> {
    const record = config.model_list.find((r) => r.model_id === modelId);
    const store = env.caches;
    if (!record || !store) return {};
    const base = modelBase(record.model);
    const models = await store.open('webllm/model');
    const manifest = await readJson(await models.match(new URL('tensor-cache.json', base).href));
    const records = (manifest as { records?: { dataPath?: string; nbytes?: number }[] } | null)?.records ?? [];
    const shards = new Set(records.map((r) => r.dataPath));
    const files: { name: string; bytes: number }[] = [];
    for (const { url } of await models.keys()) {
      if (!url.startsWith(base)) continue;
      const name = url.slice(base.length);
      if (!shards.has(name)) files.push({ name, bytes: await sizeOf(await models.match(url)) });
    }
    const configResponse = await (await store.open('webllm/config')).match(new URL('mlc-chat-config.json', base).href);
    if (configResponse) files.push({ name: 'mlc-chat-config.json', bytes: await sizeOf(configResponse.clone()) });
    const library = await (await store.open('webllm/wasm')).match(record.model_lib);
    const parts = summarizeDownload(
      files,
      records.reduce((sum, r) => sum + (r.nbytes ?? 0), 0),
      library ? await sizeOf(library) : 0,
    );
    const facts = await readFacts(configResponse, models, base);
    return { bytes: totalBytes(parts), parts, ...(facts ? { facts } : {}) };
  }

  async function readFacts(
    configResponse: Response | undefined,
    models: Awaited<ReturnType<CacheReader['open']>>,
    base: string,
  ): Promise<ModelFacts | null> {
    const config = await readJson(configResponse);
    const first = readModelFacts(config);
    if (!first.ok) return null;
    if (!needsTokens(first.value)) return first.value;
    // tokenizer_config.json is small; tokenizer.json (several MB) only when it is the only one there.
    for (const name of ['tokenizer_config.json', 'tokenizer.json']) {
      const tokenizer = await readJson(await models.match(new URL(name, base).href));
      if (tokenizer !== null) {
        const withTokens = readModelFacts(config, tokenizer);
        return withTokens.ok ? withTokens.value : first.value;
      }
    }
    return first.value;
  }

  /** Deletes what web-llm's own delete leaves under the model's URL (an import's extra tokenizer files…). */
  async function sweep(record: ModelRecord | undefined): Promise<void> {
    const store = env.caches;
    if (!record || !store) return;
    const base = modelBase(record.model);
    for (const scope of ['webllm/model', 'webllm/config', 'webllm/wasm']) {
      const cache = await store.open(scope);
      for (const { url } of await cache.keys())
        if (url.startsWith(base) || url === record.model_lib) await cache.delete(url);
    }
  }

  async function generate(message: Extract<ToWorker, { type: 'generate' }>): Promise<void> {
    const e = await getEngine();
    const started = env.now();
    let firstTokenMs: number | null = null;
    let finishReason = 'stop';
    let usage: WorkerUsage | null = null;
    const nativeCalls: NativeCall[] = [];
    const notes: string[] = [];
    let raw = '';
    try {
      const stream = await e.chat.completions.create(message.request);
      for await (const chunk of stream) {
        const choice = chunk.choices[0];
        const delta = choice?.delta?.content;
        if (delta) {
          firstTokenMs ??= env.now() - started;
          raw += delta;
          post({ type: 'delta', id: message.id, text: delta });
        }
        for (const call of choice?.delta?.tool_calls ?? [])
          nativeCalls.push({ name: call.function?.name ?? '', arguments: call.function?.arguments ?? '' });
        if (choice?.finish_reason) finishReason = choice.finish_reason;
        if (chunk.usage) usage = readUsage(chunk.usage);
      }
    } catch (error) {
      const text = String(error);
      // Native tools throw when the reply is not a JSON array of calls: keep the raw text, let the harness show it.
      if (!/ToolCallOutput|JSONFieldError/.test(text)) throw error;
      notes.push(`web-llm could not parse its native tool-call output (${text}); the raw text is kept.`);
      finishReason = 'stop';
    }
    try {
      raw = (await e.getMessage()) || raw;
    } catch {
      // keep the streamed text
    }
    const { counts, tokenizer } = await countTokens(
      message.segments.map((s) => s.text),
      message.id,
    );
    let webllmPrompt: string | null = null;
    try {
      const parts = pipeline()?.getConversationObject?.().getPromptArray();
      if (parts)
        webllmPrompt = parts
          .flat()
          .filter((p) => typeof p === 'string')
          .join('');
    } catch {
      webllmPrompt = null;
    }
    post({
      type: 'result',
      id: message.id,
      raw,
      finishReason,
      usage,
      nativeCalls: nativeCalls.length > 0 ? nativeCalls : null,
      firstTokenMs,
      totalMs: env.now() - started,
      segmentTokens: counts,
      tokenizer,
      webllmPrompt,
      notes,
    });
  }

  async function handle(message: ToWorker): Promise<void> {
    switch (message.type) {
      case 'init': {
        const { modelVersion } = await webllm();
        post({ type: 'ready', id: message.id, version: modelVersion });
        return;
      }
      case 'cache-status':
        post({
          type: 'cache-status',
          id: message.id,
          status: await cacheStatus(message.modelIds, message.extraModels),
        });
        return;
      case 'load': {
        const e = await getEngine();
        e.setAppConfig(await appConfig(message.extraModels));
        e.setInitProgressCallback((report) =>
          post({
            type: 'progress',
            id: message.id,
            report: { progress: report.progress, timeElapsed: report.timeElapsed, text: report.text },
          }),
        );
        loadedModel = null;
        await e.reload(message.modelId);
        // unload() during reload makes reload resolve quietly: report that as a cancel, not a load.
        const loaded =
          (e as unknown as { loadedModelIdToPipeline?: Map<string, unknown> }).loadedModelIdToPipeline?.has(
            message.modelId,
          ) ?? true;
        if (!loaded) throw new Error('LoadCancelledError: loading was cancelled');
        loadedModel = message.modelId;
        let gpu = 'WebGPU';
        try {
          gpu = `WebGPU · ${await e.getGPUVendor()}`;
        } catch {
          // vendor unknown
        }
        post({ type: 'loaded', id: message.id, modelId: message.modelId, gpu });
        return;
      }
      case 'unload':
        loadedModel = null;
        await engine?.unload();
        post({ type: 'done', id: message.id });
        return;
      case 'delete': {
        const { deleteModelAllInfoInCache } = await webllm();
        if (loadedModel === message.modelId) {
          loadedModel = null;
          await engine?.unload();
        }
        const config = await appConfig(message.extraModels);
        await deleteModelAllInfoInCache(message.modelId, config);
        await sweep(config.model_list.find((r) => r.model_id === message.modelId));
        post({ type: 'done', id: message.id });
        return;
      }
      case 'generate':
        await generate(message);
        return;
      case 'interrupt':
        await engine?.interruptGenerate();
        return;
      default:
        return assertNever(message);
    }
  }

  return (message) => {
    handle(message).catch((error: unknown) => {
      if ('id' in message) post({ type: 'error', id: message.id, error: String(error) });
    });
  };
}

/** web-llm's `cleanModelUrl`: the files live under `<model>/resolve/main/` unless the URL names a revision. */
export function modelBase(model: string): string {
  return model.includes('/resolve/') ? model.replace(/\/?$/, '/') : `${model.replace(/\/?$/, '/')}resolve/main/`;
}

function readUsage(usage: NonNullable<ChatCompletionChunk['usage']>): WorkerUsage {
  const x = usage.extra as unknown as Record<string, number> | undefined;
  return {
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    ...(x?.time_to_first_token_s !== undefined ? { timeToFirstTokenS: x.time_to_first_token_s } : {}),
    ...(x?.prefill_tokens_per_s !== undefined ? { prefillTokensPerS: x.prefill_tokens_per_s } : {}),
    ...(x?.decode_tokens_per_s !== undefined ? { decodeTokensPerS: x.decode_tokens_per_s } : {}),
    ...(x?.e2e_latency_s !== undefined ? { e2eLatencyS: x.e2e_latency_s } : {}),
  };
}

async function readJson(response: Response | undefined): Promise<unknown> {
  if (!response) return null;
  try {
    return (await response.clone().json()) as unknown;
  } catch {
    return null;
  }
}

/** A cached file's size: its Content-Length when stored, else the body's size. */
async function sizeOf(response: Response | undefined): Promise<number> {
  if (!response) return 0;
  const length = Number(response.headers.get('content-length'));
  if (Number.isFinite(length) && length > 0) return length;
  return (await response.blob()).size;
}
