/**
 * Runs and workspace settings in IndexedDB (through idb). A run is stored as its event log — the single source
 * of truth — plus a small header for the run list. Everything read back is validated; a bad record is
 * reported (and skipped), never allowed to blank the app.
 */
import type { DBSchema, IDBPDatabase } from 'idb';
import { openDB } from 'idb';
import { z } from 'zod';
import type { LoopEvent } from '../engine/loop/events';
import { LOOP_EVENT_TYPES } from '../engine/loop/events';

export const DB_NAME = 'tool-loop-playground';
export const DB_VERSION = 1;

export interface StoredRun {
  readonly runId: string;
  readonly title: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly scenarioId?: string;
  /** Set on a fork: the run it branched from and how many of its events it kept. */
  readonly parent?: { readonly runId: string; readonly eventCount: number };
  readonly events: readonly LoopEvent[];
}

interface PlaygroundDB extends DBSchema {
  runs: { key: string; value: StoredRun; indexes: { updatedAt: number } };
  settings: { key: string; value: unknown };
}

/** Shape check of a stored event: its kind and time. Deep content is the engine's own output. */
const storedEventSchema = z.looseObject({ type: z.string(), at: z.number() });

export const storedRunSchema = z.object({
  runId: z.string().min(1),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  scenarioId: z.string().optional(),
  parent: z.object({ runId: z.string(), eventCount: z.number().int().nonnegative() }).optional(),
  events: z.array(storedEventSchema).min(1),
});

export type LoadResult = { readonly runs: StoredRun[]; readonly problems: string[] };

let dbPromise: Promise<IDBPDatabase<PlaygroundDB>> | null = null;

function db(): Promise<IDBPDatabase<PlaygroundDB>> {
  dbPromise ??= openDB<PlaygroundDB>(DB_NAME, DB_VERSION, {
    upgrade(database, oldVersion) {
      // Migrations go here, one `if (oldVersion < N)` block per version.
      if (oldVersion < 1) {
        const runs = database.createObjectStore('runs', { keyPath: 'runId' });
        runs.createIndex('updatedAt', 'updatedAt');
        database.createObjectStore('settings');
      }
    },
  });
  return dbPromise;
}

/** Closes the open connection (tests delete the database between cases; an open connection would block that). */
export async function closeDb(): Promise<void> {
  const open = dbPromise;
  dbPromise = null;
  if (open) (await open).close();
}

export async function saveRun(run: StoredRun): Promise<void> {
  await (await db()).put('runs', run);
}

export async function deleteRun(runId: string): Promise<void> {
  await (await db()).delete('runs', runId);
}

/** All runs, newest first. Records that fail validation are listed in `problems`, not returned. */
export async function loadRuns(): Promise<LoadResult> {
  const all = await (await db()).getAll('runs');
  const runs: StoredRun[] = [];
  const problems: string[] = [];
  for (const record of all) {
    const problem = validateRun(record);
    if (problem) problems.push(problem);
    else runs.push(record);
  }
  runs.sort((a, b) => b.updatedAt - a.updatedAt);
  return { runs, problems };
}

export function validateRun(record: unknown): string | null {
  const parsed = storedRunSchema.safeParse(record);
  const id = typeof record === 'object' && record !== null && 'runId' in record ? String(record.runId) : '(no id)';
  if (!parsed.success) {
    return `Run ${id} could not be read and was skipped: ${parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ')}`;
  }
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
