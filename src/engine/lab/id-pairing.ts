/**
 * The id-pairing lesson. A tool result pairs with its call by id: OpenAI's `tool_call_id` (Responses API:
 * `call_id`), Anthropic's `tool_use_id`. At a pause the learner may send a result back with a wrong or a missing id
 * (`result-id-set`); the log keeps the true pairing, and the next request carries the id as chosen
 * (`applyResultIds`), so the Request tab and every runtime see exactly what was sent.
 *
 * Nothing silently fixes it. `apiVerdicts` says what each API does with such a request — the HTTP 400 and its
 * message, worded as the APIs word them — and `templateView` what the small-model chat templates do: they render the
 * results in order and never print an id, so the model reads the same prompt either way.
 */
import type { Message, ToolMessage } from '../messages';
import { PROMPT_FORMATS, promptText } from '../protocol/formats';
import type { FormatId } from '../protocol/formats';
import type { ToolDefinition } from '../tool';
import type { ResultIds } from './types';

export type { ResultIds } from './types';

/** The messages as sent: each result the learner changed carries its chosen id ('' for none). */
export function applyResultIds(messages: readonly Message[], resultIds: ResultIds): readonly Message[] {
  if (Object.keys(resultIds).length === 0) return messages;
  let changed = false;
  const out = messages.map((m): Message => {
    if (m.role !== 'tool' || !Object.hasOwn(resultIds, m.toolCallId)) return m;
    changed = true;
    return { ...m, toolCallId: resultIds[m.toolCallId] ?? '' } satisfies ToolMessage;
  });
  return changed ? out : messages;
}

/** A wrong id to offer for a call: an id of another call of the run if there is one (a stale id), else `call_0`. */
export function suggestWrongId(callId: string, runCallIds: readonly string[]): string {
  const other = runCallIds.filter((id) => id !== callId);
  return other.length > 0 ? other[0]! : 'call_0';
}

export interface PairingProblem {
  readonly kind: 'unknown-id' | 'missing-id' | 'unanswered';
  /** The id the result carries ('' when none), or the call left without a result. */
  readonly id: string;
  /** Position of the tool message (unknown / missing) or of the assistant message (unanswered) in `messages`. */
  readonly index: number;
}

/**
 * Where results and calls fail to pair: a result whose id matches no call of the assistant turn right before it,
 * a result with no id, a call of that turn with no result after it.
 */
export function pairingProblems(messages: readonly Message[]): PairingProblem[] {
  const problems: PairingProblem[] = [];
  for (let i = 0; i < messages.length; i += 1) {
    const message = messages[i]!;
    if (message.role !== 'assistant' || message.toolCalls.length === 0) continue;
    const ids = new Set(message.toolCalls.map((c) => c.id));
    const answered = new Set<string>();
    let j = i + 1;
    for (; j < messages.length && messages[j]!.role === 'tool'; j += 1) {
      const result = messages[j] as ToolMessage;
      if (result.toolCallId === '') problems.push({ kind: 'missing-id', id: '', index: j });
      else if (!ids.has(result.toolCallId)) problems.push({ kind: 'unknown-id', id: result.toolCallId, index: j });
      else answered.add(result.toolCallId);
    }
    // A turn still waiting for its results (the last message) is not a problem yet.
    if (j === i + 1 && j === messages.length) continue;
    for (const call of message.toolCalls) {
      if (!answered.has(call.id)) problems.push({ kind: 'unanswered', id: call.id, index: i });
    }
  }
  return problems;
}

export type ApiId = 'openai-chat' | 'openai-responses' | 'anthropic';

export interface ApiVerdict {
  readonly api: ApiId;
  /** 200 when the API accepts the request, 400 when it refuses it. */
  readonly status: 200 | 400;
  /** The error message, worded as the API words it (absent when accepted). */
  readonly message?: string;
}

/** What each API answers to a request with these messages (only the pairing rules are checked). */
export function apiVerdicts(messages: readonly Message[]): ApiVerdict[] {
  const problems = pairingProblems(messages);
  return [openAiChat(messages, problems), openAiResponses(messages, problems), anthropic(messages, problems)];
}

function openAiChat(messages: readonly Message[], problems: readonly PairingProblem[]): ApiVerdict {
  const missing = problems.find((p) => p.kind === 'missing-id');
  if (missing) {
    return {
      api: 'openai-chat',
      status: 400,
      message: `Missing required parameter: 'messages[${missing.index}].tool_call_id'.`,
    };
  }
  const unanswered = problems.filter((p) => p.kind === 'unanswered');
  if (unanswered.length > 0) {
    return {
      api: 'openai-chat',
      status: 400,
      message:
        "An assistant message with 'tool_calls' must be followed by tool messages responding to each " +
        `'tool_call_id'. The following tool_call_ids did not have response messages: ${unanswered.map((p) => p.id).join(', ')}`,
    };
  }
  const unknown = problems.find((p) => p.kind === 'unknown-id');
  if (unknown) {
    return {
      api: 'openai-chat',
      status: 400,
      message:
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
    };
  }
  void messages;
  return { api: 'openai-chat', status: 200 };
}

