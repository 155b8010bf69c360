import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LoopEvent } from '../engine/loop/events';
import type { StoredRun } from './runs-db';
import { createStatusBoard } from './connection';
import { createRunsDb, DB_NAME, DB_VERSION, headerOf, validateRun } from './runs-db';

const db = createRunsDb({ board: createStatusBoard() });
const { appendEvents, deleteRun, loadRun, loadRunHeaders, loadRuns, loadSetting, saveRun, saveSetting } = db;
const closeDb = db.close;

const run = (runId: string, updatedAt: number): StoredRun => ({
  runId,
  title: `run ${runId}`,
  createdAt: 1,
  updatedAt,
  events: [
    {
      type: 'run-started',
      at: 1,
      runId,
      config: {
        system: 's',
        tools: [],
        runtime: { kind: 'scripted', label: 'Scripted replay' },
        settings: {
          pauseBeforeTools: false,
          maxRounds: 10,
          exceptionMode: 'send-to-model',
          toolChoice: 'auto',
          parallelToolCalls: true,
        },
      },
    },
    { type: 'user-message', at: 2, content: 'hi' },
  ],
});

beforeEach(async () => {
  await closeDb();
  await new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = resolve;
    request.onerror = reject;
  });
});

describe('runs in IndexedDB', () => {
  it('stores runs and reads them back newest first', async () => {
    await saveRun(run('a', 10));
    await saveRun(run('b', 20));
    const { runs, damaged } = await loadRuns();
    expect(runs.map((r) => r.runId)).toEqual(['b', 'a']);
    expect(damaged).toEqual([]);
    await deleteRun('b');
    expect((await loadRuns()).runs.map((r) => r.runId)).toEqual(['a']);
  });

  it('reports a corrupt record and still returns the good ones', async () => {
    await saveRun(run('good', 10));
    await closeDb();
    const raw = await openDB(DB_NAME, DB_VERSION);
    await raw.put('runs', { runId: 'bad', title: 7 });
    await raw.put('runs', { ...headerOf(run('alien', 5)) });
    await raw.put('events', { runId: 'alien', seq: 0, event: { type: 'mystery', at: 1 } });
    raw.close();
    const { runs, damaged } = await loadRuns();
    expect(runs.map((r) => r.runId)).toEqual(['good']);
    expect(damaged).toEqual([
      { runId: 'bad', title: null, damage: { kind: 'header', detail: expect.stringContaining('title') } },
      {
        runId: 'alien',
        title: 'run alien',
        damage: { kind: 'event', event: 1, detail: 'Event 1 has an unknown type "mystery".' },
      },
    ]);
  });

  it('appends only the new events and updates the header', async () => {
    const first = run('a', 10);
    await saveRun(first);
    const more: LoopEvent[] = [
      { type: 'model-called', at: 3, round: 1, messageCount: 2, toolNames: [] },
      { type: 'run-finished', at: 4, reason: 'stopped' },
    ];
    const header = { ...headerOf({ ...first, events: [...first.events, ...more] }), updatedAt: 20 };
    await appendEvents(header, first.events.length, more);
    const loaded = await loadRun('a');
    expect(loaded.ok && loaded.value.events.map((e) => e.type)).toEqual([
      'run-started',
      'user-message',
      'model-called',
      'run-finished',
    ]);
    expect((await loadRunHeaders()).runs[0]).toMatchObject({
      runId: 'a',
      eventCount: 4,
      finished: true,
      updatedAt: 20,
    });
  });

  it('migrates version 1 (each run one record with its events) to one record per event', async () => {
    await closeDb();
    const v1 = await openDB(DB_NAME, 1, {
      upgrade(database) {
        database.createObjectStore('runs', { keyPath: 'runId' }).createIndex('updatedAt', 'updatedAt');
        database.createObjectStore('settings');
      },
    });
    await v1.put('runs', run('old', 7));
    await v1.put('settings', 'old', 'activeRunId');
    v1.close();
    const { runs, damaged } = await loadRunHeaders();
    expect(damaged).toEqual([]);
    expect(runs).toEqual([{ ...headerOf(run('old', 7)), finished: false }]);
    const loaded = await loadRun('old');
    expect(loaded).toEqual({ ok: true, value: run('old', 7) });
    expect(await loadSetting('activeRunId')).toBe('old');
  });

  it('keeps settings', async () => {
    await saveSetting('activeRunId', 'a');
    expect(await loadSetting('activeRunId')).toBe('a');
  });

  it('refuses a log that does not start with run-started', () => {
    const bad = { ...run('x', 1), events: run('x', 1).events.slice(1) };
    expect(validateRun(bad)).toEqual({ kind: 'not-started' });
    expect(validateRun(run('x', 1))).toBeNull();
  });
});
