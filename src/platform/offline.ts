/**
 * The browser's side of working offline, behind one port the store's offline slice reads (`OfflinePlatform`): the
 * service worker (vite-plugin-pwa / workbox precaches the app shell; each runtime's assets are cached on first use,
 * see runtime-assets.ts), the network, and the model weights the runtimes keep in the browser's Cache Storage.
 * The composition root makes one with `createBrowserOffline`; tests give it fake caches.
 */
import { registerSW } from 'virtual:pwa-register';
import type { GgufCache } from '../runtimes/wllama/gguf-cache';
import { fileNameFromUrl } from '../runtimes/wllama/gguf-cache';
import type { RuntimeReadiness } from './runtime-assets';
import { cachedRuntimeAssetUrls, readRuntimeReadiness } from './runtime-assets';

export type ShellStatus =
  | 'unsupported' // no service workers (e.g. a non-secure origin)
  | 'dev' // the dev server serves no service worker
  | 'installing' // registered, precaching the app
  | 'ready' // every file of the app is cached: it loads with the network off
  | 'error';

export interface CachedGgufModel {
  /** The file name, e.g. "qwen2.5-0.5b-instruct-q4_k_m.gguf". */
  readonly name: string;
  readonly url: string;
  readonly bytes: number;
}

/** What the browser's caches hold, read at once. */
export interface CacheReading {
  /** Model ids with weights in Cache Storage (web-llm's `webllm/model` cache, keyed by their download URL), sorted. */
  readonly models: readonly string[];
  /** GGUF files the CPU runtime keeps for offline use (its `tlp-gguf` cache, keyed by URL), sorted by URL. */
  readonly ggufModels: readonly CachedGgufModel[];
  /** Bytes the origin uses, when the browser tells. */
  readonly usageBytes: number | null;
  readonly quotaBytes: number | null;
  /** Which runtimes' own assets are cached (runtime-assets.ts). */
  readonly runtimesOffline: RuntimeReadiness;
}

/** Where the app's files are fetched from and stored; the browser's by default, fakes in unit tests. */
export interface PrefetchDeps {
  readonly fetch: (url: string, init: { signal: AbortSignal }) => Promise<Response>;
  readonly caches: { open(name: string): Promise<{ put(url: string, response: Response): Promise<void> }> } | null;
  readonly cachedUrls: () => Promise<readonly string[]>;
  readonly baseUrl: () => string;
}

/** The port the store's offline slice reads: everything it knows of the browser goes through here. */
export interface OfflinePlatform {
  /** Whether the browser says it is online now. */
  readonly isOnline: () => boolean;
  /** Calls `listener` on every change of the network; returns the unsubscribe function. */
  readonly watchNetwork: (listener: (online: boolean) => void) => () => void;
  /** Registers the service worker and reports the app shell's status as it changes. Call once. */
  readonly startShell: (report: (shell: ShellStatus, detail: string) => void) => void;
  /** Reads the model caches, the origin's usage and which runtimes are ready offline; rejects when unreadable. */
  readonly readCaches: () => Promise<CacheReading>;
  /** Calls `listener` when a runtime stores or deletes model weights; returns the unsubscribe function. */
  readonly watchModelCaches: (listener: () => void) => () => void;
  /** Where "Make everything available offline" fetches and stores. */
  readonly prefetch: PrefetchDeps;
}

/** The runtimes' model caches the platform reads: the CPU runtime's GGUF files, web-llm's weights. */
export interface ModelCacheSources {
  readonly gguf: GgufCache;
  /** Subscribes to web-llm's cache status (a model imported, loaded or deleted); returns the unsubscribe function. */
  readonly watchWebllmCache: (listener: () => void) => () => void;
}

/** The page's offline platform: `window`'s network events, the service worker, Cache Storage, `fetch`. */
export function createBrowserOffline(sources: ModelCacheSources): OfflinePlatform {
  return {
    isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
    watchNetwork(listener) {
      const online = () => listener(true);
      const offline = () => listener(false);
      addEventListener('online', online);
      addEventListener('offline', offline);
      return () => {
        removeEventListener('online', online);
        removeEventListener('offline', offline);
      };
    },
    startShell: startServiceWorker,
    readCaches: () => readCaches(sources.gguf),
    watchModelCaches(listener) {
      // A GGUF stored or deleted by the CPU runtime shows at once; so does a WebLLM model imported, loaded or deleted.
      const stopGguf = sources.gguf.subscribe(listener);
      const stopWebllm = sources.watchWebllmCache(listener);
      return () => {
        stopGguf();
        stopWebllm();
      };
    },
    prefetch: {
      fetch: (url, init) => fetch(url, init),
      caches: typeof caches !== 'undefined' ? caches : null,
      cachedUrls: cachedRuntimeAssetUrls,
      baseUrl: () => document.baseURI,
    },
  };
}

function startServiceWorker(report: (shell: ShellStatus, detail: string) => void): void {
  if (import.meta.env.DEV) {
    report('dev', 'The dev server does not install the service worker; build the app for offline use.');
  } else if (!('serviceWorker' in navigator)) {
    report('unsupported', 'This browser (or a page not served over https) has no service workers.');
  } else {
    // A page already controlled by an activated worker was loaded from the precache: it is offline-ready.
    if (navigator.serviceWorker.controller) report('ready', '');
    registerSW({
      immediate: true,
      onOfflineReady: () => report('ready', ''),
      onRegisteredSW: (_url, registration) => {
        if (registration?.active && !registration.installing) report('ready', '');
      },
      onRegisterError: (error) => report('error', error instanceof Error ? error.message : String(error)),
    });
  }
}

async function readCaches(gguf: GgufCache): Promise<CacheReading> {
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
  return {
    models: [...models].sort(),
    ggufModels,
    usageBytes: estimate?.usage ?? null,
    quotaBytes: estimate?.quota ?? null,
    runtimesOffline: await readRuntimeReadiness(),
  };
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
