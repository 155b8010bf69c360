/**
 * The advisor chain's configuration as plain data — who drives the loop, and the chain the advisor-controlled loop
 * builds from (each advisor's kind, order, whether it is on, its hook settings). It is part of the `Workspace`
 * (loop/workspace.ts), saved with it and recorded in the run: `run-started` carries the loop control and the chain
 * a run started with, and each `advisor-chain` event the configuration that request was built from, so a restored
 * run brings back the chain it ran (`chainOfRun` in loop/workspace.ts). The live advisors are built from it in
 * setup.ts.
 *
 * Data only (no advisor classes), so the loop's workspace and events can name it.
 */
import type { JsonSchema } from '../tool';
import { DEFAULT_ORDERS } from './order';
import type { AdvisorKind } from './types';

/** Who drives the loop: the learner (manual) or the advisor chain. Both take the same debugger commands. */
export type LoopControl = 'manual' | 'advisor';

export const LOOP_CONTROLS = ['manual', 'advisor'] as const satisfies readonly LoopControl[];

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
