/**
 * Loads a GGUF model into wllama (llama.cpp in WebAssembly): from a file the user picked, from a URL (a
 * streamed download with progress), or the tiny random test model generated in the page. Before llama.cpp sees
 * the bytes, the header is read and checked (`gguf/model-check.ts`), so a foreign file, a truncated
 * download and a model too large for memory each get a clear message. Abortable at every phase; a failed or
 * cancelled load leaves no worker behind. wllama itself is imported lazily: it is not in the page's bundle.
 */
import type * as WllamaModuleType from '@wllama/wllama';
import type { Wllama } from '@wllama/wllama';
import wasmUrl from '@wllama/wllama/esm/wasm/wllama.wasm?url';
import { readGgufHeader } from './gguf/gguf-reader';
import type { ModelCheckProblem, ModelSummary } from './gguf/model-check';
import { checkModelFile, formatBytes } from './gguf/model-check';
import { buildTinyModel, TINY_MODEL_NAME } from './gguf/tiny-model';
import type { GgufCache } from './gguf-cache';
import type { BudgetWhy, LoadText } from './load-text';
import { describeLlamaLoadFailure, describeLoadError, loadFailureLines } from './wllama-response';
import { threadSupport } from './threads';

export type ModelSource =
  | { readonly kind: 'file'; readonly file: Blob; readonly name: string }
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'tiny'; readonly seed: number };

export interface LoadOptions {
  /** Worker threads; more than 1 only takes effect on a cross-origin isolated page. */
  readonly threads: number;
  /** Offload layers to llama.cpp's WebGPU backend when the browser has an adapter. */
  readonly gpuOffload: boolean;
  /** Context size to allocate (capped by the model's trained context). */
  readonly nCtx: number;
}

export type LoadPhase = 'generating' | 'reading' | 'downloading' | 'checking' | 'loading' | 'caching';

export interface LoadProgress {
  readonly phase: LoadPhase;
  readonly loadedBytes?: number;
  readonly totalBytes?: number;
}

/** Which backend ran: WebGPU with some layers offloaded, or the CPU (wasm), with why WebGPU was not used if asked. */
export type BackendFacts =
  | { readonly kind: 'webgpu'; readonly layers: number; readonly total: number; readonly threads: number }
  | { readonly kind: 'cpu'; readonly threads: number; readonly webgpu?: 'unavailable' | 'not-used' };

/** The backend in English: "wllama · WebGPU (20/25 layers) · 4 threads", "wllama · CPU wasm · 1 thread". */
export function backendText(facts: BackendFacts): string {
  const threads = `${facts.threads} thread${facts.threads === 1 ? '' : 's'}`;
  if (facts.kind === 'webgpu') return `wllama · WebGPU (${facts.layers}/${facts.total} layers) · ${threads}`;
  const why =
    facts.webgpu === undefined ? '' : ` (WebGPU ${facts.webgpu === 'unavailable' ? 'unavailable' : 'not used'})`;
  return `wllama · CPU wasm · ${threads}${why}`;
}

export interface LoadedModel {
  readonly wllama: Wllama;
  readonly summary: ModelSummary;
  /** "Qwen2.5-0.5B-Instruct-Q4_K_M.gguf", a URL, or "tiny random test model (seed 1)". */
  readonly sourceLabel: string;
  readonly isTinyModel: boolean;
  /** The seed of a tiny random test model generated here (the panel names it in the page's language). */
  readonly tinySeed?: number;
  /** Which backend actually ran, in English (the run's data: each response's `backend`), e.g. "wllama · CPU wasm · 1 thread". */
  readonly backend: string;
  /** The same as data, for the panel to word in the page's language (`backendText` is its English). */
  readonly backendFacts: BackendFacts;
  readonly threads: number;
  readonly nCtx: number;
  readonly loadMs: number;
  /** Lines worth showing from llama.cpp's own log (warnings, the offload line). */
  readonly log: readonly string[];
  /** For a URL load: whether the file came from the offline cache, was stored there, or could not be. */
  readonly cache?: UrlCacheOutcome;
}

/** What the offline cache did for a URL load. */
export type UrlCacheOutcome =
  | { readonly kind: 'hit'; readonly bytes: number }
  | { readonly kind: 'stored'; readonly bytes: number }
  | { readonly kind: 'not-stored'; readonly reason: string };

export type LoadFailureProblem = ModelCheckProblem | 'download' | 'llama' | 'unsupported-browser';

/** A load that failed: the English message, and (where the app words it) the same as data for the panel. */
export class LoadFailure extends Error {
  override readonly name = 'LoadFailure';
  constructor(
    message: string,
    readonly problem: LoadFailureProblem,
    readonly text?: LoadText,
  ) {
    super(message);
  }
}

