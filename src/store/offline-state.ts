/**
 * The offline slice of the playground store: whether the app works offline, and what is cached. What the browser
 * says (the service worker, the network, Cache Storage, `fetch`) comes through the platform's port
 * (src/platform/offline.ts), injected by the composition root like storage; this slice keeps the state and the
 * "Make everything available offline" flow. Registration happens once, on first use.
 */
import type { CacheReading, OfflinePlatform, ShellStatus } from '../platform/offline';
import type { FetchProgress, RuntimeAsset, RuntimeReadiness } from '../platform/runtime-assets';
import {
  AssetFetchError,
  fetchRuntimeAssets,
  missingAssets,
  parseRuntimeAssetsManifest,
  RUNTIME_ASSETS_CACHE,
  RUNTIME_ASSETS_MANIFEST,
} from '../platform/runtime-assets';
import type { Slice } from './slice';

export type { CachedGgufModel, ShellStatus } from '../platform/offline';

/** The model caches as last read: the platform's reading, or empty lists and why it failed. */
export type ModelCacheStatus = Omit<CacheReading, 'runtimesOffline'> & { readonly error?: string };

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
  // The playground starts from what the platform says (createPlayground).
  online: true,
  modelCache: null,
  runtimesOffline: null,
  prefetch: { status: 'idle' },
};

export type OfflineActions = ReturnType<typeof createOffline>;

export function createOffline(slice: Slice<OfflineState>, platform: OfflinePlatform) {
  const set = slice.set;
  const prefetchDeps = platform.prefetch;
  let started = false;
  let controller: AbortController | null = null;
  return {
    /** Registers the service worker and starts watching the network; safe to call repeatedly. */
    start(): void {
      if (started) return;
      started = true;
      platform.watchNetwork((online) => set({ online }));
      platform.startShell((shell, shellDetail) => set({ shell, shellDetail }));
      platform.watchModelCaches(() => void refreshModelCache(set, platform));
      void refreshModelCache(set, platform);
    },
    /** Reads which models have weights in Cache Storage and how much the origin stores. */
    refresh: () => refreshModelCache(set, platform),
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
        void refreshModelCache(set, platform);
      }
    },
    /** Stops the fetch under way (what is stored stays stored). */
    cancelPrefetch(): void {
      controller?.abort();
    },
  };
}

/** Reads which models have weights in Cache Storage and how much the origin stores. */
export async function refreshModelCache(set: Slice<OfflineState>['set'], platform: OfflinePlatform): Promise<void> {
  try {
    const { runtimesOffline, ...modelCache } = await platform.readCaches();
    set({ runtimesOffline, modelCache });
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
