/**
 * How the playground holds its IndexedDB connections, and what it says when storage cannot be used. Storage must
 * never lock anyone out of the app, so every way a connection can fail ends as a `StorageStatus` the page
 * announces — and the app goes on without saving:
 *
 * - **blocked**: the open did not settle within a few seconds (another tab keeps an older version of the database
 *   open and does not let go, or the browser never answers). The app runs without saving.
 * - **replaced**: another tab upgraded (or deleted) the database: this tab closes its connection at once so the
 *   other one can proceed (`versionchange`), and asks for a reload.
 * - **closed**: the browser closed the connection (storage cleared, disk gone).
 * - **unavailable**: the open failed (IndexedDB disabled, a newer version stored by a newer app, a failed upgrade).
 * - **full**: a write ran out of quota. Not sticky: the next write that succeeds clears it.
 *
 * The first four are sticky for the page's life: every later operation on that database fails at once with a
 * `StorageUnavailableError`, so nothing waits and nothing is half-written after the connection went away.
 */
import type { DBSchema, IDBPDatabase, OpenDBCallbacks } from 'idb';
import { openDB } from 'idb';
import { errorMessage } from '../engine';

export type StorageStatus =
  | { readonly kind: 'ok' }
  | { readonly kind: 'blocked'; readonly database: string; readonly waitedMs: number }
  | { readonly kind: 'replaced'; readonly database: string }
  | { readonly kind: 'closed'; readonly database: string }
  | { readonly kind: 'unavailable'; readonly database: string; readonly detail: string }
  | { readonly kind: 'full'; readonly database: string; readonly detail: string };

export type StorageProblemKind = Exclude<StorageStatus, { kind: 'ok' }>['kind'];

export const STORAGE_OK: StorageStatus = { kind: 'ok' };

/** Thrown (as a rejection) by every operation on a database this page can no longer use. */
export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';
  constructor(readonly status: Exclude<StorageStatus, { kind: 'ok' }>) {
    super(`Storage is not available (${status.kind}).`);
  }
}

/** How long an open may take before the page says storage is blocked and runs without saving. */
export const OPEN_TIMEOUT_MS = 4000;

/**
 * The storage problems of one page, one per database in the order they appeared (the page shows the first), and
 * who listens for changes. One board per storage object (`createIndexedDbStorage`): the connections it guards
 * report to it.
 */
export interface StatusBoard {
  /** The storage problem the page should announce now, or `ok`. */
  readonly status: () => StorageStatus;
  /** Calls `listener` with the status after every change. Returns the unsubscribe function. */
  readonly subscribe: (listener: (status: StorageStatus) => void) => () => void;
  /** Sets (or with null clears) one database's problem. */
  readonly set: (database: string, status: Exclude<StorageStatus, { kind: 'ok' }> | null) => void;
  /** One database's problem, if any. */
  readonly problemOf: (database: string) => Exclude<StorageStatus, { kind: 'ok' }> | undefined;
}

export function createStatusBoard(): StatusBoard {
  const statuses = new Map<string, Exclude<StorageStatus, { kind: 'ok' }>>();
  const listeners = new Set<(status: StorageStatus) => void>();
  const status = (): StorageStatus => statuses.values().next().value ?? STORAGE_OK;
  return {
    status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(database, problem) {
      const before = status();
      if (problem) statuses.set(database, problem);
      else statuses.delete(database);
      const after = status();
      if (after !== before) for (const listener of listeners) listener(after);
    },
    problemOf: (database) => statuses.get(database),
  };
}

/** True for the browser's out-of-space error, however the write path wrapped it. */
export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || (error instanceof Error && /quota/i.test(error.message));
}

export interface GuardedDb<S extends DBSchema> {
  /** The open connection; rejects with `StorageUnavailableError` when this database cannot be used. */
  readonly get: () => Promise<IDBPDatabase<S>>;
  /** Runs a write; a quota error marks storage full, a success clears that. Rethrows every failure. */
  readonly write: <T>(operation: (db: IDBPDatabase<S>) => Promise<T>) => Promise<T>;
  /** Closes the connection and forgets any problem (tests delete the database between cases). */
  readonly close: () => Promise<void>;
}

/** Where a guarded connection reports its problems, and how long its open may take (tests shorten it). */
export interface GuardOptions {
  readonly board: StatusBoard;
  readonly openTimeoutMs?: number;
}

/** A lazily opened, guarded connection to one database (see the file comment for what "guarded" means). */
export function guardedDb<S extends DBSchema>(
  name: string,
  version: number,
  upgrade: NonNullable<OpenDBCallbacks<S>['upgrade']>,
  { board, openTimeoutMs = OPEN_TIMEOUT_MS }: GuardOptions,
): GuardedDb<S> {
  let opening: Promise<IDBPDatabase<S>> | null = null;
  let connection: IDBPDatabase<S> | null = null;
  let unusable: StorageUnavailableError | null = null;

  function giveUp(status: Exclude<StorageStatus, { kind: 'ok' }>): StorageUnavailableError {
    unusable ??= new StorageUnavailableError(status);
    connection?.close();
    connection = null;
    board.set(name, unusable.status);
    return unusable;
  }

  function open(): Promise<IDBPDatabase<S>> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const started = Date.now();
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        reject(giveUp({ kind: 'blocked', database: name, waitedMs: Date.now() - started }));
      }, openTimeoutMs);
      openDB<S>(name, version, {
        upgrade,
        // Another tab wants a newer version (or deletes the database): let it, and tell this page to reload.
        blocking: () => void giveUp({ kind: 'replaced', database: name }),
        terminated: () => void giveUp({ kind: 'closed', database: name }),
      }).then(
        (db) => {
          clearTimeout(timer);
          // Opened after the page already gave up on it: too late to be trusted (events queued meanwhile were
          // never written), so let it go; a reload starts clean.
          if (settled || unusable) return db.close();
          settled = true;
          connection = db;
          resolve(db);
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (settled) return;
          settled = true;
          reject(giveUp({ kind: 'unavailable', database: name, detail: errorMessage(error) }));
        },
      );
    });
  }

  const get = (): Promise<IDBPDatabase<S>> => {
    if (unusable) return Promise.reject(unusable);
    opening ??= open();
    return opening;
  };

  return {
    get,
    async write(operation) {
      const db = await get();
      try {
        const result = await operation(db);
        if (board.problemOf(name)?.kind === 'full') board.set(name, null);
        return result;
      } catch (error) {
        if (isQuotaError(error)) board.set(name, { kind: 'full', database: name, detail: errorMessage(error) });
        throw error;
      }
    },
    async close() {
      const pending = opening;
      opening = null;
      unusable = null;
      connection = null;
      board.set(name, null);
      if (pending) await pending.then((db) => db.close()).catch(() => undefined);
    },
  };
}