/** The Responses API: each call is a `function_call` input item, each result a `function_call_output` item. */
function openAiResponses(messages: readonly Message[], problems: readonly PairingProblem[]): ApiVerdict {
  const items = responsesItemIndex(messages);
  const missing = problems.find((p) => p.kind === 'missing-id');
  if (missing) {
    return {
      api: 'openai-responses',
      status: 400,
      message: `Missing required parameter: 'input[${items.get(missing.index) ?? missing.index}].call_id'.`,
    };
  }
  const unknown = problems.find((p) => p.kind === 'unknown-id');
  if (unknown) {
    return {
      api: 'openai-responses',
      status: 400,
      message: `No tool call found for function call output with call_id ${unknown.id}.`,
    };
  }
  const unanswered = problems.find((p) => p.kind === 'unanswered');
  if (unanswered) {
    return {
      api: 'openai-responses',
      status: 400,
      message: `No tool output found for function call ${unanswered.id}.`,
    };
  }
  return { api: 'openai-responses', status: 200 };
}

/** Position of each tool message among the Responses API's input items (system goes to `instructions`). */
function responsesItemIndex(messages: readonly Message[]): Map<number, number> {
  const index = new Map<number, number>();
  let item = 0;
  messages.forEach((m, i) => {
    if (m.role === 'system') return;
    if (m.role === 'assistant') {
      item += (m.content !== '' ? 1 : 0) + m.toolCalls.length;
      return;
    }
    index.set(i, item);
    item += 1;
  });
  return index;
}

/**
 * Anthropic's Messages API: the system prompt is a top-level field, and consecutive tool results are the
 * `tool_result` blocks of one user message; messages are numbered without the system message.
 */
function anthropic(messages: readonly Message[], problems: readonly PairingProblem[]): ApiVerdict {
  const where = anthropicPositions(messages);
  const missing = problems.find((p) => p.kind === 'missing-id');
  if (missing) {
    const at = where.get(missing.index)!;
    return {
      api: 'anthropic',
      status: 400,
      message: `messages.${at.message}.content.${at.block}.tool_result.tool_use_id: Field required`,
    };
  }
  const unanswered = problems.filter((p) => p.kind === 'unanswered');
  if (unanswered.length > 0) {
    const at = where.get(unanswered[0]!.index)!;
    return {
      api: 'anthropic',
      status: 400,
      message:
        `messages.${at.message}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ` +
        `${unanswered.map((p) => p.id).join(', ')}. Each \`tool_use\` block must have a corresponding ` +
        '`tool_result` block in the next message.',
    };
  }
  const unknown = problems.find((p) => p.kind === 'unknown-id');
  if (unknown) {
    const at = where.get(unknown.index)!;
    return {
      api: 'anthropic',
      status: 400,
      message:
        `messages.${at.message}.content.${at.block}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ` +
        `${unknown.id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
    };
  }
  return { api: 'anthropic', status: 200 };
}

function anthropicPositions(messages: readonly Message[]): Map<number, { message: number; block: number }> {
  const positions = new Map<number, { message: number; block: number }>();
  let message = -1;
  let block = 0;
  messages.forEach((m, i) => {
    if (m.role === 'system') return;
    if (m.role === 'tool' && messages[i - 1]?.role === 'tool') block += 1;
    else {
      message += 1;
      block = 0;
    }
    positions.set(i, { message, block });
  });
  return positions;
}

export interface TemplateView {
  readonly format: FormatId;
  readonly label: string;
  /** The rendered prompt with the ids as sent equals the one with the true ids. */
  readonly samePrompt: boolean;
  /** Some result id (true or as sent) appears in the prompt text. */
  readonly idRendered: boolean;
}

/**
 * What the small-model chat templates make of it: each format renders the history with the true ids and with the
 * ids as sent, and says whether the two prompts differ and whether any id is printed at all.
 */
export function templateView(
  trueMessages: readonly Message[],
  sentMessages: readonly Message[],
  tools: readonly ToolDefinition[],
): TemplateView[] {
  const ids = new Set<string>();
  for (const m of [...trueMessages, ...sentMessages])
    if (m.role === 'tool' && m.toolCallId !== '') ids.add(m.toolCallId);
  return (Object.keys(PROMPT_FORMATS) as FormatId[]).map((id) => {
    const format = PROMPT_FORMATS[id];
    const truePrompt = promptText(format.renderPrompt(trueMessages, tools));
    const sentPrompt = promptText(format.renderPrompt(sentMessages, tools));
    return {
      format: id,
      label: format.label,
      samePrompt: truePrompt === sentPrompt,
      idRendered: [...ids].some((i) => sentPrompt.includes(i) || truePrompt.includes(i)),
    };
  });
}
