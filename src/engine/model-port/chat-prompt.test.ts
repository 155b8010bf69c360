import { readFileSync } from 'node:fs';
import { Template } from '@huggingface/jinja';
import { describe, expect, it } from 'vitest';
import type { Message } from '../messages';
import { toOpenAIMessages } from '../messages';
import { createPresetTools } from '../presets';
import { toFunctionTool } from '../protocol/hermes';
import type { ModelRequest } from '../runtime';
import { promptExtension } from '../runtime';
import { TraceChain, withFullTraces } from '../loop/prompt-trace';
import { toDefinition } from '../tool';
import { interpretResponse } from '../protocol/interpret';
import {
  assistantBody,
  createTokenCounter,
  createTraceRenderer,
  estimateTokens,
  renderChatPrompt,
  requestJson,
  traceFor,
} from './chat-prompt';

const template = new Template(readFileSync('test-fixtures/chat-templates/qwen2.5-instruct.jinja', 'utf8'));
const tools = createPresetTools().map(toDefinition).slice(0, 2);

const history: Message[] = [
  { role: 'system', content: 'You are helpful.' },
  { role: 'user', content: 'Time in Seoul and 128×7?' },
  {
    role: 'assistant',
    content: '',
    raw: '',
    toolCalls: [
      { id: 'call_1', name: 'current_time', argumentsText: '{"timezone":"Asia/Seoul"}' },
      { id: 'call_2', name: 'calculate', argumentsText: '{"operation":"multiply","a":128,"b":7}' },
    ],
  },
  { role: 'tool', toolCallId: 'call_1', name: 'current_time', content: '2026-12-02 19:41', isError: false },
  { role: 'tool', toolCallId: 'call_2', name: 'calculate', content: '896', isError: false },
  {
    role: 'assistant',
    content: 'Let me subtract.',
    raw: '',
    toolCalls: [{ id: 'call_3', name: 'calculate', argumentsText: '{"operation":"subtract","a":896,"b":19}' }],
  },
  { role: 'tool', toolCallId: 'call_3', name: 'calculate', content: '877', isError: false },
  { role: 'assistant', content: 'It is 877.', raw: '', toolCalls: [] },
  { role: 'user', content: 'Thanks' },
];

/** What the official template renders for our history (tool-call arguments as objects, as transformers takes them). */
function official(messages: Message[], withTools: boolean): string {
  const hf = toOpenAIMessages(messages).map((m) =>
    m.role === 'assistant' && m.tool_calls
      ? {
          ...m,
          content: m.content ?? '',
          tool_calls: m.tool_calls.map((c) => ({
            ...c,
            function: { ...c.function, arguments: JSON.parse(c.function.arguments) },
          })),
        }
      : m,
  );
  return template.render({
    messages: hf,
    tools: withTools ? tools.map(toFunctionTool) : undefined,
    add_generation_prompt: true,
  });
}

const request = (messages: Message[], withTools = true): ModelRequest => ({
  messages,
  tools: withTools ? tools : [],
  toolChoice: 'auto',
  parallelToolCalls: true,
  round: 1,
});

describe('renderChatPrompt', () => {
  it('matches the Qwen2.5 template for a whole conversation with tools', () => {
    expect(renderChatPrompt(request(history))).toBe(official(history, true));
  });

  it('matches without tools and without a system message', () => {
    expect(renderChatPrompt(request(history, false))).toBe(official(history, false));
    const noSystem = history.slice(1);
    expect(renderChatPrompt(request(noSystem))).toBe(official(noSystem, true));
  });
});

describe('assistantBody', () => {
  it('writes a call that could not be parsed once: as the model wrote it, in the text', () => {
    let n = 0;
    const raw = 'Checking.\n<tool_call>\n{"name": "calculate", "arguments": {"a": 1}\n</tool_call>';
    const { message } = interpretResponse({ raw, finishReason: 'stop' }, () => `call_${++n}`);
    expect(message.toolCalls[0]!.parseError).toBeDefined();
    expect(assistantBody(message)).toBe(raw);
    // A run recorded before broken blocks stayed in the text still shows the block.
    expect(assistantBody({ ...message, content: 'Checking.' })).toBe(
      'Checking.\n<tool_call>\n{"name": "calculate", "arguments": {"a": 1}\n</tool_call>',
    );
  });
});

describe('requestJson and estimates', () => {
  it('is an OpenAI chat-completions body', () => {
    const body = requestJson({ ...request(history.slice(0, 2)), maxTokens: 64 }) as Record<string, unknown>;
    expect(body).toMatchObject({ tool_choice: 'auto', parallel_tool_calls: true, max_tokens: 64 });
    expect(body.tools).toEqual(tools.map(toFunctionTool));
    expect(requestJson(request(history.slice(0, 2), false))).not.toHaveProperty('tools');
  });

  it('splits text into pieces that join back to it', () => {
    const text = 'Hello  wonderful world,\n<tool_call>\n{"a": 1}';
    expect(estimateTokens(text).join('')).toBe(text);
    expect(estimateTokens('wonderful')).toEqual(['wond', 'erfu', 'l']);
    expect(estimateTokens('')).toEqual([]);
  });
});

