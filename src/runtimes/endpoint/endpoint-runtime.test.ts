import { describe, expect, it } from 'vitest';
import { toFinishReason, toTimings } from './endpoint-runtime';

describe('endpoint response mapping', () => {
  it('reads the server finish reasons on the port scale; unknown ones as stop', () => {
    expect(toFinishReason('tool_calls')).toBe('tool_calls');
    expect(toFinishReason('function_call')).toBe('tool_calls');
    expect(toFinishReason('length')).toBe('length');
    expect(toFinishReason('content_filter')).toBe('content_filter');
    expect(toFinishReason('eos')).toBe('stop');
    expect(toFinishReason(null)).toBe('stop');
  });

  it('prefers the server’s own speeds; else measures decode speed after the first token', () => {
    const usage = { promptTokens: 100, completionTokens: 51, estimated: false };
    const t = { started: 1000, firstTokenAt: 1200, end: 2200 };
    expect(toTimings({ prompt_per_second: 900, predicted_per_second: 40 }, usage, t)).toEqual({
      timeToFirstTokenMs: 200,
      totalMs: 1200,
      prefillTokensPerSecond: 900,
      decodeTokensPerSecond: 40,
    });
    // 50 tokens after the first one, in one second.
    expect(toTimings(null, usage, t)).toEqual({ timeToFirstTokenMs: 200, totalMs: 1200, decodeTokensPerSecond: 50 });
    expect(toTimings(null, undefined, { started: 0, firstTokenAt: null, end: 30 })).toEqual({
      timeToFirstTokenMs: 30,
      totalMs: 30,
    });
  });
});
