/**
 * The prompt text a ChatML model (Qwen2.5 style) sees for a request, and the request JSON, for the runtimes
 * that have no library to ask (scripted replay, a human playing the model). The rendering follows Qwen2.5's
 * official chat template: tools go into the system message through `systemPromptWithTools`, assistant tool
 * calls are written as `<tool_call>` blocks, consecutive tool results share one `user` turn inside
 * `<tool_response>` tags, and the prompt ends with the generation prompt `<|im_start|>assistant\n`.
 */
import type { AssistantMessage } from '../messages';
import { toOpenAIMessages } from '../messages';
import { renderToolCallBlock, systemPromptWithTools, toFunctionTool } from '../protocol/hermes';
import type { ModelRequest, RequestPreview, RequestTrace } from '../runtime';
import { assertNever, ok, type Result } from '../result';

/** Qwen2.5's template falls back to this system text when the history has none. */
export const QWEN_DEFAULT_SYSTEM = 'You are Qwen, created by Alibaba Cloud. You are a helpful assistant.';

export function renderChatPrompt(request: Pick<ModelRequest, 'messages' | 'tools'>): string {
  const { messages, tools } = request;
  const first = messages[0];
  const system = first?.role === 'system' ? first.content : QWEN_DEFAULT_SYSTEM;
  let out = `<|im_start|>system\n${systemPromptWithTools(system, tools)}<|im_end|>\n`;
  messages.forEach((message, index) => {
    switch (message.role) {
      case 'system':
        if (index > 0) out += `<|im_start|>system\n${message.content}<|im_end|>\n`;
        return;
      case 'user':
        out += `<|im_start|>user\n${message.content}<|im_end|>\n`;
        return;
      case 'assistant':
        out += `<|im_start|>assistant\n${assistantBody(message)}<|im_end|>\n`;
        return;
      case 'tool': {
        if (messages[index - 1]?.role !== 'tool') out += '<|im_start|>user';
        out += `\n<tool_response>\n${message.content}\n</tool_response>`;
        if (messages[index + 1]?.role !== 'tool') out += '<|im_end|>\n';
        return;
      }
      default:
        assertNever(message);
    }
  });
  return `${out}<|im_start|>assistant\n`;
}

/**
 * An assistant turn as the template writes it: the visible text, then one block per call, joined by newlines.
 * A call that could not be parsed is already in the text as the model wrote it (runs recorded before that
 * rule get its block written back from its text), so the prompt shows what was sent, once.
 */
export function assistantBody(message: AssistantMessage): string {
  const blocks = message.toolCalls.map((call) => {
    if (call.parseError !== undefined) {
      return message.content.includes(call.argumentsText) ? '' : `<tool_call>\n${call.argumentsText}\n</tool_call>`;
    }
    try {
      return renderToolCallBlock(call.name, JSON.parse(call.argumentsText === '' ? '{}' : call.argumentsText));
    } catch {
      return `<tool_call>\n{"name": ${JSON.stringify(call.name)}, "arguments": ${call.argumentsText}}\n</tool_call>`;
    }
  });
  return [message.content, ...blocks].filter((part) => part !== '').join('\n');
}

/** The request as an OpenAI chat-completions body (what an API-backed runtime would send). */
export function requestJson(request: ModelRequest): unknown {
  return {
    messages: toOpenAIMessages(request.messages),
    ...(request.tools.length > 0 ? { tools: request.tools.map(toFunctionTool) } : {}),
    tool_choice: request.toolChoice,
    parallel_tool_calls: request.parallelToolCalls,
    ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.seed !== undefined ? { seed: request.seed } : {}),
  };
}

/**
 * Splits text into estimated tokens: a run of up to 4 non-space characters with the whitespace before it.
 * BPE tokenizers average about 4 characters per English token, so the counts are estimates (and marked so).
 */
export function estimateTokens(text: string): string[] {
  return text.match(/\s*\S{1,4}|\s+/g) ?? [];
}

/**
 * `estimateTokens(text).length`, incrementally: a prompt that extends the previous one is counted from the
 * previous one's last piece on (earlier pieces cannot change: each piece is as long as the text after it allowed,
 * and that text is the same). One counter per runtime; any other prompt is counted whole.
 */
export function createTokenCounter(): (text: string) => number {
  let last: { text: string; count: number; lastStart: number } | null = null;
  return (text) => {
    const from = last !== null && last.count > 0 && text.startsWith(last.text) ? last : null;
    const start = from ? from.lastStart : 0;
    let count = from ? from.count - 1 : 0;
    let lastStart = start;
    const piece = /\s*\S{1,4}|\s+/g;
    piece.lastIndex = start;
    for (let m = piece.exec(text); m !== null; m = piece.exec(text)) {
      count++;
      lastStart = m.index;
    }
    last = { text, count, lastStart };
    return count;
  };
}

/** The body a runtime without a library records, as its preview (`ChatRuntime.previewRequest`). */
export function openAiPreview(request: ModelRequest): Result<RequestPreview> {
  return ok({ wire: 'openai-chat', body: requestJson(request) });
}

export function traceFor(request: ModelRequest, notes: readonly string[]): RequestTrace {
  const promptText = renderChatPrompt(request);
  return { requestJson: requestJson(request), promptText, notes };
}
