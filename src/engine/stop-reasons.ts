/**
 * Stop reasons in both vocabularies. The runtime reports a *raw* OpenAI-style `finish_reason`; the harness
 * *derives* its own after parsing the text (a small model that wrote a `<tool_call>` block gets runtime `stop`
 * but derived `tool_calls`). Anthropic's `stop_reason` is shown beside it through the mapping below.
 */

import type { ParseIssue } from './messages';
import { kindsOf } from './kinds';
import { assertNever } from './result';

/**
 * What the loop does with a call attempt that could not be read (contract rule 4). Either way its text stays
 * in the message. `error-result` (default, as Anthropic's tool runner answers bad input): it also becomes a
 * call with a parse error, so the model receives an error result and can retry. `text` (as vLLM and
 * llama.cpp's server do): it is text only, and a turn with no other call is a final answer.
 */
export const MALFORMED_CALL_MODES = ['error-result', 'text'] as const;
export type MalformedCallMode = (typeof MALFORMED_CALL_MODES)[number];

export const OPENAI_FINISH_REASONS = ['stop', 'length', 'tool_calls', 'content_filter', 'abort'] as const;
export type FinishReason = (typeof OPENAI_FINISH_REASONS)[number];

export const ANTHROPIC_STOP_REASONS = [
  'end_turn',
  'tool_use',
  'max_tokens',
  'stop_sequence',
  'refusal',
  'pause_turn',
  'model_context_window_exceeded',
] as const;
export type AnthropicStopReason = (typeof ANTHROPIC_STOP_REASONS)[number];

/** OpenAI → Anthropic. `abort` is web-llm's own value (interruptGenerate); Anthropic has no counterpart. */
export function toAnthropicStopReason(reason: FinishReason): AnthropicStopReason | null {
  switch (reason) {
    case 'stop':
      return 'end_turn';
    case 'length':
      return 'max_tokens';
    case 'tool_calls':
      return 'tool_use';
    case 'content_filter':
      return 'refusal';
    case 'abort':
      return null;
    default:
      return assertNever(reason);
  }
}

/** Anthropic → OpenAI, the closest value (`pause_turn` has none). */
export function toOpenAIFinishReason(reason: AnthropicStopReason): FinishReason | null {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'tool_use':
      return 'tool_calls';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'refusal':
      return 'content_filter';
    case 'pause_turn':
      return null;
    default:
      return assertNever(reason);
  }
}

/** What the loop does on each Anthropic stop reason (shown in the stop-reason table). */
export const ANTHROPIC_LOOP_ACTION: Record<AnthropicStopReason, string> = {
  end_turn: 'final answer: the loop ends',
  tool_use: 'execute the tools, send the results, call again',
  max_tokens: 'truncated: stop, or ask to continue',
  stop_sequence: 'a stop sequence fired: final answer',
  refusal: 'declined: stop, never execute tools from this turn',
  pause_turn: 'server tools paused: send the turn back as it is',
  model_context_window_exceeded: 'the context window is full: treat as truncated',
};

/**
 * Something unusual about a response that the learner should notice. `detail` is the English sentence (stored in
 * the run as it was said); the page words the anomaly from its `kind` and the fields beside it (absent in runs
 * recorded before they existed: the page then shows `detail`).
 */
export type Anomaly =
  | { kind: 'tool-call-cut-by-length'; detail: string }
  | { kind: 'tool-calls-without-calls'; detail: string }
  | { kind: 'text-with-tool-calls'; detail: string }
  | { kind: 'unterminated-tool-call'; detail: string }
  | { kind: 'malformed-tool-call'; detail: string; count?: number; mode?: MalformedCallMode }
  | { kind: 'calls-cut-by-length'; detail: string; count?: number }
  | { kind: 'tool-calls-ignored'; detail: string; raw?: FinishReason }
  /** The turn's summary of what the parser forgave or flagged (each issue is also a note beside its call or text). */
  | { kind: 'parse-issues'; detail: string; issues?: readonly AnomalyIssue[] };

export const ANOMALY_KINDS = kindsOf<Anomaly['kind']>()({
  'tool-call-cut-by-length': true,
  'tool-calls-without-calls': true,
  'text-with-tool-calls': true,
  'unterminated-tool-call': true,
  'malformed-tool-call': true,
  'calls-cut-by-length': true,
  'tool-calls-ignored': true,
  'parse-issues': true,
});

/** One parser note as the `parse-issues` anomaly lists it. */
export interface AnomalyIssue {
  readonly kind: ParseIssue['kind'];
  readonly recovered: boolean;
}

