import type { DBSchema } from 'idb';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import type { StorageStatus } from './connection';
import type { StatusBoard } from './connection';
import { createStatusBoard, guardedDb, isQuotaError, StorageUnavailableError } from './connection';

interface TestDB extends DBSchema {
  items: { key: string; value: { id: string } };
}

const NAME = 'connection-test';
let board: StatusBoard = createStatusBoard();
const storageStatus = () => board.status();
const guarded = (openTimeoutMs?: number) =>
  guardedDb<TestDB>(
    NAME,
    2,
    (database) => {
      if (!database.objectStoreNames.contains('items')) database.createObjectStore('items', { keyPath: 'id' });
    },
    { board, ...(openTimeoutMs === undefined ? {} : { openTimeoutMs }) },
  );

let open: ReturnType<typeof guarded> | null = null;
afterEach(async () => {
  await open?.close();
  board = createStatusBoard();
  open = null;
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(NAME);
    request.onsuccess = request.onerror = request.onblocked = resolve;
  });
});

function statuses(): StorageStatus[] {
  const seen: StorageStatus[] = [];
  board.subscribe((status) => seen.push(status));
  return seen;
}

describe('a guarded IndexedDB connection', () => {
  it('opens, reads and writes, with storage ok', async () => {
    open = guarded();
    await open.write((db) => db.put('items', { id: 'a' }));
    expect(await (await open.get()).get('items', 'a')).toEqual({ id: 'a' });
    expect(storageStatus()).toEqual({ kind: 'ok' });
  });

  it('an open another tab blocks for too long is reported as blocked, and the page goes on without it', async () => {
    // Another tab holds version 1 open and ignores the request to let go.
    const holder = await openDB(NAME, 1, { upgrade: (db) => void db.createObjectStore('items', { keyPath: 'id' }) });
    const seen = statuses();
    open = guarded(100);
    await expect(open.get()).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(storageStatus()).toMatchObject({ kind: 'blocked', database: NAME });
    expect(seen.at(-1)).toMatchObject({ kind: 'blocked' });
    // Later operations fail at once: nothing waits on a connection the page gave up on.
    const started = Date.now();
    await expect(open.write((db) => db.put('items', { id: 'late' }))).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(Date.now() - started).toBeLessThan(50);
    holder.close();
  });

  it('closes on versionchange so another tab can upgrade, and says the database was replaced', async () => {
    open = guarded();
    await open.write((db) => db.put('items', { id: 'a' }));
    // Another tab (a newer app) opens version 3: this page lets go at once, so that open is not blocked.
    const newer = await openDB(NAME, 3);
    expect(newer.version).toBe(3);
    newer.close();
    expect(storageStatus()).toEqual({ kind: 'replaced', database: NAME });
    await expect(open.get()).rejects.toMatchObject({ status: { kind: 'replaced' } });
  });

  it('a failed open (a newer version is stored) is reported as unavailable with the reason', async () => {
    const newer = await openDB(NAME, 5);
    newer.close();
    open = guarded();
    await expect(open.get()).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(storageStatus()).toMatchObject({ kind: 'unavailable', database: NAME, detail: expect.any(String) });
  });

  it('a quota error marks storage full until a write succeeds again', async () => {
    open = guarded();
    const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    await expect(open.write(() => Promise.reject(full))).rejects.toBe(full);
    expect(storageStatus()).toMatchObject({ kind: 'full', database: NAME });
    await open.write((db) => db.put('items', { id: 'b' }));
    expect(storageStatus()).toEqual({ kind: 'ok' });
  });

  it('two boards keep their problems apart (one per page, made by its composition root)', async () => {
    open = guarded();
    const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    await expect(open.write(() => Promise.reject(full))).rejects.toBe(full);
    expect(storageStatus()).toMatchObject({ kind: 'full' });
    expect(createStatusBoard().status()).toEqual({ kind: 'ok' });
  });

  it('recognises the quota error by name', () => {
    expect(isQuotaError(new DOMException('x', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError(new DOMException('x', 'AbortError'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});
