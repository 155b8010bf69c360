import { describe, expect, it } from 'vitest';
import {
  describeGenerationError,
  describeLlamaLoadFailure,
  describeLoadError,
  loadFailureLines,
  toFinishReason,
  toTimings,
  toUsage,
} from './wllama-response';

describe('wllama response mapping', () => {
  it('maps llama-server finish reasons', () => {
    expect(toFinishReason('stop')).toBe('stop');
    expect(toFinishReason('length')).toBe('length');
    expect(toFinishReason(null)).toBe('stop');
  });

  it('takes usage from the server, else from its timings (cached + evaluated prompt tokens)', () => {
    expect(toUsage({ prompt_tokens: 58, completion_tokens: 9 }, undefined)).toEqual({
      promptTokens: 58,
      completionTokens: 9,
      estimated: false,
    });
    expect(toUsage(null, { cache_n: 57, prompt_n: 1, predicted_n: 30 })).toEqual({
      promptTokens: 58,
      completionTokens: 30,
      estimated: false,
    });
    expect(toUsage(null, undefined)).toBeUndefined();
  });

  it('reports prefill and decode speed only when measured', () => {
    expect(
      toTimings({ prompt_per_second: 4677, predicted_per_second: 606 }, { timeToFirstTokenMs: 14, totalMs: 500 }),
    ).toEqual({
      timeToFirstTokenMs: 14,
      totalMs: 500,
      prefillTokensPerSecond: 4677,
      decodeTokensPerSecond: 606,
    });
    expect(toTimings({ prompt_per_second: 0 }, { timeToFirstTokenMs: 1, totalMs: 2 })).toEqual({
      timeToFirstTokenMs: 1,
      totalMs: 2,
    });
  });

  it('words errors for the learner', () => {
    const abort = Object.assign(new Error('Operation aborted'), { name: 'AbortError' });
    expect(describeGenerationError(abort).kind).toBe('aborted');
    expect(
      describeGenerationError(new Error('request (679 tokens) exceeds the available context size (512 tokens)')),
    ).toEqual({
      kind: 'context-overflow',
      message:
        "The prompt is 679 tokens but the model's context holds 512. Expose fewer tools, start a new run, or load the model with a larger context.",
    });
    expect(describeGenerationError(Object.assign(new Error('(ABORT) exit(1)'), { name: 'RuntimeError' })).kind).toBe(
      'crashed',
    );
    expect(describeGenerationError(new Error('The model was unloaded')).kind).toBe('unloaded');
    expect(describeLoadError(new Error('Cannot allocate WebAssembly.Memory'))).toMatch(/too large for memory/);
    expect(describeLoadError(new Error('failed to load model'))).toMatch(
      /^llama.cpp could not load this model: failed to load model/,
    );
  });
});

describe("llama.cpp's load failures, read from its log", () => {
  // The lines wllama 3.13.0 logs for the two bad GGUFs of e2e/robustness.spec.ts (its loadModel still resolves).
  const unknownArch = [
    "llama_model_load: error loading model: unknown model architecture: 'frobnicator'",
    'llama_model_load_from_file_impl: failed to load model',
    "cmn  common_init_: failed to load model 'models/model-00001-of-00001.gguf'",
    "srv    load_model: failed to load model, 'models/model-00001-of-00001.gguf'",
  ];
  const missingKey = [
    'llama_model_load: error loading model: error loading model hyperparameters: key not found in model: llama.rope.freq_base',
    'llama_model_load_from_file_impl: failed to load model',
  ];

  it('finds the failure among other warnings, and nothing in a clean log', () => {
    expect(loadFailureLines(['llama_context: n_ctx_per_seq < n_ctx_train', ...unknownArch])).toHaveLength(4);
    expect(loadFailureLines(['llama_context: n_ctx_per_seq (2048) < n_ctx_train (4096)'])).toEqual([]);
  });

  it('says in plain words why the model did not load', () => {
    expect(describeLlamaLoadFailure(unknownArch)).toMatch(
      /^llama\.cpp does not know the model architecture "frobnicator", so it cannot load this file\./,
    );
    expect(describeLlamaLoadFailure(missingKey)).toMatch(
      /^This GGUF file lacks "llama\.rope\.freq_base", a hyperparameter llama\.cpp needs/,
    );
    expect(describeLlamaLoadFailure(['llama_model_load: error loading model: tensor x has wrong shape'])).toBe(
      'llama.cpp could not load this model: tensor x has wrong shape.',
    );
  });
});
