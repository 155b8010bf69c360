/**
 * Format detection from a model's own files. The configs follow mlc-llm's `mlc-chat-config.json` (conv_template
 * as an object with `name` in current builds, a bare string in old ones) and the tokenizers' added-token lists.
 */
import { describe, expect, it } from 'vitest';
import type { ModelFacts } from './format-detect';
import { detectFormat, needsTokens, readModelFacts } from './format-detect';

/** A current mlc-chat-config.json, trimmed to the fields detection reads plus a few neighbours. */
const config = (convTemplate: unknown, modelType: string) => ({
  version: '0.1.0',
  model_type: modelType,
  quantization: 'q4f32_1',
  context_window_size: 4096,
  tokenizer_files: ['tokenizer.json', 'vocab.json', 'merges.txt', 'tokenizer_config.json'],
  conv_template: convTemplate,
});
const template = (name: string) => ({
  name,
  system_template: '<|im_start|>system\n{system_message}<|im_end|>\n',
  roles: { user: '<|im_start|>user', assistant: '<|im_start|>assistant' },
  seps: ['<|im_end|>\n'],
  stop_token_ids: [151643, 151645],
});
const facts = (c: unknown, tokenizer?: unknown): ModelFacts => {
  const read = readModelFacts(c, tokenizer);
  if (!read.ok) throw new Error(read.error);
  return read.value;
};

describe('readModelFacts', () => {
  it('reads conv_template as an object or a string, model_type, and the telling tokens of either tokenizer file', () => {
    expect(facts(config(template('qwen3'), 'qwen3'))).toEqual({
      convTemplate: 'qwen3',
      modelType: 'qwen3',
      specialTokens: [],
    });
    expect(facts({ conv_template: 'llama-2', model_type: 'llama' }).convTemplate).toBe('llama-2');
    const tokenizerConfig = {
      added_tokens_decoder: {
        '128000': { content: '<|begin_of_text|>', special: true },
        '128010': { content: '<|python_tag|>', special: true },
      },
    };
    expect(facts(config(template('chatml'), 'llama'), tokenizerConfig).specialTokens).toEqual(['<|python_tag|>']);
    const tokenizerJson = {
      added_tokens: [
        { id: 151644, content: '<|im_start|>' },
        { id: 151657, content: '<tool_call>' },
        { id: 151667, content: '<think>' },
      ],
    };
    expect(facts(config(template('chatml'), 'x'), tokenizerJson).specialTokens).toEqual([
      '<|im_start|>',
      '<tool_call>',
      '<think>',
    ]);
  });

  it('refuses what is not a config', () => {
    for (const bad of [null, [], 'qwen3', 42])
      expect(readModelFacts(bad)).toEqual({
        ok: false,
        error: 'mlc-chat-config.json is not a JSON object: it is not an MLC model configuration.',
      });
  });
});

describe('detectFormat', () => {
  const cases: [string, unknown, unknown, string, RegExp][] = [
    ['Qwen3', config(template('qwen3'), 'qwen3'), undefined, 'qwen3', /conv_template "qwen3"/],
    ['Qwen2.5', config(template('qwen2'), 'qwen2'), undefined, 'qwen2.5', /conv_template "qwen2"/],
    ['Llama 3.2', config(template('llama-3_1'), 'llama'), undefined, 'llama-3.2', /conv_template "llama-3_1"/],
    ['Hermes 3', config(template('hermes3_llama-3_1'), 'llama'), undefined, 'hermes', /hermes3_llama-3_1/],
    ['Hermes 2 Pro', config(template('hermes2_pro_mistral'), 'mistral'), undefined, 'hermes', /hermes2_pro/],
    // A real Qwen2-1.5B build names the generic "chatml" template: its model_type tells.
    ['Qwen2 on chatml', config(template('chatml'), 'qwen2'), undefined, 'qwen2.5', /model_type "qwen2"/],
    [
      'Qwen3 tokens on a llama body',
      config(template('chatml'), 'llama'),
      { added_tokens: [{ content: '<think>' }, { content: '<tool_call>' }] },
      'qwen3',
      /<think> and <tool_call>/,
    ],
    [
      'Llama tool token',
      config(template('chatml'), 'llama'),
      { added_tokens_decoder: { '128010': { content: '<|python_tag|>' } } },
      'llama-3.2',
      /<\|python_tag\|>/,
    ],
    [
      'Hermes tokens',
      config(template('chatml'), 'mistral'),
      { added_tokens: [{ content: '<|im_start|>' }, { content: '<tool_call>' }] },
      'hermes',
      /Hermes <tool_call>/,
    ],
    ['Phi-3.5 (no tool format)', config('phi-3', 'phi3'), undefined, 'chatml', /conv_template "phi-3".*no tool format/],
  ];
  for (const [name, c, tokenizer, id, evidence] of cases) {
    it(`${name} → ${id}`, () => {
      const detected = detectFormat(facts(c, tokenizer), 'local/some-folder');
      expect(detected).toMatchObject({ ok: true, value: { id, source: 'model-config' } });
      expect(detected.ok && detected.value.evidence).toMatch(evidence);
    });
  }

  it('the config wins over a misleading folder name; the id is the fallback when the config does not tell', () => {
    expect(detectFormat(facts(config(template('qwen3'), 'qwen3')), 'local/llama-3.2-test')).toMatchObject({
      ok: true,
      value: { id: 'qwen3', source: 'model-config' },
    });
    expect(detectFormat(facts(config(template('chatml'), 'llama')), 'local/Qwen2.5-0.5B')).toMatchObject({
      ok: true,
      value: { id: 'qwen2.5', source: 'model-id', evidence: 'the model id "local/Qwen2.5-0.5B"' },
    });
    expect(detectFormat(null, 'Qwen3-1.7B-q4f16_1-MLC')).toMatchObject({
      ok: true,
      value: { id: 'qwen3', source: 'model-id' },
    });
  });

  it('the tiny random llama of issue 20: nothing tells, so the user is asked, with what was read', () => {
    expect(detectFormat(facts(config(template('chatml'), 'llama')), 'local/tiny-llama-rand')).toEqual({
      ok: false,
      error: 'Its files do not tell: conv_template "chatml", model_type "llama", no tool-call tokens in the tokenizer.',
    });
    expect(detectFormat(null, 'local/tiny-llama-rand')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/has not been read yet, and its id "local\/tiny-llama-rand" names no family/),
    });
  });

  it('reads the tokenizer only when the template does not tell', () => {
    expect(needsTokens(facts(config(template('qwen3'), 'qwen3')))).toBe(false);
    expect(needsTokens(facts(config(template('chatml'), 'llama')))).toBe(true);
    expect(needsTokens(facts({ model_type: 'llama' }))).toBe(true);
  });
});
