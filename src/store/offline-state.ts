/**
 * The offline slice of the playground store: whether the app works offline, and what is cached — the service
 * worker (vite-plugin-pwa / workbox precaches the app shell; each runtime's assets are cached on first use, see
 * runtime-assets.ts), the network, and the
 * model weights the runtimes keep in the browser's Cache Storage. Registration happens once, on first use.
 */
import { registerSW } from 'virtual:pwa-register';
import type { GgufCache } from '../runtimes/wllama/gguf-cache';
import { fileNameFromUrl, ggufCache } from '../runtimes/wllama/gguf-cache';
import type { Slice } from './slice';
import { webllmStore } from '../runtimes/webllm/webllm-store';
import type { FetchProgress, RuntimeAsset, RuntimeReadiness } from './runtime-assets';
import {
  AssetFetchError,
  cachedRuntimeAssetUrls,
  fetchRuntimeAssets,
  missingAssets,
  parseRuntimeAssetsManifest,
  readRuntimeReadiness,
  RUNTIME_ASSETS_CACHE,
  RUNTIME_ASSETS_MANIFEST,
} from './runtime-assets';

export type ShellStatus =
  | 'unsupported' // no service workers (e.g. a non-secure origin)
  | 'dev' // the dev server serves no service worker
  | 'installing' // registered, precaching the app
  | 'ready' // every file of the app is cached: it loads with the network off
  | 'error';

export interface ModelCacheStatus {
  /** Model ids with weights in Cache Storage (web-llm's `webllm/model` cache, keyed by their download URL). */
  readonly models: readonly string[];
  /** GGUF files the CPU runtime keeps for offline use (its `tlp-gguf` cache, keyed by URL), sorted by URL. */
  readonly ggufModels: readonly CachedGgufModel[];
  /** Bytes the origin uses, when the browser tells. */
  readonly usageBytes: number | null;
  readonly quotaBytes: number | null;
  readonly error?: string;
}

export interface CachedGgufModel {
  /** The file name, e.g. "qwen2.5-0.5b-instruct-q4_k_m.gguf". */
  readonly name: string;
  readonly url: string;
  readonly bytes: number;
}

export interface OfflineState {
  readonly shell: ShellStatus;
  readonly shellDetail: string;
  readonly online: boolean;
  readonly modelCache: ModelCacheStatus | null;
  /** Which runtimes' own assets are cached (runtime-assets.ts); null until read. */
  readonly runtimesOffline: RuntimeReadiness | null;
  /** "Make everything available offline": fetching every runtime asset not cached yet. */
  readonly prefetch: PrefetchState;
}

export type PrefetchState =
  | { readonly status: 'idle' }
  | ({ readonly status: 'running' | 'cancelled' | 'done' } & FetchProgress)
  | ({ readonly status: 'error'; readonly error: PrefetchError } & FetchProgress);

/** Why the fetch stopped: the build's list unreadable, a file that failed (and why), no Cache Storage here. */
export type PrefetchError =
  | { readonly kind: 'manifest'; readonly detail: string }
  | { readonly kind: 'file'; readonly path: string; readonly detail: string }
  | { readonly kind: 'unsupported' };

export const INITIAL_OFFLINE: OfflineState = {
  shell: 'installing',
  shellDetail: '',
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  modelCache: null,
  runtimesOffline: null,
  prefetch: { status: 'idle' },
};

/** Where the app's files are fetched from and stored; the browser's by default, fakes in unit tests. */
export interface PrefetchDeps {
  readonly fetch: (url: string, init: { signal: AbortSignal }) => Promise<Response>;
  readonly caches: { open(name: string): Promise<{ put(url: string, response: Response): Promise<void> }> } | null;
  readonly cachedUrls: () => Promise<readonly string[]>;
  readonly baseUrl: () => string;
}

const browserPrefetch: PrefetchDeps = {
  fetch: (url, init) => fetch(url, init),
  caches: typeof caches !== 'undefined' ? caches : null,
  cachedUrls: cachedRuntimeAssetUrls,
  baseUrl: () => document.baseURI,
};

export type OfflineActions = ReturnType<typeof createOffline>;

