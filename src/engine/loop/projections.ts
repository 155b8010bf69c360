/**
 * Views of a run, each a pure function of its event log: the transcript (every message with what the harness
 * knows about it), the turn table ("turn | messages sent | model response and stop reason | what our code
 * did"), and usage totals. Nothing here keeps state of its own. The extensions a view is given add their part
 * (loop/extension.ts `views`): the lab's notes, the marks on a tool result, its turn actions.
 */
import type { AssistantMessage, Message, ToolCall, ToolMessage } from '../messages';
import type { ModelResponse, Timings, Usage } from '../runtime';
import type { DerivedStop } from '../stop-reasons';
import type { CallDecision, CallOutcome } from './tool-execution';
import { DISPOSITIONS } from './tool-execution';
import type { ToolDefinition } from '../tool';
import type { FinishReasonKind, LoopEvent } from './events';
import { describeInterruption } from './interruption';
import { applyEvent, INITIAL_STATE } from './state';
import { withFullTraces } from './prompt-trace';
import { argumentChangesText } from './decisions';
import type { CodeVersion } from './code-versions';
import { codeVersionsByCall } from './code-versions';
import { assertNever } from '../result';
import type {
  ExtensionTranscriptEntry,
  ExtensionTurnAction,
  ExtensionViews,
  LoopExtension,
  ResultMarks,
} from './extension';
import { NO_EXTENSIONS, sentMessages } from './extension';
import { kindsOf } from '../kinds';

/** What a `workspace-changed` event changed, as the transcript names it. */
export interface WorkspaceChange {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  /** The tool list was sent again with the same names: some definition changed. */
  readonly updated: boolean;
  /** The runtime's label, when the runtime changed. */
  readonly runtime?: string;
}

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
  | ({
      readonly kind: 'tool';
      readonly index: number;
      readonly round: number;
      readonly message: ToolMessage;
      readonly outcome?: CallOutcome;
      readonly decision?: CallDecision;
      /** An edited call: the arguments the model wrote and the ones that ran, kept after the pause. */
      readonly edited?: { readonly before: string; readonly after: string };
      /** A user tool's call: the version of its code that ran (loop/code-versions.ts). */
      readonly code?: CodeVersion;
    } & ResultMarks)
  | {
      readonly kind: 'finished';
      readonly index: number;
      readonly reason: FinishReasonKind;
      readonly detail?: string;
      readonly finalAnswer?: string;
    }
  | { readonly kind: 'error'; readonly index: number; readonly round: number; readonly error: string }
  /**
   * A reload cut a model call or a tool batch (see the `interrupted` event). `text` is the English sentence;
   * `what`, `unfinished` and `finished` let the page word it in its own language.
   */
  | {
      readonly kind: 'interrupted';
      readonly index: number;
      readonly round: number;
      readonly text: string;
      readonly what: 'model-call' | 'tool-batch';
      /** Calls of the batch that did not finish. */
      readonly unfinished: number;
      /** Calls of the batch that had finished and were kept. */
      readonly finished: number;
    }
  /** The tools or the runtime changed between two model calls (`text` in English; `change` for the page). */
  | { readonly kind: 'workspace'; readonly index: number; readonly text: string; readonly change: WorkspaceChange }
  /** An extension's entry (the lab's notes). */
  | ExtensionTranscriptEntry;

/** The extensions' views of one log. */
function viewsOf(events: readonly LoopEvent[], extensions: readonly LoopExtension[]): ExtensionViews[] {
  return extensions.flatMap((e) => (e.views ? [e.views(events)] : []));
}

/**
 * Every message in order, with the stop reasons, usage, outcomes and decisions that belong to it, and what the
 * extensions add (entries for their events, marks on tool results).
 */