export const ANOMALY_KIND_LIST: readonly Anomaly['kind'][] = [
  'tool-call-cut-by-length',
  'tool-calls-without-calls',
  'text-with-tool-calls',
  'unterminated-tool-call',
  'malformed-tool-call',
  'calls-cut-by-length',
  'tool-calls-ignored',
  'parse-issues',
];

export interface DerivedStop {
  readonly raw: FinishReason;
  readonly derived: FinishReason;
  readonly anomalies: readonly Anomaly[];
}

export interface DeriveStopInput {
  readonly raw: FinishReason;
  /** Number of tool calls the harness found (parsed or malformed) in the response. */
  readonly toolCallCount: number;
  /** Visible text besides the tool calls (after removing blocks and `<think>`). */
  readonly text: string;
  /** A call was never finished: a `<tool_call>` block not closed, or JSON that never ends. */
  readonly unterminatedBlock: boolean;
  /** Call attempts that could not be read (kept in the text). */
  readonly malformedCalls: number;
  /** Calls read whole (defaults to `toolCallCount - malformedCalls`): those a `length` cut leaves unrun. */
  readonly completeCalls?: number;
  /** What the parser forgave or flagged; summarised as one `parse-issues` anomaly. */
  readonly issues?: readonly ParseIssue[];
  /** Whether the unreadable attempts are answered with an error result (default) or left as text. */
  readonly malformedMode?: MalformedCallMode;
}

/**
 * Derives the harness's finish reason. Rules: calls found and the runtime said `stop` (or `tool_calls`) →
 * `tool_calls`; `length`/`abort`/`content_filter` pass through (a call cut by `length` is flagged, never run);
 * the runtime said `tool_calls` but nothing parsed → `stop`, flagged.
 */
export function deriveStop(input: DeriveStopInput): DerivedStop {
  const anomalies: Anomaly[] = [];
  let derived: FinishReason = input.raw;
  switch (input.raw) {
    case 'stop':
      if (input.toolCallCount > 0) derived = 'tool_calls';
      break;
    case 'tool_calls':
      if (input.toolCallCount === 0) {
        derived = 'stop';
        anomalies.push({
          kind: 'tool-calls-without-calls',
          detail: 'The runtime reported tool_calls, but the response holds no tool call.',
        });
      }
      break;
    case 'length':
      if (input.unterminatedBlock) {
        anomalies.push({
          kind: 'tool-call-cut-by-length',
          detail: 'The token limit cut a tool call mid-JSON; it is not executed.',
        });
      }
      // Complete calls before the cut are not run either: the turn is unfinished (see loop/response-ending.ts).
      {
        // Only whole calls count here: a malformed attempt (the cut one) has its own anomaly above.
        const complete = input.completeCalls ?? input.toolCallCount - input.malformedCalls;
        if (complete > 0) {
          anomalies.push({
            kind: 'calls-cut-by-length',
            detail: `The response was cut by the token limit; its ${complete} complete call(s) were not run.`,
            count: complete,
          });
        }
      }
      break;
    case 'abort':
    case 'content_filter':
      break;
    default:
      assertNever(input.raw);
  }
  if (input.raw !== 'length' && input.unterminatedBlock) {
    anomalies.push({
      kind: 'unterminated-tool-call',
      detail: 'A tool call was opened but never finished (no closing tag, or JSON that never ends).',
    });
  }
  if (input.malformedCalls > 0) {
    const mode = input.malformedMode ?? 'error-result';
    const answer =
      mode === 'error-result'
        ? 'the model receives an error result so it can retry'
        : 'nothing is sent back for them (setting: treat malformed calls as text)';
    anomalies.push({
      kind: 'malformed-tool-call',
      detail: `${input.malformedCalls} call attempt(s) could not be read; they stay in the text as written and ${answer}.`,
      count: input.malformedCalls,
      mode,
    });
  }
  if (derived === 'tool_calls' && input.text.trim() !== '') {
    anomalies.push({ kind: 'text-with-tool-calls', detail: 'The message holds text and tool calls together.' });
  }
  if ((input.raw === 'abort' || input.raw === 'content_filter') && input.toolCallCount > 0) {
    anomalies.push({
      kind: 'tool-calls-ignored',
      detail: `The response ended with ${input.raw}: its tool calls are not executed.`,
      raw: input.raw,
    });
  }
  if (input.issues && input.issues.length > 0) {
    const listed = input.issues.map((i) => `${i.kind} (${i.recovered ? 'forgiven: read as a call' : 'flagged'})`);
    anomalies.push({
      kind: 'parse-issues',
      detail: `Parser notes: ${listed.join(', ')}.`,
      issues: input.issues.map((i) => ({ kind: i.kind, recovered: i.recovered })),
    });
  }
  return { raw: input.raw, derived, anomalies };
}
