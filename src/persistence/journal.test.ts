// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { LoopEvent } from '../engine';
import { recoverJournal, writeJournal } from './journal';
import { createStatusBoard } from './connection';
import { createRunsDb, DB_NAME, headerOf } from './runs-db';

const runs = createRunsDb({ board: createStatusBoard() });
const { loadRun, loadSetting } = runs;
const closeDb = runs.close;

const KEY = 'tool-loop-playground.journal';

beforeEach(async () => {
  localStorage.clear();
  await closeDb();
  await new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = resolve;
    request.onerror = reject;
  });
});

const events: LoopEvent[] = [
  {
    type: 'run-started',
    at: 1,
    runId: 'r1',
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
  { type: 'user-message', at: 2, content: 'hello' },
];

describe('the journal a page leaves as it goes away', () => {
  it('is stored before anything is read, once, with which run a reload opens', async () => {
    const header = headerOf({ runId: 'r1', title: 'hello', createdAt: 1, updatedAt: 2, events });
    writeJournal({ entries: [{ header, from: 0, events }], active: 'r1' });
    await recoverJournal(runs);
    const run = await loadRun('r1');
    expect(run.ok && run.value.events).toEqual(events);
    expect(await loadSetting('activeRunId')).toBe('r1');
    expect(localStorage.getItem(KEY)).toBeNull();
    // Nothing to write clears an old journal.
    localStorage.setItem(KEY, '{"entries": []}');
    writeJournal({ entries: [] });
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('a journal that is not JSON is dropped, and start-up goes on', async () => {
    localStorage.setItem(KEY, '{not json');
    await recoverJournal(runs);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect((await loadRun('r1')).ok).toBe(false);
  });
});
