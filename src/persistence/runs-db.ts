/**
 * Runs and workspace settings in IndexedDB (through idb). A run is its event log — the single source of truth —
 * stored append-only, one record per event (`events`, keyed [runId, seq]), plus a small header for the run list
 * (`runs`). Appending an event writes that event and the header, never the whole run again, so saving stays
 * cheap however long a run grows. Everything read back is validated; a bad record is reported (and skipped),
 * never allowed to blank the app.
 *
 * Versions: 1 kept each run as one record with its events inside; 2 moves them into `events` (the upgrade
 * migrates every stored run in place).
 */
import type { DBSchema, IDBPDatabase } from 'idb';
import { openDB } from 'idb';
import { z } from 'zod';
import type { LoopEvent } from '../engine/loop/events';
import { LOOP_EVENT_TYPES } from '../engine/loop/events';
import type { RunFacts } from '../engine/loop/run-facts';
import { RUN_OUTCOMES, runFacts } from '../engine/loop/run-facts';
import { replay } from '../engine/loop/state';
import { runtimeRefSchema } from '../engine/run-file/event-schema';
import { err, ok, type Result } from '../engine/result';

export const DB_NAME = 'tool-loop-playground';
export const DB_VERSION = 2;

/** What identifies a stored run and names it in the list. */
export interface RunFields {
  readonly runId: string;
  readonly title: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly scenarioId?: string;
  /** Set on a fork: the run it branched from and how many of its events it kept. */
  readonly parent?: { readonly runId: string; readonly eventCount: number };
}

/** What the run list shows of a run, without its events. */
export interface RunHeader extends RunFields {
  /** Events stored for the run. */
  readonly eventCount: number;
  /** The run's log ends at `done` (a new message would continue it). */
  readonly finished: boolean;
  /** Runtime, model calls, outcome (for the run list); absent in headers written before it existed. */
  readonly facts?: RunFacts;
}

/** A whole run: its header fields and its log. */
export interface StoredRun extends RunFields {
  readonly events: readonly LoopEvent[];
}

interface StoredEvent {
  readonly runId: string;
  readonly seq: number;
  readonly event: LoopEvent;
}

interface PlaygroundDB extends DBSchema {
  runs: { key: string; value: RunHeader; indexes: { updatedAt: number } };
  events: { key: [string, number]; value: StoredEvent };
  settings: { key: string; value: unknown };
}

/** Shape check of a stored event: its kind and time. Deep content is the engine's own output. */
const storedEventSchema = z.looseObject({ type: z.string(), at: z.number() });

const parentSchema = z.object({ runId: z.string(), eventCount: z.number().int().nonnegative() });

/** What a header and a whole run share. */
const runFields = {
  runId: z.string().min(1),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  scenarioId: z.string().optional(),
  parent: parentSchema.optional(),
};

