/**
 * The run's event log: one append-only list per run, the single source of truth. Every view (transcript, turn
 * table, usage, phase) is a projection of it, which makes persistence, export, replay and fork one operation.
 * Events are plain JSON.
 *
 * The loop's own kinds are `CoreEvent`. An extension (loop/extension.ts) adds its kinds as a sub-union merged into
 * `ExtensionEvents` (the lab's in lab/events.ts, the advisor loop's in advisors/events.ts), so `LoopEvent` is the
 * whole log's type while this module names none of them. Its settings merge into `LoopSettings` the same way.
 */
import type { AssistantMessage, ToolCall, ToolMessage } from '../messages';
import type { MalformedCallMode } from '../protocol/interpret';
import type { RuntimeKind, ToolChoice } from '../runtime';
import type { DerivedStop } from '../stop-reasons';
import type { ExecutionEventKind, ToolDefinition } from '../tool';
import type { StoredResponse } from '../trace-delta';
import type { CallDecision, CallOutcome, ExceptionMode } from './tool-execution';
import { kindsOf } from '../kinds';
import type { FinishReasonKind } from './run-end';
import type { LoopControl } from './loop-control';

export type { FinishReasonKind } from './run-end';

export interface LoopSettings {
  /** Stop at every response that asks for tools, before anything executes. */
  readonly pauseBeforeTools: boolean;
  /** The guard against runaway loops: at most this many model calls per run. */
  readonly maxRounds: number;
  readonly exceptionMode: ExceptionMode;
  readonly toolChoice: ToolChoice;
  readonly parallelToolCalls: boolean;
  /** A call attempt that cannot be read: answered with an error result (default) or kept as text only. */
  readonly malformedCalls?: MalformedCallMode;
  /** The date prompts print (Llama 3.2's "Today Date"), `YYYY-MM-DD`; absent: the day the run started. */
  readonly promptDate?: string;
  /** The execution service's policy (the policy-workspace tools): writes run only while this is on. */
  readonly allowWrite?: boolean;
  /**
   * Parameter augmentation: every exposed tool's schema gains `innerThought` and `confidence`, which the model
   * fills and the harness strips before the tool runs (Spring AI's AugmentedToolCallbackProvider).
   */
  readonly augmentArguments?: boolean;
}

export const DEFAULT_SETTINGS: LoopSettings = {
  pauseBeforeTools: false,
  maxRounds: 10,
  exceptionMode: 'send-to-model',
  toolChoice: 'auto',
  parallelToolCalls: true,
  malformedCalls: 'error-result',
};

export interface RunConfig {
  readonly system: string;
  readonly tools: readonly ToolDefinition[];
  readonly runtime: { readonly kind: RuntimeKind; readonly label: string };
  readonly settings: LoopSettings;
  readonly scenarioId?: string;
  /**
   * Who drove the run (absent in runs stored before it was recorded: an `advisor-chain` event says advisor). The
   * advisor loop adds the chain the run started with (`advisors`, merged in by advisors/events.ts).
   */
  readonly loopControl?: LoopControl;
}

