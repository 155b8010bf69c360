import { describe, expect, it } from 'vitest';
import type { ModelResponse } from '../runtime';
import { renderToolCallBlock } from './hermes';
import { interpretResponse } from './interpret';

function counter() {
  let n = 0;
  return () => `call_${++n}`;
}
const response = (
  raw: string,
  finishReason: ModelResponse['finishReason'] = 'stop',
  extra: Partial<ModelResponse> = {},
): ModelResponse => ({
  raw,
  finishReason,
  ...extra,
});
const block = renderToolCallBlock('calculate', { operation: 'add', a: 1, b: 2 });

describe('interpretResponse', () => {
  it('a text-protocol call under runtime stop becomes derived tool_calls and is executable', () => {
    const out = interpretResponse(response(block), counter());
    expect(out.stop).toEqual({ raw: 'stop', derived: 'tool_calls', anomalies: [] });
    expect(out.executableCalls.map((c) => c.id)).toEqual(['call_1']);
    expect(out.message).toMatchObject({ role: 'assistant', content: '', raw: block });
  });

  it('a whole but unterminated block still runs under stop, flagged', () => {
    const raw = '<tool_call>\n{"name": "calculate", "arguments": {"a": 1}}';
    const out = interpretResponse(response(raw), counter());
    expect(out.executableCalls).toHaveLength(1);
    expect(out.stop.anomalies.map((a) => a.kind)).toEqual(['unterminated-tool-call']);
  });

  it('a call cut by length never runs', () => {
    const raw = '<tool_call>\n{"name": "calculate", "arguments": {"a": 1}}';
    const out = interpretResponse(response(raw, 'length'), counter());
    expect(out.executableCalls).toEqual([]);
    expect(out.stop).toMatchObject({ derived: 'length', anomalies: [{ kind: 'tool-call-cut-by-length' }] });
  });

  it('an aborted response executes nothing', () => {
    const out = interpretResponse(response(block, 'abort'), counter());
    expect(out.executableCalls).toEqual([]);
    expect(out.stop.anomalies.map((a) => a.kind)).toEqual(['tool-calls-ignored']);
  });

  it('native calls are taken as they are', () => {
    const out = interpretResponse(
      response('', 'tool_calls', { nativeToolCalls: [{ id: 'x1', name: 'calculate', argumentsText: '{}' }] }),
      counter(),
    );
    expect(out.executableCalls.map((c) => c.id)).toEqual(['x1']);
  });

  it('toolCallIds name the parsed calls by position; missing ones get harness ids', () => {
    const raw = `Two calls.\n${block}\n${block}\n${block}`;
    const out = interpretResponse(response(raw, 'stop', { toolCallIds: ['mine', '', 'also-mine'] }), counter());
    expect(out.message.toolCalls.map((c) => c.id)).toEqual(['mine', 'call_1', 'also-mine']);
    expect(out.message.content).toBe('Two calls.');
    expect(out.stop.anomalies.map((a) => a.kind)).toEqual(['text-with-tool-calls']);
  });

  it('keeps reasoning and malformed calls visible', () => {
    const out = interpretResponse(response('<think>hmm</think><tool_call>{"name": "x", </tool_call>'), counter());
    expect(out.message.reasoning).toBe('hmm');
    expect(out.message.toolCalls[0]?.parseError).toBeDefined();
    expect(out.stop.anomalies.map((a) => a.kind)).toEqual(['malformed-tool-call']);
  });
});
