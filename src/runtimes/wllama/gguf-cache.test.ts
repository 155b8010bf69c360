import { describe, expect, it } from 'vitest';
import { FakeCacheStorage } from './fake-cache-storage';
import { cacheKey, createGgufCache, fileNameFromUrl, GGUF_CACHE_NAME } from './gguf-cache';
import { createWllamaStore } from './wllama-store';

const URL_A = 'https://models.example/org/repo/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf';
const URL_B = 'https://models.example/tiny.gguf';

describe('gguf cache', () => {
  it('stores a file under its URL and gives the same bytes back, with size and time', async () => {
    const storage = new FakeCacheStorage();
    const cache = createGgufCache(storage, () => 1_700_000_000_000);
    const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 31 + 7) % 256);
    expect(await cache.get(URL_A)).toBeNull();
    expect(await cache.describe(URL_A)).toBeNull();

    const entry = await cache.put(URL_A, new Blob([bytes]));
    expect(entry).toEqual({ url: URL_A, bytes: bytes.byteLength, storedAt: 1_700_000_000_000 });
    expect([...storage.caches.keys()]).toEqual([GGUF_CACHE_NAME]);

    const blob = await cache.get(URL_A);
    expect(Buffer.from(await blob!.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    expect(await cache.describe(URL_A)).toEqual(entry);
    // The #fragment is not part of the key.
    expect(await cache.describe(`${URL_A}#x`)).toEqual(entry);
    expect(await cache.get(URL_B)).toBeNull();
  });

  it('lists entries by URL without reading bodies, replaces on a second put, and deletes', async () => {
    const storage = new FakeCacheStorage();
    let clock = 1;
    const cache = createGgufCache(storage, () => clock++);
    await cache.put(URL_B, new Blob([new Uint8Array(10)]));
    await cache.put(URL_A, new Blob([new Uint8Array(20)]));
    await cache.put(URL_B, new Blob([new Uint8Array(30)]));
    expect(await cache.list()).toEqual([
      { url: URL_A, bytes: 20, storedAt: 2 },
      { url: URL_B, bytes: 30, storedAt: 3 },
    ]);
    expect(await cache.remove(URL_B)).toBe(true);
    expect(await cache.remove(URL_B)).toBe(false);
    expect((await cache.list()).map((e) => e.url)).toEqual([URL_A]);
    expect(await cache.get(URL_B)).toBeNull();
  });

  it('neither list nor remove creates the cache on a page that never stored anything', async () => {
    const storage = new FakeCacheStorage();
    const cache = createGgufCache(storage);
    expect(await cache.list()).toEqual([]);
    expect(await cache.remove(URL_A)).toBe(false);
    expect(storage.caches.size).toBe(0);
  });

  it('tells listeners about every put and remove, until they unsubscribe', async () => {
    const cache = createGgufCache(new FakeCacheStorage());
    const seen: string[] = [];
    const stop = cache.subscribe(() => seen.push('change'));
    await cache.put(URL_A, new Blob([new Uint8Array(1)]));
    await cache.remove(URL_A);
    stop();
    await cache.put(URL_A, new Blob([new Uint8Array(1)]));
    expect(seen).toEqual(['change', 'change']);
  });

  it('without Cache Storage: nothing is cached and put says why', async () => {
    const cache = createGgufCache(null);
    expect(cache.available).toBe(false);
    expect(await cache.get(URL_A)).toBeNull();
    expect(await cache.list()).toEqual([]);
    await expect(cache.put(URL_A, new Blob([new Uint8Array(1)]))).rejects.toThrow(/no Cache Storage/);
  });

  it('a failed put (full disk) rejects and leaves no entry', async () => {
    const storage = new FakeCacheStorage();
    const cache = createGgufCache(storage);
    storage.failNextPut = new DOMException('Quota exceeded', 'QuotaExceededError');
    await expect(cache.put(URL_A, new Blob([new Uint8Array(5)]))).rejects.toThrow('Quota exceeded');
    expect(await cache.list()).toEqual([]);
  });

  it('keys relative URLs against a base and names files by their last path segment', () => {
    expect(cacheKey('/models/tiny.gguf#frag', 'http://127.0.0.1:4211/?scenario=x')).toBe(
      'http://127.0.0.1:4211/models/tiny.gguf',
    );
    expect(() => cacheKey('not a url')).toThrow();
    expect(fileNameFromUrl(URL_A)).toBe('qwen2.5-0.5b-instruct-q4_k_m.gguf');
    expect(fileNameFromUrl('https://x.example/a%20b.gguf?download=1')).toBe('a b.gguf');
    expect(fileNameFromUrl('nonsense')).toBe('nonsense');
  });
});

describe('wllama store: offline cache', () => {
  it('lists cached files, follows changes made elsewhere, and deletes one', async () => {
    const cache = createGgufCache(new FakeCacheStorage());
    const { store, actions } = createWllamaStore(() => 0, cache);
    expect(store.getState().cached).toEqual({ available: true, entries: null });
    await actions.refreshCache();
    expect(store.getState().cached.entries).toEqual([]);

    await cache.put(URL_A, new Blob([new Uint8Array(7)]));
    await expect.poll(() => store.getState().cached.entries?.map((e) => [e.url, e.bytes])).toEqual([[URL_A, 7]]);

    await actions.deleteCached(URL_A);
    expect(store.getState().cached.entries).toEqual([]);
    expect(await cache.get(URL_A)).toBeNull();
  });

  it('a cache that cannot be read becomes a message, not a crash', async () => {
    const broken = createGgufCache({
      has: async () => true,
      open: async () => {
        throw new Error('SecurityError: storage is disabled');
      },
    });
    const { store, actions } = createWllamaStore(() => 0, broken);
    await actions.refreshCache();
    expect(store.getState().cached.error).toEqual({ action: 'read', detail: 'SecurityError: storage is disabled' });
  });
});
