/**
 * Tool calls a run left unanswered. A run can end with calls that never got a result: Stop at a pause, Stop in the
 * middle of a batch, the exception processor stopping the loop, a response aborted or cut by the token limit. A new
 * user message must not follow them: the APIs require every call to be answered first (OpenAI: "An assistant
 * message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'"), and a history
 * that breaks the rule teaches the wrong shape. So `send` closes them first, as the person chooses: a "not
 * executed" result for each, or a pause to decide them now (the message follows once they ran). Pure.
 */
import type { ToolCall, ToolMessage } from '../messages';
import type { CallOutcome } from './tool-execution';
import { toToolMessage } from './tool-execution';
import type { LoopEvent } from './events';
import type { Refusal } from './refusals';
import { refuse } from './refusals';

/** How unanswered calls are closed before a new user message. */
export type DanglingChoice = 'not-executed' | 'decide';

export interface DanglingCalls {
  /** The model call whose response holds them. */
  readonly round: number;
  /** The calls without a result, in the model's order. */
  readonly calls: readonly ToolCall[];
  /** Calls among them that ran (or were stopped) before the run ended: their outcome is their result. */
  readonly outcomes: Readonly<Record<string, CallOutcome>>;
}

/** What the model receives for a call that never ran. */
export const NOT_EXECUTED_TEXT =
  'Not executed: the run ended before this tool call ran, and the user sent a new message instead.';

/** The calls of the last response that have no result, or null (a user message already follows, or all answered). */
export function danglingCalls(events: readonly LoopEvent[]): DanglingCalls | null {
  const answered = new Set<string>();
  const outcomes = new Map<string, CallOutcome>();
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const event = events[i]!;
    switch (event.type) {
      case 'user-message':
      case 'run-started':
        return null;
      case 'results-appended':
        for (const m of event.messages) answered.add(m.toolCallId);
        break;
      case 'call-finished':
        // Scanning backwards: the first outcome seen is the latest.
        if (!outcomes.has(event.outcome.callId)) outcomes.set(event.outcome.callId, event.outcome);
        break;
      case 'model-responded': {
        const calls = event.message.toolCalls.filter((c) => !answered.has(c.id));
        if (calls.length === 0) return null;
        const ran: Record<string, CallOutcome> = {};
        for (const call of calls) {
          const outcome = outcomes.get(call.id);
          if (outcome) ran[call.id] = outcome;
        }
        return { round: event.round, calls, outcomes: ran };
      }
      default:
        break;
    }
  }
  return null;
}

/**
 * The results that close unanswered calls: the real result of a call that ran (an error result for one that
 * stopped the loop), "not executed" for the others. Paired by id, in the model's order.
 */
export function closingResults(dangling: DanglingCalls, calls = dangling.calls): ToolMessage[] {
  return calls.map((call): ToolMessage => {
    const outcome = dangling.outcomes[call.id];
    if (outcome?.kind === 'result') return toToolMessage(outcome)[0]!;
    const content = outcome?.kind === 'stop' ? outcome.error : NOT_EXECUTED_TEXT;
    return { role: 'tool', toolCallId: call.id, name: call.name, content, isError: true };
  });
}

/** The refusal of a plain Send while calls are unanswered (the page offers the two choices). */
export function danglingRefusal(dangling: DanglingCalls): Refusal {
  return refuse('danglingCalls', { ids: dangling.calls.map((c) => c.id).join(', ') });
}
