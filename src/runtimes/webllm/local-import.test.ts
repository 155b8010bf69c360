import { describe, expect, it } from 'vitest';
import { planImport } from './local-import';

const file = (name: string) => new File(['x'], name);

describe('planImport', () => {
  it('plans cache URLs for a complete folder', () => {
    const plan = planImport(
      [
        'mlc-chat-config.json',
        'tensor-cache.json',
        'params_shard_0.bin',
        'tokenizer.json',
        'Qwen3-0.6B-q4f32_1-webgpu.wasm',
      ].map(file),
      'Qwen3-0.6B',
    );
    if ('error' in plan) throw new Error(plan.error);
    expect(plan.record.model_id).toBe('local/Qwen3-0.6B');
    expect(plan.record.model).toMatch(/^https:\/\/local-import\.invalid\/.+\/resolve\/main\/$/);
    expect(plan.entries.find((e) => e.file.name === 'tensor-cache.json')).toMatchObject({
      scope: 'webllm/model',
      url: `${plan.record.model}tensor-cache.json`,
    });
    expect(plan.entries.find((e) => e.file.name.endsWith('.wasm'))).toMatchObject({
      scope: 'webllm/wasm',
      url: plan.record.model_lib,
    });
    expect(plan.entries.find((e) => e.file.name === 'mlc-chat-config.json')!.scope).toBe('webllm/config');
  });
  it('names what is missing', () => {
    expect(planImport(['tensor-cache.json'].map(file))).toMatchObject({
      error: expect.stringMatching(/mlc-chat-config.json/),
    });
    expect(
      planImport(['mlc-chat-config.json', 'tensor-cache.json', 'params_shard_0.bin', 'tokenizer.json'].map(file)),
    ).toMatchObject({ error: expect.stringMatching(/\.wasm/) });
  });
});
