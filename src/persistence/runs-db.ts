/**
 * Runs and workspace settings in IndexedDB (through idb). A run is its event log — the single source of truth —
 * stored append-only, one record per event (`events`, keyed [runId, seq]), plus a small header for the run list
 * (`runs`). Appending an event writes that event and the header, never the whole run again, so saving stays
 * cheap however long a run grows.
 *
 * Everything read back is checked in depth (run-check.ts): a run that fails is returned as a `DamagedRun` — its
 * id, its title when readable and the damage — never opened and never allowed to blank the app. Damaged runs can
 * be exported as their raw records and deleted. The connection is guarded (connection.ts): a blocked open, an
 * upgrade in another tab or a full disk becomes a status the page announces.
 *
 * Versions: 1 kept each run as one record with its events inside; 2 moves them into `events` (the upgrade
 * migrates every stored run in place).
 */
import type { DBSchema } from 'idb';
import { z } from 'zod';
import type { LoopEvent, Result, RunFacts } from '../engine';
import { describeIssue, err, errorMessage, ok, replay, runFacts } from '../engine';
import type { GuardOptions } from './connection';
import { guardedDb } from './connection';
import type { RunDamage } from './run-check';
import { checkEventRecords, checkHeader, runFieldsShape, runHeaderSchema } from './run-check';

export { runHeaderSchema };

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

/** A stored run that failed the deep check: set aside, never opened. */
export interface DamagedRun {
  /** The run's id as stored (the key of its records). */
  readonly runId: string;
  /** Its title, when the header could be read. */
  readonly title: string | null;
  readonly damage: RunDamage;
}

/** Why a run could not be loaded: it is gone, or it is damaged. */
export type RunLoadError = { readonly kind: 'missing' } | ({ readonly kind: 'damaged' } & DamagedRun);

