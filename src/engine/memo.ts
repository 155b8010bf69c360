/**
 * Memos of idempotent work, the one way a module may keep a value for later (`local/no-module-state` refuses a
 * module-level `let` or an empty Map): whoever asks first or last gets the same value, so nothing a caller can
 * observe depends on who asked before. State with a lifetime (stores, clients, listeners) is made by a factory in
 * the composition root instead.
 */

/** `make()` on the first call; the same value on every later one. */
export function once<T>(make: () => T): () => T {
  let made: { readonly value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

/** `load()` shared by every caller while it runs and once it resolves; a rejected load is tried again next call. */
export function onceLoaded<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

/** `make(key)` once per key (a string or number): a pure function of the key, remembered. */
export function memoByKey<K extends string | number, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    if (made.has(key)) return made.get(key) as V;
    const value = make(key);
    made.set(key, value);
    return value;
  };
}
