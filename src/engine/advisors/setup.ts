/**
 * The chain as the learner configures it: a serializable list of advisor specs (kind, order, enabled, options),
 * and `buildAdvisors`, which turns it into live advisors. Like Spring's DefaultChatClient, building switches the
 * loop's internal conversation history off when a memory advisor sits inside the loop, and refuses more than one
 * tool-calling advisor.
 */
import { z } from 'zod';
import type { JsonSchema } from '../tool';
import { errorMessage, jsonSchemaValidator } from '../tool';
import {
  ChatMemory,
  LoggerAdvisor,
  LoopMetricsAdvisor,
  MessageChatMemoryAdvisor,
  ToolCallTraceAdvisor,
} from './built-ins';
import { sortAdvisors, validateSingleToolAdvisor } from './chain';
import { maxRoundsChecker } from './eligibility';
import type { AdvisorConfig, AdvisorSpec } from './config';
import { DEFAULT_OUTPUT_SCHEMA } from './config';
import type { TokenBudgetCheck } from './tool-calling-advisor';
import { ToolCallingAdvisor } from './tool-calling-advisor';
import { ADVISOR_NAMES } from './names';
import { ToolSearchToolCallingAdvisor } from './tool-search-advisor';
import type { Advisor, AdvisorKind } from './types';
import { StructuredOutputValidationAdvisor } from './validation-advisor';
import { ThinkTraceAdvisor } from './think-trace';
import type { Coded } from '../coded';
import { err, type Result } from '../result';
import { OUTPUT_SCHEMA_ERRORS } from './input-errors';
import type { Refusal } from '../loop/refusals';
import { refuseQuoting } from '../loop/refusals';

export type { AdvisorConfig, AdvisorSpec } from './config';
export { DEFAULT_ADVISOR_CONFIG, DEFAULT_OUTPUT_SCHEMA } from './config';

/**
 * A schema the scripted answers never satisfy (they are prose, and the answer would have to be a number): switch
 * validation on with it to watch the retries in any scenario.
 */
export const FAILING_DEMO_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { answer: { type: 'number' } },
  required: ['answer'],
};

/** Why an output schema was refused, for the page to word: a code of `OUTPUT_SCHEMA_ERRORS` (input-errors.ts). */
export type OutputSchemaErrorCode = (typeof OUTPUT_SCHEMA_ERRORS.codes)[number];
export const OUTPUT_SCHEMA_ERROR_CODES: readonly OutputSchemaErrorCode[] = OUTPUT_SCHEMA_ERRORS.codes;

export type OutputSchemaCheck = Result<JsonSchema, Coded<OutputSchemaErrorCode>>;
const schemaRefused = (code: OutputSchemaErrorCode, detail?: string): OutputSchemaCheck =>
  err(OUTPUT_SCHEMA_ERRORS.coded(code, detail === undefined ? undefined : { detail }));

/**
 * Checks a validation advisor's output schema: a JSON object describing an object ("type": "object" or no type)
 * that zod's `z.fromJSONSchema` accepts (via `jsonSchemaValidator`, as tool input schemas are checked).
 */
export function checkOutputSchema(schema: unknown): OutputSchemaCheck {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return schemaRefused('not-object');
  }
  const json = schema as JsonSchema;
  // Checked here, not by jsonSchemaValidator, so that the message speaks of the output rather than a tool's input.
  if (json.type !== undefined && json.type !== 'object') {
    return schemaRefused('not-object-type', JSON.stringify(json.type));
  }
  const validator = jsonSchemaValidator(json);
  return validator.ok ? { ok: true, value: json } : schemaRefused('invalid', validator.error);
}

/** Parses the text of the schema field: not JSON, or JSON that is not a usable schema, is refused with a reason. */
export function parseOutputSchema(text: string): OutputSchemaCheck {
  if (text.trim() === '') {
    return schemaRefused('empty');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return schemaRefused('not-json', errorMessage(error));
  }
  return checkOutputSchema(value);
}

