/**
 * Turns a runtime's response into the assistant message and the derived stop reason: parse the raw text
 * through the text protocol (unless the runtime parsed calls natively), then derive the finish reason.
 */
import type { AssistantMessage, ToolCall } from '../messages';
import type { ModelResponse } from '../runtime';
import type { DerivedStop } from '../stop-reasons';
import { deriveStop } from '../stop-reasons';
import { parseModelOutput } from './hermes';

export interface InterpretedResponse {
  readonly message: AssistantMessage;
  readonly stop: DerivedStop;
  /** Calls the loop may execute: none when the response was aborted, filtered or cut by the token limit. */
  readonly executableCalls: readonly ToolCall[];
}

export function interpretResponse(response: ModelResponse, makeId: () => string): InterpretedResponse {
  // Calls are numbered in the order parseModelOutput meets them, so position i takes toolCallIds[i] if given.
  let position = 0;
  const idFor = (): string => response.toolCallIds?.[position++] || makeId();
  const parsed = parseModelOutput(response.raw, idFor);
  let toolCalls: ToolCall[];
  if (response.nativeToolCalls) {
    toolCalls = [...response.nativeToolCalls];
  } else {
    toolCalls = [...parsed.toolCalls];
    // A block the model never closed still counts when its JSON is whole, unless the token limit cut it.
    if (parsed.unterminatedCall && response.finishReason !== 'length') toolCalls.push(parsed.unterminatedCall);
  }
  const stop = deriveStop({
    raw: response.finishReason,
    toolCallCount: toolCalls.length,
    text: response.nativeToolCalls ? '' : parsed.content,
    unterminatedBlock: !response.nativeToolCalls && parsed.unterminatedBlock !== null,
    malformedCalls: toolCalls.filter((c) => c.parseError !== undefined).length,
  });
  const message: AssistantMessage = {
    role: 'assistant',
    content: response.nativeToolCalls ? '' : parsed.content,
    raw: response.raw,
    toolCalls,
    ...(parsed.reasoning !== undefined ? { reasoning: parsed.reasoning } : {}),
  };
  const executableCalls = stop.derived === 'tool_calls' ? toolCalls : [];
  return { message, stop, executableCalls };
}
