/**
 * Saving a run without blocking the page: the time to store one new event of a long run (what the app does after
 * every append, `appendEvents`) against rewriting the whole run (what version 1 of the store did on every save),
 * for runs of growing length. Measured in Node on fake-indexeddb, where the database itself runs in JavaScript on
 * the same thread: each figure is an upper bound of the main-thread time a browser would spend (there the
 * database works off-thread and only the structured clone of the written records is on it). Goal: a saved run
 * never blocks the main thread for more than 16 ms (one frame).
 */
import 'fake-indexeddb/auto';
import type { LoopEvent } from '../src/engine';
import { DEFAULT_SETTINGS, defineTool, LoopController, renderToolCallBlock, replay } from '../src/engine';
import { createStatusBoard } from '../src/persistence/connection';
import { createRunsDb } from '../src/persistence/runs-db';
import type { StoredRun } from '../src/persistence/runs-db';
import { headerFor } from '../src/store/run-writer';
import { z } from 'zod';
import type { BenchTable } from './table';
import { median } from './table';

const runsDb = createRunsDb({ board: createStatusBoard() });
const { appendEvents, saveRun } = runsDb;
const closeDb = runsDb.close;

const GOAL_MS = 16;
const SAMPLES = 15;

const echo = defineTool({
  name: 'echo',
  description: 'Echoes its input.',
  schema: z.object({ text: z.string() }),
  execute: ({ text }) => `${text} `.repeat(20),
});

/** A real run's log: `rounds` model calls, each asking for one tool call. */
async function runLog(rounds: number): Promise<readonly LoopEvent[]> {
  let clock = 0;
  const controller = new LoopController({
    runtime: () => ({
      kind: 'scripted',
      label: 'bench',
      generate: async (request) => ({
        raw: renderToolCallBlock('echo', { text: `round ${request.round}` }),
        finishReason: 'stop',
      }),
    }),
    now: () => clock++,
    newRunId: () => `bench-${rounds}`,
  });
  controller.startRun({ system: 'bench', tools: [echo], settings: { ...DEFAULT_SETTINGS, maxRounds: rounds } });
  controller.send('go');
  await controller.runToEnd();
  return controller.getEvents();
}

async function timed(task: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

export async function run(): Promise<BenchTable> {
  const rows: (string | number)[][] = [];
  for (const rounds of [10, 100, 1000]) {
    const events = await runLog(rounds);
    const run: StoredRun = { runId: `bench-${rounds}`, title: 'bench', createdAt: 0, updatedAt: 0, events };
    await saveRun(run);
    const last = events.at(-1)!;
    const state = replay(events);
    const append: number[] = [];
    const rewrite: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const header = headerFor(events, state, { title: 'bench' }, i);
      append.push(await timed(() => appendEvents(header, events.length - 1, [last])));
      rewrite.push(await timed(() => saveRun({ ...run, updatedAt: i })));
    }
    const appendMs = median(append);
    rows.push([
      rounds,
      events.length,
      appendMs.toFixed(2),
      median(rewrite).toFixed(1),
      `≤ ${GOAL_MS}`,
      appendMs <= GOAL_MS ? 'met' : 'MISSED',
    ]);
  }
  await closeDb();
  return {
    title: 'Saving a run: one new event vs rewriting the whole run (ms, median of 15, fake-indexeddb upper bound)',
    columns: ['rounds', 'events', 'append 1 event', 'whole-run rewrite (v1)', 'goal', ''],
    rows,
    notes: [
      'The app appends each event as it comes (batched per task); a reload loses at most the call or batch in flight.',
    ],
  };
}