export interface BuildDeps {
  /** The run's conversation store; kept across requests and across re-orderings. */
  readonly memory: ChatMemory;
  /** Read at every round by the max-rounds eligibility checker. */
  readonly maxRounds: () => number;
  /**
   * The request exposes `toolSearchTool`: the loop advisor is then Spring's ToolSearchToolCallingAdvisor, which
   * exposes the search tool plus the tools found so far each round.
   */
  readonly toolSearch?: boolean;
  /** The loop advisor's token budget, checked in its `doAfterCall` (see ToolCallingAdvisorOptions). */
  readonly tokenBudget?: TokenBudgetCheck;
}

export type BuiltChain = Result<{
  /** Sorted as the chain will run them. */
  readonly advisors: readonly Advisor[];
  /** The loop advisor's order, or null when the chain has no loop (tools are sent but never executed). */
  readonly loopOrder: number | null;
  readonly conversationHistoryEnabled: boolean;
}>;

/** Display names, numbered when a kind repeats ("Logger", "Logger 2"). */
export function advisorNames(config: AdvisorConfig): Map<string, string> {
  const seen = new Map<AdvisorKind, number>();
  const names = new Map<string, string>();
  for (const spec of config.advisors) {
    const n = (seen.get(spec.kind) ?? 0) + 1;
    seen.set(spec.kind, n);
    const name = ADVISOR_NAMES.templates[spec.kind];
    names.set(spec.id, n === 1 ? name : `${name} ${n}`);
  }
  return names;
}

export function buildAdvisors(config: AdvisorConfig, deps: BuildDeps): BuiltChain {
  const enabled = config.advisors.filter((s) => s.enabled);
  const names = advisorNames(config);
  const loopSpecs = enabled.filter((s) => s.kind === 'tool-calling');
  const loopOrder = loopSpecs[0]?.order ?? null;
  // Spring: conversationHistoryEnabled(!hasDownstreamMemoryAdvisor).
  const memoryInside = loopOrder !== null && enabled.some((s) => s.kind === 'memory' && s.order > loopOrder);
  const advisors: Advisor[] = [];
  try {
    for (const spec of enabled) advisors.push(instantiate(spec, names.get(spec.id)!, deps, !memoryInside));
    validateSingleToolAdvisor(advisors);
  } catch (error) {
    return { ok: false, error: errorMessage(error) };
  }
  return {
    ok: true,
    value: { advisors: sortAdvisors(advisors), loopOrder, conversationHistoryEnabled: !memoryInside },
  };
}

/**
 * Whether a chain can be built (at most one tool-calling advisor, usable output schemas): the check a configuration
 * passes before it becomes the workspace's. A refused one leaves the workspace's chain as it was.
 */
export function checkAdvisorConfig(config: AdvisorConfig): Result<void, Refusal> {
  const built = buildAdvisors(config, { memory: new ChatMemory(), maxRounds: () => 10 });
  return built.ok ? { ok: true, value: undefined } : refuseQuoting(built.error);
}

function instantiate(spec: AdvisorSpec, name: string, deps: BuildDeps, historyEnabled: boolean): Advisor {
  switch (spec.kind) {
    case 'memory':
      return new MessageChatMemoryAdvisor(deps.memory, spec.order, name);
    case 'tool-calling': {
      const options = {
        name,
        order: spec.order,
        eligibility: maxRoundsChecker(deps.maxRounds),
        conversationHistoryEnabled: historyEnabled,
        ...(deps.tokenBudget ? { tokenBudget: deps.tokenBudget } : {}),
        shortenToolResults: spec.shortenToolResults ?? null,
      };
      return deps.toolSearch ? new ToolSearchToolCallingAdvisor(options) : new ToolCallingAdvisor(options);
    }
    case 'trace':
      return new ToolCallTraceAdvisor(spec.order, name);
    case 'think-trace':
      return new ThinkTraceAdvisor(spec.order, name);
    case 'metrics':
      return new LoopMetricsAdvisor(spec.order, name);
    case 'logger':
      return new LoggerAdvisor(spec.order, name);
    case 'validation':
      return new StructuredOutputValidationAdvisor({
        name,
        order: spec.order,
        schema: schemaFromJson(spec.outputSchema ?? DEFAULT_OUTPUT_SCHEMA),
        outputSchema: spec.outputSchema ?? DEFAULT_OUTPUT_SCHEMA,
        maxRepeatAttempts: spec.maxRepeatAttempts ?? 3,
      });
    default: {
      const never: never = spec.kind;
      throw new Error(`Unknown advisor kind ${String(never)}`);
    }
  }
}