/** The load was cancelled through its signal. */
export class LoadCancelled extends Error {
  override readonly name = 'LoadCancelled';
  constructor() {
    super('Loading was cancelled.');
  }
}

type WllamaModule = typeof WllamaModuleType;

/** wllama's WebAssembly heap is built with MAXIMUM_MEMORY=4096MB: no model bigger than that can load. */
const WASM_HEAP_LIMIT = 4 * 1024 ** 3;
/** First slice read to find the header; doubled until the header fits. */
const HEADER_PROBE_BYTES = 1024 * 1024;

/** How much memory a model may need here, and why. */
export function memoryBudget(): MemoryBudget {
  const deviceMemory =
    typeof navigator !== 'undefined' ? (navigator as { deviceMemory?: number }).deviceMemory : undefined;
  // deviceMemory is coarse (capped at 8); leave half of it to the browser and the rest of the system.
  if (typeof deviceMemory === 'number' && deviceMemory > 0 && (deviceMemory * 1024 ** 3) / 2 < WASM_HEAP_LIMIT) {
    return {
      bytes: (deviceMemory * 1024 ** 3) / 2,
      reason: `this device (about ${deviceMemory} GB of RAM)`,
      why: { kind: 'device', gb: deviceMemory },
    };
  }
  return { bytes: WASM_HEAP_LIMIT, reason: "wllama's WebAssembly memory limit", why: { kind: 'wasm' } };
}

/** How much memory a model may use, why (in English), and why as data. */
export interface MemoryBudget {
  readonly bytes: number;
  readonly reason: string;
  readonly why: BudgetWhy;
}

export { threadSupport } from './threads';

export interface LoadCallbacks {
  readonly signal: AbortSignal;
  readonly onProgress: (progress: LoadProgress) => void;
  readonly now?: () => number;
  /** Where URL loads are looked up first and stored after a successful load; none: always download, never store. */
  readonly cache?: GgufCache;
}

