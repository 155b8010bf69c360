/**
 * The prompt the CPU runtime sends: the conversation rendered by the app in ChatML, exactly as Qwen2.5's
 * official chat template renders it (`engine/model-port/chat-prompt.ts`: tools in the system prompt, tool results
 * as one user turn of `<tool_response>` blocks, the generation prompt at the end). Rendering it here instead of
 * in llama.cpp's template engine lets the grammar cover the whole reply and shows the learner the exact text.
 *
 * One difference from re-rendering: an assistant turn goes back as the raw text the model produced (`<think>`
 * blocks stripped). For grammar-shaped calls that is the template's own rendering, and it is byte for byte
 * what llama.cpp already has in its KV cache, so only the new tokens are prefilled.
 */
import type { Message, ToolDefinition } from '../../engine';
import { renderChatPrompt, stripThinking } from '../../engine';

export function renderChatMlPrompt(messages: readonly Message[], tools: readonly ToolDefinition[]): string {
  const withRaw = messages.map((m): Message =>
    m.role === 'assistant' && m.raw.trim() !== '' ? { ...m, content: stripThinking(m.raw), toolCalls: [] } : m,
  );
  return renderChatPrompt({ messages: withRaw, tools });
}
