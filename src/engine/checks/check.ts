/**
 * The checks a lesson can carry (autograding for a class): statements about a run that are true or false of its
 * event log alone, so they are evaluated offline, after each step, and replay to the same verdicts from a run file.
 *
 * This file holds only the vocabulary and its schema (shared by the lesson payload and the workspace); the
 * evaluation lives beside it. Every check may carry an `id` (stable across edits, for the checklist's keys) and a
 * `label` (the teacher's own words for it; the page words it otherwise).
 */
import { z } from 'zod';
import { once } from '../memo';

/** How a run may end, as a check names it (the finish reasons a class is asked about). */
export const CHECK_ENDINGS = ['final-answer', 'return-direct', 'guard', 'max-rounds', 'error', 'stopped'] as const;
export type CheckEnding = (typeof CHECK_ENDINGS)[number];

/** One field of `argsMatch`: an exact JSON value the argument must contain (a subset), or a regular expression. */
export type ArgMatcher =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'regex'; readonly pattern: string; readonly flags?: string };

interface CheckBase {
  readonly id?: string;
  readonly label?: string;
}

/** The checks, one discriminated union (`type`). */
export type Check = CheckBase &
  (
    | { readonly type: 'toolUsed'; readonly tool: string }
    | { readonly type: 'toolNotUsed'; readonly tool: string }
    /** `exact`: the run's tool calls are exactly these, in order; `in-order`: these appear in this order. */
    | { readonly type: 'toolSequence'; readonly tools: readonly string[]; readonly mode: 'exact' | 'in-order' }
    /** Some call of `tool` has arguments matching every field given. */
    | { readonly type: 'argsMatch'; readonly tool: string; readonly args: Readonly<Record<string, ArgMatcher>> }
    | { readonly type: 'maxModelCalls'; readonly max: number }
    /** The final answer contains `text` (case-insensitive unless `caseSensitive`). */
    | { readonly type: 'finalAnswerContains'; readonly text: string; readonly caseSensitive?: boolean }
    | { readonly type: 'endedBy'; readonly ending: CheckEnding }
  );

export type CheckType = Check['type'];
export const CHECK_TYPES = [
  'toolUsed',
  'toolNotUsed',
  'toolSequence',
  'argsMatch',
  'maxModelCalls',
  'finalAnswerContains',
  'endedBy',
] as const satisfies readonly CheckType[];

const argMatcherSchema: z.ZodType<ArgMatcher> = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('json'), value: z.unknown() })
    .transform((m) => ({ kind: 'json' as const, value: m.value })),
  z.object({
    kind: z.literal('regex'),
    pattern: z.string().max(500),
    flags: z
      .string()
      .regex(/^[imsu]*$/)
      .optional(),
  }),
]);

/** The zod schema of one check (lesson files and links are untrusted: nothing reaches the evaluator unchecked). */
export const checkSchema = once((): z.ZodType<Check> => {
  const base = { id: z.string().max(100).optional(), label: z.string().max(300).optional() };
  const tool = z.string().min(1).max(200);
  return z.discriminatedUnion('type', [
    z.object({ ...base, type: z.literal('toolUsed'), tool }),
    z.object({ ...base, type: z.literal('toolNotUsed'), tool }),
    z.object({
      ...base,
      type: z.literal('toolSequence'),
      tools: z.array(tool).min(1).max(100),
      mode: z.enum(['exact', 'in-order']),
    }),
    z.object({ ...base, type: z.literal('argsMatch'), tool, args: z.record(z.string(), argMatcherSchema) }),
    z.object({ ...base, type: z.literal('maxModelCalls'), max: z.number().int().min(0).max(10_000) }),
    z.object({
      ...base,
      type: z.literal('finalAnswerContains'),
      text: z.string().min(1).max(2000),
      caseSensitive: z.boolean().optional(),
    }),
    z.object({ ...base, type: z.literal('endedBy'), ending: z.enum(CHECK_ENDINGS) }),
  ]) as z.ZodType<Check>;
});

/** At most this many checks in one lesson (a checklist beside the loop, not a test suite). */
export const MAX_CHECKS = 50;

export const checksSchema = once(() => z.array(checkSchema()).max(MAX_CHECKS));
