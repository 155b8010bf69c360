import { describe, expect, it } from 'vitest';
import { describeGenerationError, describeLoadError, toFinishReason, toTimings, toUsage } from './wllama-response';

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
