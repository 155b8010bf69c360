/**
 * Views of a run, each a pure function of its event log: the transcript (every message with what the harness
 * knows about it), the turn table ("turn | messages sent | model response and stop reason | what our code
 * did"), and usage totals. Nothing here keeps state of its own.
 */
import type { AssistantMessage, Message, ToolCall, ToolMessage } from '../messages';
import type { ModelResponse, Timings, Usage } from '../runtime';
import type { DerivedStop } from '../stop-reasons';
import type { CallDecision, CallOutcome } from '../tool-execution';
import type { ToolDefinition } from '../tool';
import type { FinishReasonKind, LoopEvent } from './events';
import { describeInterruption } from './interruption';
import { applyEvent, INITIAL_STATE } from './state';
import { withFullTraces } from '../prompt-trace';
import { assertNever } from '../result';
import type { Fault, FaultSource, GuardKind, GuardLevel, Prediction } from '../lab/types';
import { describeFault } from '../lab/faults';
import { applyResultIds } from '../lab/id-pairing';
import type { PredictionScore } from '../lab/predict';
import { predictionSummary } from '../lab/predict';

export type TranscriptEntry =
  | { readonly kind: 'system'; readonly index: number; readonly content: string }
  | { readonly kind: 'user'; readonly index: number; readonly content: string }
  | {
      readonly kind: 'assistant';
      readonly index: number;
      readonly round: number;
      readonly message: AssistantMessage;
      readonly stop: DerivedStop;
      readonly usage?: Usage;
      readonly timings?: Timings;
      readonly backend?: string;
    }
  | {
      readonly kind: 'tool';
      readonly index: number;
      readonly round: number;
      readonly message: ToolMessage;
      readonly outcome?: CallOutcome;
      readonly decision?: CallDecision;
      /** A fault replaced or wrapped the tool for this call. */
      readonly injected?: { readonly fault: Fault; readonly source: FaultSource };
      /** The id this result is sent with when the learner changed it (null: no id); absent when it is the call's. */
      readonly sentId?: string | null;
    }
  | {
      readonly kind: 'finished';
      readonly index: number;
      readonly reason: FinishReasonKind;
      readonly detail?: string;
      readonly finalAnswer?: string;
    }
  | { readonly kind: 'error'; readonly index: number; readonly round: number; readonly error: string }
  /** A reload cut a model call or a tool batch (see the `interrupted` event). */
  | { readonly kind: 'interrupted'; readonly index: number; readonly round: number; readonly text: string }
  /** The tools or the runtime changed between two model calls. */
  | { readonly kind: 'workspace'; readonly index: number; readonly text: string }
  /** The teaching lab: a prediction (scored once its response is in) or a loop guard that tripped. */
  | { readonly kind: 'lab'; readonly index: number; readonly note: LabNote };

export type LabNote =
  | {
      readonly kind: 'prediction';
      readonly round: number;
      readonly prediction: Prediction;
      readonly score: PredictionScore | null;
    }
  | {
      readonly kind: 'guard';
      readonly round: number;
      readonly guard: GuardKind;
      readonly level: GuardLevel;
      readonly value: number;
      readonly limit: number;
      readonly key?: string;
      /** Soft caps: the user message the model receives next. */
      readonly nudge?: string;
    };

