/**
 * The manual loop as an explicit state machine. `applyEvent` is a pure reducer from one state to the next;
 * `replay` folds a whole log. The controller decides *which* event comes next; this file only says what each
 * event means.
 *
 *   idle ──send──▶ prompt ──step──▶ model ──▶ approve ──decide all──▶ execute ──step──▶ prompt … ──▶ done
 *                                     └─(no calls)──▶ done      └─(no pause)─▶ execute
 */
import type { Message, ToolCall } from '../messages';
import type { ToolDefinition } from '../tool';
import type { CallDecision, CallOutcome } from '../tool-execution';
import type { Fault, ResultIds } from '../lab/types';
import type { FinishReasonKind, LoopEvent, LoopSettings, RunConfig } from './events';
import type { RunEndDetail } from './run-end-details';
import { historyEdits, rewriteHistory } from './history-rewrite';
import { assertNever } from '../result';

/** The phases highlighted on the loop diagram. */
export type Phase = 'idle' | 'prompt' | 'model' | 'approve' | 'execute' | 'done';

export const PHASES: readonly Phase[] = ['idle', 'prompt', 'model', 'approve', 'execute', 'done'];

export interface PendingCalls {
  readonly round: number;
  readonly calls: readonly ToolCall[];
  /** Calls still waiting for a person's decision. */
  readonly awaiting: readonly string[];
  readonly decisions: Readonly<Record<string, CallDecision>>;
  /** Calls of this batch that already finished: their outcomes stand, they never run again. */
  readonly finished: Readonly<Record<string, CallOutcome>>;
  /** Calls a reload cut (see the `interrupted` event): each waits for a decision like a paused call. */
  readonly interrupted: readonly string[];
  /**
   * Calls reopened before a new user message (`calls-reopened`): the message that follows once they have run.
   */
  readonly userMessageAfter?: string;
  /** Faults chosen at the pause for calls of this batch (`fault-injected` from a call): they run with the fault. */
  readonly faults: Readonly<Record<string, Fault>>;
}

export interface LoopState {
  readonly runId: string | null;
  /** When the run started (its `run-started` event): the day its prompts print. */
  readonly startedAt: number | null;
  readonly config: RunConfig | null;
  readonly settings: LoopSettings | null;
  /** The tools the run exposes now: its config's, then each `workspace-changed` that named tools. */
  readonly tools: readonly ToolDefinition[];
  /** The runtime that answers now: its config's, then each `workspace-changed` that named one. */
  readonly runtime: RunConfig['runtime'] | null;
  readonly phase: Phase;
  /** Model calls made so far in this run. */
  readonly round: number;
  /** The conversation as it will be sent next: system, user, assistant, tool… */
  readonly history: readonly Message[];
  readonly pending: PendingCalls | null;
  /** The id-pairing lesson: results sent with another id than their call's (`result-id-set`), by call id. */
  readonly resultIds: ResultIds;
  readonly finished: {
    readonly reason: FinishReasonKind;
    readonly detail?: RunEndDetail;
    readonly finalAnswer?: string;
  } | null;
}

export const INITIAL_STATE: LoopState = {
  runId: null,
  startedAt: null,
  config: null,
  settings: null,
  tools: [],
  runtime: null,
  phase: 'idle',
  round: 0,
  history: [],
  pending: null,
  resultIds: {},
  finished: null,
};

