/** Loading the QuickJS WebAssembly engine with a hard memory cap. */
import variant from '@jitl/quickjs-wasmfile-release-sync';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { newQuickJSWASMModuleFromVariant, newVariant } from 'quickjs-emscripten-core';

const PAGE = 64 * 1024;
/** The QuickJS build's own initial memory (its static data and C stack): 16 MiB. */
export const ENGINE_BASE_BYTES = 16 * 1024 * 1024;

/**
 * QuickJS instantiated from an already compiled module (no network, no file access), in a WebAssembly memory that
 * can never grow past the engine's base plus `memoryLimitBytes`. That cap is the hard limit: QuickJS's own
 * `setMemoryLimit` counts only part of what it allocates in this build (its malloc cannot tell block sizes), so on
 * its own a bomb of many small objects would grow the memory to gigabytes; the memory's `maximum` stops every
 * kind of allocation the same way, and malloc's failure becomes QuickJS's "out of memory" error.
 */
export function loadQuickJS(wasm: WebAssembly.Module, memoryLimitBytes: number): Promise<QuickJSWASMModule> {
  const wasmMemory = new WebAssembly.Memory({
    initial: ENGINE_BASE_BYTES / PAGE,
    maximum: (ENGINE_BASE_BYTES + Math.ceil(memoryLimitBytes / PAGE) * PAGE) / PAGE,
  });
  return newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmModule: wasm, wasmMemory }));
}
