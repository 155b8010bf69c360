import { describe, expect, it } from 'vitest';
import type { Message } from './messages';
import { toOpenAIMessages } from './messages';
import { assertNever } from './result';

describe('toOpenAIMessages', () => {
  const transcript: Message[] = [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'What is 2+2 and the time?' },
    {
      role: 'assistant',
      content: '',
      raw: '<tool_call>…</tool_call>',
      toolCalls: [
        { id: 'call_1', name: 'calculate', argumentsText: '{"operation":"add","a":2,"b":2}' },
        { id: 'call_2', name: 'current_time', argumentsText: '{"timezone":"UTC"}' },
      ],
    },
    { role: 'tool', toolCallId: 'call_1', name: 'calculate', content: '4', isError: false },
    { role: 'tool', toolCallId: 'call_2', name: 'current_time', content: 'boom', isError: true },
    { role: 'assistant', content: 'It is 4.', raw: '<think>hm</think>It is 4.', toolCalls: [], reasoning: 'hm' },
  ];

  it('exports system, user and final assistant text as plain content', () => {
    const out = toOpenAIMessages(transcript);
    expect(out[0]).toEqual({ role: 'system', content: 'Be brief.' });
    expect(out[1]).toEqual({ role: 'user', content: 'What is 2+2 and the time?' });
    expect(out[5]).toEqual({ role: 'assistant', content: 'It is 4.' });
  });

  it('exports tool calls with null content, ids, type function and the arguments text verbatim', () => {
    const out = toOpenAIMessages(transcript);
    expect(out[2]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: 'call_1',
          type: 'function',
          function: { name: 'calculate', arguments: '{"operation":"add","a":2,"b":2}' },
        },
        { id: 'call_2', type: 'function', function: { name: 'current_time', arguments: '{"timezone":"UTC"}' } },
      ],
    });
  });

  it('pairs every tool message with a tool_call_id of the assistant message before it', () => {
    const out = toOpenAIMessages(transcript);
    const assistant = out[2] as { tool_calls: { id: string }[] };
    const ids = assistant.tool_calls.map((c) => c.id);
    expect(out[3]).toEqual({ role: 'tool', tool_call_id: 'call_1', content: '4' });
    expect(out[4]).toEqual({ role: 'tool', tool_call_id: 'call_2', content: 'boom' });
    expect([out[3], out[4]].map((m) => (m as { tool_call_id: string }).tool_call_id)).toEqual(ids);
  });

  it('keeps visible text next to tool calls', () => {
    const out = toOpenAIMessages([
      { role: 'assistant', content: 'Checking.', raw: 'x', toolCalls: [{ id: 'a', name: 't', argumentsText: '{}' }] },
    ]);
    expect(out[0]).toMatchObject({ role: 'assistant', content: 'Checking.' });
  });

  it('assertNever throws with the value', () => {
    expect(() => assertNever('x' as never)).toThrow('Unexpected value: "x"');
  });
});
