/**
 * An in-memory Cache Storage for unit tests: the same contract as the browser's for what `gguf-cache.ts` uses
 * (open creates, has does not; put replaces by URL; match returns a fresh Response each time, whose body can be
 * read once). Bodies are kept as Blobs, as a browser keeps them on disk.
 */
import type { CacheLike, CacheStorageLike } from './gguf-cache';

interface Stored {
  readonly body: Blob;
  readonly headers: [string, string][];
}

export class FakeCacheStorage implements CacheStorageLike {
  readonly caches = new Map<string, Map<string, Stored>>();
  /** Set to make the next put fail, as a full disk does. */
  failNextPut: Error | null = null;

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async open(name: string): Promise<CacheLike> {
    let entries = this.caches.get(name);
    if (!entries) {
      entries = new Map();
      this.caches.set(name, entries);
    }
    const store = entries;
    return {
      match: async (url) => {
        const stored = store.get(url);
        return stored ? new Response(stored.body, { headers: stored.headers }) : undefined;
      },
      put: async (url, response) => {
        if (this.failNextPut) {
          const error = this.failNextPut;
          this.failNextPut = null;
          throw error;
        }
        store.set(url, { body: await response.blob(), headers: [...response.headers.entries()] });
      },
      delete: async (url) => store.delete(url),
      keys: async () => [...store.keys()].map((url) => ({ url })),
    };
  }
}
