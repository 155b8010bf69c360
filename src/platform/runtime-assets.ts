/**
 * Which runtimes work offline, and fetching what they lack. The service worker precaches the app shell only; each
 * runtime's large build assets go into `RUNTIME_ASSETS_CACHE` the first time the runtime fetches them
 * (vite.config.ts), or all at once through "Make everything available offline" (`fetchRuntimeAssets`). The names
 * below are the ones Vite gives those assets (after their entry module; the hash varies): a runtime is ready
 * offline when every kind of asset it needs is in that cache. The build lists the exact files and their sizes in
 * `RUNTIME_ASSETS_MANIFEST` (vite.config.ts writes it with `runtimeAssetOf`). The scripted replay and "You are
 * the model" need none; the endpoint needs its server. Model weights are not app assets: the CPU runtime keeps a
 * GGUF in its own cache once loaded from a URL, and web-llm keeps its weights in its own caches.
 */
export const RUNTIME_ASSETS_CACHE = 'tlp-runtime-assets';
/** The build's list of runtime assets (path relative to the app, bytes, runtime), next to index.html. */
export const RUNTIME_ASSETS_MANIFEST = 'runtime-assets.json';

export type OfflineRuntime = 'webllm' | 'wllama';

const NEEDS: Readonly<Record<OfflineRuntime, readonly RegExp[]>> = {
  // wllama's wasm (llama.cpp).
  wllama: [/\/assets\/wllama-[^/]+\.wasm$/],
  // The web-llm library the worker imports (the Qwen3 tokenizer it counts with is precached with the app shell).
  webllm: [/\/assets\/lib-[^/]+\.js$/],
};

/** The runtime a built file belongs to (by its path, e.g. "assets/wllama-CO25czjY.wasm"), or null. */
export function runtimeAssetOf(path: string): OfflineRuntime | null {
  const absolute = path.startsWith('/') ? path : `/${path}`;
  for (const runtime of ['wllama', 'webllm'] as const) {
    if (NEEDS[runtime].some((need) => need.test(absolute))) return runtime;
  }
  return null;
}

export type RuntimeReadiness = Readonly<Record<OfflineRuntime, boolean>>;

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.startsWith('/') ? url : `/${url}`;
  }
}

/** Which runtimes have every asset they need among these cached URLs. */
export function readinessOf(cachedUrls: readonly string[]): RuntimeReadiness {
  const paths = cachedUrls.map(pathOf);
  const ready = (runtime: OfflineRuntime) => NEEDS[runtime].every((need) => paths.some((p) => need.test(p)));
  return { webllm: ready('webllm'), wllama: ready('wllama') };
}

/** One file of the manifest. */
export interface RuntimeAsset {
  /** Relative to the app's base URL, e.g. "assets/wllama-CO25czjY.wasm". */
  readonly path: string;
  readonly bytes: number;
  readonly runtime: OfflineRuntime;
}

/** Reads the manifest's JSON; anything else is an error message. */
export function parseRuntimeAssetsManifest(
  json: unknown,
): { ok: true; assets: RuntimeAsset[] } | { ok: false; error: string } {
  const list = (json as { assets?: unknown } | null)?.assets;
  if (!Array.isArray(list)) return { ok: false, error: 'no "assets" list' };
  const assets: RuntimeAsset[] = [];
  for (const item of list as unknown[]) {
    const { path, bytes } = (item ?? {}) as { path?: unknown; bytes?: unknown };
    if (typeof path !== 'string' || typeof bytes !== 'number' || !(bytes >= 0)) {
      return { ok: false, error: `a malformed entry: ${JSON.stringify(item)}` };
    }
    const runtime = runtimeAssetOf(path);
    if (runtime === null) return { ok: false, error: `not a runtime asset: ${path}` };
    assets.push({ path, bytes, runtime });
  }
  return { ok: true, assets };
}

/** The manifest's files that are not in the cache (compared by path, whatever the origin). */
export function missingAssets(assets: readonly RuntimeAsset[], cachedUrls: readonly string[]): RuntimeAsset[] {
  const cached = new Set(cachedUrls.map(pathOf));
  return assets.filter((asset) => !cached.has(pathOf(asset.path)));
}

export interface FetchProgress {
  readonly doneBytes: number;
  readonly totalBytes: number;
}

/** What `fetchRuntimeAssets` needs: `fetch`, the cache, where the app lives, and how to report. */
export interface FetchAssetsOptions {
  readonly assets: readonly RuntimeAsset[];
  /** The app's base URL (document.baseURI): the asset paths are relative to it. */
  readonly baseUrl: string;
  readonly fetch: (url: string, init: { signal: AbortSignal }) => Promise<Response>;
  readonly cache: { put(url: string, response: Response): Promise<void> };
  readonly signal: AbortSignal;
  readonly onProgress: (progress: FetchProgress) => void;
}

/** A download that failed: which file, and why (an HTTP status, the network, a full disk). */
export class AssetFetchError extends Error {
  override readonly name = 'AssetFetchError';
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
  }
}

/**
 * Downloads each asset, reading its body as it arrives (progress in bytes over the manifest's total), and stores it
 * in the cache under its full URL, where the service worker's cache-first route finds it. Stops at the first
 * failure (AssetFetchError) or when the signal aborts (its reason is thrown); the files already stored stay.
 */
export async function fetchRuntimeAssets(options: FetchAssetsOptions): Promise<void> {
  const { assets, signal, onProgress } = options;
  const totalBytes = assets.reduce((sum, a) => sum + a.bytes, 0);
  let doneBytes = 0;
  onProgress({ doneBytes, totalBytes });
  for (const asset of assets) {
    signal.throwIfAborted();
    const url = new URL(asset.path, options.baseUrl).href;
    let response: Response;
    try {
      response = await options.fetch(url, { signal });
    } catch (error) {
      signal.throwIfAborted();
      throw new AssetFetchError(asset.path, error instanceof Error ? error.message : String(error));
    }
    if (!response.ok || !response.body) {
      throw new AssetFetchError(asset.path, `HTTP ${response.status}`);
    }
    const chunks: Uint8Array[] = [];
    let fileBytes = 0;
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        fileBytes += value.byteLength;
        // The manifest's size caps a file's share, so the bar never runs past 100 %.
        onProgress({ doneBytes: doneBytes + Math.min(fileBytes, asset.bytes), totalBytes });
      }
    } catch (error) {
      signal.throwIfAborted();
      throw new AssetFetchError(asset.path, error instanceof Error ? error.message : String(error));
    }
    signal.throwIfAborted();
    const headers = new Headers();
    const type = response.headers.get('content-type');
    if (type) headers.set('content-type', type);
    try {
      await options.cache.put(url, new Response(new Blob(chunks as BlobPart[]), { status: 200, headers }));
    } catch (error) {
      throw new AssetFetchError(asset.path, error instanceof Error ? error.message : String(error));
    }
    doneBytes += asset.bytes;
    onProgress({ doneBytes, totalBytes });
  }
}

/** Reads the runtime assets cache (none cached where there is no Cache Storage). */
export async function cachedRuntimeAssetUrls(): Promise<string[]> {
  if (typeof caches === 'undefined' || !(await caches.has(RUNTIME_ASSETS_CACHE))) return [];
  const cache = await caches.open(RUNTIME_ASSETS_CACHE);
  return (await cache.keys()).map((r) => r.url);
}

export async function readRuntimeReadiness(): Promise<RuntimeReadiness> {
  return readinessOf(await cachedRuntimeAssetUrls());
}
