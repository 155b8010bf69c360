/**
 * The deep check every stored run passes on its way out of IndexedDB. A stored record is untrusted input like an
 * imported file (another version of the app wrote it, a disk flipped a bit, a person edited it in devtools), and
 * one bad record must never blank the page. So a run is read only when:
 *
 * 1. its header fits the header schema;
 * 2. its event records are numbered 0, 1, 2… with none missing;
 * 3. every event fits its kind's full schema (`checkEvent`, the same check imported run files get);
 * 4. it replays: it starts with the one `run-started` of this run, every model response answers a model call of
 *    the same round, tool results arrive only while tool calls are pending, and the reducer and every projection
 *    the page draws (transcript, turn table, metrics, sequence diagram) run over it without throwing.
 *
 * A run that fails is described by a `RunDamage` (data; the page words it) and set aside as damaged: listed with
 * its reason, exportable as raw JSON, deletable.
 */
import { z } from 'zod';
import type { LoopEvent, LoopState, Result } from '../engine';
import {
  applyEvent,
  checkEvent,
  describeIssue,
  err,
  errorMessage,
  INITIAL_STATE,
  ok,
  RUN_OUTCOMES,
  runtimeRefSchema,
  sequenceDiagram,
  transcript,
  turnTable,
  usageTotals,
} from '../engine';

/** Why a stored run cannot be opened. Positions (`event`) are 1-based, as people count. */
export type RunDamage =
  /** The run list's record of the run does not fit its schema. */
  | { readonly kind: 'header'; readonly detail: string }
  /** Events are stored for a run that has no header. */
  | { readonly kind: 'orphan-events'; readonly count: number }
  | { readonly kind: 'no-events' }
  /** The events are not numbered 0, 1, 2…: event `event` is missing. */
  | { readonly kind: 'gap'; readonly event: number }
  /** An event does not fit its kind's schema; `detail` is the check's sentence. */
  | { readonly kind: 'event'; readonly event: number; readonly detail: string }
  | { readonly kind: 'not-started' }
  | { readonly kind: 'second-start'; readonly event: number }
  /** The log belongs to another run id than its header. */
  | { readonly kind: 'other-run'; readonly logRunId: string }
  /** A model response (`model-responded` or `model-failed`) with no model call of its round before it. */
  | { readonly kind: 'unanswered'; readonly event: number; readonly round: number }
  /** Tool results appended while no tool calls were pending. */
  | { readonly kind: 'stray-results'; readonly event: number }
  /** Replaying the log (or drawing it) threw. */
  | { readonly kind: 'replay'; readonly event: number | null; readonly detail: string }
  /** Reading the records threw. */
  | { readonly kind: 'unreadable'; readonly detail: string };

export type RunDamageKind = RunDamage['kind'];

export const runParentSchema = z.object({ runId: z.string(), eventCount: z.number().int().nonnegative() });

/** What a header and a whole run share. */
export const runFieldsShape = {
  runId: z.string().min(1),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  scenarioId: z.string().optional(),
  parent: runParentSchema.optional(),
};

export const runHeaderSchema = z.object({
  ...runFieldsShape,
  eventCount: z.number().int().nonnegative(),
  finished: z.boolean(),
  facts: z
    .object({
      runtime: runtimeRefSchema.nullable(),
      modelCalls: z.number().int().nonnegative(),
      outcome: z.enum(RUN_OUTCOMES),
    })
    .optional(),
});

export type CheckedHeader = z.infer<typeof runHeaderSchema>;

/** Checks a header record. */
export function checkHeader(record: unknown): Result<CheckedHeader, RunDamage> {
  const parsed = runHeaderSchema.safeParse(record);
  return parsed.success ? ok(parsed.data) : err({ kind: 'header', detail: describeIssue(parsed.error) });
}

/**
 * Checks a run's event records as stored (`{ seq, event }`, in key order) and returns its log. `runId` is the
 * header's id, which the log must carry.
 */
export function checkEventRecords(
  runId: string,
  records: readonly { readonly seq?: unknown; readonly event?: unknown }[],
): Result<LoopEvent[], RunDamage> {
  if (records.length === 0) return err({ kind: 'no-events' });
  const events: LoopEvent[] = [];
  for (const [index, record] of records.entries()) {
    if (record.seq !== index) return err({ kind: 'gap', event: index + 1 });
    const checked = checkEvent(record.event, index);
    if (!checked.ok) return err({ kind: 'event', event: index + 1, detail: checked.error });
    events.push(checked.value);
  }
  const damage = checkReplay(runId, events);
  return damage ? err(damage) : ok(events);
}

/** The replay part of the check (4 above) on a log whose events already fit their schemas; null when sound. */
export function checkReplay(runId: string, events: readonly LoopEvent[]): RunDamage | null {
  const first = events[0];
  if (first?.type !== 'run-started') return { kind: 'not-started' };
  if (first.runId !== runId) return { kind: 'other-run', logRunId: first.runId };
  let state: LoopState = INITIAL_STATE;
  const called = new Set<number>();
  for (const [index, event] of events.entries()) {
    if (index > 0 && event.type === 'run-started') return { kind: 'second-start', event: index + 1 };
    if (event.type === 'model-called') called.add(event.round);
    if ((event.type === 'model-responded' || event.type === 'model-failed') && !called.has(event.round)) {
      return { kind: 'unanswered', event: index + 1, round: event.round };
    }
    if (event.type === 'results-appended' && !state.pending) return { kind: 'stray-results', event: index + 1 };
    try {
      state = applyEvent(state, event);
    } catch (error) {
      return { kind: 'replay', event: index + 1, detail: errorMessage(error) };
    }
  }
  try {
    transcript(events);
    turnTable(events);
    usageTotals(events);
    sequenceDiagram(events);
  } catch (error) {
    return { kind: 'replay', event: null, detail: errorMessage(error) };
  }
  return null;
}
