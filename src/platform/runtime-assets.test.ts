import { describe, expect, it } from 'vitest';
import type { RuntimeAsset } from './runtime-assets';
import {
  AssetFetchError,
  fetchRuntimeAssets,
  missingAssets,
  parseRuntimeAssetsManifest,
  readinessOf,
  runtimeAssetOf,
} from './runtime-assets';

const origin = 'https://playground.example';

describe('runtimes ready offline', () => {
  it('needs every asset of a runtime in the cache, whatever the hash', () => {
    expect(readinessOf([])).toEqual({ webllm: false, wllama: false });
    expect(readinessOf([`${origin}/assets/wllama-CO25czjY.wasm`])).toEqual({ webllm: false, wllama: true });
    // The library is enough: the tokenizer is in the app shell's precache (vite.config.ts), not this cache.
    expect(readinessOf([`${origin}/assets/main-D6Rt6ZE2.js`])).toEqual({ webllm: false, wllama: false });
    expect(readinessOf([`${origin}/assets/lib-ChWyK3VZ.js`, `${origin}/index.html`])).toEqual({
      webllm: true,
      wllama: false,
    });
    // Another folder or a similar name does not count.
    expect(readinessOf([`${origin}/generated/wllama-x.wasm`, `${origin}/assets/wllama-x.wasm.map`])).toEqual({
      webllm: false,
      wllama: false,
    });
  });

  it('tells a build file’s runtime by its name', () => {
    expect(runtimeAssetOf('assets/wllama-CO25czjY.wasm')).toBe('wllama');
    expect(runtimeAssetOf('assets/lib-ChWyK3VZ.js')).toBe('webllm');
    expect(runtimeAssetOf('assets/main-D6Rt6ZE2.js')).toBeNull();
    expect(runtimeAssetOf('assets/wllama-panel-C3jk-VES.js')).toBeNull();
    expect(runtimeAssetOf('assets/index-CbaXDFwJ.js')).toBeNull();
  });
});

describe('the build’s list of runtime assets', () => {
  it('reads the list, refusing entries that are not runtime assets or have no size', () => {
    const parsed = parseRuntimeAssetsManifest({ assets: [{ path: 'assets/wllama-a.wasm', bytes: 10 }] });
    expect(parsed).toEqual({ ok: true, assets: [{ path: 'assets/wllama-a.wasm', bytes: 10, runtime: 'wllama' }] });
    expect(parseRuntimeAssetsManifest({})).toEqual({ ok: false, error: 'no "assets" list' });
    expect(parseRuntimeAssetsManifest({ assets: [{ path: 'assets/index-x.js', bytes: 1 }] }).ok).toBe(false);
    expect(parseRuntimeAssetsManifest({ assets: [{ path: 'assets/lib-x.js' }] }).ok).toBe(false);
  });

  it('what is missing is what the cache lacks, compared by path', () => {
    const assets: RuntimeAsset[] = [
      { path: 'assets/wllama-a.wasm', bytes: 10, runtime: 'wllama' },
      { path: 'assets/lib-b.js', bytes: 20, runtime: 'webllm' },
    ];
    expect(missingAssets(assets, [`${origin}/assets/wllama-a.wasm`])).toEqual([assets[1]]);
    // An older build's file (another hash) does not stand in for this build's.
    expect(missingAssets(assets, [`${origin}/assets/wllama-OLD.wasm`]).map((a) => a.path)).toEqual([
      'assets/wllama-a.wasm',
      'assets/lib-b.js',
    ]);
  });
});

