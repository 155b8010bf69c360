/**
 * The conversation as the harness keeps it. Every message is plain, serializable data: the event log stores
 * them, projections rebuild them, and `toOpenAIMessages` exports them in the OpenAI chat-completions shape.
 */
import { assertNever } from './result';

/** What a parser forgave or flagged in one call attempt (the parsing contract's issue kinds, and ours). */
export const PARSE_ISSUE_KINDS = [
  'unterminated_think',
  'unterminated_tool_call',
  'invalid_json',
  'fenced_json',
  'multiple_objects_in_block',
  'missing_name',
  'arguments_not_object',
  'arguments_as_string',
  'parameters_key',
  'arguments_key',
  'missing_arguments',
  'stray_close_tag',
  'unknown_tool',
  'multiple_calls',
  // Beyond the contract's list: a call-like mention in prose that was read as text (the two "prose"
  // decisions of its table), a number the arguments cannot hold (issue 20, item 3), and Llama output that is
  // JSON with a "name" but no "parameters" — an answer in JSON, not a call (the contract's Llama rule; issue 28).
  'prose_mention',
  'unrepresentable_number',
  'json_not_a_call',
] as const;
export type ParseIssueKind = (typeof PARSE_ISSUE_KINDS)[number];

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

/**
 * Something the parser forgave or flagged in an assistant turn (the tool-call parsing contract's issues), kept
 * with the message so the transcript can show it as a note beside the call or the text.
 */
export interface ParseIssue {
  readonly kind: ParseIssueKind;
  /** True when the turn still holds a call for this problem (it was forgiven, not dropped). */
  readonly recovered: boolean;
  /** What the model wrote and what the parser made of it, in one sentence. */
  readonly detail: string;
  /** The raw text the issue is about (a failed block verbatim, a stray tag, a prose mention). */
  readonly excerpt?: string;
  /** The call the note belongs beside: a recovered call, or the error call a failed block was answered with. */
  readonly callId?: string;
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
  /**
   * The visible text after the blocks read as calls and the reasoning were taken out. A call attempt that could
   * not be read stays in it verbatim (nothing the model wrote is lost).
   */
  readonly content: string;
  /** Exactly what the model produced; sent back verbatim so a runtime can reuse its KV cache. */
  readonly raw: string;
  readonly toolCalls: readonly ToolCall[];
  /** Text of `<think>` blocks, shown to the learner and stripped from the history sent back. */
  readonly reasoning?: string;
  /** What the parser forgave or flagged while reading `raw` (absent when nothing). */
  readonly parseIssues?: readonly ParseIssue[];
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