/** A damaged run's records exactly as stored, for its export. */
export interface RawRunRecords {
  readonly header: unknown;
  readonly events: readonly unknown[];
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

export const storedRunSchema = z.object({
  ...runFieldsShape,
  events: z.array(z.unknown()).min(1),
});

export type LoadResult = { readonly runs: StoredRun[]; readonly damaged: DamagedRun[] };
export type HeadersResult = { readonly runs: RunHeader[]; readonly damaged: DamagedRun[] };

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

/** The deep check of a whole run in memory (an import, a test): null when it would load. */
export function validateRun(record: unknown): RunDamage | null {
  const parsed = storedRunSchema.safeParse(record);
  if (!parsed.success) return { kind: 'header', detail: describeIssue(parsed.error) };
  const events = checkEventRecords(
    parsed.data.runId,
    parsed.data.events.map((event, seq) => ({ seq, event })),
  );
  return events.ok ? null : events.error;
}

/** The runs database's operations, on one guarded connection (`createRunsDb`). */
export interface RunsDb {
  /** Closes the open connection and forgets its problems (tests delete the database between cases). */
  readonly close: () => Promise<void>;
  /** Stores a whole run (an import, a fork): its header and every event, replacing any run of the same id. */
  readonly saveRun: (run: StoredRun) => Promise<void>;
  /** Appends events to a stored run in one transaction: `events[i]` becomes event number `from + i`. */
  readonly appendEvents: (header: RunHeader, from: number, events: readonly LoopEvent[]) => Promise<void>;
  readonly saveHeader: (header: RunHeader) => Promise<void>;
  readonly deleteRun: (runId: string) => Promise<void>;
  readonly loadRunHeaders: () => Promise<HeadersResult>;
  readonly loadRun: (runId: string) => Promise<Result<StoredRun, RunLoadError>>;
  readonly loadRuns: () => Promise<LoadResult>;
  readonly findDamagedRuns: () => Promise<DamagedRun[]>;
  readonly loadRawRun: (runId: string) => Promise<RawRunRecords>;
  readonly saveSetting: (key: string, value: unknown) => Promise<void>;
  readonly loadSetting: (key: string) => Promise<unknown>;
}

/** The runs database (runs, their events, the settings store), reporting its problems to `options.board`. */
export function createRunsDb(options: GuardOptions): RunsDb {
  const connection = guardedDb<PlaygroundDB>(
    DB_NAME,
    DB_VERSION,
    async (database, oldVersion, _newVersion, tx) => {
      // Migrations go here, one `if (oldVersion < N)` block per version.
      if (oldVersion < 1) {
        const runs = database.createObjectStore('runs', { keyPath: 'runId' });
        runs.createIndex('updatedAt', 'updatedAt');
        database.createObjectStore('settings');
      }
      if (oldVersion < 2) {
        const events = database.createObjectStore('events', { keyPath: ['runId', 'seq'] });
        // Version 1 records hold their events: move them out, and leave a header behind.
        let cursor = await tx.objectStore('runs').openCursor();
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
    options,
  );

  const db = connection.get;

  /** Closes the open connection and forgets its problems (tests delete the database between cases). */
  async function close(): Promise<void> {
    await connection.close();
  }

  /** Stores a whole run (an import, a fork): its header and every event, replacing any run of the same id. */
  async function saveRun(run: StoredRun): Promise<void> {
    await connection.write(async (database) => {
      const tx = database.transaction(['runs', 'events'], 'readwrite');
      const events = tx.objectStore('events');
      await Promise.all([
        events.delete(eventRange(run.runId)),
        ...run.events.map((event, seq) => events.put({ runId: run.runId, seq, event })),
        tx.objectStore('runs').put(headerOf(run)),
        tx.done,
      ]);
    });
  }

  /**
   * Appends events to a stored run in one transaction: `events[i]` becomes event number `from + i`, and the header
   * is replaced. Only the new events are written.
   */
  async function appendEvents(header: RunHeader, from: number, events: readonly LoopEvent[]): Promise<void> {
    await connection.write(async (database) => {
      const tx = database.transaction(['runs', 'events'], 'readwrite');
      const store = tx.objectStore('events');
      await Promise.all([
        ...events.map((event, i) => store.put({ runId: header.runId, seq: from + i, event })),
        tx.objectStore('runs').put(header),
        tx.done,
      ]);
    });
  }

  /** Replaces a run's header only (a new title…). */
  async function saveHeader(header: RunHeader): Promise<void> {
    await connection.write((database) => database.put('runs', header));
  }

  /** Deletes a run — its header and every event — whether it is sound or damaged. */
  async function deleteRun(runId: string): Promise<void> {
    await connection.write(async (database) => {
      const tx = database.transaction(['runs', 'events'], 'readwrite');
      await Promise.all([
        tx.objectStore('runs').delete(runId),
        tx.objectStore('events').delete(eventRange(runId)),
        tx.done,
      ]);
    });
  }

  /**
   * Every run's header, newest first. A header that fails its schema is returned in `damaged` (its deep check comes
   * when the run is opened, or from `findDamagedRuns`).
   */
  async function loadRunHeaders(): Promise<HeadersResult> {
    const database = await db();
    const tx = database.transaction('runs');
    const [records, keys] = await Promise.all([tx.store.getAll(), tx.store.getAllKeys(), tx.done]);
    const runs: RunHeader[] = [];
    const damaged: DamagedRun[] = [];
    records.forEach((record: unknown, i) => {
      const checked = checkHeader(record);
      if (checked.ok) runs.push(checked.value);
      else damaged.push({ runId: String(keys[i]), title: titleOf(record), damage: checked.error });
    });
    runs.sort((a, b) => b.updatedAt - a.updatedAt);
    return { runs, damaged };
  }

  /** One whole run, checked in depth (run-check.ts); `missing` when it is not stored, `damaged` with the reason. */
  async function loadRun(runId: string): Promise<Result<StoredRun, RunLoadError>> {
    const database = await db();
    let header: unknown;
    let records: readonly { seq?: unknown; event?: unknown }[];
    try {
      const tx = database.transaction(['runs', 'events'], 'readonly');
      [header, records] = await Promise.all([
        tx.objectStore('runs').get(runId),
        tx.objectStore('events').getAll(eventRange(runId)),
        tx.done,
      ]);
    } catch (error) {
      return err({ kind: 'damaged', runId, title: null, damage: { kind: 'unreadable', detail: errorMessage(error) } });
    }
    if (header === undefined) {
      if (records.length === 0) return err({ kind: 'missing' });
      return err({ kind: 'damaged', runId, title: null, damage: { kind: 'orphan-events', count: records.length } });
    }
    const checked = checkHeader(header);
    if (!checked.ok) return err({ kind: 'damaged', runId, title: titleOf(header), damage: checked.error });
    const events = checkEventRecords(runId, records);
    if (!events.ok) return err({ kind: 'damaged', runId, title: checked.value.title, damage: events.error });
    const { eventCount: _count, finished: _finished, facts: _facts, ...fields } = checked.value;
    return ok({ ...fields, events: events.value });
  }

  /** All runs with their logs, newest first (export, compare, tests); damaged runs apart. */
  async function loadRuns(): Promise<LoadResult> {
    const headers = await loadRunHeaders();
    const runs: StoredRun[] = [];
    const damaged = [...headers.damaged];
    for (const header of headers.runs) {
      const run = await loadRun(header.runId);
      if (run.ok) runs.push(run.value);
      else if (run.error.kind === 'damaged') damaged.push(withoutKind(run.error));
    }
    return { runs, damaged };
  }

  /**
   * Checks every stored run in depth, one run at a time (nothing is held in memory but the run being checked), and
   * returns the damaged ones — including events stored under an id that has no header.
   */
  async function findDamagedRuns(): Promise<DamagedRun[]> {
    const headers = await loadRunHeaders();
    const damaged = [...headers.damaged];
    const known = new Set([...headers.runs.map((r) => r.runId), ...headers.damaged.map((d) => d.runId)]);
    for (const header of headers.runs) {
      const run = await loadRun(header.runId);
      if (!run.ok && run.error.kind === 'damaged') damaged.push(withoutKind(run.error));
    }
    // Event records of a run with no header: visit one key per run id, jumping over the rest of its events.
    const database = await db();
    const stored: string[] = [];
    const tx = database.transaction('events');
    let cursor = await tx.store.openKeyCursor();
    while (cursor) {
      const runId = cursor.key[0];
      stored.push(runId);
      cursor = await cursor.continue([runId, Infinity]);
    }
    for (const runId of stored.filter((id) => !known.has(id))) {
      const count = await database.count('events', eventRange(runId));
      damaged.push({ runId: String(runId), title: null, damage: { kind: 'orphan-events', count } });
    }
    return damaged;
  }

  /** A run's records exactly as stored (damaged ones included), for "Export raw JSON". */
  async function loadRawRun(runId: string): Promise<RawRunRecords> {
    const tx = (await db()).transaction(['runs', 'events'], 'readonly');
    const [header, events] = await Promise.all([
      tx.objectStore('runs').get(runId),
      tx.objectStore('events').getAll(eventRange(runId)),
      tx.done,
    ]);
    return { header: header ?? null, events };
  }

  async function saveSetting(key: string, value: unknown): Promise<void> {
    await connection.write((database) => database.put('settings', value, key));
  }

  async function loadSetting(key: string): Promise<unknown> {
    return (await db()).get('settings', key);
  }

  return {
    close,
    saveRun,
    appendEvents,
    saveHeader,
    deleteRun,
    loadRunHeaders,
    loadRun,
    loadRuns,
    findDamagedRuns,
    loadRawRun,
    saveSetting,
    loadSetting,
  };
}

function titleOf(record: unknown): string | null {
  const title = (record as { title?: unknown } | null)?.title;
  return typeof title === 'string' ? title : null;
}

function withoutKind({ kind: _kind, ...damaged }: Extract<RunLoadError, { kind: 'damaged' }>): DamagedRun {
  return damaged;
}
