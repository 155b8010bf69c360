/**
 * GGUF models loaded from a URL, kept in the browser's Cache Storage (cache `tlp-gguf`, keyed by the URL) so the
 * same URL loads again with the network off. Only a file that passed the header check and loaded into llama.cpp
 * is stored, so a truncated or foreign download never lands here. Each entry carries its size and when it was
 * stored in headers of its own, so listing the cache never reads a model's bytes.
 *
 * wllama has a CacheManager of its own, but it stores into OPFS through its own downloader (no streamed size
 * checks, no header check before storing) and needs the wllama module loaded to list anything; the footer lists
 * these entries without loading wllama, so the app keeps them in Cache Storage beside web-llm's.
 */

/** The Cache Storage cache that holds the GGUF files. */
export const GGUF_CACHE_NAME = 'tlp-gguf';

const BYTES_HEADER = 'x-tlp-bytes';
const STORED_AT_HEADER = 'x-tlp-stored-at';

/** One cached GGUF file. */
export interface CachedGguf {
  /** The URL it was downloaded from (the cache key), absolute. */
  readonly url: string;
  readonly bytes: number;
  /** Epoch milliseconds; null if the entry has no such header. */
  readonly storedAt: number | null;
}

/** The part of the Cache API used here (the browser's `caches`, or a fake in tests). */
export interface CacheStorageLike {
  open(name: string): Promise<CacheLike>;
  has(name: string): Promise<boolean>;
}

export interface CacheLike {
  match(request: string): Promise<Response | undefined>;
  put(request: string, response: Response): Promise<void>;
  delete(request: string): Promise<boolean>;
  keys(): Promise<readonly { readonly url: string }[]>;
}

export interface GgufCache {
  /** Whether Cache Storage exists here (it does not on a non-secure origin). */
  readonly available: boolean;
  /** The cached file for a URL, or null. */
  get(url: string): Promise<Blob | null>;
  /** What is known about a URL's entry without reading its bytes, or null if it is not cached. */
  describe(url: string): Promise<CachedGguf | null>;
  /** Stores a file under its URL (replacing an older entry). Rejects when storage fails, e.g. over quota. */
  put(url: string, file: Blob): Promise<CachedGguf>;
  /** Removes a URL's entry; true if there was one. */
  remove(url: string): Promise<boolean>;
  /** Every cached file, sorted by URL. */
  list(): Promise<CachedGguf[]>;
  /** Called after every put and remove through this cache (the page makes one); returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** The key a URL is stored under: absolute (relative URLs resolve against the page), without its #fragment. */
export function cacheKey(url: string, base?: string): string {
  const parsed = new URL(url, base ?? (typeof location !== 'undefined' ? location.href : undefined));
  parsed.hash = '';
  return parsed.href;
}

/** The last path segment of a URL, for display ("…/resolve/main/qwen2.5-0.5b-q4_k_m.gguf" → the file name). */
export function fileNameFromUrl(url: string): string {
  try {
    const parts = new URL(url).pathname.split('/').filter(Boolean);
    return decodeURIComponent(parts.at(-1) ?? url);
  } catch {
    return url;
  }
}

function describeResponse(url: string, response: Response): CachedGguf {
  const bytes = Number(response.headers.get(BYTES_HEADER));
  const storedAt = Number(response.headers.get(STORED_AT_HEADER));
  return {
    url,
    bytes: Number.isFinite(bytes) && bytes >= 0 ? bytes : 0,
    storedAt: Number.isFinite(storedAt) && storedAt > 0 ? storedAt : null,
  };
}

export function createGgufCache(
  storage: CacheStorageLike | null = typeof caches !== 'undefined' ? caches : null,
  now: () => number = () => Date.now(),
): GgufCache {
  const open = async (): Promise<CacheLike | null> => (storage ? storage.open(GGUF_CACHE_NAME) : null);
  // Who hears of a store or delete through this cache (the CPU panel's list, the footer's model cache).
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    available: storage !== null,
    async get(url) {
      const cache = await open();
      const response = await cache?.match(cacheKey(url));
      return response ? response.blob() : null;
    },
    async describe(url) {
      const key = cacheKey(url);
      const cache = await open();
      const response = await cache?.match(key);
      if (!response) return null;
      // Only the headers are read; the body is left unread.
      return describeResponse(key, response);
    },
    async put(url, file) {
      const cache = await open();
      if (!cache) throw new Error('this browser (or a page not served over https) has no Cache Storage');
      const key = cacheKey(url);
      const storedAt = now();
      await cache.put(
        key,
        new Response(file, {
          headers: {
            'content-type': 'application/octet-stream',
            'content-length': String(file.size),
            [BYTES_HEADER]: String(file.size),
            [STORED_AT_HEADER]: String(storedAt),
          },
        }),
      );
      notify();
      return { url: key, bytes: file.size, storedAt };
    },
    async remove(url) {
      // Opening a cache creates it; a page that never cached anything should not get an empty one.
      if (!storage || !(await storage.has(GGUF_CACHE_NAME))) return false;
      const removed = await (await storage.open(GGUF_CACHE_NAME)).delete(cacheKey(url));
      notify();
      return removed;
    },
    async list() {
      if (!storage || !(await storage.has(GGUF_CACHE_NAME))) return [];
      const cache = await storage.open(GGUF_CACHE_NAME);
      const entries: CachedGguf[] = [];
      for (const request of await cache.keys()) {
        const response = await cache.match(request.url);
        if (response) entries.push(describeResponse(request.url, response));
      }
      return entries.sort((a, b) => a.url.localeCompare(b.url));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
