/**
 * The teaching lab's vocabulary: what a learner can switch on for a run (predict mode, loop guards, faults armed on
 * tools) and the payloads of its events (a prediction, an injected fault, a guard that tripped). Plain,
 * serializable data: the settings travel in `LoopSettings.lab` (so every run logs them with `run-started` and
 * `settings-changed`), the payloads in the lab's event kinds (see loop/events.ts).
 *
 * This module imports nothing from the loop, so the loop's events can name these types without a cycle.
 */
import { kindsOf } from '../kinds';
import type { JsonValue } from '../model-port/script';

export type { JsonValue } from '../model-port/script';

/** A fault the harness puts in place of (or around) a tool's real behaviour. */
export type Fault =
  /** The tool never answers: after `afterMs` the harness gives up and the call fails (the exception processor). */
  | { readonly kind: 'timeout'; readonly afterMs: number }
  /** The tool throws (the exception processor decides: send the error to the model, or stop the loop). */
  | { readonly kind: 'throw' }
  /** The tool answers, flagging its result as an error (`is_error`). */
  | { readonly kind: 'is-error' }
  /** The tool runs; its result comes back as JSON cut short (an unterminated object). */
  | { readonly kind: 'malformed-json' }
  /** The tool runs; its result's values come back with the wrong JSON types (a number as a string, …). */
  | { readonly kind: 'wrong-types' }
  /** The tool runs; its result is padded to `bytes` characters (what a huge payload does to the next prompt). */
  | { readonly kind: 'huge'; readonly bytes: number }
  /** The tool runs `ms` later than it would. */
  | { readonly kind: 'latency'; readonly ms: number };

export type FaultKind = Fault['kind'];

export const FAULT_KINDS = kindsOf<FaultKind>()({
  timeout: true,
  throw: true,
  'is-error': true,
  'malformed-json': true,
  'wrong-types': true,
  huge: true,
  latency: true,
});

/** Where an injected fault came from: armed on the tool (every call), or chosen for one call at a pause. */
export type FaultSource = 'tool' | 'call';

/** The guards of item 4, each with a soft cap (the model is asked to answer now) and a hard cap (the loop stops). */
export const GUARD_KINDS = ['repeat', 'tokens', 'rounds'] as const;
export type GuardKind = (typeof GUARD_KINDS)[number];

/** Soft (`warn`: a message asks the model to answer now) or hard (`stop`: the loop ends). */
export type GuardLevel = 'warn' | 'stop';

/**
 * Loop guards. Every threshold is a whole number; 0 switches that cap off. The hard cap of the rounds guard is
 * the loop's own `maxRounds` setting.
 */
export interface GuardSettings {
  /** The same tool with the same arguments this many times in a run: the model is asked to answer now. */
  readonly repeatWarnAt: number;
  /** …this many times: the loop stops before the call runs. */
  readonly repeatStopAt: number;
  /** The run's total tokens (prompt + completion over every model call) past this: the model is asked to answer. */
  readonly tokenSoft: number;
  /** …past this budget: the loop stops (checked after each model call, the `doAfterCall` hook of the seeds). */
  readonly tokenBudget: number;
  /** After this many model calls the model is asked to answer now. */
  readonly roundsSoft: number;
}

export const GUARDS_OFF: GuardSettings = {
  repeatWarnAt: 0,
  repeatStopAt: 0,
  tokenSoft: 0,
  tokenBudget: 0,
  roundsSoft: 0,
};

/** What a learner switched on for a run. Absent fields are off. */
export interface LabSettings {
  /** Exercise mode: before each model call the learner predicts the response; it is then revealed and scored. */
  readonly predict?: boolean;
  readonly guards?: GuardSettings;
  /** Faults armed on tools, by tool name: every call of that tool gets its fault until it is disarmed. */
  readonly faults?: Readonly<Record<string, Fault>>;
}

/** One predicted tool call: the tool and the arguments by value. */
export interface PredictedCall {
  readonly name: string;
  readonly arguments: { readonly [key: string]: JsonValue };
}

/** The learner's answer to "tool call or final answer? which tool(s)? which arguments?". */
export type Prediction =
  { readonly kind: 'answer' } | { readonly kind: 'calls'; readonly calls: readonly PredictedCall[] };

/** Tool results sent with another id than their call's, by call id: the id each is sent with (null: none). */
export type ResultIds = Readonly<Record<string, string | null>>;