export function applyEvent(state: LoopState, event: LoopEvent): LoopState {
  switch (event.type) {
    case 'run-started':
      return {
        ...INITIAL_STATE,
        runId: event.runId,
        startedAt: event.at,
        config: event.config,
        settings: event.config.settings,
        tools: event.config.tools,
        runtime: event.config.runtime,
        history: event.config.system.trim() === '' ? [] : [{ role: 'system', content: event.config.system }],
      };
    case 'user-message':
      return {
        ...state,
        phase: 'prompt',
        finished: null,
        pending: null,
        history: [...state.history, { role: 'user', content: event.content }],
      };
    case 'settings-changed':
      return { ...state, settings: event.settings };
    case 'model-called':
      return { ...state, phase: 'model', round: event.round };
    case 'model-responded': {
      const history = [...state.history, event.message];
      if (event.calls.length === 0) return { ...state, history };
      return {
        ...state,
        history,
        phase: 'execute',
        pending: {
          round: event.round,
          calls: event.calls,
          awaiting: [],
          decisions: {},
          finished: {},
          interrupted: [],
          faults: {},
        },
      };
    }
    case 'model-failed':
      return state;
    case 'tools-paused': {
      if (!state.pending) return state;
      return { ...state, phase: 'approve', pending: { ...state.pending, awaiting: event.callIds } };
    }
    case 'call-decided': {
      if (!state.pending) return state;
      const awaiting = state.pending.awaiting.filter((id) => id !== event.callId);
      return {
        ...state,
        phase: awaiting.length === 0 ? 'execute' : 'approve',
        pending: {
          ...state.pending,
          awaiting,
          decisions: { ...state.pending.decisions, [event.callId]: event.decision },
        },
      };
    }
    case 'call-finished': {
      const pending = state.pending;
      if (!pending || pending.round !== event.round) return state;
      return {
        ...state,
        pending: { ...pending, finished: { ...pending.finished, [event.outcome.callId]: event.outcome } },
      };
    }
    case 'workspace-changed':
      return {
        ...state,
        ...(event.tools !== undefined ? { tools: event.tools } : {}),
        ...(event.runtime !== undefined ? { runtime: event.runtime } : {}),
      };
    case 'interrupted': {
      if (event.what === 'model-call') return state.phase === 'model' ? { ...state, phase: 'prompt' } : state;
      const pending = state.pending;
      if (!pending || pending.round !== event.round || event.callIds.length === 0) return state;
      const decisions = { ...pending.decisions };
      for (const id of event.callIds) delete decisions[id];
      return {
        ...state,
        phase: 'approve',
        pending: { ...pending, awaiting: event.callIds, interrupted: event.callIds, decisions },
      };
    }
    case 'fault-injected': {
      const pending = state.pending;
      if (event.source !== 'call' || !pending || pending.round !== event.round) return state;
      return { ...state, pending: { ...pending, faults: { ...pending.faults, [event.callId]: event.fault } } };
    }
    case 'guard-tripped':
      // A soft cap's message joins the history after the tool results: the next request carries it.
      return event.nudge === undefined
        ? state
        : { ...state, history: [...state.history, { role: 'user', content: event.nudge }] };
    case 'result-id-set': {
      const { [event.callId]: _previous, ...others } = state.resultIds;
      return {
        ...state,
        resultIds: event.sentId === event.callId ? others : { ...others, [event.callId]: event.sentId },
      };
    }
    case 'call-started':
    case 'execution-event':
    case 'advisor-chain':
    case 'prediction-made':
      return state;
    case 'advisor-invoked':
      // A validation retry re-issues the request after a final answer: the loop is back at the prompt.
      return event.hook === 'attempt' && state.phase === 'model' ? { ...state, phase: 'prompt' } : state;
    case 'results-appended': {
      // Edits that asked for it rewrite their call in the history now that the batch ran (until then a decision
      // could still change).
      const history = state.pending
        ? rewriteHistory(state.history, historyEdits(state.pending.decisions))
        : state.history;
      return { ...state, phase: 'prompt', pending: null, history: [...history, ...event.messages] };
    }
    case 'calls-reopened': {
      const wanted = new Set(event.callIds);
      const calls = state.history
        .flatMap((m) => (m.role === 'assistant' ? m.toolCalls : []))
        .filter((c) => wanted.has(c.id));
      if (calls.length === 0) return state;
      return {
        ...state,
        phase: 'approve',
        finished: null,
        pending: {
          round: event.round,
          calls,
          awaiting: calls.map((c) => c.id),
          decisions: {},
          faults: {},
          finished: {},
          interrupted: [],
          userMessageAfter: event.userMessage,
        },
      };
    }
    case 'run-finished':
      return {
        ...state,
        phase: 'done',
        pending: null,
        finished: {
          reason: event.reason,
          ...(event.detail !== undefined ? { detail: event.detail } : {}),
          ...(event.finalAnswer !== undefined ? { finalAnswer: event.finalAnswer } : {}),
        },
      };
    default:
      return assertNever(event);
  }
}

export function replay(events: readonly LoopEvent[]): LoopState {
  return events.reduce(applyEvent, INITIAL_STATE);
}