export async function loadModel(
  source: ModelSource,
  options: LoadOptions,
  callbacks: LoadCallbacks,
): Promise<LoadedModel> {
  const { signal, onProgress } = callbacks;
  const now = callbacks.now ?? (() => performance.now());
  const started = now();
  const budget = memoryBudget();
  const checkAbort = () => {
    if (signal.aborted) throw new LoadCancelled();
  };

  // 1. Get the bytes (as a Blob, which wllama reads lazily).
  let blob: Blob;
  let sourceLabel: string;
  let cacheOutcome: UrlCacheOutcome | undefined;
  switch (source.kind) {
    case 'tiny': {
      onProgress({ phase: 'generating' });
      // Let the progress render before the ~50 ms of synchronous work.
      await new Promise((resolve) => setTimeout(resolve, 0));
      blob = new Blob([buildTinyModel({ seed: source.seed }) as Uint8Array<ArrayBuffer>]);
      sourceLabel = `tiny random test model (seed ${source.seed})`;
      break;
    }
    case 'file':
      blob = source.file;
      sourceLabel = source.name;
      break;
    case 'url': {
      // A URL already in the offline cache loads from there, network or not; "Delete from cache" forces a fresh
      // download. A cache that cannot be read is only a missed shortcut: the download still runs.
      const cached = callbacks.cache ? await readCache(callbacks.cache, source.url, onProgress) : null;
      checkAbort();
      if (cached) {
        blob = cached;
        cacheOutcome = { kind: 'hit', bytes: cached.size };
      } else {
        blob = await download(source.url, budget, signal, onProgress);
      }
      sourceLabel = source.url;
      break;
    }
    default: {
      const never: never = source;
      throw new Error(`unknown source ${JSON.stringify(never)}`);
    }
  }
  checkAbort();
  if (blob.size === 0)
    throw new LoadFailure('This file is empty: a GGUF model file starts with "GGUF".', 'not-gguf', { key: 'empty' });

  // 2. Read and check the header.
  onProgress({ phase: 'checking' });
  const check = await checkBlob(blob, options.nCtx, budget);
  checkAbort();
  if (!check.ok) throw new LoadFailure(check.error.message, check.error.problem, check.error.text);
  const summary = check.value;
  const isTinyModel = summary.name === TINY_MODEL_NAME;
  const nCtx = summary.contextLength !== null ? Math.min(options.nCtx, summary.contextLength) : options.nCtx;

  // 3. Hand it to llama.cpp.
  onProgress({ phase: 'loading', loadedBytes: 0, totalBytes: blob.size });
  let module: WllamaModule;
  try {
    module = await import('@wllama/wllama');
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new LoadFailure(`Could not load the wllama library: ${detail}`, 'unsupported-browser', {
      key: 'library',
      detail,
    });
  }
  checkAbort();
  const log: string[] = [];
  /** Every warning and error line, unbounded by the shown log's cap: where llama.cpp says it failed. */
  const problems: string[] = [];
  let offload: { layers: number; total: number } | null = null;
  let webgpuUnavailable = false;
  const capture =
    (level: string) =>
    (...args: unknown[]) => {
      const line = args
        .map((a) => (typeof a === 'string' ? a : a instanceof Error ? a.message : ''))
        .join(' ')
        .trim();
      if (!line) return;
      const offloaded = /offloaded (\d+)\/(\d+) layers to GPU/.exec(line);
      if (offloaded) offload = { layers: Number(offloaded[1]), total: Number(offloaded[2]) };
      if (/ggml_webgpu: Failed to get an adapter/.test(line)) webgpuUnavailable = true;
      if ((level === 'warn' || level === 'error') && problems.length < 200) problems.push(line);
      if ((level === 'warn' || level === 'error' || offloaded) && log.length < 50) log.push(line);
    };
  const threads = Math.max(1, Math.min(options.threads, threadSupport().maxThreads));
  const wllama = new module.Wllama(
    { default: wasmUrl },
    { logger: { debug: capture('debug'), log: capture('log'), warn: capture('warn'), error: capture('error') } },
  );
  const onAbort = () => void wllama.exit();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    await wllama.loadModel([blob], {
      n_ctx: nCtx,
      n_threads: threads,
      n_gpu_layers: options.gpuOffload ? 999 : 0,
      // One conversation at a time: one slot keeps the KV cache (and its memory) to one context.
      n_parallel: 1,
      // The app renders the prompt itself; llama.cpp's template engine is not used.
      jinja: false,
    });
  } catch (error) {
    void wllama.exit();
    if (signal.aborted) throw new LoadCancelled();
    throw new LoadFailure(describeLoadError(error), 'llama');
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  if (signal.aborted) {
    void wllama.exit();
    throw new LoadCancelled();
  }
  // wllama's loadModel resolves even when llama.cpp refused the model (an unknown architecture, a missing key):
  // only the log says so. Such a model is never reported as loaded.
  const failure = loadFailureLines(problems);
  if (failure.length > 0) {
    void wllama.exit();
    throw new LoadFailure(describeLlamaLoadFailure(failure), 'llama');
  }
  if (source.kind === 'url' && !cacheOutcome) {
    // Stored only now that llama.cpp accepted the file: a truncated or foreign download never reaches the cache.
    onProgress({ phase: 'caching', loadedBytes: 0, totalBytes: blob.size });
    cacheOutcome = await writeCache(callbacks.cache, source.url, blob);
    if (signal.aborted) {
      void wllama.exit();
      throw new LoadCancelled();
    }
  }
  const usedThreads = wllama.getNumThreads();
  const ran = offload as { layers: number; total: number } | null;
  const backendFacts: BackendFacts =
    ran && ran.layers > 0
      ? { kind: 'webgpu', layers: ran.layers, total: ran.total, threads: usedThreads }
      : options.gpuOffload
        ? { kind: 'cpu', threads: usedThreads, webgpu: webgpuUnavailable ? 'unavailable' : 'not-used' }
        : { kind: 'cpu', threads: usedThreads };
  const backend = backendText(backendFacts);
  return {
    wllama,
    summary,
    sourceLabel,
    isTinyModel,
    ...(source.kind === 'tiny' ? { tinySeed: source.seed } : {}),
    backend,
    backendFacts,
    threads: usedThreads,
    nCtx,
    loadMs: now() - started,
    log,
    ...(cacheOutcome ? { cache: cacheOutcome } : {}),
  };
}

async function readCache(
  cache: GgufCache,
  url: string,
  onProgress: (progress: LoadProgress) => void,
): Promise<Blob | null> {
  try {
    const entry = await cache.describe(url);
    if (!entry) return null;
    onProgress({ phase: 'reading', loadedBytes: 0, totalBytes: entry.bytes });
    const blob = await cache.get(url);
    return blob && blob.size > 0 ? blob : null;
  } catch {
    return null;
  }
}

