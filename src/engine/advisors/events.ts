/**
 * The advisor-controlled loop's part of a run: the chain one request ran through and each hook an advisor ran,
 * merged into the loop's events with `declare module` (see loop/extension.ts), and folded by `advisorEvents`: a
 * validation retry sends the request again after a final answer, so the run is back at the prompt.
 * `AdvisorLoopController` always folds with it; app-root.tsx registers it so every view of a run does too.
 *
 * Its views mark each answer structured-output validation rejected: a transcript note right after that answer and
 * a turn-table action on its row, both with the validation errors and whether the request was sent again.
 */
import type { ExtensionTurnAction, ExtensionViews, LoopExtension } from '../loop/extension';
import type { LoopEvent } from '../loop/events';
import { kindsOf } from '../kinds';
import { validationReports } from './projections';
import type { AdvisorConfig } from './config';
import type { AdvisorDescriptor, AdvisorHook, AdvisorKind, AdvisorObservation } from './types';

export type AdvisorEvent =
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
    };

export const ADVISOR_EVENT_TYPES = kindsOf<AdvisorEvent['type']>()({ 'advisor-chain': true, 'advisor-invoked': true });

/** An answer structured-output validation rejected: its model call, the attempt, the errors, what came next. */
export interface ValidationRejection {
  /** The model call whose answer was rejected. */
  readonly round: number;
  readonly attempt: number;
  /** 1 + the retries (absent in runs recorded before it was). */
  readonly attempts?: number;
  readonly errors: readonly string[];
  /** True when the request was sent again with the errors appended; false when no retry was left. */
  readonly retried: boolean;
}

/** The advisor loop's turn-table actions (the page words each). */
export type AdvisorTurnAction = { readonly kind: 'validation-rejected' } & ValidationRejection;

export const ADVISOR_TURN_ACTION_KINDS = kindsOf<AdvisorTurnAction['kind']>()({ 'validation-rejected': true });

declare module '../loop/events' {
  interface ExtensionEvents {
    advisors: AdvisorEvent;
  }
}

declare module '../loop/extension' {
  interface ExtensionTranscriptEntries {
    advisors: { readonly kind: 'validation-rejected'; readonly index: number; readonly rejection: ValidationRejection };
  }
  interface ExtensionTurnActions {
    advisors: AdvisorTurnAction;
  }
}

/**
 * The answers validation rejected in the run, by the model call that produced each (one judgement per call): the
 * Advisors tab's validation checks (`validationReports`), read for the transcript and the turn table.
 */
export function validationRejections(events: readonly LoopEvent[]): Map<number, ValidationRejection> {
  const rejections = new Map<number, ValidationRejection>();
  for (const report of validationReports(events, 'run')) {
    const recorded = report.settings ? report.settings.maxRepeatAttempts + 1 : undefined;
    for (const check of report.checks) {
      if (check.ok) continue;
      const attempts = check.attempts ?? recorded;
      rejections.set(check.round, {
        round: check.round,
        attempt: check.attempt,
        ...(attempts !== undefined ? { attempts } : {}),
        errors: check.errors,
        retried: check.appended !== null,
      });
    }
  }
  return rejections;
}

function advisorViews(events: readonly LoopEvent[]): ExtensionViews {
  const rejections = validationRejections(events);
  const rejectionOf = (event: LoopEvent) =>
    event.type === 'advisor-invoked' && event.hook === 'validate' ? rejections.get(event.round) : undefined;
  return {
    entry(event) {
      const rejection = rejectionOf(event);
      return rejection ? { kind: 'validation-rejected', rejection } : null;
    },
    action(event) {
      const rejection = rejectionOf(event);
      return rejection ? { kind: 'validation-rejected', ...rejection } : null;
    },
  };
}

/** A validation rejection in English: "validation rejected the answer (attempt 1 of 4): …; sent again…". */
export function describeValidationRejection(rejection: ValidationRejection): string {
  const attempt =
    rejection.attempts === undefined
      ? `attempt ${rejection.attempt}`
      : `attempt ${rejection.attempt} of ${rejection.attempts}`;
  const next = rejection.retried ? 'sent again with the errors appended' : 'no retries left';
  return `validation rejected the answer (${attempt}): ${rejection.errors.join('; ')}; ${next}`;
}

function describeAdvisorAction(action: ExtensionTurnAction): string | null {
  return (ADVISOR_TURN_ACTION_KINDS as readonly string[]).includes(action.kind)
    ? describeValidationRejection(action as AdvisorTurnAction)
    : null;
}

export const advisorEvents: LoopExtension = {
  id: 'advisors',
  reduce: (state, event) =>
    // A validation retry re-issues the request after a final answer: the loop is back at the prompt.
    event.type === 'advisor-invoked' && event.hook === 'attempt' && state.phase === 'model'
      ? { ...state, phase: 'prompt' }
      : state,
  views: advisorViews,
  describeAction: describeAdvisorAction,
};
