import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoredRun } from './runs-db';
import { DB_NAME, deleteRun, loadRuns, loadSetting, closeDb, saveRun, saveSetting, validateRun } from './runs-db';

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
    const { runs, problems } = await loadRuns();
    expect(runs.map((r) => r.runId)).toEqual(['b', 'a']);
    expect(problems).toEqual([]);
    await deleteRun('b');
    expect((await loadRuns()).runs.map((r) => r.runId)).toEqual(['a']);
  });

  it('reports a corrupt record and still returns the good ones', async () => {
    await saveRun(run('good', 10));
    await closeDb();
    const raw = await openDB(DB_NAME, 1);
    await raw.put('runs', { runId: 'bad', title: 7, events: 'not a log' });
    await raw.put('runs', { ...run('alien', 5), events: [{ type: 'mystery', at: 1 }] });
    raw.close();
    const { runs, problems } = await loadRuns();
    expect(runs.map((r) => r.runId)).toEqual(['good']);
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toContain('Run bad could not be read');
    expect(problems.join('\n')).toContain('unknown event type "mystery"');
  });

  it('keeps settings', async () => {
    await saveSetting('activeRunId', 'a');
    expect(await loadSetting('activeRunId')).toBe('a');
  });

  it('refuses a log that does not start with run-started', () => {
    const bad = { ...run('x', 1), events: run('x', 1).events.slice(1) };
    expect(validateRun(bad)).toContain('does not start with run-started');
  });
});