/** The loop's own event kinds. */
export type CoreEvent =
  | { readonly type: 'run-started'; readonly at: number; readonly runId: string; readonly config: RunConfig }
  | { readonly type: 'user-message'; readonly at: number; readonly content: string }
  | { readonly type: 'settings-changed'; readonly at: number; readonly settings: LoopSettings }
  | {
      readonly type: 'model-called';
      readonly at: number;
      readonly round: number;
      readonly messageCount: number;
      readonly toolNames: readonly string[];
    }
  | {
      readonly type: 'model-responded';
      readonly at: number;
      readonly round: number;
      /** The response; its trace is stored as a change from the previous one (prompt-trace.ts `TraceChain`). */
      readonly response: StoredResponse;
      readonly message: AssistantMessage;
      readonly stop: DerivedStop;
      /** The calls the loop will handle (none when the response was aborted, filtered or cut). */
      readonly calls: readonly ToolCall[];
    }
  | { readonly type: 'model-failed'; readonly at: number; readonly round: number; readonly error: string }
  | {
      readonly type: 'tools-paused';
      readonly at: number;
      readonly round: number;
      /** Calls waiting for a decision; the others of the response are approved automatically. */
      readonly callIds: readonly string[];
    }
  | { readonly type: 'call-decided'; readonly at: number; readonly callId: string; readonly decision: CallDecision }
  | {
      /**
       * A tool's implementation is about to run (after the decision and the argument checks). Denied, hand-written,
       * unparsable, unknown or invalid calls never start. A `call-started` without its `call-finished` is a tool
       * still running, or one that hung.
       */
      readonly type: 'call-started';
      readonly at: number;
      readonly round: number;
      readonly callId: string;
      readonly name: string;
      /** The arguments the tool runs with (the edited ones when a person edited them). */
      readonly argumentsText: string;
      /**
       * A user tool: the version of its code this execution runs (1 at its first execution in the run, one more after
       * each saved edit) and the digest of that text (loop/code-versions.ts). Absent for tools without code.
       */
      readonly code?: { readonly version: number; readonly digest: string };
    }
  | {
      /**
       * The execution service in front of a tool (the policy-workspace tools) reports one call as it happens:
       * started, finished, denied by its policy, or failed. Between the call's `call-started` and `call-finished`.
       */
      readonly type: 'execution-event';
      readonly at: number;
      readonly round: number;
      readonly callId: string;
      readonly name: string;
      readonly kind: ExecutionEventKind;
      readonly detail?: string;
    }
  | { readonly type: 'call-finished'; readonly at: number; readonly round: number; readonly outcome: CallOutcome }
  | {
      readonly type: 'results-appended';
      readonly at: number;
      readonly round: number;
      readonly messages: readonly ToolMessage[];
    }
  | {
      /**
       * The workspace changed while the run was open, logged right before the model call that first uses it: the
       * tools exposed from then on (as the model receives them) and/or the runtime that answers.
       */
      readonly type: 'workspace-changed';
      readonly at: number;
      readonly tools?: readonly ToolDefinition[];
      readonly runtime?: RunConfig['runtime'];
    }
  | {
      /**
       * Logged when a run is restored (after a reload or a crash) that had a model call or a tool batch in
       * flight. A model call that never responded leaves the run at `prompt` (Step calls the model again). A cut
       * tool batch keeps the calls that finished; every other call of it waits at a pause for a decision (run
       * again, skip with an error result, write the result): a call that may have run is never re-run silently.
       */
      readonly type: 'interrupted';
      readonly at: number;
      readonly round: number;
      readonly what: InterruptedWork;
      /** Tool batch only: the calls that never finished, in the model's order. */
      readonly callIds: readonly string[];
    }
  | {
      /**
       * A new user message came after a response whose tool calls never got a result (the run stopped at a pause,
       * Stop cut the batch, the response was aborted or cut), and the person chose to decide those calls now: they
       * wait at a pause again, and once they have run and their results are appended, `userMessage` follows as the
       * next user turn. (The other choice answers them "not executed": a `results-appended`, then the message.)
       * An API rejects a user message right after unanswered calls, so a run never sends one.
       */
      readonly type: 'calls-reopened';
      readonly at: number;
      /** The model call whose response holds the calls. */
      readonly round: number;
      /** The unanswered calls, in the model's order. */
      readonly callIds: readonly string[];
      readonly userMessage: string;
    }
  | {
      readonly type: 'run-finished';
      readonly at: number;
      readonly reason: FinishReasonKind;
      readonly detail?: string;
      readonly finalAnswer?: string;
    };

/** The loop's own kinds. */
export const CORE_EVENT_TYPES = kindsOf<CoreEvent['type']>()({
  'run-started': true,
  'user-message': true,
  'settings-changed': true,
  'model-called': true,
  'model-responded': true,
  'model-failed': true,
  'tools-paused': true,
  'call-decided': true,
  'call-started': true,
  'execution-event': true,
  'call-finished': true,
  'results-appended': true,
  'workspace-changed': true,
  interrupted: true,
  'calls-reopened': true,
  'run-finished': true,
});

/**
 * Event kinds extensions add, by extension id: each merges its sub-union in with
 * `declare module '../loop/events' { interface ExtensionEvents { lab: LabEvent } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ExtensionEvents {}
export type ExtensionEvent = ExtensionEvents[keyof ExtensionEvents];

/** Every event of a run's log: the loop's own kinds and those of its extensions. */
export type LoopEvent = CoreEvent | ExtensionEvent;

export type LoopEventType = LoopEvent['type'];

/** What a reload can cut: a model call or a tool batch. */
export type InterruptedWork = 'model-call' | 'tool-batch';