export const runHeaderSchema = z.object({
  ...runFields,
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

export const storedRunSchema = z.object({ ...runFields, events: z.array(storedEventSchema).min(1) });

export type LoadResult = { readonly runs: StoredRun[]; readonly problems: string[] };
export type HeadersResult = { readonly runs: RunHeader[]; readonly problems: string[] };

let dbPromise: Promise<IDBPDatabase<PlaygroundDB>> | null = null;

function db(): Promise<IDBPDatabase<PlaygroundDB>> {
  dbPromise ??= openDB<PlaygroundDB>(DB_NAME, DB_VERSION, {
    async upgrade(database, oldVersion, _newVersion, transaction) {
      // Migrations go here, one `if (oldVersion < N)` block per version.
      if (oldVersion < 1) {
        const runs = database.createObjectStore('runs', { keyPath: 'runId' });
        runs.createIndex('updatedAt', 'updatedAt');
        database.createObjectStore('settings');
      }
      if (oldVersion < 2) {
        const events = database.createObjectStore('events', { keyPath: ['runId', 'seq'] });
        // Version 1 records hold their events: move them out, and leave a header behind.
        let cursor = await transaction.objectStore('runs').openCursor();
        while (cursor) {
          const record = cursor.value as unknown as Partial<StoredRun>;
          if (Array.isArray(record.events)) {
            const log = record.events as LoopEvent[];
            log.forEach((event, seq) => void events.put({ runId: cursor!.key, seq, event }));
            const { events: _moved, ...rest } = record;
            void cursor.update({
              ...(rest as RunHeader),
              eventCount: log.length,
              finished: isFinished(log),
              facts: runFacts(log),
            });
          }
          cursor = await cursor.continue();
        }
      }
    },
  });
  dbPromise.catch(() => {
    dbPromise = null;
  });
  return dbPromise;
}

/** Closes the open connection (tests delete the database between cases; an open connection would block that). */
export async function closeDb(): Promise<void> {
  const open = dbPromise;
  dbPromise = null;
  if (open) (await open).close();
}

/** Whether a log ends at `done`. Only headers written by older code need it computed from the log. */
export function isFinished(events: readonly LoopEvent[]): boolean {
  try {
    return replay(events).phase === 'done';
  } catch {
    return false;
  }
}

function eventRange(runId: string): IDBKeyRange {
  return IDBKeyRange.bound([runId, 0], [runId, Infinity]);
}

/** The header of a whole run. */
export function headerOf(run: StoredRun): RunHeader {
  const { events, ...rest } = run;
  return { ...rest, eventCount: events.length, finished: isFinished(events), facts: runFacts(events) };
}

/** Stores a whole run (an import, a fork): its header and every event, replacing any run of the same id. */
export async function saveRun(run: StoredRun): Promise<void> {
  const tx = (await db()).transaction(['runs', 'events'], 'readwrite');
  const events = tx.objectStore('events');
  await Promise.all([
    events.delete(eventRange(run.runId)),
    ...run.events.map((event, seq) => events.put({ runId: run.runId, seq, event })),
    tx.objectStore('runs').put(headerOf(run)),
    tx.done,
  ]);
}

/**
 * Appends events to a stored run in one transaction: `events[i]` becomes event number `from + i`, and the header
 * is replaced. Only the new events are written.
 */
export async function appendEvents(header: RunHeader, from: number, events: readonly LoopEvent[]): Promise<void> {
  const tx = (await db()).transaction(['runs', 'events'], 'readwrite');
  const store = tx.objectStore('events');
  await Promise.all([
    ...events.map((event, i) => store.put({ runId: header.runId, seq: from + i, event })),
    tx.objectStore('runs').put(header),
    tx.done,
  ]);
}

/** Replaces a run's header only (a new title…). */
export async function saveHeader(header: RunHeader): Promise<void> {
  await (await db()).put('runs', header);
}

export async function deleteRun(runId: string): Promise<void> {
  const tx = (await db()).transaction(['runs', 'events'], 'readwrite');
  await Promise.all([
    tx.objectStore('runs').delete(runId),
    tx.objectStore('events').delete(eventRange(runId)),
    tx.done,
  ]);
}

/** Every run's header, newest first. Headers that fail validation are listed in `problems`, not returned. */
export async function loadRunHeaders(): Promise<HeadersResult> {
  const all = await (await db()).getAll('runs');
  const runs: RunHeader[] = [];
  const problems: string[] = [];
  for (const record of all) {
    const parsed = runHeaderSchema.safeParse(record);
    if (parsed.success) runs.push(parsed.data);
    else problems.push(`Run ${idOf(record)} could not be read and was skipped: ${issues(parsed.error)}`);
  }
  runs.sort((a, b) => b.updatedAt - a.updatedAt);
  return { runs, problems };
}

/** One whole run, validated; the reason when it is missing or unreadable. */
export async function loadRun(runId: string): Promise<Result<StoredRun>> {
  const database = await db();
  const tx = database.transaction(['runs', 'events'], 'readonly');
  const [header, records] = await Promise.all([
    tx.objectStore('runs').get(runId),
    tx.objectStore('events').getAll(eventRange(runId)),
  ]);
  if (!header) return err('That run is no longer stored in this browser.');
  const { eventCount: _count, finished: _finished, facts: _facts, ...rest } = header;
  const run = { ...rest, events: records.map((r) => r.event) };
  const problem = validateRun(run);
  return problem ? err(problem) : ok(run as StoredRun);
}

/** All runs with their logs, newest first (export, compare, tests). Unreadable runs are listed in `problems`. */
export async function loadRuns(): Promise<LoadResult> {
  const headers = await loadRunHeaders();
  const runs: StoredRun[] = [];
  const problems = [...headers.problems];
  for (const header of headers.runs) {
    const run = await loadRun(header.runId);
    if (run.ok) runs.push(run.value);
    else problems.push(run.error);
  }
  return { runs, problems };
}

export function validateRun(record: unknown): string | null {
  const parsed = storedRunSchema.safeParse(record);
  const id = idOf(record);
  if (!parsed.success) return `Run ${id} could not be read and was skipped: ${issues(parsed.error)}`;
  const unknown = parsed.data.events.find((e) => !(LOOP_EVENT_TYPES as readonly string[]).includes(e.type));
  if (unknown) return `Run ${id} could not be read and was skipped: unknown event type "${unknown.type}".`;
  if (parsed.data.events[0]?.type !== 'run-started')
    return `Run ${id} was skipped: its log does not start with run-started.`;
  return null;
}

export async function saveSetting(key: string, value: unknown): Promise<void> {
  await (await db()).put('settings', value, key);
}

export async function loadSetting(key: string): Promise<unknown> {
  return (await db()).get('settings', key);
}

function idOf(record: unknown): string {
  return typeof record === 'object' && record !== null && 'runId' in record ? String(record.runId) : '(no id)';
}

function issues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}
