import { describe, expect, it } from 'vitest';
import { FakeCacheStorage } from '../runtimes/wllama/fake-cache-storage';
import { createGgufCache } from '../runtimes/wllama/gguf-cache';
import type { OfflineState } from './offline-state';
import { INITIAL_OFFLINE, modelIdFromUrl, refreshModelCache } from './offline-state';

/** The offline slice on its own: a plain value patched by the slice's setter. */
function slice() {
  let state: OfflineState = INITIAL_OFFLINE;
  return { get: () => state, set: (patch: Partial<OfflineState>) => (state = { ...state, ...patch }) };
}

describe('offline state: model cache', () => {
  it('lists the cached GGUF files by name, URL and size', async () => {
    const gguf = createGgufCache(new FakeCacheStorage());
    await gguf.put('https://models.example/b/tiny.gguf', new Blob([new Uint8Array(300)]));
    await gguf.put('https://models.example/a/qwen-0.5b-q4_k_m.gguf', new Blob([new Uint8Array(100)]));
    const offline = slice();
    await refreshModelCache(offline.set, gguf);
    const status = offline.get().modelCache;
    expect(status?.error).toBeUndefined();
    expect(status?.ggufModels).toEqual([
      { name: 'qwen-0.5b-q4_k_m.gguf', url: 'https://models.example/a/qwen-0.5b-q4_k_m.gguf', bytes: 100 },
      { name: 'tiny.gguf', url: 'https://models.example/b/tiny.gguf', bytes: 300 },
    ]);

    await gguf.remove('https://models.example/b/tiny.gguf');
    await refreshModelCache(offline.set, gguf);
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
    await refreshModelCache(offline.set, broken);
    expect(offline.get().modelCache).toMatchObject({
      models: [],
      ggufModels: [],
      error: 'storage is disabled',
    });
  });

  it('names web-llm models by their Hugging Face repository', () => {
    expect(modelIdFromUrl('https://huggingface.co/mlc-ai/Qwen3-0.6B-q4f16_1-MLC/resolve/main/params_shard_0.bin')).toBe(
      'Qwen3-0.6B-q4f16_1-MLC',
    );
    // An imported model's id is URL-encoded in its cache keys; the footer shows it decoded.
    expect(modelIdFromUrl('https://local-import.invalid/local%2Ftiny-llama-rand/resolve/main/params_shard_0.bin')).toBe(
      'local/tiny-llama-rand',
    );
  });
});