/** Every message in order, with the stop reasons, usage, outcomes and decisions that belong to it. */
export function transcript(events: readonly LoopEvent[]): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  const outcomes = new Map<string, CallOutcome>();
  const decisions = new Map<string, CallDecision>();
  const injected = new Map<string, { fault: Fault; source: FaultSource }>();
  const sentIds = new Map<string, string | null>();
  let tools: readonly string[] = [];
  for (const event of events) {
    if (event.type === 'call-finished') outcomes.set(event.outcome.callId, event.outcome);
    if (event.type === 'call-decided') decisions.set(event.callId, event.decision);
    if (event.type === 'fault-injected') injected.set(event.callId, { fault: event.fault, source: event.source });
    if (event.type === 'result-id-set') {
      if (event.sentId === event.callId) sentIds.delete(event.callId);
      else sentIds.set(event.callId, event.sentId);
    }
  }
  const scores = new Map(predictionSummary(events).records.map((r) => [r.round, r.score]));
  for (const event of events) {
    const index = entries.length;
    switch (event.type) {
      case 'run-started':
        tools = event.config.tools.map((t) => t.name);
        if (event.config.system.trim() !== '') entries.push({ kind: 'system', index, content: event.config.system });
        break;
      case 'workspace-changed': {
        const parts: string[] = [];
        if (event.tools) {
          const now = event.tools.map((t) => t.name);
          const added = now.filter((n) => !tools.includes(n));
          const removed = tools.filter((n) => !now.includes(n));
          if (added.length > 0) parts.push(`exposed ${added.join(', ')}`);
          if (removed.length > 0) parts.push(`no longer exposed: ${removed.join(', ')}`);
          if (added.length === 0 && removed.length === 0) parts.push('tool definitions updated');
          tools = now;
        }
        if (event.runtime) parts.push(`runtime: ${event.runtime.label}`);
        entries.push({ kind: 'workspace', index, text: `Workspace changed: ${parts.join('; ')}.` });
        break;
      }
      case 'interrupted': {
        const finished = event.what === 'tool-batch' ? finishedInRound(events, event.round) : 0;
        entries.push({ kind: 'interrupted', index, round: event.round, text: describeInterruption(event, finished) });
        break;
      }
      case 'user-message':
        entries.push({ kind: 'user', index, content: event.content });
        break;
      case 'model-responded':
        entries.push({
          kind: 'assistant',
          index,
          round: event.round,
          message: event.message,
          stop: event.stop,
          ...optional('usage', event.response.usage),
          ...optional('timings', event.response.timings),
          ...optional('backend', event.response.backend),
        });
        break;
      case 'results-appended':
        for (const message of event.messages) {
          entries.push({
            kind: 'tool',
            index: entries.length,
            round: event.round,
            message,
            ...optional('outcome', outcomes.get(message.toolCallId)),
            ...optional('decision', decisions.get(message.toolCallId)),
            ...optional('injected', injected.get(message.toolCallId)),
            ...(sentIds.has(message.toolCallId) ? { sentId: sentIds.get(message.toolCallId)! } : {}),
          });
        }
        break;
      case 'model-failed':
        entries.push({ kind: 'error', index, round: event.round, error: event.error });
        break;
      case 'run-finished':
        entries.push({
          kind: 'finished',
          index,
          reason: event.reason,
          ...optional('detail', event.detail),
          ...optional('finalAnswer', event.finalAnswer),
        });
        break;
      case 'prediction-made':
        entries.push({
          kind: 'lab',
          index,
          note: {
            kind: 'prediction',
            round: event.round,
            prediction: event.prediction,
            score: scores.get(event.round) ?? null,
          },
        });
        break;
      case 'guard-tripped':
        entries.push({
          kind: 'lab',
          index,
          note: {
            kind: 'guard',
            round: event.round,
            guard: event.guard,
            level: event.level,
            value: event.value,
            limit: event.limit,
            ...optional('key', event.key),
            ...optional('nudge', event.nudge),
          },
        });
        break;
      case 'settings-changed':
      case 'model-called':
      case 'tools-paused':
      case 'call-decided':
      case 'call-started':
      case 'execution-event':
      case 'call-finished':
      case 'advisor-chain':
      case 'advisor-invoked':
      case 'calls-reopened': // the reopened calls wait on their own cards; the user message follows once they ran
      case 'fault-injected':
      case 'result-id-set':
        break;
      default:
        assertNever(event);
    }
  }
  return entries;
}

export interface TurnRow {
  readonly turn: number;
  /** How many messages the request carried. */
  readonly messagesSent: number;
  /**
   * The tools the request really carried: what the runtime reports it sent (`trace.toolsSent`: none for a
   * format without tools), else the tools the loop offered it.
   */
  readonly toolNames: readonly string[];
  readonly response: string;
  readonly stop: DerivedStop | null;
  /** What the harness did after this response: ran tools, paused, ended the loop… */
  readonly codeDid: string;
}

