import { describe, expect, it } from 'vitest';
import { FakeCacheStorage } from '../runtimes/wllama/fake-cache-storage';
import type { GgufCache } from '../runtimes/wllama/gguf-cache';
import { createGgufCache } from '../runtimes/wllama/gguf-cache';
import type { OfflinePlatform, PrefetchDeps } from '../platform/offline';
import { createBrowserOffline } from '../platform/offline';
import { RUNTIME_ASSETS_CACHE } from '../platform/runtime-assets';
import type { OfflineState } from './offline-state';
import { createOffline, INITIAL_OFFLINE, refreshModelCache } from './offline-state';

/** The offline slice on its own: a plain value patched by the slice's setter. */
function slice() {
  let state: OfflineState = INITIAL_OFFLINE;
  return { get: () => state, set: (patch: Partial<OfflineState>) => (state = { ...state, ...patch }) };
}

/** The browser's platform over this GGUF cache (and these fetch deps): what the composition root makes. */
function platform(gguf: GgufCache, prefetch?: PrefetchDeps): OfflinePlatform {
  const browser = createBrowserOffline({ gguf, watchWebllmCache: () => () => {} });
  return prefetch ? { ...browser, prefetch } : browser;
}

describe('offline state: model cache', () => {
  it('lists the cached GGUF files by name, URL and size', async () => {
    const gguf = createGgufCache(new FakeCacheStorage());
    await gguf.put('https://models.example/b/tiny.gguf', new Blob([new Uint8Array(300)]));
    await gguf.put('https://models.example/a/qwen-0.5b-q4_k_m.gguf', new Blob([new Uint8Array(100)]));
    const offline = slice();
    await refreshModelCache(offline.set, platform(gguf));
    const status = offline.get().modelCache;
    expect(status?.error).toBeUndefined();
    expect(status?.ggufModels).toEqual([
      { name: 'qwen-0.5b-q4_k_m.gguf', url: 'https://models.example/a/qwen-0.5b-q4_k_m.gguf', bytes: 100 },
      { name: 'tiny.gguf', url: 'https://models.example/b/tiny.gguf', bytes: 300 },
    ]);

    await gguf.remove('https://models.example/b/tiny.gguf');
    await refreshModelCache(offline.set, platform(gguf));
    expect(offline.get().modelCache?.ggufModels.map((g) => g.name)).toEqual(['qwen-0.5b-q4_k_m.gguf']);
  });

  it('an unreadable cache is reported, with empty lists', async () => {
    const broken = createGgufCache({
      has: async () => true,
      open: async () => {
        throw new Error('storage is disabled');
      },
    });
    const offline = slice();
    await refreshModelCache(offline.set, platform(broken));
    expect(offline.get().modelCache).toMatchObject({
      models: [],
      ggufModels: [],
      error: 'storage is disabled',
    });
  });
});

describe('offline state: make everything available offline', () => {
  const origin = 'https://playground.example';
  const manifest = {
    assets: [
      { path: 'assets/wllama-a.wasm', bytes: 100 },
      { path: 'assets/lib-b.js', bytes: 50 },
      { path: 'assets/lib-c.js', bytes: 50 },
    ],
  };

  function setup(options: { cached?: string[]; fail?: Set<string>; hold?: boolean } = {}) {
    const storage = new FakeCacheStorage();
    const fail = options.fail ?? new Set<string>();
    const requested: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const deps: PrefetchDeps = {
      baseUrl: () => `${origin}/`,
      caches: storage,
      cachedUrls: async () => [
        ...(options.cached ?? []).map((p) => `${origin}/${p}`),
        ...[...(storage.caches.get(RUNTIME_ASSETS_CACHE)?.keys() ?? [])],
      ],
      fetch: async (url, init) => {
        const path = new URL(url).pathname.slice(1);
        requested.push(path);
        if (path === 'runtime-assets.json') return Response.json(manifest);
        if (options.hold) await held;
        init.signal.throwIfAborted();
        if (fail.has(path)) throw new TypeError('Failed to fetch');
        const bytes = manifest.assets.find((a) => a.path === path)?.bytes ?? 0;
        return new Response(new Uint8Array(bytes));
      },
    };
    const offline = slice();
    const actions = createOffline(offline, platform(createGgufCache(new FakeCacheStorage()), deps));
    return { offline, actions, storage, requested, fail, release };
  }

  it('fetches only what is missing, to 100 %, and the runtimes read as ready', async () => {
    const { offline, actions, requested } = setup({ cached: ['assets/lib-b.js'] });
    await actions.makeAvailableOffline();
    expect(offline.get().prefetch).toEqual({ status: 'done', doneBytes: 150, totalBytes: 150 });
    expect(requested).toEqual(['runtime-assets.json', 'assets/wllama-a.wasm', 'assets/lib-c.js']);
  });

  it('a failure names the file, and a retry fetches the rest', async () => {
    const { offline, actions, requested, fail } = setup({ fail: new Set(['assets/lib-b.js']) });
    await actions.makeAvailableOffline();
    expect(offline.get().prefetch).toEqual({
      status: 'error',
      error: { kind: 'file', path: 'assets/lib-b.js', detail: 'Failed to fetch' },
      doneBytes: 100,
      totalBytes: 200,
    });
    fail.clear();
    requested.length = 0;
    await actions.makeAvailableOffline();
    expect(offline.get().prefetch).toEqual({ status: 'done', doneBytes: 100, totalBytes: 100 });
    expect(requested).toEqual(['runtime-assets.json', 'assets/lib-b.js', 'assets/lib-c.js']);
  });

  it('cancel stops the fetch; no Cache Storage is a clear error', async () => {
    const { offline, actions, release } = setup({ hold: true });
    const run = actions.makeAvailableOffline();
    await new Promise((r) => setTimeout(r, 0));
    expect(offline.get().prefetch.status).toBe('running');
    actions.cancelPrefetch();
    release();
    await run;
    expect(offline.get().prefetch.status).toBe('cancelled');

    const none = slice();
    await createOffline(
      none,
      platform(createGgufCache(new FakeCacheStorage()), {
        fetch: () => Promise.reject(new Error('unused')),
        caches: null,
        cachedUrls: async () => [],
        baseUrl: () => `${origin}/`,
      }),
    ).makeAvailableOffline();
    expect(none.get().prefetch).toMatchObject({ status: 'error', error: { kind: 'unsupported' } });
  });
});
