/**
 * zod schemas of the lab's settings and event payloads, for the run-file and workspace checks (see
 * run-file/event-schema.ts): an imported or stored run is validated down to its predictions and faults.
 */
import { z } from 'zod';
import type { JsonValue } from '../model-port/script';
import type { Fault, GuardSettings, LabSettings, Prediction } from './types';
import { GUARD_KINDS } from './types';

/** At most a minute of waiting and 10 MB of padding: a hostile file cannot make the harness hang or fill memory. */
const MAX_WAIT_MS = 60_000;
const MAX_HUGE = 10_000_000;

export const faultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('timeout'), afterMs: z.int().min(0).max(MAX_WAIT_MS) }),
  z.object({ kind: z.literal('throw') }),
  z.object({ kind: z.literal('is-error') }),
  z.object({ kind: z.literal('malformed-json') }),
  z.object({ kind: z.literal('wrong-types') }),
  z.object({ kind: z.literal('huge'), bytes: z.int().min(1).max(MAX_HUGE) }),
  z.object({ kind: z.literal('latency'), ms: z.int().min(0).max(MAX_WAIT_MS) }),
]) satisfies z.ZodType<Fault>;

export const guardKindSchema = z.enum(GUARD_KINDS);

const threshold = z.int().min(0);

export const guardSettingsSchema = z.object({
  repeatWarnAt: threshold,
  repeatStopAt: threshold,
  tokenSoft: threshold,
  tokenBudget: threshold,
  roundsSoft: threshold,
}) satisfies z.ZodType<GuardSettings>;

export const labSettingsSchema = z.object({
  predict: z.boolean().optional(),
  guards: guardSettingsSchema.optional(),
  faults: z.record(z.string(), faultSchema).optional(),
}) satisfies z.ZodType<LabSettings>;

const jsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValueSchema),
    z.record(z.string(), jsonValueSchema),
  ]),
);

export const predictionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('answer') }),
  z.object({
    kind: z.literal('calls'),
    calls: z.array(z.object({ name: z.string(), arguments: z.record(z.string(), jsonValueSchema) })),
  }),
]) satisfies z.ZodType<Prediction>;
