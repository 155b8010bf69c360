import { describe, expect, it } from 'vitest';
import type { Message } from '../../engine/messages';
import { llama32Format, qwen25Format } from '../../engine/protocol/formats';
import { createPresetTools } from '../../engine/presets';
import type { ModelRequest } from '../../engine/runtime';
import { toDefinition } from '../../engine/tool';
import type { BodyOptions } from './request-body';
import { buildBody, constraintSupport, llamaCallSchema } from './request-body';

const tools = createPresetTools()
  .filter((t) => t.name === 'calculate' || t.name === 'current_time')
  .map(toDefinition);

const history: Message[] = [
  { role: 'system', content: 'You are a helpful assistant.' },
  { role: 'user', content: 'What time is it in Seoul, and what is (128 × 7) − 19?' },
];

/** Turn 2 after a server-tools turn 1: the assistant's raw holds no call text, its calls are parsed. */
const afterServerTurn: Message[] = [
  ...history,
  {
    role: 'assistant',
    content: '',
    raw: '',
    toolCalls: [
      { id: 'call_a', name: 'current_time', argumentsText: '{"timezone":"Asia/Seoul"}' },
      { id: 'call_b', name: 'calculate', argumentsText: '{"operation":"multiply","a":128,"b":7}' },
    ],
  },
  { role: 'tool', toolCallId: 'call_a', name: 'current_time', content: '2026-12-02 19:41', isError: false },
  { role: 'tool', toolCallId: 'call_b', name: 'calculate', content: '896', isError: false },
];

function request(patch: Partial<ModelRequest> = {}): ModelRequest {
  return { messages: history, tools, toolChoice: 'auto', parallelToolCalls: true, round: 1, ...patch };
}

const options: BodyOptions = {
  model: 'qwen2.5:7b',
  mode: 'server-tools',
  format: qwen25Format,
  constraint: 'none',
  server: 'ollama',
  maxTokens: 512,
};

function body(req: ModelRequest, patch: Partial<BodyOptions> = {}) {
  const built = buildBody(req, { ...options, ...patch });
  if (!built.ok) throw new Error(built.error);
  return built.value;
}

describe('buildBody, server tools', () => {
  it('sends the tools, tool_choice and parallel_tool_calls, streams with usage, and builds no prompt', () => {
    const built = body(request());
    expect(built.body).toMatchObject({
      model: 'qwen2.5:7b',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 512,
      tool_choice: 'auto',
      parallel_tool_calls: true,
      messages: history,
    });
    expect((built.body.tools as { function: { name: string } }[]).map((t) => t.function.name)).toEqual([
      'calculate',
      'current_time',
    ]);
    expect(built.promptSegments).toBeNull();
  });

  it('sends the history as OpenAI messages: assistant tool_calls, then tool results by id', () => {
    const built = body(request({ messages: afterServerTurn, round: 2 }));
    const messages = built.body.messages as Record<string, unknown>[];
    expect(messages[2]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_a', type: 'function', function: { name: 'current_time', arguments: '{"timezone":"Asia/Seoul"}' } },
        {
          id: 'call_b',
          type: 'function',
          function: { name: 'calculate', arguments: '{"operation":"multiply","a":128,"b":7}' },
        },
      ],
    });
    expect(messages[3]).toEqual({ role: 'tool', tool_call_id: 'call_a', content: '2026-12-02 19:41' });
  });

  it('a named tool choice is an object where the server reads one, and "required" with that tool alone on llama.cpp', () => {
    const vllm = body(request({ toolChoice: { name: 'calculate' } }), { server: 'vllm' });
    expect(vllm.body.tool_choice).toEqual({ type: 'function', function: { name: 'calculate' } });
    expect(vllm.body.tools).toHaveLength(2);
    const llama = body(request({ toolChoice: { name: 'calculate' } }), { server: 'llama.cpp' });
    expect(llama.body.tool_choice).toBe('required');
    expect(llama.body.tools).toHaveLength(1);
    expect(llama.notes.join(' ')).toContain('sent as "required" with only that tool');
  });

  it('says where a server documents no tool_choice', () => {
    expect(body(request({ toolChoice: 'required' })).notes.join(' ')).toContain('Ollama');
    expect(body(request({ toolChoice: 'required' }), { server: 'vllm' }).notes).toEqual([]);
  });

  it('refuses a named tool that is not exposed, and "required" with no tools', () => {
    expect(buildBody(request({ toolChoice: { name: 'nope' } }), options)).toEqual({
      ok: false,
      error: 'Tool choice names "nope", which is not among the exposed tools.',
    });
    expect(buildBody(request({ tools: [], toolChoice: 'required' }), options).ok).toBe(false);
  });

  it('leaves tools out entirely when none are exposed', () => {
    const built = body(request({ tools: [] }));
    expect(built.body).not.toHaveProperty('tools');
    expect(built.body).not.toHaveProperty('tool_choice');
  });

  it('merges the extra body fields last; null removes a field', () => {
    const built = body(request(), { extraBody: { logit_bias: { '263': 10 }, max_tokens: null, seed: 7 } });
    expect(built.body.logit_bias).toEqual({ '263': 10 });
    expect(built.body).not.toHaveProperty('max_tokens');
    expect(built.body.seed).toBe(7);
  });
});