async function writeCache(cache: GgufCache | undefined, url: string, blob: Blob): Promise<UrlCacheOutcome> {
  if (!cache?.available) {
    return { kind: 'not-stored', reason: 'this page has no Cache Storage (it needs https or localhost)' };
  }
  try {
    const entry = await cache.put(url, blob);
    return { kind: 'stored', bytes: entry.bytes };
  } catch (error) {
    const text =
      error instanceof Error
        ? `${error.name === 'QuotaExceededError' ? 'storage is full: ' : ''}${error.message}`
        : String(error);
    return { kind: 'not-stored', reason: text };
  }
}

async function checkBlob(blob: Blob, nCtx: number, budget: MemoryBudget) {
  let probe = Math.min(blob.size, HEADER_PROBE_BYTES);
  for (;;) {
    const bytes = new Uint8Array(await blob.slice(0, probe).arrayBuffer());
    const parsed = readGgufHeader(bytes, blob.size);
    if (parsed.ok || parsed.error.kind !== 'need-more-bytes' || probe >= blob.size) {
      return checkModelFile(parsed, blob.size, {
        nCtx,
        memoryBudgetBytes: budget.bytes,
        memoryBudgetReason: budget.reason,
        memoryBudgetWhy: budget.why,
      });
    }
    probe = Math.min(blob.size, probe * 4);
  }
}

/**
 * Why a fetch that threw failed, by its cause: the browser is offline; the server answered but refused this page
 * (CORS: a `no-cors` probe of the same URL succeeds, opaquely); or it could not be reached at all.
 */
async function downloadFailure(url: URL, error: unknown): Promise<LoadFailure> {
  const failure = (message: string, text: LoadText) => new LoadFailure(message, 'download', text);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return failure(
      'The download failed: this browser is offline. Connect to the network, or load a file from disk (a URL already in the offline cache loads without the network).',
      { key: 'offline' },
    );
  }
  const reachable = await fetch(url, {
    method: 'HEAD',
    mode: 'no-cors',
    cache: 'no-store',
    signal: AbortSignal.timeout(5000),
  }).then(
    () => true,
    () => false,
  );
  if (reachable) {
    return failure(
      `The download failed: ${url.host} answered but does not let this page read the file (CORS: it sends no Access-Control-Allow-Origin). Download the file and pick it under "GGUF file", or use a host that allows it (Hugging Face does).`,
      { key: 'cors', host: url.host },
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  return failure(
    `The download failed: ${url.host} could not be reached (${detail}). Check the URL and your connection.`,
    { key: 'unreachable', host: url.host, detail },
  );
}

async function download(
  url: string,
  budget: MemoryBudget,
  signal: AbortSignal,
  onProgress: (progress: LoadProgress) => void,
): Promise<Blob> {
  let parsed: URL;
  try {
    parsed = new URL(url, typeof location !== 'undefined' ? location.href : undefined);
  } catch {
    throw new LoadFailure(`"${url}" is not a URL.`, 'download', { key: 'notUrl', url });
  }
  onProgress({ phase: 'downloading', loadedBytes: 0 });
  let response: Response;
  try {
    response = await fetch(parsed, { signal });
  } catch (error) {
    if (signal.aborted) throw new LoadCancelled();
    throw await downloadFailure(parsed, error);
  }
  if (!response.ok)
    throw new LoadFailure(
      `The download failed: the server answered ${response.status} ${response.statusText}.`,
      'download',
      { key: 'httpStatus', status: response.status, statusText: response.statusText },
    );
  const total = Number(response.headers.get('content-length')) || undefined;
  if (total !== undefined && total > budget.bytes) {
    throw new LoadFailure(
      `This model is too large for memory: the file alone is ${formatBytes(total)} and ${budget.reason} allows ` +
        `${formatBytes(budget.bytes)}. Pick a smaller or more quantized model.`,
      'too-large',
      { key: 'tooLargeFile', fileBytes: total, budget: budget.why, allowsBytes: budget.bytes },
    );
  }
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      loaded += value.byteLength;
      if (loaded > budget.bytes) {
        throw new LoadFailure(
          `This model is too large for memory: more than ${formatBytes(budget.bytes)} (${budget.reason}).`,
          'too-large',
          { key: 'tooLargeStream', budget: budget.why, allowsBytes: budget.bytes },
        );
      }
      onProgress({ phase: 'downloading', loadedBytes: loaded, ...(total !== undefined ? { totalBytes: total } : {}) });
    }
  } catch (error) {
    void reader.cancel().catch(() => undefined);
    if (error instanceof LoadFailure) throw error;
    if (signal.aborted) throw new LoadCancelled();
    const detail = error instanceof Error ? error.message : String(error);
    throw new LoadFailure(`The download was interrupted: ${detail}.`, 'download', { key: 'interrupted', detail });
  }
  return new Blob(chunks);
}
