/**
 * Scripts for the scripted-replay runtime: plain JSON data (exported and imported with runs) saying what the
 * "model" answers at each model call.
 *
 * **Which step answers.** Step *n* (0-based) answers the model call that has *n* assistant messages after the
 * last user message in the request, i.e. the n-th call of the current user turn. It is read from the request's
 * messages, not from a counter, so a restored, forked or edited run replays the same way, and a second user
 * message starts the script again from step 0.
 *
 * **Branches.** A step is a turn, or `{branches: [{when, turn}], otherwise}`: the first branch whose condition
 * holds is taken. Conditions look at the tool results the request carries (see `Condition`).
 *
 * **Templates.** `{{last:NAME}}` is the text of the most recent result of tool NAME since the last user message,
 * `{{last}}` the most recent tool result of any tool, `{{user}}` the last user message. They are substituted
 * into text, raw text and arguments. In arguments, a string that is exactly one template takes the result's
 * JSON value when the result is JSON (`"{{last:calculate}}"` → the number 896), else its text. A template
 * with nothing to refer to becomes the empty string.
 */
import type { Message, ToolMessage } from '../messages';
import type { ToolDefinition } from '../tool';
import { DENIED_TEXT } from '../loop/tool-execution';
import type { FinishReason } from '../stop-reasons';
import { OPENAI_FINISH_REASONS } from '../stop-reasons';
import { renderToolCallBlock } from '../protocol/hermes';
import { type Result } from '../result';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface ScriptToolCall {
  readonly name: string;
  readonly arguments: { readonly [key: string]: JsonValue };
}

/** One assistant turn. `raw`, when set, is the exact output (a malformed call, say) and wins over the rest. */
export interface ScriptTurn {
  readonly text?: string;
  readonly toolCalls?: readonly ScriptToolCall[];
  /** The runtime's finish reason; 'stop' by default, as a text-protocol model reports even when it calls tools. */
  readonly finishReason?: FinishReason;
  readonly raw?: string;
}

/** A test over the tool results the request carries. */
export type Condition =
  /** A result of the latest batch (the tool messages after the last assistant message) is an error. */
  | { readonly kind: 'latest-error' }
  /** A result of the latest batch is a denial. */
  | { readonly kind: 'latest-denied' }
  /** The most recent result of `tool` since the last user message is an error (a denial included). */
  | { readonly kind: 'tool-failed'; readonly tool: string }
  /** No result of `tool` since the last user message. */
  | { readonly kind: 'tool-missing'; readonly tool: string }
  /** The most recent result of `tool` since the last user message contains `text` (a refusal, say). */
  | { readonly kind: 'result-includes'; readonly tool: string; readonly text: string }
  /** The request exposes `tool` (read from the request's tools): one script can serve with and without a tool. */
  | { readonly kind: 'tool-offered'; readonly tool: string }
  /** The request's schema of `tool` has the property `argument` (an augmented `innerThought`, say). */
  | { readonly kind: 'argument-offered'; readonly tool: string; readonly argument: string }
  /** The last user message contains `text` (ignoring case): one script can answer several user turns. */
  | { readonly kind: 'user-says'; readonly text: string }
  /** A message before the last user message contains `text`: what the conversation (or a memory) carries. */
  | { readonly kind: 'earlier-includes'; readonly text: string }
  | { readonly kind: 'not'; readonly condition: Condition }
  | { readonly kind: 'any'; readonly conditions: readonly Condition[] }
  | { readonly kind: 'all'; readonly conditions: readonly Condition[] };

export interface ScriptBranches {
  readonly branches: readonly { readonly when: Condition; readonly turn: ScriptTurn }[];
  readonly otherwise: ScriptTurn;
}

export type ScriptStep = ScriptTurn | ScriptBranches;

export interface Script {
  readonly steps: readonly ScriptStep[];
}

/** Messages after the last user message (the whole list when there is none). */
export function currentTurn(messages: readonly Message[]): readonly Message[] {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role === 'user') return messages.slice(i + 1);
  }
  return messages;
}

/** The 0-based step for a request: the number of assistant messages since the last user message. */
export function stepIndex(messages: readonly Message[]): number {
  return countFrom(messages, 0, 0);
}

/**
 * `stepIndex`, incrementally: a request whose messages extend the previous one's (the same message objects first,
 * as the loop's history grows) counts only its new messages. One per runtime.
 */