export function createOffline(
  slice: Slice<OfflineState>,
  gguf: GgufCache = ggufCache,
  prefetchDeps: PrefetchDeps = browserPrefetch,
) {
  const set = slice.set;
  let started = false;
  let controller: AbortController | null = null;
  return {
    /** Registers the service worker and starts watching the network; safe to call repeatedly. */
    start(): void {
      if (started) return;
      started = true;
      startOfflineSupport(set, gguf);
    },
    /** Reads which models have weights in Cache Storage and how much the origin stores. */
    refresh: () => refreshModelCache(set, gguf),
    /**
     * "Make everything available offline": reads the build's list of runtime assets and fetches every one not
     * cached yet, with progress in bytes; a second call while one runs does nothing. Ends `done`, `cancelled` or
     * with an error the person can retry (the files already stored stay).
     */
    async makeAvailableOffline(): Promise<void> {
      if (slice.get().prefetch.status === 'running') return;
      const abort = new AbortController();
      controller = abort;
      set({ prefetch: { status: 'running', doneBytes: 0, totalBytes: 0 } });
      let progress: FetchProgress = { doneBytes: 0, totalBytes: 0 };
      const fail = (error: PrefetchError) => set({ prefetch: { status: 'error', error, ...progress } });
      try {
        if (!prefetchDeps.caches) return fail({ kind: 'unsupported' });
        let assets: RuntimeAsset[];
        try {
          const response = await prefetchDeps.fetch(new URL(RUNTIME_ASSETS_MANIFEST, prefetchDeps.baseUrl()).href, {
            signal: abort.signal,
          });
          if (!response.ok) return fail({ kind: 'manifest', detail: `HTTP ${response.status}` });
          const parsed = parseRuntimeAssetsManifest(await response.json());
          if (!parsed.ok) return fail({ kind: 'manifest', detail: parsed.error });
          assets = parsed.assets;
        } catch (error) {
          if (abort.signal.aborted) return set({ prefetch: { status: 'cancelled', ...progress } });
          return fail({ kind: 'manifest', detail: error instanceof Error ? error.message : String(error) });
        }
        const missing = missingAssets(assets, await prefetchDeps.cachedUrls());
        const cache = await prefetchDeps.caches.open(RUNTIME_ASSETS_CACHE);
        await fetchRuntimeAssets({
          assets: missing,
          baseUrl: prefetchDeps.baseUrl(),
          fetch: prefetchDeps.fetch,
          cache,
          signal: abort.signal,
          onProgress: (next) => {
            progress = next;
            if (controller === abort) set({ prefetch: { status: 'running', ...next } });
          },
        });
        set({ prefetch: { status: 'done', ...progress } });
      } catch (error) {
        if (abort.signal.aborted) set({ prefetch: { status: 'cancelled', ...progress } });
        else if (error instanceof AssetFetchError) fail({ kind: 'file', path: error.path, detail: error.reason });
        else fail({ kind: 'file', path: '', detail: error instanceof Error ? error.message : String(error) });
      } finally {
        if (controller === abort) controller = null;
        void refreshModelCache(set, gguf);
      }
    },
    /** Stops the fetch under way (what is stored stays stored). */
    cancelPrefetch(): void {
      controller?.abort();
    },
  };
}

function startOfflineSupport(set: Slice<OfflineState>['set'], gguf: GgufCache): void {
  addEventListener('online', () => set({ online: true }));
  addEventListener('offline', () => set({ online: false }));
  if (import.meta.env.DEV) {
    set({
      shell: 'dev',
      shellDetail: 'The dev server does not install the service worker; build the app for offline use.',
    });
  } else if (!('serviceWorker' in navigator)) {
    set({
      shell: 'unsupported',
      shellDetail: 'This browser (or a page not served over https) has no service workers.',
    });
  } else {
    // A page already controlled by an activated worker was loaded from the precache: it is offline-ready.
    if (navigator.serviceWorker.controller) set({ shell: 'ready' });
    registerSW({
      immediate: true,
      onOfflineReady: () => set({ shell: 'ready', shellDetail: '' }),
      onRegisteredSW: (_url, registration) => {
        if (registration?.active && !registration.installing) set({ shell: 'ready', shellDetail: '' });
      },
      onRegisterError: (error) =>
        set({ shell: 'error', shellDetail: error instanceof Error ? error.message : String(error) }),
    });
  }
  // A GGUF stored or deleted by the CPU runtime shows here at once.
  gguf.subscribe(() => void refreshModelCache(set, gguf));
  void refreshModelCache(set, gguf);
  // So does a WebLLM model imported, loaded or deleted (the panel re-reads its cache status after each).
  webllmStore.subscribe((state, previous) => {
    if (state.cache !== previous.cache) void refreshModelCache(set, gguf);
  });
}

/** Reads which models have weights in Cache Storage and how much the origin stores. */
export async function refreshModelCache(set: Slice<OfflineState>['set'], gguf: GgufCache): Promise<void> {
  try {
    const models = new Set<string>();
    if (typeof caches !== 'undefined') {
      for (const name of await caches.keys()) {
        if (!/webllm\/model/i.test(name)) continue;
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const id = modelIdFromUrl(request.url);
          if (id) models.add(id);
        }
      }
    }
    const ggufModels = (await gguf.list()).map((e) => ({ name: fileNameFromUrl(e.url), url: e.url, bytes: e.bytes }));
    const estimate = typeof navigator !== 'undefined' ? await navigator.storage?.estimate?.() : undefined;
    const runtimesOffline = await readRuntimeReadiness();
    set({
      runtimesOffline,
      modelCache: {
        models: [...models].sort(),
        ggufModels,
        usageBytes: estimate?.usage ?? null,
        quotaBytes: estimate?.quota ?? null,
      },
    });
  } catch (error) {
    set({
      modelCache: {
        models: [],
        ggufModels: [],
        usageBytes: null,
        quotaBytes: null,
        error: error instanceof Error ? error.message : String(error),
      },
    });
  }
}

/**
 * `https://huggingface.co/mlc-ai/Qwen3-0.6B-q4f16_1-MLC/resolve/main/params_shard_0.bin` → `Qwen3-0.6B-q4f16_1-MLC`;
 * an imported model's `local%2Ftiny/resolve/main/…` → `local/tiny`.
 */
export function modelIdFromUrl(url: string): string | null {
  try {
    const parts = new URL(url).pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const resolve = parts.indexOf('resolve');
    if (resolve >= 1) return parts[resolve - 1] ?? null;
    return parts.length >= 2 ? (parts[parts.length - 2] ?? null) : null;
  } catch {
    return null;
  }
}
