/**
 * The advisor chain's configuration as plain data: each advisor's kind, order, whether it is on, its hook settings.
 * It is part of the `Workspace` (merged into loop/workspace.ts below, as the advisor loop's events are merged into
 * the loop's), saved with it and recorded in the run: `run-started` carries the chain an advisor-controlled run
 * started with and each `advisor-chain` event the configuration that request was built from, so a restored run
 * brings back the loop and the chain it ran (`chainOfRun`). The live advisors are built from it in setup.ts.
 */
import type { LoopEvent } from '../loop/events';
import type { LoopControl } from '../loop/loop-control';
import type { JsonSchema } from '../tool';
import { DEFAULT_ORDERS } from './order';
import type { AdvisorKind } from './types';

export interface AdvisorSpec {
  /** Unique within the config; the UI's key. */
  readonly id: string;
  readonly kind: AdvisorKind;
  readonly order: number;
  readonly enabled: boolean;
  /** Validation only: the JSON Schema the final answer must satisfy. */
  readonly outputSchema?: JsonSchema;
  /** Validation only: retries after a failed validation (default 3). */
  readonly maxRepeatAttempts?: number;
  /**
   * Tool calling only: the `doGetNextInstructionsForToolCall` hook shortens tool results longer than this many
   * characters before they go back to the model (absent: off).
   */
  readonly shortenToolResults?: number;
}

export interface AdvisorConfig {
  readonly advisors: readonly AdvisorSpec[];
}

export const DEFAULT_OUTPUT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { answer: { type: 'string' } },
  required: ['answer'],
};

export const DEFAULT_ADVISOR_CONFIG: AdvisorConfig = {
  advisors: [
    { id: 'memory', kind: 'memory', order: DEFAULT_ORDERS.memory, enabled: true },
    { id: 'tool-calling', kind: 'tool-calling', order: DEFAULT_ORDERS.toolCalling, enabled: true },
    { id: 'trace', kind: 'trace', order: DEFAULT_ORDERS.trace, enabled: true },
    { id: 'think-trace', kind: 'think-trace', order: DEFAULT_ORDERS.thinkTrace, enabled: false },
    { id: 'metrics', kind: 'metrics', order: DEFAULT_ORDERS.metrics, enabled: true },
    { id: 'logger', kind: 'logger', order: DEFAULT_ORDERS.logger, enabled: true },
    {
      id: 'validation',
      kind: 'validation',
      order: DEFAULT_ORDERS.validation,
      enabled: false,
      outputSchema: DEFAULT_OUTPUT_SCHEMA,
      maxRepeatAttempts: 3,
    },
  ],
};

declare module '../loop/workspace' {
  interface Workspace {
    /** The advisor chain the advisor-controlled loop builds each request from (absent: `DEFAULT_ADVISOR_CONFIG`). */
    readonly advisors?: AdvisorConfig;
  }
}

declare module '../loop/events' {
  interface RunConfig {
    /** The chain an advisor-controlled run started with (later changes: each `advisor-chain` event's `config`). */
    readonly advisors?: AdvisorConfig;
  }
}

/** The workspace's chain (the default one until the person changes it). */
export function advisorsOf(workspace: { readonly advisors?: AdvisorConfig }): AdvisorConfig {
  return workspace.advisors ?? DEFAULT_ADVISOR_CONFIG;
}

/**
 * Who drove a run and the chain it last ran with, from the run's own record: `run-started` (its loop control and
 * starting chain) and the latest `advisor-chain` that carries its configuration. A run stored before these were
 * recorded is advisor-controlled when it has an `advisor-chain` event, and keeps `fallback`'s chain.
 */
export function chainOfRun(
  events: readonly LoopEvent[],
  fallback: AdvisorConfig,
): { readonly loopControl: LoopControl; readonly advisors: AdvisorConfig } {
  let loopControl: LoopControl | undefined;
  let advisors: AdvisorConfig | undefined;
  let chained = false;
  for (const event of events) {
    if (event.type === 'run-started') {
      loopControl = event.config.loopControl;
      advisors = event.config.advisors;
      chained = false;
    } else if (event.type === 'advisor-chain') {
      chained = true;
      advisors = event.config ?? advisors;
    }
  }
  return { loopControl: loopControl ?? (chained ? 'advisor' : 'manual'), advisors: advisors ?? fallback };
}