describe('buildBody, app protocol', () => {
  const app = { mode: 'app-protocol', server: 'llama.cpp' } as const;

  it('renders the tools into the system message in the family format, with no tools field', () => {
    const built = body(request(), app);
    const messages = built.body.messages as { role: string; content: string }[];
    expect(built.body).not.toHaveProperty('tools');
    expect(messages[0]!.role).toBe('system');
    expect(messages[0]!.content).toContain('<tools>');
    expect(messages[0]!.content).toContain('"name": "calculate"');
    expect(built.promptSegments?.map((s) => s.text).join('')).toMatch(
      /^<\|im_start\|>system\n[\s\S]*<\|im_start\|>assistant\n$/,
    );
  });

  it('constrains the reply with the harness GBNF grammar on llama.cpp', () => {
    const built = body(request(), { ...app, constraint: 'grammar' });
    expect(built.body.grammar).toEqual(expect.stringContaining('root ::='));
    expect(built.body.grammar).toEqual(expect.stringContaining('<tool_call>'));
  });

  it('writes the calls of a server-tools turn into the raw history, so a mode switch keeps them', () => {
    const built = body(request({ messages: afterServerTurn, round: 2 }), app);
    const messages = built.body.messages as { role: string; content: string }[];
    expect(messages[2]).toEqual({
      role: 'assistant',
      content:
        '<tool_call>\n{"name":"current_time","arguments":{"timezone":"Asia/Seoul"}}\n</tool_call>\n' +
        '<tool_call>\n{"name":"calculate","arguments":{"operation":"multiply","a":128,"b":7}}\n</tool_call>',
    });
    expect(messages[3]!.content).toContain('<tool_response>\n896\n</tool_response>');
  });

  it('Llama 3.2 with a forced call: one call object as response_format json_schema; tool results carry their ids', () => {
    const built = body(request({ messages: afterServerTurn, toolChoice: { name: 'calculate' }, round: 2 }), {
      ...app,
      format: llama32Format,
      constraint: 'json-schema',
    });
    expect(built.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'tool_call', strict: true, schema: llamaCallSchema(tools, { name: 'calculate' }) },
    });
    const messages = built.body.messages as Record<string, unknown>[];
    expect(messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual(['call_a', 'call_b']);
    // Llama's template renders one call per assistant turn: the two calls go as two turns, each with its result.
    expect(messages.slice(2).map((m) => [m.role, m.content])).toEqual([
      ['assistant', '{"name": "current_time", "parameters": {"timezone": "Asia/Seoul"}}'],
      ['tool', '"2026-12-02 19:41"'],
      ['assistant', '{"name": "calculate", "parameters": {"operation": "multiply", "a": 128, "b": 7}}'],
      ['tool', '"896"'],
    ]);
  });

  it('sends no JSON schema with tool choice auto (it would force a call every turn), and says why', () => {
    const built = body(request(), { ...app, format: llama32Format, constraint: 'json-schema' });
    expect(built.body).not.toHaveProperty('response_format');
    expect(built.notes.join(' ')).toContain('would force a call on every turn');
  });

  it('tool choice none leaves the tools out of the prompt', () => {
    const built = body(request({ toolChoice: 'none' }), { ...app, constraint: 'grammar' });
    expect((built.body.messages as { content: string }[])[0]!.content).not.toContain('<tools>');
    expect(built.body).not.toHaveProperty('grammar');
  });
});

describe('constraintSupport', () => {
  it('GBNF only on llama.cpp and only for the tag formats; JSON schema only for bare-JSON calls', () => {
    expect(constraintSupport('grammar', qwen25Format, 'llama.cpp').ok).toBe(true);
    expect(constraintSupport('grammar', qwen25Format, 'vllm')).toMatchObject({ ok: false });
    expect(constraintSupport('grammar', llama32Format, 'llama.cpp')).toMatchObject({ ok: false });
    expect(constraintSupport('json-schema', llama32Format, 'ollama').ok).toBe(true);
    const tags = constraintSupport('json-schema', qwen25Format, 'llama.cpp');
    expect(tags.ok === false && tags.error).toContain('cannot express');
    expect(constraintSupport('none', qwen25Format, 'other').ok).toBe(true);
  });
});