/** A server of byte bodies sent in 2 chunks each, and a cache that keeps what it is given. */
function fixture(files: Record<string, number>, fail: Record<string, number | Error> = {}) {
  const requested: string[] = [];
  const stored = new Map<string, { bytes: number; type: string | null }>();
  const fetch = async (url: string, init: { signal: AbortSignal }) => {
    requested.push(url);
    init.signal.throwIfAborted();
    const path = new URL(url).pathname.slice(1);
    const failure = fail[path];
    if (failure instanceof Error) throw failure;
    if (failure !== undefined) return new Response('nope', { status: failure });
    const size = files[path] ?? 0;
    const half = Math.floor(size / 2);
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new Uint8Array(half));
        c.enqueue(new Uint8Array(size - half));
        c.close();
      },
    });
    return new Response(body, {
      headers: { 'content-type': path.endsWith('.wasm') ? 'application/wasm' : 'text/javascript' },
    });
  };
  const cache = {
    put: async (url: string, response: Response) => {
      stored.set(url, { bytes: (await response.arrayBuffer()).byteLength, type: response.headers.get('content-type') });
    },
  };
  return { fetch, cache, requested, stored };
}

describe('fetching the runtime assets', () => {
  const assets: RuntimeAsset[] = [
    { path: 'assets/wllama-a.wasm', bytes: 100, runtime: 'wllama' },
    { path: 'assets/lib-b.js', bytes: 50, runtime: 'webllm' },
  ];

  it('stores each file under its full URL with its type, reporting bytes done over the total', async () => {
    const f = fixture({ 'assets/wllama-a.wasm': 100, 'assets/lib-b.js': 50 });
    const progress: string[] = [];
    await fetchRuntimeAssets({
      assets,
      baseUrl: `${origin}/`,
      fetch: f.fetch,
      cache: f.cache,
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(`${p.doneBytes}/${p.totalBytes}`),
    });
    expect(progress).toEqual(['0/150', '50/150', '100/150', '100/150', '125/150', '150/150', '150/150']);
    expect(f.stored.get(`${origin}/assets/wllama-a.wasm`)).toEqual({ bytes: 100, type: 'application/wasm' });
    expect(f.stored.get(`${origin}/assets/lib-b.js`)).toEqual({ bytes: 50, type: 'text/javascript' });
    // Offline, the readiness the footer shows follows from what was stored (the tokenizer is in the shell's precache).
    expect(readinessOf([...f.stored.keys()])).toEqual({ webllm: true, wllama: true });
  });

  it('stops at a failed file, naming it; what came before stays stored', async () => {
    const f = fixture({ 'assets/wllama-a.wasm': 100 }, { 'assets/lib-b.js': 404 });
    const run = fetchRuntimeAssets({
      assets,
      baseUrl: `${origin}/`,
      fetch: f.fetch,
      cache: f.cache,
      signal: new AbortController().signal,
      onProgress: () => {},
    });
    await expect(run).rejects.toEqual(new AssetFetchError('assets/lib-b.js', 'HTTP 404'));
    expect([...f.stored.keys()]).toEqual([`${origin}/assets/wllama-a.wasm`]);

    const offline = fixture({}, { 'assets/wllama-a.wasm': new TypeError('Failed to fetch') });
    await expect(
      fetchRuntimeAssets({
        assets,
        baseUrl: `${origin}/`,
        fetch: offline.fetch,
        cache: offline.cache,
        signal: new AbortController().signal,
        onProgress: () => {},
      }),
    ).rejects.toMatchObject({ path: 'assets/wllama-a.wasm', reason: 'Failed to fetch' });
  });

  it('a cancel stops before the next file and stores nothing more', async () => {
    const f = fixture({ 'assets/wllama-a.wasm': 100, 'assets/lib-b.js': 50 });
    const abort = new AbortController();
    const run = fetchRuntimeAssets({
      assets,
      baseUrl: `${origin}/`,
      fetch: f.fetch,
      cache: f.cache,
      signal: abort.signal,
      onProgress: (p) => {
        if (p.doneBytes === 100) abort.abort(new DOMException('cancelled', 'AbortError'));
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(f.requested).toEqual([`${origin}/assets/wllama-a.wasm`]);
    expect(f.stored.size).toBe(0);
  });
});
