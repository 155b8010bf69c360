/**
 * Prompt fidelity: each format's rendered prompt against the model's official chat template, rendered with
 * @huggingface/jinja for the same messages and tools. Where they differ, the test pins the known difference.
 */
import { readFileSync } from 'node:fs';
import { Template } from '@huggingface/jinja';
import { describe, expect, it } from 'vitest';
import type { AssistantMessage, Message, ToolMessage } from '../../messages';
import type { ToolDefinition } from '../../tool';
import { renderToolCallBlock } from '../hermes';
import { hermesFormat, jsonToPythonType, renderHermesToolsSystem } from './hermes-format';
import { formatForModel, llama32Format, promptText, qwen25Format, qwen3Format } from './index';
import { localIsoDate, templateDate } from '../prompt-date';
import { renderLlamaCall } from './llama';

const templateDir = 'test-fixtures/chat-templates';
function template(file: string): Template {
  return new Template(readFileSync(`${templateDir}/${file}`, 'utf8'));
}

const calc: ToolDefinition = {
  name: 'calculate',
  description: 'Adds, subtracts, multiplies or divides two numbers.',
  inputSchema: {
    type: 'object',
    properties: {
      operation: { type: 'string', enum: ['add', 'subtract', 'multiply', 'divide'], description: 'The operation' },
      a: { type: 'number', description: 'First operand' },
      b: { type: 'number' },
    },
    required: ['operation', 'a', 'b'],
    additionalProperties: false,
  },
  returnDirect: false,
  needsApproval: false,
  source: 'preset',
};
const time: ToolDefinition = {
  name: 'current_time',
  description: 'The current date and time in a time zone.',
  inputSchema: {
    type: 'object',
    properties: { timeZone: { type: 'string', description: 'IANA zone, e.g. Asia/Seoul' } },
    required: ['timeZone'],
  },
  returnDirect: false,
  needsApproval: false,
  source: 'preset',
};
const tools = [calc, time];

function assistantCall(
  raw: string,
  calls: { name: string; args: Record<string, unknown> }[],
  content = '',
): AssistantMessage {
  return {
    role: 'assistant',
    content,
    raw,
    toolCalls: calls.map((c, i) => ({ id: `call_${i + 1}`, name: c.name, argumentsText: JSON.stringify(c.args) })),
  };
}
const toolResult = (id: string, name: string, content: string): ToolMessage => ({
  role: 'tool',
  toolCallId: id,
  name,
  content,
  isError: false,
});

/** The app's messages as Hugging Face chat-template messages (arguments as objects, the HF convention). */
function toHf(
  messages: readonly Message[],
  reasoningFor?: (m: AssistantMessage) => string | undefined,
): Record<string, unknown>[] {
  return messages.map((m) => {
    if (m.role === 'assistant') {
      const out: Record<string, unknown> = { role: 'assistant', content: m.content };
      const reasoning = reasoningFor?.(m);
      if (reasoning !== undefined) out.reasoning_content = reasoning;
      if (m.toolCalls.length > 0) {
        out.tool_calls = m.toolCalls.map((c) => ({
          type: 'function',
          function: { name: c.name, arguments: JSON.parse(c.argumentsText) },
        }));
      }
      return out;
    }
    if (m.role === 'tool') return { role: 'tool', content: m.content };
    return { role: m.role, content: m.content };
  });
}
const hfTools = tools.map((t) => ({
  type: 'function',
  function: { name: t.name, description: t.description, parameters: t.inputSchema },
}));

const qwenRaw1 = renderToolCallBlock('calculate', { operation: 'multiply', a: 35000, b: 0.82 });
const qwenRaw2 = renderToolCallBlock('current_time', { timeZone: 'Asia/Seoul' });
const qwenHistory: Message[] = [
  { role: 'system', content: 'You are a helpful assistant.' },
  { role: 'user', content: 'What is 35,000 at 18% off, and what time is it in Seoul?' },
  assistantCall(`${qwenRaw1}\n${qwenRaw2}`, [
    { name: 'calculate', args: { operation: 'multiply', a: 35000, b: 0.82 } },
    { name: 'current_time', args: { timeZone: 'Asia/Seoul' } },
  ]),
  toolResult('call_1', 'calculate', '28700'),
  toolResult('call_2', 'current_time', '2025-05-01T21:04:00+09:00'),
];