function schemaFromJson(schema: JsonSchema): z.ZodType {
  const checked = checkOutputSchema(schema);
  if (!checked.ok)
    throw new Error(
      `The validation advisor's output schema is not usable: ${OUTPUT_SCHEMA_ERRORS.english(checked.error)}`,
    );
  try {
    return z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (error) {
    throw new Error(`The validation advisor's output schema is not a usable JSON Schema: ${errorMessage(error)}`, {
      cause: error,
    });
  }
}

export type Lane = 'outside' | 'loop' | 'inside';

/**
 * Where each enabled advisor sits, by its position in the sorted chain (what `copy(after)` uses): after the loop
 * advisor is inside, before it outside. Without a loop every advisor runs once: outside. Disabled ones get the lane
 * their order would give them.
 */
export function assignLanes(config: AdvisorConfig): Map<string, Lane> {
  const lanes = new Map<string, Lane>();
  const sorted = sortAdvisors(config.advisors.filter((s) => s.enabled));
  const loopIndex = sorted.findIndex((s) => s.kind === 'tool-calling');
  sorted.forEach((spec, index) => {
    lanes.set(
      spec.id,
      spec.kind === 'tool-calling' ? 'loop' : loopIndex >= 0 && index > loopIndex ? 'inside' : 'outside',
    );
  });
  const loopOrder = loopOrderOf(config);
  for (const spec of config.advisors) {
    if (lanes.has(spec.id)) continue;
    lanes.set(
      spec.id,
      spec.kind === 'tool-calling' ? 'loop' : loopOrder !== null && spec.order > loopOrder ? 'inside' : 'outside',
    );
  }
  return lanes;
}

/** The loop advisor's order in a config (enabled ones only). */
export function loopOrderOf(config: AdvisorConfig): number | null {
  return config.advisors.find((s) => s.enabled && s.kind === 'tool-calling')?.order ?? null;
}

/** How far from the loop advisor a moved advisor lands, when no other advisor holds that order. */
export const MOVE_STEP = 100;

/**
 * The order the Move button (or a drop on a lane) gives advisor `id`: `MOVE_STEP` from the loop advisor on that
 * side — or, when another advisor already holds that order, the nearest free one closer to the loop in steps of
 * 10 (then of 1): a tie would leave the two advisors' turn to the order they were added (the view warns about it),
 * so a move never makes one. Moving memory inside beside the metrics advisor (+400) lands it at +390. Null
 * without a loop advisor.
 */
export function moveOrder(config: AdvisorConfig, id: string, lane: 'inside' | 'outside'): number | null {
  const loopOrder = loopOrderOf(config);
  if (loopOrder === null) return null;
  const taken = new Set(config.advisors.filter((s) => s.id !== id).map((s) => s.order));
  const side = lane === 'inside' ? 1 : -1;
  const offsets: number[] = [];
  for (let offset = MOVE_STEP; offset >= 10; offset -= 10) offsets.push(offset);
  for (let offset = 1; offset < MOVE_STEP; offset += 1) if (offset % 10 !== 0) offsets.push(offset);
  for (const offset of offsets) {
    const order = loopOrder + side * offset;
    if (!taken.has(order)) return order;
  }
  // Every order within MOVE_STEP of the loop is held: go further out.
  let order = loopOrder + side * (MOVE_STEP + 1);
  while (taken.has(order)) order += side;
  return order;
}
