import { Template } from '@huggingface/jinja';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../engine/messages';
import { QWEN25_CHAT_TEMPLATE } from './gguf/tiny-model';
import { createPresetTools } from '../../engine/presets';
import { toFunctionTool } from '../../engine/protocol/hermes';
import { toDefinition } from '../../engine/tool';
import { renderChatMlPrompt } from './chatml-prompt';

const tools = createPresetTools()
  .filter((t) => t.name === 'calculate' || t.name === 'discount')
  .map(toDefinition);

/** The official Qwen2.5 template (embedded verbatim in the tiny model), rendered for the same conversation (tool-call arguments as objects). */
function official(messages: readonly Message[], withTools: boolean): string {
  const template = new Template(QWEN25_CHAT_TEMPLATE);
  const oai = messages.map((m) => {
    switch (m.role) {
      case 'assistant':
        return {
          role: 'assistant',
          content: m.content,
          ...(m.toolCalls.length > 0
            ? {
                tool_calls: m.toolCalls.map((c) => ({
                  type: 'function',
                  function: { name: c.name, arguments: JSON.parse(c.argumentsText) },
                })),
              }
            : {}),
        };
      case 'tool':
        return { role: 'tool', content: m.content };
      default:
        return { role: m.role, content: m.content };
    }
  });
  return template.render({
    messages: oai,
    ...(withTools ? { tools: tools.map(toFunctionTool) } : {}),
    add_generation_prompt: true,
  });
}

const call1 =
  '<tool_call>\n{"name": "calculate", "arguments": {"operation": "multiply", "a": 35000, "b": 0.82}}\n</tool_call>';
const call2 = '<tool_call>\n{"name": "discount", "arguments": {"price": 35000, "percent": 18}}\n</tool_call>';
const conversation: Message[] = [
  { role: 'system', content: 'You are a helpful assistant.' },
  { role: 'user', content: 'What is 35,000 at 18% off?' },
  {
    role: 'assistant',
    content: '',
    raw: `${call1}\n${call2}`,
    toolCalls: [
      { id: 'call_1', name: 'calculate', argumentsText: '{"operation":"multiply","a":35000,"b":0.82}' },
      { id: 'call_2', name: 'discount', argumentsText: '{"price":35000,"percent":18}' },
    ],
  },
  { role: 'tool', toolCallId: 'call_1', name: 'calculate', content: '28700', isError: false },
  { role: 'tool', toolCallId: 'call_2', name: 'discount', content: '{"final":28700}', isError: false },
  { role: 'assistant', content: 'It is 28,700.', raw: 'It is 28,700.', toolCalls: [] },
  { role: 'user', content: 'Thanks!' },
];

describe('renderChatMlPrompt equals the official Qwen2.5 chat template', () => {
  it('with tools, parallel calls sent back raw, grouped tool responses and a text answer', () => {
    expect(renderChatMlPrompt(conversation, tools)).toBe(official(conversation, true));
  });

  it('without tools, and with the template’s default system prompt when there is none', () => {
    expect(renderChatMlPrompt(conversation, [])).toBe(official(conversation, false));
    const noSystem = conversation.slice(1, 2);
    expect(renderChatMlPrompt(noSystem, tools)).toBe(official(noSystem, true));
    expect(renderChatMlPrompt(noSystem, [])).toBe(official(noSystem, false));
  });

  it('renders a turn written by a person (no raw text) from its content and calls', () => {
    const human: Message[] = [
      conversation[0]!,
      conversation[1]!,
      { ...(conversation[2] as Extract<Message, { role: 'assistant' }>), raw: '', content: 'Let me compute.' },
    ];
    expect(renderChatMlPrompt(human, tools)).toBe(official(human, true));
  });

  it('strips <think> blocks from raw assistant turns and ends with the generation prompt', () => {
    const prompt = renderChatMlPrompt(
      [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'Hello', raw: '<think>greet</think>\n\nHello', toolCalls: [] },
      ],
      [],
    );
    expect(prompt).toContain('<|im_start|>assistant\nHello<|im_end|>\n');
    expect(prompt).not.toContain('think');
    expect(prompt.endsWith('<|im_start|>assistant\n')).toBe(true);
  });
});