export function createStepCounter(): (messages: readonly Message[]) => number {
  let previous: { messages: readonly Message[]; step: number } | null = null;
  return (messages) => {
    const last = previous;
    const extended =
      last !== null && last.messages.length <= messages.length && last.messages.every((m, i) => messages[i] === m);
    const step = extended ? countFrom(messages, last.messages.length, last.step) : stepIndex(messages);
    previous = { messages, step };
    return step;
  };
}

/** `step` (the count up to `from`) carried over `messages` from `from` on: a user message starts it again. */
function countFrom(messages: readonly Message[], from: number, step: number): number {
  let count = step;
  for (let i = from; i < messages.length; i++) {
    const role = messages[i]!.role;
    if (role === 'user') count = 0;
    else if (role === 'assistant') count++;
  }
  return count;
}

/** The tool messages after the last assistant message. */
export function latestResults(messages: readonly Message[]): ToolMessage[] {
  const results: ToolMessage[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== 'tool') break;
    results.unshift(m);
  }
  return results;
}

function lastResultOf(messages: readonly Message[], tool?: string): ToolMessage | undefined {
  const turn = currentTurn(messages);
  for (let i = turn.length - 1; i >= 0; i--) {
    const m = turn[i]!;
    if (m.role === 'tool' && (tool === undefined || m.name === tool)) return m;
  }
  return undefined;
}

export function isDenial(message: ToolMessage): boolean {
  return message.isError && message.content.startsWith(DENIED_TEXT);
}

/** A tool as the request offers it: the name, and the schema the model was given. */
export type OfferedTool = string | Pick<ToolDefinition, 'name' | 'inputSchema'>;

export function evaluateCondition(
  condition: Condition,
  messages: readonly Message[],
  offered: readonly OfferedTool[] = [],
): boolean {
  switch (condition.kind) {
    case 'latest-error':
      return latestResults(messages).some((m) => m.isError);
    case 'latest-denied':
      return latestResults(messages).some(isDenial);
    case 'tool-failed':
      return lastResultOf(messages, condition.tool)?.isError === true;
    case 'tool-missing':
      return lastResultOf(messages, condition.tool) === undefined;
    case 'result-includes':
      return lastResultOf(messages, condition.tool)?.content.includes(condition.text) === true;
    case 'tool-offered':
      return offered.some((t) => (typeof t === 'string' ? t : t.name) === condition.tool);
    case 'argument-offered': {
      const tool = offered.find(
        (t): t is Exclude<OfferedTool, string> => typeof t !== 'string' && t.name === condition.tool,
      );
      const properties = tool?.inputSchema.properties as Record<string, unknown> | undefined;
      return properties !== undefined && Object.hasOwn(properties, condition.argument);
    }
    case 'user-says':
      return lastUserText(messages).toLowerCase().includes(condition.text.toLowerCase());
    case 'earlier-includes': {
      const last = messages.findLastIndex((m) => m.role === 'user');
      return messages
        .slice(0, Math.max(last, 0))
        .some((m) => m.role !== 'system' && m.content.includes(condition.text));
    }
    case 'not':
      return !evaluateCondition(condition.condition, messages, offered);
    case 'any':
      return condition.conditions.some((c) => evaluateCondition(c, messages, offered));
    case 'all':
      return condition.conditions.every((c) => evaluateCondition(c, messages, offered));
    default: {
      const never: never = condition;
      throw new Error(`Unknown condition: ${JSON.stringify(never)}`);
    }
  }
}

export function isBranches(step: ScriptStep): step is ScriptBranches {
  return 'branches' in step;
}

/** The turn a step gives for these messages; `offered` is the tools the request exposes (names or definitions). */
export function chooseTurn(
  step: ScriptStep,
  messages: readonly Message[],
  offered: readonly OfferedTool[] = [],
): ScriptTurn {
  if (!isBranches(step)) return step;
  return step.branches.find((b) => evaluateCondition(b.when, messages, offered))?.turn ?? step.otherwise;
}

const TEMPLATE = /\{\{\s*(last(?::([^}]+?))?|user)\s*\}\}/g;
const WHOLE_TEMPLATE = /^\{\{\s*(last(?::([^}]+?))?|user)\s*\}\}$/;

