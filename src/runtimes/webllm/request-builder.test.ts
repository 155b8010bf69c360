/** The request builder against web-llm's own request checks (postInitAndCheckFields, exported by the library). */
import { describe, expect, it } from 'vitest';
import { postInitAndCheckFieldsChatCompletion, functionCallingModelIds } from '@mlc-ai/web-llm';
import type { ChatCompletionRequest } from '@mlc-ai/web-llm';
import type { Message } from '../../engine/messages';
import type { ModelRequest } from '../../engine/runtime';
import type { ToolDefinition } from '../../engine/tool';
import { buildRequest, jsonObjectFormat } from './request-builder';

const tool: ToolDefinition = {
  name: 'current_time',
  description: 'Time in a zone',
  inputSchema: {
    type: 'object',
    properties: { timeZone: { type: 'string' } },
    required: ['timeZone'],
    additionalProperties: false,
  },
  returnDirect: false,
  needsApproval: false,
  source: 'preset',
};
const history: Message[] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Time in Seoul?' },
  {
    role: 'assistant',
    content: '',
    raw: '<tool_call>\n{"name": "current_time", "arguments": {"timeZone": "Asia/Seoul"}}\n</tool_call>',
    toolCalls: [{ id: 'call_1', name: 'current_time', argumentsText: '{"timeZone":"Asia/Seoul"}' }],
  },
  { role: 'tool', toolCallId: 'call_1', name: 'current_time', content: '21:04', isError: false },
];
const req = (messages: Message[], extra: Partial<ModelRequest> = {}): ModelRequest => ({
  messages,
  tools: [tool],
  toolChoice: 'auto',
  parallelToolCalls: true,
  round: 1,
  ...extra,
});

/** Runs web-llm's own validation on a copy (it mutates the request). */
function webllmCheck(request: ChatCompletionRequest, modelId: string): void {
  postInitAndCheckFieldsChatCompletion(structuredClone(request), modelId, 0);
}

const models = [
  'Qwen3-1.7B-q4f16_1-MLC',
  'Qwen2.5-1.5B-Instruct-q4f32_1-MLC',
  'Llama-3.2-1B-Instruct-q4f16_1-MLC',
  'Hermes-3-Llama-3.2-3B-q4f32_1-MLC',
];

describe('buildRequest obeys web-llm request rules', () => {
  for (const modelId of models) {
    it(`${modelId}: passes web-llm's checks; string contents; system only first; ends with user/tool`, () => {
      for (const messages of [history.slice(0, 2), history]) {
        const built = buildRequest(modelId, req(messages));
        expect(() => webllmCheck(built.request, modelId)).not.toThrow();
        const ms = built.request.messages;
        expect(ms.every((m) => typeof m.content === 'string')).toBe(true);
        expect(ms.slice(1).some((m) => m.role === 'system')).toBe(false);
        expect(['user', 'tool']).toContain(ms[ms.length - 1]!.role);
        expect(built.request.response_format?.type).toBe('structural_tag');
        expect(built.request.stream).toBe(true);
      }
    });
  }

  it('the library rejects what the builder avoids (so the checks above can fail)', () => {
    const bad = {
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'system', content: 'late' },
      ],
    } as ChatCompletionRequest;
    expect(() => webllmCheck(bad, models[0]!)).toThrow(/System prompt should always be the first/);
    const lastAssistant = {
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'x' },
      ],
    } as ChatCompletionRequest;
    expect(() => webllmCheck(lastAssistant, models[0]!)).toThrow(/Last message should be from either `user` or `tool`/);
    const tools = {
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ type: 'function', function: { name: 'a' } }],
    } as ChatCompletionRequest;
    expect(() => webllmCheck(tools, models[0]!)).toThrow(/not supported for ChatCompletionRequest.tools/);
  });

  it('Qwen sends tool results as a user message; Llama and Hermes with role tool', () => {
    expect(buildRequest(models[0]!, req(history)).request.messages.at(-1)).toEqual({
      role: 'user',
      content: '<tool_response>\n21:04\n</tool_response>',
    });
    expect(buildRequest(models[2]!, req(history)).request.messages.at(-1)).toEqual({
      role: 'tool',
      content: '"21:04"',
    });
    expect(buildRequest(models[3]!, req(history)).request.messages.at(-1)).toEqual({
      role: 'tool',
      content: '<tool_response>\n21:04\n</tool_response>',
    });
  });

  it('sends the exact raw assistant text back', () => {
    const built = buildRequest(models[0]!, req(history));
    expect(built.request.messages[2]).toEqual({ role: 'assistant', content: (history[2] as { raw: string }).raw });
  });

  it('a late system message goes as user text, never as a second system message', () => {
    const built = buildRequest(
      models[0]!,
      req([...history, { role: 'system', content: 'Now answer.' }, { role: 'user', content: 'ok?' }]),
    );
    expect(() => webllmCheck(built.request, models[0]!)).not.toThrow();
  });

  it('refuses a history that ends with the assistant (web-llm cannot continue a turn)', () => {
    expect(() => buildRequest(models[0]!, req(history.slice(0, 3)))).toThrow(
      /last message to be from the user or a tool result/,
    );
  });

  it('tool choice none leaves tools and constraint out; a json schema goes as a string', () => {
    const built = buildRequest(models[0]!, req(history.slice(0, 2), { toolChoice: 'none' }), {
      responseSchema: { type: 'object' },
    });
    expect(built.request.messages[0]!.content).toBe('Be brief.');
    expect(built.request.response_format).toEqual({ type: 'json_object', schema: '{"type":"object"}' });
    expect(() => webllmCheck(built.request, models[0]!)).not.toThrow();
    expect(jsonObjectFormat({ type: 'object' }).schema).toBeTypeOf('string');
  });

  it('parallel calls off → stop_after_first; Qwen3 thinking off → extra_body.enable_thinking false', () => {
    const built = buildRequest(models[0]!, req(history.slice(0, 2), { parallelToolCalls: false }), {
      enableThinking: false,
    });
    const st = built.request.response_format?.structural_tag as { format: { stop_after_first: boolean } };
    expect(st.format.stop_after_first).toBe(true);
    expect(built.request.extra_body).toEqual({ enable_thinking: false });
    expect(built.segments.at(-1)!.text.endsWith('<think>\n\n</think>\n\n')).toBe(true);
  });

  it('native Hermes: tools field, no custom system prompt, passes web-llm checks; final request without tools', () => {
    const id = 'Hermes-3-Llama-3.1-8B-q4f16_1-MLC';
    expect(functionCallingModelIds).toContain(id);
    const built = buildRequest(id, req(history.slice(0, 2)), { nativeTools: true });
    expect(built.mode).toBe('native-tools');
    expect(built.request.messages.some((m) => m.role === 'system')).toBe(false);
    expect(built.request.messages[0]!.content).toBe('Be brief.\n\nTime in Seoul?');
    expect(() => webllmCheck(built.request, id)).not.toThrow();
    const final = buildRequest(id, req(history), { nativeTools: true, nativeFinal: true });
    expect(final.mode).toBe('native-final');
    expect(final.request.tools).toBeUndefined();
    expect(() => webllmCheck(final.request, id)).not.toThrow();
  });
});