/** One row per model call. */
export function turnTable(events: readonly LoopEvent[]): TurnRow[] {
  const rows: TurnRow[] = [];
  let current: { turn: number; messagesSent: number; toolNames: readonly string[] } | null = null;
  let response = '';
  let stop: DerivedStop | null = null;
  let actions: string[] = [];
  const flush = () => {
    if (!current) return;
    rows.push({ ...current, response, stop, codeDid: actions.length > 0 ? actions.join('; ') : '—' });
    current = null;
    response = '';
    stop = null;
    actions = [];
  };
  // Traces in full: a stored trace may be the change from the previous one (trace-delta.ts).
  for (const event of withFullTraces(events)) {
    switch (event.type) {
      case 'model-called':
        flush();
        current = { turn: event.round, messagesSent: event.messageCount, toolNames: event.toolNames };
        break;
      case 'model-responded':
        response = summarizeResponse(event.message, event.response);
        stop = event.stop;
        if (current && event.response.trace?.toolsSent) current.toolNames = event.response.trace.toolsSent;
        break;
      case 'model-failed':
        response = `error: ${event.error}`;
        break;
      case 'tools-paused':
        actions.push(`paused for approval of ${event.callIds.length} call(s)`);
        break;
      case 'call-decided':
        if (event.decision.kind !== 'approve') actions.push(describeDecision(event.callId, event.decision));
        break;
      case 'call-finished':
        actions.push(describeOutcome(event.outcome));
        break;
      case 'results-appended':
        actions.push(`appended ${event.messages.length} tool result(s)`);
        break;
      case 'run-finished':
        if (current) actions.push(`ended: ${FINISH_LABELS[event.reason]}`);
        break;
      case 'interrupted':
        actions.push(event.what === 'model-call' ? 'interrupted by a reload' : 'tool batch interrupted by a reload');
        break;
      case 'calls-reopened':
        actions.push(`reopened ${event.callIds.length} unanswered call(s) before a new user message`);
        break;
      case 'fault-injected':
        actions.push(`injected: ${describeFault(event.fault)} into ${event.callId} (${event.name})`);
        break;
      case 'guard-tripped':
        actions.push(
          event.level === 'warn'
            ? `loop guard (${event.guard}) at ${event.value}: asked the model to answer now`
            : `loop guard (${event.guard}) at ${event.value}: stopped the loop`,
        );
        break;
      case 'result-id-set':
        actions.push(
          event.sentId === event.callId
            ? `result of ${event.callId} sent with its own id again`
            : `result of ${event.callId} to be sent with ${event.sentId === null ? 'no tool_call_id' : `tool_call_id ${event.sentId}`}`,
        );
        break;
      case 'execution-event':
        if (event.kind === 'denied') actions.push(`the policy denied ${event.name} (${event.callId})`);
        break;
      case 'prediction-made':
      case 'run-started':
      case 'user-message':
      case 'settings-changed':
      case 'call-started':
      case 'advisor-chain':
      case 'advisor-invoked':
      case 'workspace-changed':
        break;
      default:
        assertNever(event);
    }
  }
  flush();
  return rows;
}

export interface UsageTotals {
  readonly rounds: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** True when any round's counts were estimates. */
  readonly estimated: boolean;
  readonly perRound: readonly {
    readonly round: number;
    readonly promptTokens: number;
    readonly completionTokens: number;
    readonly timings?: Timings;
  }[];
  readonly callsPerTool: Readonly<Record<string, number>>;
  readonly toolTimeMs: number;
}

export function usageTotals(events: readonly LoopEvent[]): UsageTotals {
  let promptTokens = 0;
  let completionTokens = 0;
  let estimated = false;
  let toolTimeMs = 0;
  const perRound: UsageTotals['perRound'][number][] = [];
  const callsPerTool: Record<string, number> = {};
  let rounds = 0;
  for (const event of events) {
    if (event.type === 'model-called') rounds += 1;
    if (event.type === 'model-responded') {
      const usage = event.response.usage;
      if (usage) {
        promptTokens += usage.promptTokens;
        completionTokens += usage.completionTokens;
        estimated ||= usage.estimated;
      }
      perRound.push({
        round: event.round,
        promptTokens: usage?.promptTokens ?? 0,
        completionTokens: usage?.completionTokens ?? 0,
        ...optional('timings', event.response.timings),
      });
    }
    if (event.type === 'call-finished') {
      toolTimeMs += event.outcome.durationMs;
      callsPerTool[event.outcome.name] = (callsPerTool[event.outcome.name] ?? 0) + 1;
    }
  }
  return { rounds, promptTokens, completionTokens, estimated, perRound, callsPerTool, toolTimeMs };
}

