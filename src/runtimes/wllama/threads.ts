/**
 * How many threads wllama may use here. Its own module so the store can read it at start-up without taking the
 * loader (the GGUF reader, the tiny-model builder), which loads with the first model.
 */

/** The thread count to use: 1 unless the page is cross-origin isolated (SharedArrayBuffer) and has cores to spare. */
export function threadSupport(): { isolated: boolean; maxThreads: number; recommended: number } {
  const isolated = typeof crossOriginIsolated !== 'undefined' && crossOriginIsolated === true;
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 1 : 1;
  const maxThreads = isolated ? Math.max(1, Math.floor(cores / 2)) : 1;
  // On 2 cores the spin barriers cost more than a second thread brings (measured: 172 vs 550 tok/s).
  const recommended = isolated && cores >= 4 ? Math.min(maxThreads, 4) : 1;
  return { isolated, maxThreads, recommended };
}
