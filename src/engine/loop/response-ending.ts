/**
 * The loop-ending rule, in one place for both loops: what a model response means for the loop. The loop only
 * asks "did the model ask for tools?" — and, before that, whether the response may be acted on at all: an
 * aborted, filtered or truncated response ends the loop whatever it holds. The manual controller appends the
 * ending as `run-finished`; the advisor-controlled loop hands it up the chain (Spring's response with no tool
 * calls, or an ending the chain reports).
 */
import type { ToolCall, ToolMessage } from '../messages';
import type { InterpretedResponse } from '../protocol/interpret';
import { assertNever } from '../result';
import type { FinishReasonKind } from './run-end';
import type { Coded } from '../coded';
import type { RunEndDetailCode } from './run-end-details';
import { runEndDetail } from './run-end-details';

export type ResponseVerdict =
  /** The response asks for these calls: execute them (after any pause) and call the model again. */
  | { readonly kind: 'calls'; readonly calls: readonly ToolCall[] }
  | {
      readonly kind: 'end';
      readonly reason: Extract<FinishReasonKind, 'final-answer' | 'aborted' | 'refused' | 'truncated'>;
      readonly detail?: Coded<RunEndDetailCode>;
      readonly finalAnswer?: string;
    };

export const ABORTED_DETAIL = runEndDetail('aborted');
export const REFUSED_DETAIL = runEndDetail('refused');
export const RETURN_DIRECT_DETAIL = runEndDetail('returnDirect');

/** How a cut response is described: the token limit, and the complete calls that were not run. */
export function truncatedDetail(completeCalls: number): Coded<RunEndDetailCode> {
  return completeCalls > 0
    ? runEndDetail('truncatedCalls', { count: String(completeCalls) })
    : runEndDetail('truncated');
}

/**
 * The verdict on one interpreted response. `abort` and `content_filter` end the loop; `length` ends it too,
 * even when complete tool calls came before the cut (the response is unfinished: running part of it would act on
 * a turn the model never completed); a response without executable calls is the final answer.
 */
export function responseVerdict(interpreted: InterpretedResponse): ResponseVerdict {
  const { stop, message } = interpreted;
  switch (stop.raw) {
    case 'abort':
      return { kind: 'end', reason: 'aborted', detail: ABORTED_DETAIL };
    case 'content_filter':
      return { kind: 'end', reason: 'refused', detail: REFUSED_DETAIL };
    case 'length':
      return {
        kind: 'end',
        reason: 'truncated',
        detail: truncatedDetail(message.toolCalls.length),
        finalAnswer: message.content,
      };
    case 'stop':
    case 'tool_calls':
      break;
    default:
      return assertNever(stop.raw);
  }
  if (interpreted.executableCalls.length === 0) {
    return { kind: 'end', reason: 'final-answer', finalAnswer: message.content };
  }
  return { kind: 'calls', calls: interpreted.executableCalls };
}

/** returnDirect's final answer: the results of the executed returnDirect calls, joined. */
export function returnDirectAnswer(messages: readonly ToolMessage[]): string {
  return messages.map((m) => m.content).join('\n');
}
