/**
 * The teaching lab's part of a run: its event kinds (a prediction, an injected fault, a guard that tripped, a
 * result sent with another id), its settings in `LoopSettings.lab`, its part of the state in `LoopState.lab`, and
 * what it adds to the views (a transcript note, marks on a tool result, turn-table actions). Each is merged into the
 * loop's types with `declare module`, so the loop names none of them; `labExtension` (extension.ts) folds and
 * hooks them in.
 */
import type { GuardKind, GuardLevel, Fault, FaultSource, LabSettings, Prediction, ResultIds } from './types';
import { kindsOf } from '../kinds';
import type { PredictionScore } from './predict';

export type LabEvent =
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
       * its call's id. The log keeps the true pairing; requests carry the chosen id (see id-pairing.ts).
       */
      readonly type: 'result-id-set';
      readonly at: number;
      readonly callId: string;
      readonly sentId: string | null;
    };

export type LabEventType = LabEvent['type'];

/** The lab's kinds. */
export const LAB_EVENT_TYPES = kindsOf<LabEventType>()({
  'prediction-made': true,
  'fault-injected': true,
  'guard-tripped': true,
  'result-id-set': true,
});

/** The lab's part of the state. */
export interface LabState {
  /** Faults chosen at the pause for calls of the pending batch (`fault-injected` from a call), by call id. */
  readonly faults: Readonly<Record<string, Fault>>;
  /** The id-pairing lesson: results sent with another id than their call's (`result-id-set`), by call id. */
  readonly resultIds: ResultIds;
}

/** A transcript note of the lab: a prediction (scored once its response is in) or a loop guard that tripped. */
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

/** The lab's turn-table actions (the page words each). */
export type LabTurnAction =
  | { readonly kind: 'injected'; readonly fault: Fault; readonly callId: string; readonly name: string }
  | { readonly kind: 'guard'; readonly guard: GuardKind; readonly value: number; readonly level: GuardLevel }
  | { readonly kind: 'result-id'; readonly callId: string; readonly sentId: string | null };

export const LAB_TURN_ACTION_KINDS = kindsOf<LabTurnAction['kind']>()({
  injected: true,
  guard: true,
  'result-id': true,
});

declare module '../loop/events' {
  interface ExtensionEvents {
    lab: LabEvent;
  }
  interface LoopSettings {
    /** The teaching lab: predict mode, loop guards, faults armed on tools (see lab/types.ts). Absent: all off. */
    readonly lab?: LabSettings;
  }
}

declare module '../loop/state' {
  interface LoopState {
    /** The lab's part (labExtension folds it); absent until a lab event needs it. */
    readonly lab?: LabState;
  }
}

declare module '../loop/extension' {
  interface ExtensionTranscriptEntries {
    lab: { readonly kind: 'lab'; readonly index: number; readonly note: LabNote };
  }
  interface ResultMarks {
    /** A fault replaced or wrapped the tool for this call. */
    readonly injected?: { readonly fault: Fault; readonly source: FaultSource };
    /** The id this result is sent with when the learner changed it (null: no id); absent when it is the call's. */
    readonly sentId?: string | null;
  }
  interface ExtensionTurnActions {
    lab: LabTurnAction;
  }
}
