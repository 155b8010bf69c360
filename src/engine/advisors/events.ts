/**
 * The advisor-controlled loop's part of a run: the chain one request ran through and each hook an advisor ran,
 * merged into the loop's events with `declare module` (see loop/extension.ts), and folded by `advisorEvents`: a
 * validation retry sends the request again after a final answer, so the run is back at the prompt.
 * `AdvisorLoopController` always folds with it; app-root.tsx registers it so every view of a run does too.
 */
import type { LoopExtension } from '../loop/extension';
import { kindsOf } from '../kinds';
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

declare module '../loop/events' {
  interface ExtensionEvents {
    advisors: AdvisorEvent;
  }
}

export const advisorEvents: LoopExtension = {
  id: 'advisors',
  reduce: (state, event) =>
    // A validation retry re-issues the request after a final answer: the loop is back at the prompt.
    event.type === 'advisor-invoked' && event.hook === 'attempt' && state.phase === 'model'
      ? { ...state, phase: 'prompt' }
      : state,
};
