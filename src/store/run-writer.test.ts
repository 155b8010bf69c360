// The run writer saves what each run gained, once, in order — including what a run gained in the same task as the
// switch that leaves it (a Stop before a scenario switch or New run), which must not vanish with the queue.
import { describe, expect, it } from 'vitest';
import type { LoopEvent } from '../engine/loop/events';
import { scriptedRun } from '../engine/loop/scripted-run.test-support';
import { SCENARIOS } from '../engine/scenarios';
import type { RunHeader } from '../persistence/runs-db';
import { RunWriter } from './run-writer';

function harness() {
  const written: { runId: string; from: number; types: string[] }[] = [];
  const timers: (() => void)[] = [];
  const writer = new RunWriter({
    append: async (header: RunHeader, from: number, events: readonly LoopEvent[]) => {
      written.push({ runId: header.runId, from, types: events.map((e) => e.type) });
    },
    now: () => 0,
    schedule: (flush) => timers.push(flush),
    onError: (error) => {
      throw error;
    },
    onSaved: () => {},
  });
  return { writer, written, runTimers: () => timers.splice(0).forEach((t) => t()) };
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
});
