/**
 * The run's event log: one append-only list per run, the single source of truth. Every view (transcript, turn
 * table, usage, phase) is a projection of it, which makes persistence, export, replay and fork one operation.
 * Events are plain JSON.
 */
import type { AdvisorConfig, LoopControl } from '../advisors/config';
import type { AdvisorDescriptor, AdvisorHook, AdvisorKind, AdvisorObservation } from '../advisors/types';
import type { AssistantMessage, ToolCall, ToolMessage } from '../messages';
import type { MalformedCallMode } from '../protocol/interpret';
import type { RuntimeKind, ToolChoice } from '../runtime';
import type { DerivedStop } from '../stop-reasons';
import type { ExecutionEventKind, ToolDefinition } from '../tool';
import type { StoredResponse } from '../trace-delta';
import type { CallDecision, CallOutcome, ExceptionMode } from '../tool-execution';
import type { Fault, FaultSource, GuardKind, GuardLevel, LabSettings, Prediction } from '../lab/types';
import type { FinishReasonKind } from './run-end';

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
  /** The teaching lab: predict mode, loop guards, faults armed on tools (see lab/types.ts). Absent: all off. */
  readonly lab?: LabSettings;
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
  /** Who drove the run (absent in runs stored before it was recorded: an `advisor-chain` event says advisor). */
  readonly loopControl?: LoopControl;
  /** The advisor chain an advisor-controlled run started with (advisor/config.ts). */
  readonly advisors?: AdvisorConfig;
}

export type LoopEvent =
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
      /** Advisor-controlled loop: the chain one request ran through, sorted as it ran. */
      readonly type: 'advisor-chain';
      readonly at: number;
      readonly advisors: readonly AdvisorDescriptor[];
      /** The loop advisor's order; null when the chain has no loop (tools are sent but never executed). */
      readonly loopOrder: number | null;
      /** Off when a memory advisor sits inside the loop: each round then sends system + latest tool results. */
      readonly conversationHistoryEnabled: boolean;
      /** The configuration the chain was built from (absent in older runs): a restore brings it back. */
      readonly config?: AdvisorConfig;
    }
  | {
      /** Advisor-controlled loop: one hook of one advisor ran, and what it saw. */
      readonly type: 'advisor-invoked';
      readonly at: number;
      /** Model calls made so far in the run when the hook ran. */
      readonly round: number;
      readonly advisor: string;
      readonly kind: AdvisorKind;
      readonly order: number;
      readonly hook: AdvisorHook;
      readonly sees: AdvisorObservation;
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
      /** Predict mode: the learner's prediction for model call `round`, made before that call was sent. */
      readonly type: 'prediction-made';
      readonly at: number;
      readonly round: number;
      readonly prediction: Prediction;
    }
  | {
      /**
       * A fault replaces (or wraps) a tool's behaviour for one call: chosen for the call at a pause (`call`, logged
       * then), or armed on the tool (`tool`, logged right before the call runs).
       */
      readonly type: 'fault-injected';
      readonly at: number;
      readonly round: number;
      readonly callId: string;
      readonly name: string;
      readonly fault: Fault;
      readonly source: FaultSource;
    }
  | {
      /**
       * A loop guard reached a cap. `warn` (soft): `nudge` joins the history as a user message asking the model to
       * answer now. `stop` (hard): a `run-finished` with reason `loop-guard` follows; the response's calls never run.
       */
      readonly type: 'guard-tripped';
      readonly at: number;
      readonly round: number;
      readonly guard: GuardKind;
      readonly level: GuardLevel;
      readonly value: number;
      readonly limit: number;
      /** Repeat guard: the repeated call as `name {arguments}`. */
      readonly key?: string;
      readonly nudge?: string;
    }
  | {
      /**
       * The id-pairing lesson: the result of `callId` is sent back with `sentId` (null: without an id) instead of
       * its call's id. The log keeps the true pairing; requests carry the chosen id (see lab/id-pairing.ts).
       */
      readonly type: 'result-id-set';
      readonly at: number;
      readonly callId: string;
      readonly sentId: string | null;
    }
  | {
      readonly type: 'run-finished';
      readonly at: number;
      readonly reason: FinishReasonKind;
      readonly detail?: string;
      readonly finalAnswer?: string;
    };

export type LoopEventType = LoopEvent['type'];

/** What a reload can cut: a model call or a tool batch. */
export type InterruptedWork = 'model-call' | 'tool-batch';

/** Every event kind, for validating stored and imported logs. The check below fails to compile if one is missing. */
export const LOOP_EVENT_TYPES = [
  'run-started',
  'user-message',
  'settings-changed',
  'model-called',
  'model-responded',
  'model-failed',
  'tools-paused',
  'call-decided',
  'call-started',
  'execution-event',
  'call-finished',
  'results-appended',
  'advisor-chain',
  'advisor-invoked',
  'workspace-changed',
  'interrupted',
  'calls-reopened',
  'prediction-made',
  'fault-injected',
  'guard-tripped',
  'result-id-set',
  'run-finished',
] as const satisfies readonly LoopEventType[];

type MissingEventType = Exclude<LoopEventType, (typeof LOOP_EVENT_TYPES)[number]>;
export const EVENT_TYPES_COMPLETE: [MissingEventType] extends [never] ? true : MissingEventType = true;
