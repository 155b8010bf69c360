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
import type { CallDecision, CallOutcome } from './tool-execution';
import type { ExtensionEvent, FinishReasonKind, LoopEvent, LoopSettings, RunConfig } from './events';
import { historyEdits, rewriteHistory } from './history-rewrite';

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
}

/**
 * The run's state. An extension keeps its own part here under its id (merged in with `declare module`, as
 * lab/events.ts adds `lab`); the loop's reducer leaves those parts as they are and a new run starts without them.
 */
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
  readonly finished: {
    readonly reason: FinishReasonKind;
    readonly detail?: string;
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
  finished: null,
};

/** One fold step: the state after `event`. */
export type StateReducer = (state: LoopState, event: LoopEvent) => LoopState;

/** What the fold needs of an extension (loop/extension.ts): its reducer, if it has one. */
export interface Folding {
  readonly reduce?: StateReducer;
}

/** The state after `event`: the loop's own reducer, then each extension's, in order. */
export function applyEvent(state: LoopState, event: LoopEvent, extensions: readonly Folding[] = []): LoopState {
  let next = applyCoreEvent(state, event);
  for (const extension of extensions) if (extension.reduce) next = extension.reduce(next, event);
  return next;
}

/** What the loop's own events do; an extension's events leave the state to that extension's reducer. */
function applyCoreEvent(state: LoopState, event: LoopEvent): LoopState {
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
    case 'call-started':
    case 'execution-event':
      return state;
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
      return leftToExtensions(event, state);
  }
}

/** An extension's event: the loop's reducer leaves it to that extension (a loop event left here fails to compile). */
function leftToExtensions(_event: ExtensionEvent, state: LoopState): LoopState {
  return state;
}

export function replay(events: readonly LoopEvent[], extensions: readonly Folding[] = []): LoopState {
  let state = INITIAL_STATE;
  for (const event of events) state = applyEvent(state, event, extensions);
  return state;
}