describe('incremental token count', () => {
  it('counts a prompt that extends the previous one as estimateTokens does, and any other prompt whole', () => {
    const count = createTokenCounter();
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const pieces = ['a', 'bc', 'defgh', ' ', '  ', '\n', 'tool_call', '{"x": 1}', '\t', 'ü'];
    let text = '';
    for (let i = 0; i < 300; i++) {
      text += pieces[Math.floor(random() * pieces.length)];
      expect(count(text)).toBe(estimateTokens(text).length);
    }
    // Not an extension: counted from scratch.
    expect(count('other text entirely')).toBe(estimateTokens('other text entirely').length);
    expect(count('')).toBe(0);
    expect(count('abc')).toBe(1);
  });
});

describe('the trace renderer of a runtime', () => {
  const request = (messages: readonly Message[], offered = tools): ModelRequest => ({
    messages,
    tools: offered,
    toolChoice: 'auto',
    parallelToolCalls: true,
    round: 1,
  });

  it('gives the trace traceFor gives, call after call, whatever changed between them', () => {
    const render = createTraceRenderer();
    const calls: ModelRequest[] = [];
    // A history that grows at the end, as the loop's does (every prefix, the same message objects).
    for (let n = 1; n <= history.length; n++) calls.push(request(history.slice(0, n)));
    // An earlier message rewritten (an edit that rewrites the call), the tools changed, the system changed,
    // a new run (shorter), no tools at all.
    const rewritten = history.map((m, i) => (i === 2 ? { ...m } : m));
    calls.push(request(rewritten));
    calls.push(request(rewritten, tools.slice(0, 1)));
    calls.push(request([{ role: 'system', content: 'Another system.' }, ...rewritten.slice(1)], tools.slice(0, 1)));
    calls.push(request(history.slice(0, 2)));
    calls.push(request(history.slice(0, 4), []));
    calls.push(request(history.slice(1, 5)));
    for (const [i, call] of calls.entries()) {
      const { trace, promptTokens } = render(call, ['note']);
      expect(trace, `call ${i + 1}`).toEqual(traceFor(call, ['note']));
      expect(promptTokens, `call ${i + 1}`).toBe(estimateTokens(trace.promptText!).length);
    }
  });

  it('says by how much a prompt extends the previous one, and the log stores exactly that', () => {
    const render = createTraceRenderer();
    // The requests a run sends: each history that ends with the user or a batch's results (the model writes the rest).
    const sent = history.flatMap((m, i) =>
      m.role === 'user' || (m.role === 'tool' && history[i + 1]?.role !== 'tool') ? [history.slice(0, i + 1)] : [],
    );
    let previous = render(request(sent[0]!), []).trace;
    for (const messages of sent.slice(1)) {
      const next = render(request(messages), []).trace;
      const extension = promptExtension(next);
      expect(extension?.previous, `${messages.length} messages`).toBe(previous.promptText);
      expect(extension!.previous + extension!.appended).toBe(next.promptText);
      const chain = new TraceChain();
      const stored = [previous, next].map((trace, round) =>
        chain.store({
          type: 'model-responded',
          at: 0,
          round: round + 1,
          response: { raw: '', finishReason: 'stop', trace },
          message: { role: 'assistant', content: '', raw: '', toolCalls: [] },
          stop: { raw: 'stop', derived: 'stop', anomalies: [] },
          calls: [],
        }),
      );
      expect(withFullTraces(stored).map((e) => e.type === 'model-responded' && e.response.trace)).toEqual([
        previous,
        next,
      ]);
      // The second is stored as what it added: the first prompt is not in it.
      expect(JSON.stringify(stored[1])).not.toContain('You are helpful.');
      previous = next;
    }
    // A history changed before its end (an edit that rewrote a call) is not an extension: rendered again, compared.
    const rewritten = history.slice(0, 7).map((m, i) => (i === 2 ? { ...m } : m));
    expect(promptExtension(render(request(rewritten), []).trace)).toBeUndefined();
  });

  it('keeps each message’s part of the request body from call to call (a trace delta compares them by reference)', () => {
    const render = createTraceRenderer();
    const first = render(request(history.slice(0, 5)), []).trace.requestJson as { messages: unknown[] };
    const second = render(request(history.slice(0, 7)), []).trace.requestJson as { messages: unknown[] };
    expect(second.messages.slice(0, 5).every((m, i) => m === first.messages[i])).toBe(true);
  });
});