function lastUserText(messages: readonly Message[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === 'user') return m.content;
  }
  return '';
}

function lookup(messages: readonly Message[], kind: string, tool: string | undefined): string {
  if (kind === 'user') return lastUserText(messages);
  return lastResultOf(messages, tool?.trim())?.content ?? '';
}

/** Substitutes the templates of a text. */
export function substituteText(text: string, messages: readonly Message[]): string {
  return text.replace(TEMPLATE, (_match, kind: string, tool: string | undefined) =>
    lookup(messages, kind.startsWith('last') ? 'last' : 'user', tool),
  );
}

/** Substitutes the templates of an arguments value; a string that is one whole template keeps a JSON type. */
export function substituteValue(value: JsonValue, messages: readonly Message[]): JsonValue {
  if (typeof value === 'string') {
    const whole = WHOLE_TEMPLATE.exec(value.trim());
    if (whole) {
      const text = lookup(messages, whole[1]!.startsWith('last') ? 'last' : 'user', whole[2]);
      try {
        return JSON.parse(text) as JsonValue;
      } catch {
        return text;
      }
    }
    return substituteText(value, messages);
  }
  if (Array.isArray(value)) return value.map((v) => substituteValue(v, messages));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteValue(v, messages)]));
  }
  return value;
}

/**
 * Renders a turn to the raw text a model would write, through the text protocol: the visible text, then one
 * `<tool_call>` block per call, joined by newlines (exactly how Qwen2.5's template writes an assistant turn).
 */
export function renderTurn(turn: ScriptTurn, messages: readonly Message[]): string {
  if (turn.raw !== undefined) return substituteText(turn.raw, messages);
  const text = turn.text !== undefined ? substituteText(turn.text, messages) : '';
  const blocks = (turn.toolCalls ?? []).map((call) =>
    renderToolCallBlock(call.name, substituteValue(call.arguments as JsonValue, messages)),
  );
  return [text, ...blocks].filter((part) => part !== '').join('\n');
}

/** Checks that imported data is a script; returns the reason when it is not. */
export function validateScript(value: unknown): Result<Script> {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { steps?: unknown }).steps)) {
    return { ok: false, error: 'A script is an object with a "steps" array.' };
  }
  const steps = (value as { steps: unknown[] }).steps;
  for (const [i, step] of steps.entries()) {
    const error = stepError(step);
    if (error) return { ok: false, error: `Step ${i + 1}: ${error}` };
  }
  return { ok: true, value: value as Script };
}

function stepError(step: unknown): string | null {
  if (typeof step !== 'object' || step === null) return 'not an object.';
  if ('branches' in step) {
    const s = step as { branches: unknown; otherwise?: unknown };
    if (!Array.isArray(s.branches)) return '"branches" must be an array.';
    for (const b of s.branches as unknown[]) {
      if (typeof b !== 'object' || b === null || !('when' in b) || !('turn' in b)) {
        return 'every branch needs "when" and "turn".';
      }
      const turnError = turnErrorOf((b as { turn: unknown }).turn);
      if (turnError) return turnError;
    }
    return turnErrorOf(s.otherwise) ?? null;
  }
  return turnErrorOf(step);
}

function turnErrorOf(turn: unknown): string | null {
  if (typeof turn !== 'object' || turn === null) return 'a turn must be an object.';
  const t = turn as Record<string, unknown>;
  if (t.text !== undefined && typeof t.text !== 'string') return '"text" must be a string.';
  if (t.raw !== undefined && typeof t.raw !== 'string') return '"raw" must be a string.';
  if (t.finishReason !== undefined && !(OPENAI_FINISH_REASONS as readonly unknown[]).includes(t.finishReason)) {
    return `"finishReason" must be one of ${OPENAI_FINISH_REASONS.join(', ')}.`;
  }
  if (t.toolCalls !== undefined) {
    if (!Array.isArray(t.toolCalls)) return '"toolCalls" must be an array.';
    for (const c of t.toolCalls as unknown[]) {
      const call = c as Record<string, unknown> | null;
      if (typeof call !== 'object' || call === null || typeof call.name !== 'string')
        return 'every tool call needs a "name".';
      if (typeof call.arguments !== 'object' || call.arguments === null || Array.isArray(call.arguments)) {
        return `the arguments of ${call.name} must be a JSON object.`;
      }
    }
  }
  return null;
}