export function transcript(
  events: readonly LoopEvent[],
  extensions: readonly LoopExtension[] = NO_EXTENSIONS,
): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  const outcomes = new Map<string, CallOutcome>();
  const decisions = new Map<string, CallDecision>();
  const views = viewsOf(events, extensions);
  const marksOf = (callId: string): ResultMarks =>
    views.reduce<ResultMarks>(
      (marks, view) => (view.resultMarks ? { ...marks, ...view.resultMarks(callId) } : marks),
      {},
    );
  const written = new Map<string, string>();
  const codes = codeVersionsByCall(events);
  let tools: readonly string[] = [];
  for (const event of events) {
    if (event.type === 'call-finished') outcomes.set(event.outcome.callId, event.outcome);
    if (event.type === 'call-decided') decisions.set(event.callId, event.decision);
    if (event.type === 'model-responded')
      for (const call of event.message.toolCalls) written.set(call.id, call.argumentsText);
  }
  const editOf = (callId: string): { before: string; after: string } | undefined => {
    const decision = decisions.get(callId);
    const before = written.get(callId);
    return decision?.kind === 'edit' && before !== undefined ? { before, after: decision.argumentsText } : undefined;
  };
  for (const event of events) {
    const index = entries.length;
    switch (event.type) {
      case 'run-started':
        tools = event.config.tools.map((t) => t.name);
        if (event.config.system.trim() !== '') entries.push({ kind: 'system', index, content: event.config.system });
        break;
      case 'workspace-changed': {
        let change: WorkspaceChange = { added: [], removed: [], updated: false };
        if (event.tools) {
          const now = event.tools.map((t) => t.name);
          const added = now.filter((n) => !tools.includes(n));
          const removed = tools.filter((n) => !now.includes(n));
          change = { added, removed, updated: added.length === 0 && removed.length === 0 };
          tools = now;
        }
        if (event.runtime) change = { ...change, runtime: event.runtime.label };
        entries.push({ kind: 'workspace', index, text: describeWorkspaceChange(change), change });
        break;
      }
      case 'interrupted': {
        const finished = event.what === 'tool-batch' ? finishedInRound(events, event.round) : 0;
        entries.push({
          kind: 'interrupted',
          index,
          round: event.round,
          text: describeInterruption(event, finished),
          what: event.what,
          unfinished: event.callIds.length,
          finished,
        });
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
            ...optional('edited', editOf(message.toolCallId)),
            ...optional('code', codes.get(message.toolCallId)),
            ...marksOf(message.toolCallId),
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
      case 'settings-changed':
      case 'model-called':
      case 'tools-paused':
      case 'call-decided':
      case 'call-started':
      case 'execution-event':
      case 'call-finished':
      case 'calls-reopened': // the reopened calls wait on their own cards; the user message follows once they ran
        break;
      default:
        for (const view of views) {
          const entry = view.entry?.(event);
          if (entry) entries.push({ ...entry, index } as TranscriptEntry);
        }
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
  /**
   * What `response` says in words rather than quoting the model (the page words it): nothing came back, only
   * reasoning or markup came back, or the call failed (`response` is then "error: …").
   */
  readonly responseNote: 'empty' | 'no-visible-text' | 'failed' | null;
  /** The runtime's error when the call failed. */
  readonly error?: string;
  readonly stop: DerivedStop | null;
  /** What the harness did after this response: ran tools, paused, ended the loop… (the page words each). */
  readonly actions: readonly TurnAction[];
  /** The same in English, joined with "; " ("—" when it did nothing). */
  readonly codeDid: string;
}

/**
 * One thing the harness did after a response, as a code with its parameters: the page words it in its own
 * language (`describeTurnAction` is the English sentence, kept for text exports and tests). An extension adds its
 * own (the lab's faults, guards and result ids).
 */
export type TurnAction = CoreTurnAction | ExtensionTurnAction;

export type CoreTurnAction =
  | { readonly kind: 'paused'; readonly count: number }
  | {
      readonly kind: 'decided';
      readonly callId: string;
      readonly decision: CallDecision['kind'];
      /** An edit: original → edited, field by field (`argumentChangesText`). */
      readonly changes?: string;
    }
  | { readonly kind: 'outcome'; readonly name: string; readonly result: OutcomeCode }
  | { readonly kind: 'appended'; readonly count: number }
  | { readonly kind: 'ended'; readonly reason: FinishReasonKind }
  | { readonly kind: 'interrupted'; readonly what: 'model-call' | 'tool-batch' }
  | { readonly kind: 'reopened'; readonly count: number }
  | { readonly kind: 'policy-denied'; readonly callId: string; readonly name: string };

export type TurnActionKind = TurnAction['kind'];

/** The loop's own turn actions (an extension lists its own, e.g. `LAB_TURN_ACTION_KINDS`). */
export const CORE_TURN_ACTION_KINDS = kindsOf<CoreTurnAction['kind']>()({
  paused: true,
  decided: true,
  outcome: true,
  appended: true,
  ended: true,
  interrupted: true,
  reopened: true,
  'policy-denied': true,
});

/** How a call ended, as the turn table names it: `stop` (the call stopped the loop), or a disposition. */
export const OUTCOME_CODES = ['stop', ...DISPOSITIONS] as const;
export type OutcomeCode = (typeof OUTCOME_CODES)[number];

/** One row per model call, with what the extensions' events did. */
export function turnTable(
  events: readonly LoopEvent[],
  extensions: readonly LoopExtension[] = NO_EXTENSIONS,
): TurnRow[] {
  const rows: TurnRow[] = [];
  const views = viewsOf(events, extensions);
  let current: { turn: number; messagesSent: number; toolNames: readonly string[] } | null = null;
  let response = '';
  let responseNote: TurnRow['responseNote'] = null;
  let error: string | undefined;
  let stop: DerivedStop | null = null;
  let actions: TurnAction[] = [];
  /** Each call's arguments as the model wrote them, for an edit's "original → edited". */
  const written = new Map<string, string>();
  const flush = () => {
    if (!current) return;
    const codeDid = actions.length > 0 ? actions.map((a) => describeTurnAction(a, extensions)).join('; ') : '—';
    rows.push({ ...current, response, responseNote, ...optional('error', error), stop, actions, codeDid });
    current = null;
    response = '';
    responseNote = null;
    error = undefined;
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
        for (const call of event.message.toolCalls) written.set(call.id, call.argumentsText);
        response = summarizeResponse(event.message, event.response);
        responseNote = responseNoteOf(event.message, event.response);
        stop = event.stop;
        if (current && event.response.trace?.toolsSent) current.toolNames = event.response.trace.toolsSent;
        break;
      case 'model-failed':
        response = `error: ${event.error}`;
        responseNote = 'failed';
        error = event.error;
        break;
      case 'tools-paused':
        actions.push({ kind: 'paused', count: event.callIds.length });
        break;
      case 'call-decided':
        if (event.decision.kind === 'edit') {
          const original = written.get(event.callId);
          actions.push({
            kind: 'decided',
            callId: event.callId,
            decision: 'edit',
            ...optional(
              'changes',
              original === undefined ? undefined : argumentChangesText(original, event.decision.argumentsText),
            ),
          });
        } else if (event.decision.kind !== 'approve') {
          actions.push({ kind: 'decided', callId: event.callId, decision: event.decision.kind });
        }
        break;
      case 'call-finished':
        actions.push({
          kind: 'outcome',
          name: event.outcome.name,
          result: event.outcome.kind === 'stop' ? 'stop' : event.outcome.disposition,
        });
        break;
      case 'results-appended':
        actions.push({ kind: 'appended', count: event.messages.length });
        break;
      case 'run-finished':
        if (current) actions.push({ kind: 'ended', reason: event.reason });
        break;
      case 'interrupted':
        actions.push({ kind: 'interrupted', what: event.what });
        break;
      case 'calls-reopened':
        actions.push({ kind: 'reopened', count: event.callIds.length });
        break;
      case 'execution-event':
        if (event.kind === 'denied') actions.push({ kind: 'policy-denied', callId: event.callId, name: event.name });
        break;
      case 'run-started':
      case 'user-message':
      case 'settings-changed':
      case 'call-started':
      case 'workspace-changed':
        break;
      default:
        for (const view of views) {
          const action = view.action?.(event);
          if (action) actions.push(action);
        }
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
export function messagesSentAt(
  events: readonly LoopEvent[],
  round: number,
  extensions: readonly LoopExtension[] = NO_EXTENSIONS,
): Message[] {
  let state = INITIAL_STATE;
  const sent = () => [...sentMessages(state.history, state, extensions)];
  for (const event of events) {
    if (event.type === 'model-called' && event.round === round) return sent().slice(0, event.messageCount);
    state = applyEvent(state, event, extensions);
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
  'validation-failed': 'structured-output validation failed',
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

function responseNoteOf(message: AssistantMessage, response: Pick<ModelResponse, 'raw'>): TurnRow['responseNote'] {
  if (message.content.trim() !== '' || message.toolCalls.length > 0) return null;
  return response.raw.trim() === '' ? 'empty' : 'no-visible-text';
}

function describeCall(call: ToolCall): string {
  if (call.parseError !== undefined) return `${call.name || '?'}(unparsed)`;
  return `${call.name}(${call.argumentsText.length > 40 ? call.argumentsText.slice(0, 37) + '…' : call.argumentsText})`;
}

/** A workspace change in English ("Workspace changed: exposed a, b; runtime: X."). */
export function describeWorkspaceChange(change: WorkspaceChange): string {
  const parts: string[] = [];
  if (change.added.length > 0) parts.push(`exposed ${change.added.join(', ')}`);
  if (change.removed.length > 0) parts.push(`no longer exposed: ${change.removed.join(', ')}`);
  if (change.updated) parts.push('tool definitions updated');
  if (change.runtime !== undefined) parts.push(`runtime: ${change.runtime}`);
  return `Workspace changed: ${parts.join('; ')}.`;
}

/**
 * A turn action in English (the sentence the turn table showed before it was worded per language); an extension's
 * action in the words of the extension that made it.
 */
export function describeTurnAction(action: TurnAction, extensions: readonly LoopExtension[] = NO_EXTENSIONS): string {
  if (isExtensionAction(action)) {
    for (const extension of extensions) {
      const text = extension.describeAction?.(action);
      if (text !== null && text !== undefined) return text;
    }
    return action.kind;
  }
  switch (action.kind) {
    case 'paused':
      return `paused for approval of ${action.count} call(s)`;
    case 'decided':
      return describeDecision(action.callId, action.decision) + (action.changes ? ` (${action.changes})` : '');
    case 'outcome':
      return describeOutcome(action.name, action.result);
    case 'appended':
      return `appended ${action.count} tool result(s)`;
    case 'ended':
      return `ended: ${FINISH_LABELS[action.reason]}`;
    case 'interrupted':
      return action.what === 'model-call' ? 'interrupted by a reload' : 'tool batch interrupted by a reload';
    case 'reopened':
      return `reopened ${action.count} unanswered call(s) before a new user message`;
    case 'policy-denied':
      return `the policy denied ${action.name} (${action.callId})`;
    default:
      return assertNever(action);
  }
}

function isExtensionAction(action: TurnAction): action is ExtensionTurnAction {
  return !(CORE_TURN_ACTION_KINDS as readonly string[]).includes(action.kind);
}

function describeDecision(callId: string, decision: CallDecision['kind']): string {
  switch (decision) {
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

function describeOutcome(name: string, result: OutcomeCode): string {
  switch (result) {
    case 'stop':
      return `${name} failed: loop stopped`;
    case 'executed':
      return `ran ${name}`;
    case 'tool-error':
      return `ran ${name}: error sent to the model`;
    case 'invalid-json':
      return `${name}: arguments not JSON, error sent`;
    case 'invalid-arguments':
      return `${name}: arguments invalid, error sent`;
    case 'unknown-tool':
      return `unknown tool ${name}: error sent`;
    case 'unparsed-call':
      return 'unparsable call: error sent';
    case 'denied':
      return `${name}: denial sent`;
    case 'written-by-hand':
      return `${name}: hand-written result sent`;
    default:
      return assertNever(result);
  }
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return value === undefined ? {} : ({ [key]: value } as { [P in K]?: V });
}