describe('Qwen2.5 format vs the official template', () => {
  const official = template('qwen2.5-instruct.jinja');
  const cases: [string, Message[], boolean][] = [
    ['system + user, tools', qwenHistory.slice(0, 2), true],
    ['no system message (Qwen default system)', qwenHistory.slice(1, 2), true],
    ['parallel calls and two results in one user turn', qwenHistory, true],
    ['no tools', qwenHistory.slice(0, 2), false],
    [
      'final answer then a new question',
      [
        ...qwenHistory,
        { role: 'assistant', content: 'It is 28,700.', raw: 'It is 28,700.', toolCalls: [] },
        { role: 'user', content: 'Thanks!' },
      ],
      true,
    ],
  ];
  for (const [name, messages, withTools] of cases) {
    it(`renders byte-identically: ${name}`, () => {
      const expected = official.render({
        messages: toHf(messages),
        tools: withTools ? hfTools : undefined,
        add_generation_prompt: true,
      });
      expect(promptText(qwen25Format.renderPrompt(messages, withTools ? tools : []))).toBe(expected);
    });
  }

  it('known difference: a non-canonical raw call is sent back as written, not re-rendered', () => {
    const raw = '<tool_call>\n{"name":"calculate","arguments":{"operation":"add","a":1,"b":2}}\n</tool_call>';
    const messages: Message[] = [
      qwenHistory[0]!,
      qwenHistory[1]!,
      assistantCall(raw, [{ name: 'calculate', args: { operation: 'add', a: 1, b: 2 } }]),
      toolResult('call_1', 'calculate', '3'),
    ];
    const ours = promptText(qwen25Format.renderPrompt(messages, tools));
    const expected = official.render({ messages: toHf(messages), tools: hfTools, add_generation_prompt: true });
    expect(ours).toContain(raw);
    expect(ours).not.toBe(expected);
    expect(ours).toBe(expected.replace(renderToolCallBlock('calculate', { operation: 'add', a: 1, b: 2 }), raw));
  });

  it('a shorter history renders as a prefix of a longer one (KV-cache reuse)', () => {
    const short = promptText(qwen25Format.renderPrompt(qwenHistory.slice(0, 2), tools));
    const long = promptText(qwen25Format.renderPrompt(qwenHistory, tools));
    expect(long.startsWith(short)).toBe(true);
    expect(long.slice(short.length).startsWith(`${qwenRaw1}\n${qwenRaw2}<|im_end|>\n`)).toBe(true);
  });

  it('splits the prompt into system, tools, history and new parts', () => {
    const segments = qwen25Format.renderPrompt(qwenHistory, tools);
    const parts = new Set(segments.map((s) => s.part));
    expect(parts).toEqual(new Set(['system', 'tools', 'history', 'new']));
    const newPart = segments
      .filter((s) => s.part === 'new')
      .map((s) => s.text)
      .join('');
    expect(newPart).toContain('<tool_response>\n28700\n</tool_response>\n<tool_response>');
    expect(newPart.endsWith('<|im_start|>assistant\n')).toBe(true);
  });

  it('sends tool results as one user message of <tool_response> blocks (qwen2 template has no tool role)', () => {
    const wire = qwen25Format.toWire(qwenHistory, tools);
    expect(wire.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(wire[3]!.content).toBe(
      '<tool_response>\n28700\n</tool_response>\n<tool_response>\n2025-05-01T21:04:00+09:00\n</tool_response>',
    );
  });

  it('builds one triggered tag per tool and maps tool choice', () => {
    const auto = qwen25Format.structuralTag(tools, 'auto', true)!;
    expect(auto.triggers).toEqual(['<tool_call>']);
    expect(auto.tags.map((t) => t.begin)).toEqual([
      '<tool_call>\n{"name": "calculate", "arguments": ',
      '<tool_call>\n{"name": "current_time", "arguments": ',
    ]);
    expect(auto.tags[0]!.end).toBe('}\n</tool_call>');
    expect(auto.tags[0]!.content.json_schema).toBe(calc.inputSchema);
    expect([auto.at_least_one, auto.stop_after_first]).toEqual([false, false]);
    expect(qwen25Format.structuralTag(tools, 'required', false)).toMatchObject({
      at_least_one: true,
      stop_after_first: true,
    });
    const named = qwen25Format.structuralTag(tools, { name: 'current_time' }, true)!;
    expect(named.tags).toHaveLength(1);
    expect(named.at_least_one).toBe(true);
    expect(qwen25Format.structuralTag(tools, 'none', true)).toBeNull();
    expect(qwen25Format.structuralTag([], 'auto', true)).toBeNull();
  });
});

describe('Qwen3 format vs the official template', () => {
  const official = template('qwen3.jinja');
  const thinkRaw = `<think>\nI need the calculator.\n</think>\n\n${qwenRaw1}`;
  const loop: Message[] = [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Discount 35000 by 18%?' },
    {
      ...assistantCall(thinkRaw, [{ name: 'calculate', args: { operation: 'multiply', a: 35000, b: 0.82 } }]),
      reasoning: 'I need the calculator.',
    },
    toolResult('call_1', 'calculate', '28700'),
  ];
  const reasoningOf = (m: AssistantMessage) => m.reasoning;

  it('keeps <think> in turns after the last user question, as the template does', () => {
    const expected = official.render({
      messages: toHf(loop, reasoningOf),
      tools: hfTools,
      add_generation_prompt: true,
    });
    const ours = promptText(qwen3Format.renderPrompt(loop, tools));
    expect(ours).toBe(expected);
    expect(ours).toContain('<think>\nI need the calculator.\n</think>');
  });

  it('strips <think> from turns before the last user question, as the template does', () => {
    const final: AssistantMessage = {
      role: 'assistant',
      content: 'It is 28,700.',
      raw: '<think>\nDone.\n</think>\n\nIt is 28,700.',
      toolCalls: [],
      reasoning: 'Done.',
    };
    const messages: Message[] = [...loop, final, { role: 'user', content: 'And 10% off 500?' }];
    const expected = official.render({
      messages: toHf(messages, reasoningOf),
      tools: hfTools,
      add_generation_prompt: true,
    });
    const ours = promptText(qwen3Format.renderPrompt(messages, tools));
    expect(ours).toBe(expected);
    expect(ours).not.toContain('<think>');
    expect(qwen3Format.toWire(messages, tools)[4]!.content).toBe('It is 28,700.');
  });

  it('thinking off: the generation prompt opens with an empty think block, like enable_thinking=false', () => {
    const messages = loop.slice(0, 2);
    const expected = official.render({
      messages: toHf(messages),
      tools: hfTools,
      add_generation_prompt: true,
      enable_thinking: false,
    });
    expect(promptText(qwen3Format.renderPrompt(messages, tools, { enableThinking: false }))).toBe(expected);
  });

  it('no system message and no tools: no system turn at all', () => {
    const messages: Message[] = [{ role: 'user', content: 'Hi' }];
    expect(promptText(qwen3Format.renderPrompt(messages, []))).toBe(
      official.render({ messages: toHf(messages), add_generation_prompt: true }),
    );
  });

  it('tools without a system message: the tools section is the system turn', () => {
    const messages: Message[] = [{ role: 'user', content: 'Hi' }];
    const expected = official.render({ messages: toHf(messages), tools: hfTools, add_generation_prompt: true });
    expect(promptText(qwen3Format.renderPrompt(messages, tools))).toBe(expected);
  });

  it('known difference: a shorter history is not a prefix once reasoning is dropped from an earlier turn', () => {
    const final: AssistantMessage = {
      role: 'assistant',
      content: 'ok',
      raw: '<think>\nx\n</think>\n\nok',
      toolCalls: [],
    };
    const all: Message[] = [...loop, final, { role: 'user', content: 'q2' }];
    const before = promptText(qwen3Format.renderPrompt(all.slice(0, 4), tools));
    const after = promptText(qwen3Format.renderPrompt(all, tools));
    expect(after.startsWith(before)).toBe(false);
  });

  it('parses <think> out and the <tool_call> blocks', () => {
    const parsed = qwen3Format.parse(thinkRaw);
    expect(parsed.reasoning).toBe('I need the calculator.');
    expect(parsed.calls).toEqual([
      {
        name: 'calculate',
        arguments: { operation: 'multiply', a: 35000, b: 0.82 },
        argumentsText: '{"operation":"multiply","a":35000,"b":0.82}',
      },
    ]);
    expect(parsed.content).toBe('');
    expect(qwen3Format.callFormat).toBe('tool-call-tags');
  });
});

describe('Llama 3.2 format vs the official template', () => {
  const official = template('llama-3.2-instruct.jinja');
  const callRaw = '{"name": "current_time", "parameters": {"timeZone": "Asia/Seoul"}}';
  const messages: Message[] = [
    { role: 'system', content: '  You are a helpful assistant. ' },
    { role: 'user', content: 'What time is it in Seoul?' },
    assistantCall(callRaw, [{ name: 'current_time', args: { timeZone: 'Asia/Seoul' } }]),
    toolResult('call_1', 'current_time', '2025-05-01T21:04:00+09:00'),
  ];
  const render = (ms: Message[], withTools: boolean) =>
    official.render({
      messages: toHf(ms),
      tools: withTools ? hfTools : undefined,
      add_generation_prompt: true,
      bos_token: '<|begin_of_text|>',
      date_string: '01 May 2025',
    });

  it('renders byte-identically with tools (tools in the first user message, results JSON-encoded as ipython)', () => {
    expect(promptText(llama32Format.renderPrompt(messages, tools, { dateString: '01 May 2025' }))).toBe(
      render(messages, true),
    );
  });
  it('renders byte-identically without tools', () => {
    expect(promptText(llama32Format.renderPrompt(messages.slice(0, 2), [], { dateString: '01 May 2025' }))).toBe(
      render(messages.slice(0, 2), false),
    );
  });
  it('renders byte-identically without a system message', () => {
    expect(promptText(llama32Format.renderPrompt(messages.slice(1, 2), tools, { dateString: '01 May 2025' }))).toBe(
      render(messages.slice(1, 2), true),
    );
  });
  it("prints the run's date: today, byte-identical to the template rendering with strftime_now", () => {
    const today = templateDate(localIsoDate(Date.now()))!;
    const officialToday = official.render({
      messages: toHf(messages.slice(1, 2)),
      add_generation_prompt: true,
      bos_token: '<|begin_of_text|>',
    });
    expect(officialToday).toContain(`Today Date: ${today}\n\n`);
    expect(promptText(llama32Format.renderPrompt(messages.slice(1, 2), [], { dateString: today }))).toBe(officialToday);
    // Without a date the format falls back like the template does where strftime_now is missing.
    expect(promptText(llama32Format.renderPrompt(messages.slice(1, 2), []))).toContain('Today Date: 26 Jul 2024\n\n');
  });
  it('known difference: the official template refuses two calls in one turn, so stop_after_first is forced', () => {
    const two = assistantCall('x', [
      { name: 'current_time', args: {} },
      { name: 'current_time', args: {} },
    ]);
    expect(() =>
      official.render({
        messages: toHf([messages[1]!, two, toolResult('a', 'b', 'c')]),
        tools: hfTools,
        bos_token: '',
      }),
    ).toThrow(/single tool-calls/);
    expect(llama32Format.structuralTag(tools, 'auto', true)).toMatchObject({
      stop_after_first: true,
      triggers: ['{"name": '],
    });
    expect(llama32Format.structuralTag(tools, 'auto', true)!.tags[0]).toMatchObject({
      begin: '{"name": "calculate", "parameters": ',
      end: '}',
    });
  });
  it('sends results with role tool (mlc llama-3_1 maps it to ipython)', () => {
    expect(llama32Format.toWire(messages, tools).map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(llama32Format.toWire(messages, tools)[3]!.content).toBe('"2025-05-01T21:04:00+09:00"');
  });
  it('parses with its own JSON parser (the fixtures hold every case)', () => {
    expect(llama32Format.callFormat).toBe('llama-json');
    expect(llama32Format.parse(callRaw).calls.map((c) => [c.name, c.argumentsText])).toEqual([
      ['current_time', '{"timeZone":"Asia/Seoul"}'],
    ]);
    const cut = llama32Format.parse('{"name": "a", "parameters": {"x": 1');
    expect(cut).toMatchObject({ calls: [], content: '{"name": "a", "parameters": {"x": 1', cutOff: true });
    expect(cut.issues.map((i) => i.kind)).toEqual(['invalid_json']);
  });

  describe('a history with two calls in one assistant turn', () => {
    const twoCalls: Message[] = [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'Time in Seoul, and 6 times 7?' },
      assistantCall(
        '{"name": "current_time", "parameters": {"timeZone": "Asia/Seoul"}}; {"name": "calculate", "parameters": {"operation": "multiply", "a": 6, "b": 7}}',
        [
          { name: 'current_time', args: { timeZone: 'Asia/Seoul' } },
          { name: 'calculate', args: { operation: 'multiply', a: 6, b: 7 } },
        ],
      ),
      toolResult('call_1', 'current_time', '2025-05-01T21:04:00+09:00'),
      toolResult('call_2', 'calculate', '42'),
    ];
    /** The same conversation as the model would have had calling one tool at a time. */
    const oneAtATime: Message[] = [
      twoCalls[0]!,
      twoCalls[1]!,
      assistantCall('', [{ name: 'current_time', args: { timeZone: 'Asia/Seoul' } }]),
      twoCalls[3]!,
      {
        ...assistantCall('', [{ name: 'calculate', args: { operation: 'multiply', a: 6, b: 7 } }]),
        toolCalls: [{ id: 'call_2', name: 'calculate', argumentsText: '{"operation":"multiply","a":6,"b":7}' }],
      },
      twoCalls[4]!,
    ];

    it('the official template refuses it', () => {
      expect(() => render(twoCalls, true)).toThrow('This model only supports single tool-calls at once!');
    });

    it('is sent as single-call turns, each followed by its result: byte-identical to the template for those', () => {
      const ours = promptText(llama32Format.renderPrompt(twoCalls, tools, { dateString: '01 May 2025' }));
      expect(ours).toBe(render(oneAtATime, true));
      expect(llama32Format.toWire(twoCalls, tools).map((m) => m.role)).toEqual([
        'system',
        'user',
        'assistant',
        'tool',
        'assistant',
        'tool',
      ]);
    });

    it('is flagged beside the prompt, saying how it is sent', () => {
      expect(llama32Format.historyNotes(messages)).toEqual([]);
      const [note] = llama32Format.historyNotes(twoCalls);
      expect(note).toContain('current_time, calculate holds 2 tool calls');
      expect(note).toContain('This model only supports single tool-calls at once!');
      expect(note).toContain('2 assistant turns of one call each, each followed by its result');
      expect(qwen25Format.historyNotes(twoCalls)).toEqual([]);
    });

    it('renders one call as the template does, or as written when its arguments are not JSON', () => {
      expect(renderLlamaCall({ id: 'c', name: 'a', argumentsText: '{"x":[1,2]}' })).toBe(
        '{"name": "a", "parameters": {"x": [1, 2]}}',
      );
      expect(renderLlamaCall({ id: 'c', name: 'a', argumentsText: '{x' })).toBe('{"name": "a", "parameters": {x}');
    });
  });
});

describe('Hermes format vs the official tool_use template', () => {
  const official = template('hermes-3-tool-use.jinja');
  const raw = renderToolCallBlock('current_time', { timeZone: 'Asia/Seoul' });
  const hfRender = (ms: Message[]) =>
    official.render({
      messages: toHf(ms),
      tools: [hfTools[1]],
      add_generation_prompt: true,
      bos_token: '<|begin_of_text|>',
    });

  it('renders the tools system turn byte-identically', () => {
    const expected = hfRender([{ role: 'user', content: 'Time in Seoul?' }]);
    expect(promptText(hermesFormat.renderPrompt([{ role: 'user', content: 'Time in Seoul?' }], [time]))).toBe(expected);
    expect(expected).toContain(renderHermesToolsSystem([time]));
  });

  it('known differences: caller system merged into the tools turn; tool turn ends with a newline', () => {
    const messages: Message[] = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Time in Seoul?' },
      assistantCall(raw, [{ name: 'current_time', args: { timeZone: 'Asia/Seoul' } }]),
      toolResult('call_1', 'current_time', '21:04'),
    ];
    const ours = promptText(hermesFormat.renderPrompt(messages, [time]));
    const expected = hfRender(messages);
    expect(ours).not.toBe(expected);
    // Undo the two documented differences and the rest is identical.
    const oursAdjusted = ours
      .replace(
        '</tool_call>\n\nBe brief.<|im_end|>\n',
        '</tool_call><|im_end|>\n<|im_start|>system\nBe brief.<|im_end|>\n',
      )
      .replace('\n</tool_response><|im_end|>\n', '\n</tool_response><|im_end|>');
    expect(oursAdjusted).toBe(expected);
    expect(hermesFormat.toWire(messages, [time]).map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
  });

  it('words every difference for a learner: what the template renders, what is sent, and why', () => {
    for (const difference of hermesFormat.knownDifferences) {
      expect(difference).toMatch(/the template/i);
      expect(difference).toMatch(/the app (sends|shows)/);
      expect(difference).toMatch(/because/);
    }
  });

  it('python types follow the macro (arrays as list[Union[]], closed objects as dict[str, Union[]])', () => {
    expect(jsonToPythonType({ type: 'integer' })).toBe('int');
    expect(jsonToPythonType({ type: 'array', items: { type: 'string' } })).toBe('list[Union[]]');
    expect(jsonToPythonType({ type: 'object', additionalProperties: false })).toBe('dict[str, Union[]]');
    expect(jsonToPythonType({ type: 'object' })).toBe('dict');
    expect(jsonToPythonType({ type: ['string', 'number'] })).toBe('Union[str,float]');
    expect(jsonToPythonType({ enum: ['a'] })).toBe('Union[]');
  });
});

describe('formatForModel', () => {
  it('maps web-llm model ids to their family', () => {
    expect(formatForModel('Qwen2.5-1.5B-Instruct-q4f16_1-MLC')?.id).toBe('qwen2.5');
    expect(formatForModel('Qwen3-1.7B-q4f32_1-MLC')?.id).toBe('qwen3');
    expect(formatForModel('Llama-3.2-3B-Instruct-q4f16_1-MLC')?.id).toBe('llama-3.2');
    expect(formatForModel('Hermes-3-Llama-3.1-8B-q4f16_1-MLC')?.id).toBe('hermes');
    expect(formatForModel('Hermes-3-Llama-3.2-3B-q4f32_1-MLC')?.id).toBe('hermes');
    expect(formatForModel('gemma3-1b-it-q4f16_1-MLC')).toBeNull();
  });
});