/**
 * The request messages of a given round, rebuilt from the log (what was sent to the model): the reducer's history
 * right before that call, so an edit that rewrote a call in the history shows as it was sent.
 */
export function messagesSentAt(events: readonly LoopEvent[], round: number): Message[] {
  let state = INITIAL_STATE;
  const sent = () => [...applyResultIds(state.history, state.resultIds)];
  for (const event of events) {
    if (event.type === 'model-called' && event.round === round) return sent().slice(0, event.messageCount);
    state = applyEvent(state, event);
  }
  return sent();
}

export const FINISH_LABELS: Record<FinishReasonKind, string> = {
  'final-answer': 'final answer (no tool calls)',
  'return-direct': 'returnDirect: the tool result is the answer',
  'max-rounds': 'max-rounds guard',
  aborted: 'aborted',
  stopped: 'stopped by the user',
  refused: 'refused by the model',
  truncated: 'cut by the token limit (nothing of the response ran)',
  'tool-error': 'tool error (exception mode: stop the loop)',
  'runtime-error': 'runtime error',
  'loop-guard': 'loop guard (hard cap)',
};

/**
 * Every tool the run exposed at some point (its config's, then those named by `workspace-changed`), the latest
 * definition of each name, in the order they first appeared: what a run file must carry to replay it.
 */
export function toolsOfRun(events: readonly LoopEvent[]): ToolDefinition[] {
  const byName = new Map<string, ToolDefinition>();
  for (const event of events) {
    const tools =
      event.type === 'run-started' ? event.config.tools : event.type === 'workspace-changed' ? event.tools : undefined;
    for (const tool of tools ?? []) byName.set(tool.name, tool);
  }
  return [...byName.values()];
}

function finishedInRound(events: readonly LoopEvent[], round: number): number {
  return events.filter((e) => e.type === 'call-finished' && e.round === round).length;
}

function summarizeResponse(message: AssistantMessage, response: Pick<ModelResponse, 'raw'>): string {
  const calls = message.toolCalls.map(describeCall);
  const text = message.content.trim();
  const parts: string[] = [];
  if (text !== '') parts.push(text.length > 80 ? `“${text.slice(0, 77)}…”` : `“${text}”`);
  if (calls.length > 0) parts.push(calls.join(', '));
  if (parts.length === 0) parts.push(response.raw.trim() === '' ? '(empty)' : '(no visible text)');
  return parts.join(' + ');
}

function describeCall(call: ToolCall): string {
  if (call.parseError !== undefined) return `${call.name || '?'}(unparsed)`;
  return `${call.name}(${call.argumentsText.length > 40 ? call.argumentsText.slice(0, 37) + '…' : call.argumentsText})`;
}

function describeDecision(callId: string, decision: CallDecision): string {
  switch (decision.kind) {
    case 'approve':
      return `approved ${callId}`;
    case 'edit':
      return `edited the arguments of ${callId}`;
    case 'deny':
      return `denied ${callId}`;
    case 'write':
      return `wrote the result of ${callId} by hand`;
    default:
      return assertNever(decision);
  }
}

function describeOutcome(outcome: CallOutcome): string {
  if (outcome.kind === 'stop') return `${outcome.name} failed: loop stopped`;
  switch (outcome.disposition) {
    case 'executed':
      return `ran ${outcome.name}`;
    case 'tool-error':
      return `ran ${outcome.name}: error sent to the model`;
    case 'invalid-json':
      return `${outcome.name}: arguments not JSON, error sent`;
    case 'invalid-arguments':
      return `${outcome.name}: arguments invalid, error sent`;
    case 'unknown-tool':
      return `unknown tool ${outcome.name}: error sent`;
    case 'unparsed-call':
      return 'unparsable call: error sent';
    case 'denied':
      return `${outcome.name}: denial sent`;
    case 'written-by-hand':
      return `${outcome.name}: hand-written result sent`;
    default:
      return assertNever(outcome);
  }
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return value === undefined ? {} : ({ [key]: value } as { [P in K]?: V });
}
