/**
 * The conversation as the harness keeps it. Every message is plain, serializable data: the event log stores
 * them, projections rebuild them, and `toOpenAIMessages` exports them in the OpenAI chat-completions shape.
 */
import { assertNever } from './result';

/** A tool call parsed out of a model response (or authored by a human playing the model). */
export interface ToolCall {
  /** Pairs the call with its result. Runtimes that emit no ids get harness ids (`call_1`, `call_2`, …). */
  readonly id: string;
  readonly name: string;
  /** The arguments exactly as the model wrote them: JSON text, possibly invalid. */
  readonly argumentsText: string;
  /** Set when the call's block could not be parsed as `{"name": …, "arguments": {…}}`: the reason. */
  readonly parseError?: string;
}

export interface SystemMessage {
  readonly role: 'system';
  readonly content: string;
}

export interface UserMessage {
  readonly role: 'user';
  readonly content: string;
}

export interface AssistantMessage {
  readonly role: 'assistant';
  /** The visible text after the tool-call blocks and `<think>` blocks were taken out. */
  readonly content: string;
  /** Exactly what the model produced; sent back verbatim so a runtime can reuse its KV cache. */
  readonly raw: string;
  readonly toolCalls: readonly ToolCall[];
  /** Text of `<think>` blocks, shown to the learner and stripped from the history sent back. */
  readonly reasoning?: string;
}

export interface ToolMessage {
  readonly role: 'tool';
  readonly toolCallId: string;
  readonly name: string;
  readonly content: string;
  /** Anthropic's `is_error`: the result reports a failure (bad arguments, a throwing tool, a denial). */
  readonly isError: boolean;
}

export type Message = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

/** OpenAI chat-completions message shape, for export and for runtimes that speak it. */
export type OpenAIChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

/** Exports a transcript as OpenAI chat-completions messages (assistant content is the visible text). */
export function toOpenAIMessages(messages: readonly Message[]): OpenAIChatMessage[] {
  return messages.map((m): OpenAIChatMessage => {
    switch (m.role) {
      case 'system':
      case 'user':
        return { role: m.role, content: m.content };
      case 'assistant':
        if (m.toolCalls.length === 0) return { role: 'assistant', content: m.content };
        return {
          role: 'assistant',
          content: m.content === '' ? null : m.content,
          tool_calls: m.toolCalls.map((c) => ({
            id: c.id,
            type: 'function',
            function: { name: c.name, arguments: c.argumentsText },
          })),
        };
      case 'tool':
        return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
      default:
        return assertNever(m);
    }
  });
}
