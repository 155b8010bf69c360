import { describe, expect, it } from 'vitest';
import { checkConfig, planImport } from './local-import';

const file = (name: string, text = 'x') => new File([text], name);
const folder = [
  'mlc-chat-config.json',
  'tensor-cache.json',
  'params_shard_0.bin',
  'tokenizer.json',
  'Qwen3-0.6B-q4f32_1-webgpu.wasm',
];

describe('planImport', () => {
  it('plans cache URLs for a complete folder', () => {
    const planned = planImport(
      folder.map((n) => file(n)),
      'Qwen3-0.6B',
    );
    if (!planned.ok) throw new Error(planned.error);
    const plan = planned.value;
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
    expect(planImport(['tensor-cache.json'].map((n) => file(n)))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/mlc-chat-config.json/),
    });
    expect(planImport(folder.slice(0, 4).map((n) => file(n)))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/\.wasm/),
    });
  });
});

describe('checkConfig', () => {
  const withConfig = (text: string) => {
    const planned = planImport([file('mlc-chat-config.json', text), ...folder.slice(1).map((n) => file(n))], 'm');
    if (!planned.ok) throw new Error(planned.error);
    return planned.value;
  };
  it('accepts an MLC config and refuses one that is not JSON or not an object, saying why', async () => {
    expect(await checkConfig(withConfig('{"conv_template": "qwen3"}'))).toEqual({ ok: true, value: undefined });
    expect(await checkConfig(withConfig('{"conv_template": '))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^mlc-chat-config.json is not valid JSON \(/),
    });
    expect(await checkConfig(withConfig('[1, 2]'))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not a JSON object/),
    });
  });
});
