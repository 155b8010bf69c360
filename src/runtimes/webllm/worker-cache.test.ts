/**
 * The worker host's cache report for an imported model: web-llm's own hasModelInCache and
 * deleteModelAllInfoInCache run on an in-memory Cache Storage (the one the wllama cache tests use, taking
 * Request objects as web-llm passes them), seeded the way the import seeds the browser's; the host reads the
 * exact size by part and the model's facts from it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeCacheStorage } from '../wllama/fake-cache-storage';
import { startFakeWorker } from './fake-mlc-engine';
import { detectFormat } from './format-detect';
import { modelBase } from './worker-host';

/** web-llm looks entries up by Request object; the in-memory storage keys them by URL. */
class RequestAwareCacheStorage extends FakeCacheStorage {
  override async open(name: string) {
    const cache = await super.open(name);
    const url = (key: string | Request) => (typeof key === 'string' ? key : key.url);
    return {
      ...cache,
      match: (key: string | Request) => cache.match(url(key)),
      delete: (key: string | Request) => cache.delete(url(key)),
    };
  }
}

const record = {
  model: 'https://local-import.invalid/local%2Ftiny-llama-rand/resolve/main/',
  model_id: 'local/tiny-llama-rand',
  model_lib: 'https://local-import.invalid/local%2Ftiny-llama-rand/tiny-webgpu.wasm',
};
const bytes = (n: number) => new Response(new Uint8Array(n), { headers: { 'Content-Length': String(n) } });
const json = (value: unknown) => new Response(JSON.stringify(value));

async function seed(storage: RequestAwareCacheStorage, tokenizerConfig: unknown) {
  const base = record.model;
  const model = await storage.open('webllm/model');
  await model.put(
    `${base}tensor-cache.json`,
    json({
      records: [
        { dataPath: 'params_shard_0.bin', nbytes: 1_000_000 },
        { dataPath: 'params_shard_1.bin', nbytes: 48_576 },
      ],
    }),
  );
  await model.put(`${base}params_shard_0.bin`, bytes(1_000_000));
  await model.put(`${base}params_shard_1.bin`, bytes(48_576));
  await model.put(`${base}tokenizer.json`, bytes(500_000));
  await model.put(`${base}tokenizer_config.json`, json(tokenizerConfig));
  await (
    await storage.open('webllm/config')
  ).put(`${base}mlc-chat-config.json`, json({ model_type: 'llama', conv_template: { name: 'chatml' } }));
  await (await storage.open('webllm/wasm')).put(record.model_lib, bytes(4_400_000));
}

afterEach(() => vi.unstubAllGlobals());

describe('worker host: cache status of an imported model', () => {
  it('counts the weights, the model library, the tokenizer and the configs, and reads the facts', async () => {
    const storage = new RequestAwareCacheStorage();
    vi.stubGlobal('caches', storage);
    const tokenizerConfig = { added_tokens_decoder: { '128010': { content: '<|python_tag|>' } } };
    await seed(storage, tokenizerConfig);
    const { client, close } = startFakeWorker({ replies: [] }, { caches: storage });
    try {
      const reply = await client.call({
        type: 'cache-status',
        modelIds: [record.model_id, 'Qwen3-0.6B-q4f32_1-MLC'],
        extraModels: [record],
      });
      if (reply.type !== 'cache-status') throw new Error(reply.type);
      const entry = reply.status[record.model_id]!;
      // The JSON files' sizes are their text lengths (ASCII); the binary ones carry a Content-Length.
      const size = async (scope: string, url: string) =>
        (await (await (await storage.open(scope)).match(url))!.text()).length;
      const tokenizerConfigBytes = await size('webllm/model', `${record.model}tokenizer_config.json`);
      const manifestBytes = await size('webllm/model', `${record.model}tensor-cache.json`);
      const chatConfigBytes = await size('webllm/config', `${record.model}mlc-chat-config.json`);
      expect(entry.parts).toEqual({
        weights: 1_048_576,
        library: 4_400_000,
        tokenizer: 500_000 + tokenizerConfigBytes,
        other: manifestBytes + chatConfigBytes,
      });
      expect(entry.bytes).toBe(
        1_048_576 + 4_400_000 + 500_000 + tokenizerConfigBytes + manifestBytes + chatConfigBytes,
      );
      expect(entry.facts).toEqual({ convTemplate: 'chatml', modelType: 'llama', specialTokens: ['<|python_tag|>'] });
      expect(detectFormat(entry.facts!, record.model_id)).toMatchObject({ ok: true, value: { id: 'llama-3.2' } });
      expect(reply.status['Qwen3-0.6B-q4f32_1-MLC']).toEqual({ cached: false });

      // Delete goes through web-llm's own deleteModelAllInfoInCache: the model is then not cached.
      await client.call({ type: 'delete', modelId: record.model_id, extraModels: [record] });
      const after = await client.call({ type: 'cache-status', modelIds: [record.model_id], extraModels: [record] });
      expect(after.type === 'cache-status' && after.status[record.model_id]).toEqual({ cached: false });
      // Nothing of it is left behind, not even the files web-llm's own delete does not know (tokenizer_config.json).
      for (const scope of ['webllm/model', 'webllm/config', 'webllm/wasm'])
        expect(await (await storage.open(scope)).keys(), scope).toEqual([]);
    } finally {
      close();
    }
  });

  it("resolves files the way web-llm's cleanModelUrl does", () => {
    expect(modelBase('https://huggingface.co/mlc-ai/Qwen3-0.6B-q4f32_1-MLC')).toBe(
      'https://huggingface.co/mlc-ai/Qwen3-0.6B-q4f32_1-MLC/resolve/main/',
    );
    expect(modelBase(record.model)).toBe(record.model);
  });
});
