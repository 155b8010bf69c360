// The run writer saves what each run gained, once, in order — including what a run gained in the same task as the
// switch that leaves it (a Stop before a scenario switch or New run), which must not vanish with the queue.
import { describe, expect, it } from 'vitest';
import type { LoopEvent } from '../engine/loop/events';
import { scriptedRun } from '../engine/loop/scripted-run.test-support';
import { SCENARIOS } from '../engine/scenarios';
import type { RunHeader } from '../persistence/runs-db';
import { RETRY_MS, RunWriter } from './run-writer';

function harness(options: { fails?: (header: RunHeader, from: number) => boolean } = {}) {
  const written: { runId: string; from: number; types: string[] }[] = [];
  const timers: { task: () => void; ms: number }[] = [];
  const unsavedChanges: number[] = [];
  const writer = new RunWriter({
    append: async (header: RunHeader, from: number, events: readonly LoopEvent[]) => {
      if (options.fails?.(header, from)) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      written.push({ runId: header.runId, from, types: events.map((e) => e.type) });
    },
    now: () => 0,
    schedule: (task, ms = 0) => void timers.push({ task, ms }),
    onError: (message) => {
      if (!options.fails) throw new Error(message);
    },
    onSaved: () => {},
    onUnsaved: () => unsavedChanges.push(unsavedChanges.length),
  });
  const runTimers = (which: (ms: number) => boolean = (ms) => ms === 0) => {
    const due = timers.filter((t) => which(t.ms));
    timers.splice(0, timers.length, ...timers.filter((t) => !which(t.ms)));
    due.forEach((t) => t.task());
  };
  return { writer, written, timers, unsavedChanges, runTimers };
}

const scenario = SCENARIOS[0]!;

describe('RunWriter', () => {
  it('writes each batch once, from where the last one ended', async () => {
    const { writer, written, runTimers } = harness();
    const run = scriptedRun(scenario);
    writer.sync(run.getEvents(), run.getState(), {});
    runTimers();
    await writer.flush();
    const first = run.getEvents().length;
    await run.step();
    writer.sync(run.getEvents(), run.getState(), {});
    runTimers();
    await writer.flush();
    expect(written.map((w) => w.from)).toEqual([0, first]);
    expect(written.flatMap((w) => w.types)).toEqual(run.getEvents().map((e) => e.type));
  });

  it('writes the events a run gained in the same task as leaving it (track to another run or to none)', async () => {
    const { writer, written } = harness();
    const run = scriptedRun(scenario);
    writer.sync(run.getEvents(), run.getState(), {});
    // No timer runs: the person leaves the run in the same task (detach, restore another, a new run).
    writer.track(null, 0);
    await writer.flush();
    expect(written).toHaveLength(1);
    expect(written[0]!.types).toEqual(run.getEvents().map((e) => e.type));
  });

  it('writes the old run’s queue when a sync brings a new run id', async () => {
    const { writer, written, runTimers } = harness();
    const a = scriptedRun(scenario);
    writer.sync(a.getEvents(), a.getState(), {});
    const b = scriptedRun(scenario);
    const bState = { ...b.getState(), runId: 'run_2' };
    writer.sync(b.getEvents(), bState, {});
    runTimers();
    await writer.flush();
    expect(written.map((w) => w.runId)).toEqual(['run_1', 'run_2']);
  });

  it('a failed write keeps the run unsaved, in order, until the write of those events succeeds — nothing else clears it', async () => {
    let full = true;
    const { writer, written, timers, unsavedChanges, runTimers } = harness({
      fails: (header) => full && header.runId === 'run_1',
    });
    const a = scriptedRun(scenario);
    const aState = { ...a.getState(), runId: 'run_1' };
    writer.sync(a.getEvents(), aState, {});
    await writer.flush();
    expect(writer.unsaved('run_1')).toMatchObject({ detail: 'The quota has been exceeded.' });
    expect(unsavedChanges).toHaveLength(1);
    // The run goes on: what it gains is queued behind what failed, never written over a hole.
    await a.step();
    writer.sync(a.getEvents(), { ...a.getState(), runId: 'run_1' }, {});
    await writer.flush();
    expect(written).toEqual([]);
    // Another run is written fine (the database works again for small writes): run_1 is still unsaved.
    writer.track(null, 0);
    const b = scriptedRun(scenario);
    writer.sync(b.getEvents(), { ...b.getState(), runId: 'run_2' }, {});
    await writer.flush();
    expect(written.map((w) => w.runId)).toEqual(['run_2']);
    expect(writer.unsaved('run_1')).not.toBeNull();
    expect(writer.hasUnsaved()).toBe(true);
    // Space is freed; the retry writes run_1's events from the first one, in one piece, and clears it.
    full = false;
    expect(timers.some((t) => t.ms === RETRY_MS)).toBe(true);
    runTimers((ms) => ms === RETRY_MS);
    await writer.flush();
    const retried = written.filter((w) => w.runId === 'run_1');
    expect(retried).toHaveLength(1);
    expect(retried[0]!.from).toBe(0);
    expect(retried[0]!.types).toEqual(a.getEvents().map((e) => e.type));
    expect(writer.unsaved('run_1')).toBeNull();
    expect(writer.hasUnsaved()).toBe(false);
    expect(unsavedChanges).toHaveLength(2);
  });
});
