import { describe, expect, it } from 'vitest';
import type { ModelResponse } from '../runtime';
import type { ToolDefinition } from '../tool';
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
const kinds = (out: ReturnType<typeof interpretResponse>) => out.stop.anomalies.map((a) => a.kind);
const calculate: ToolDefinition = {
  name: 'calculate',
  description: 'Arithmetic.',
  inputSchema: {
    type: 'object',
    properties: { operation: { type: 'string' }, a: { type: 'number' }, b: { type: 'integer' } },
  },
  returnDirect: false,
  needsApproval: false,
  source: 'preset',
};

describe('interpretResponse', () => {
  it('a text-protocol call under runtime stop becomes derived tool_calls and is executable', () => {
    const out = interpretResponse(response(block), counter());
    expect(out.stop).toEqual({ raw: 'stop', derived: 'tool_calls', anomalies: [] });
    expect(out.executableCalls.map((c) => c.id)).toEqual(['call_1']);
    expect(out.message).toEqual({
      role: 'assistant',
      content: '',
      raw: block,
      toolCalls: [{ id: 'call_1', name: 'calculate', argumentsText: '{"operation":"add","a":1,"b":2}' }],
    });
  });

  it('a whole but unterminated block still runs under stop, flagged on the call', () => {
    const raw = '<tool_call>\n{"name": "calculate", "arguments": {"a": 1}}';
    const out = interpretResponse(response(raw), counter());
    expect(out.executableCalls).toHaveLength(1);
    expect(kinds(out)).toEqual(['unterminated-tool-call', 'parse-issues']);
    expect(out.message.parseIssues).toEqual([
      expect.objectContaining({ kind: 'unterminated_tool_call', recovered: true, callId: 'call_1' }),
    ]);
  });

  it('a call cut by length never runs', () => {
    const raw = '<tool_call>\n{"name": "calculate", "arguments": {"a": 1';
    const out = interpretResponse(response(raw, 'length'), counter());
    expect(out.executableCalls).toEqual([]);
    expect(out.stop).toMatchObject({ derived: 'length' });
    expect(kinds(out)).toEqual(['tool-call-cut-by-length', 'malformed-tool-call', 'parse-issues']);
    expect(out.message.content).toBe(raw); // kept as text, never silently dropped
  });

  it('an aborted response executes nothing', () => {
    const out = interpretResponse(response(block, 'abort'), counter());
    expect(out.executableCalls).toEqual([]);
    expect(kinds(out)).toEqual(['tool-calls-ignored']);
  });

  it('native calls are taken as they are, and the text is not parsed again', () => {
    const out = interpretResponse(
      response(block, 'tool_calls', { nativeToolCalls: [{ id: 'x1', name: 'calculate', argumentsText: '{}' }] }),
      counter(),
    );
    expect(out.executableCalls.map((c) => c.id)).toEqual(['x1']);
    expect(out.message.toolCalls).toHaveLength(1);
  });

  it('toolCallIds name the call attempts by position; missing ones get harness ids', () => {
    const raw = `Two calls.\n${block}\n${block}\n${block}`;
    const out = interpretResponse(response(raw, 'stop', { toolCallIds: ['mine', '', 'also-mine'] }), counter());
    expect(out.message.toolCalls.map((c) => c.id)).toEqual(['mine', 'call_1', 'also-mine']);
    expect(out.message.content).toBe('Two calls.');
    expect(kinds(out)).toEqual(['text-with-tool-calls']);
  });

  describe('a block that cannot be read (rule 4 and its setting)', () => {
    const raw = 'Checking.\n<tool_call>\n{"name": "calculate", "arguments": {"a": 1}\n</tool_call>';

    it('stays in the text; by default it is also answered with an error result so the model can retry', () => {
      const out = interpretResponse(response(raw), counter());
      expect(out.message.content).toBe(raw);
      expect(out.message.toolCalls).toEqual([
        {
          id: 'call_1',
          name: 'calculate',
          argumentsText: '{"name": "calculate", "arguments": {"a": 1}',
          parseError: expect.stringContaining('invalid JSON'),
        },
      ]);
      expect(out.stop.derived).toBe('tool_calls');
      expect(out.executableCalls.map((c) => c.id)).toEqual(['call_1']);
      // "Checking." is the only prose: the failed block is the error call, not text beside it.
      expect(kinds(out)).toEqual(['malformed-tool-call', 'text-with-tool-calls', 'parse-issues']);
      expect(out.stop.anomalies[0]!.detail).toContain('the model receives an error result');
      expect(out.message.parseIssues).toEqual([
        expect.objectContaining({ kind: 'invalid_json', recovered: false, callId: 'call_1', excerpt: raw.slice(10) }),
      ]);
      expect(out.message.parseIssues![0]!.detail).toContain('The loop answers it with an error result (call_1)');
    });

    it('"treat them as text": no call, a final answer, the note still there', () => {
      const out = interpretResponse(response(raw), counter(), { malformedCalls: 'text' });
      expect(out.message.content).toBe(raw);
      expect(out.message.toolCalls).toEqual([]);
      expect(out.stop.derived).toBe('stop');
      expect(out.stop.anomalies[0]!.detail).toContain('treat malformed calls as text');
      expect(out.message.parseIssues).toEqual([expect.objectContaining({ kind: 'invalid_json', recovered: false })]);
      expect(out.message.parseIssues![0]!.callId).toBeUndefined();
      expect(out.message.parseIssues![0]!.detail).toContain('Not answered: malformed calls are treated as text.');
    });

    it('a failed block keeps its position for the ids a person chose', () => {
      const out = interpretResponse(response(`${raw}\n${block}`, 'stop', { toolCallIds: ['bad', 'good'] }), counter(), {
        malformedCalls: 'text',
      });
      expect(out.message.toolCalls.map((c) => c.id)).toEqual(['good']);
    });
  });

  it('flags a call to a tool the request did not offer (not malformed: the loop answers it)', () => {
    const raw = renderToolCallBlock('send_email', { to: 'x' });
    const out = interpretResponse(response(raw), counter(), { tools: [calculate] });
    expect(out.executableCalls).toHaveLength(1);
    expect(out.message.parseIssues).toEqual([
      expect.objectContaining({ kind: 'unknown_tool', recovered: true, callId: 'call_1' }),
    ]);
  });

  it('flags numbers the arguments cannot hold, keeping their written form for the refusal', () => {
    const raw =
      '<tool_call>\n{"name": "calculate", "arguments": {"operation": "add", "a": -8e5555, "b": 2.5}}\n</tool_call>';
    const out = interpretResponse(response(raw), counter(), { tools: [calculate] });
    expect(out.message.toolCalls[0]!.argumentsText).toBe('{"operation":"add","a":-8e5555,"b":2.5}');
    const [issue] = out.message.parseIssues!;
    expect(issue).toMatchObject({ kind: 'unrepresentable_number', recovered: true, callId: 'call_1' });
    expect(issue!.detail).toContain('a: -8e5555 overflows to -Infinity');
    expect(issue!.detail).toContain('b: 2.5 is a fraction, but the schema asks for an integer');
  });

  it('parses with the parser of the format the runtime names, and no other', () => {
    const llama = '{"name": "calculate", "parameters": {"a": 1}}';
    const asLlama = interpretResponse(response(llama, 'stop', { callFormat: 'llama-json' }), counter());
    expect(asLlama.message.toolCalls.map((c) => c.name)).toEqual(['calculate']);
    expect(asLlama.message.content).toBe('');
    // The same text read with the tag parser is just text.
    expect(interpretResponse(response(llama), counter()).message).toMatchObject({ content: llama, toolCalls: [] });
    // A truncated Llama call keeps its flag (it used to be lost when the tag parser read the text again).
    const cut = interpretResponse(
      response('{"name": "calculate", "parameters": {"a": 1', 'length', { callFormat: 'llama-json' }),
      counter(),
    );
    expect(kinds(cut)).toEqual(['tool-call-cut-by-length', 'malformed-tool-call', 'parse-issues']);
    expect(cut.message.parseIssues?.map((i) => i.kind)).toEqual(['invalid_json']);
  });

  it('Llama JSON without parameters is the answer: no executable call, the text kept, derived stop', () => {
    for (const raw of ['{"name": "John", "age": 30, "city": "NY"}', '{"name": "f"}']) {
      const out = interpretResponse(response(raw, 'stop', { callFormat: 'llama-json' }), counter(), {
        tools: [calculate],
      });
      expect(out.executableCalls).toEqual([]);
      expect(out.message).toMatchObject({ content: raw, toolCalls: [] });
      expect(out.stop.derived).toBe('stop');
      expect(out.message.parseIssues?.map((i) => [i.kind, i.recovered])).toEqual([['json_not_a_call', false]]);
    }
  });

  it('keeps reasoning visible', () => {
    const out = interpretResponse(response(`<think>hmm</think>${block}`), counter());
    expect(out.message.reasoning).toBe('hmm');
    expect(interpretResponse(response('plain'), counter()).message.reasoning).toBeUndefined();
    expect(interpretResponse(response('<think></think>plain'), counter()).message.reasoning).toBe('');
  });
});
