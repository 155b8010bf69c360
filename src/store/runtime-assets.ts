/**
 * Which runtimes work offline. The service worker precaches the app shell only; each runtime's large build assets
 * go into `RUNTIME_ASSETS_CACHE` the first time the runtime fetches them (vite.config.ts). The names below are
 * the ones Vite gives those assets (after their entry module; the hash varies): a runtime is ready offline when
 * every one it needs is in that cache. The scripted replay, "You are the model" and the endpoint need none.
 */
export const RUNTIME_ASSETS_CACHE = 'tlp-runtime-assets';

export type OfflineRuntime = 'webllm' | 'wllama';

const NEEDS: Readonly<Record<OfflineRuntime, readonly RegExp[]>> = {
  // wllama's wasm (llama.cpp).
  wllama: [/\/assets\/wllama-[^/]+\.wasm$/],
  // The web-llm library the worker imports, and the Qwen3 tokenizer.
  webllm: [/\/assets\/lib-[^/]+\.js$/, /\/assets\/main-[^/]+\.js$/],
};

export type RuntimeReadiness = Readonly<Record<OfflineRuntime, boolean>>;

/** Which runtimes have every asset they need among these cached URLs. */
export function readinessOf(cachedUrls: readonly string[]): RuntimeReadiness {
  const paths = cachedUrls.map((url) => {
    try {
      return new URL(url).pathname;
    } catch {
      return url;
    }
  });
  const ready = (runtime: OfflineRuntime) => NEEDS[runtime].every((need) => paths.some((p) => need.test(p)));
  return { webllm: ready('webllm'), wllama: ready('wllama') };
}

/** Reads the runtime assets cache (none cached where there is no Cache Storage). */
export async function readRuntimeReadiness(): Promise<RuntimeReadiness> {
  if (typeof caches === 'undefined' || !(await caches.has(RUNTIME_ASSETS_CACHE))) return readinessOf([]);
  const cache = await caches.open(RUNTIME_ASSETS_CACHE);
  return readinessOf((await cache.keys()).map((r) => r.url));
}
