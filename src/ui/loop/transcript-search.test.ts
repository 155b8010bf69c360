import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../engine/loop/events';
import { LoopController } from '../../engine/loop/controller';
import { transcript } from '../../engine/loop/projections';
import { createPresetTools } from '../../engine/presets';
import { createScriptedRuntime } from '../../engine/model-port/scripted';
import { getScenario, toolsForScenario } from '../../engine/scenarios';
import { createFakeClock } from '../../engine/test-support';
import { findMatches, sameEntry } from './transcript-search';

const SEOUL = getScenario('seoul-time-math')!;

async function seoulEvents() {
  const clock = createFakeClock();
  const runtime = createScriptedRuntime({
    script: SEOUL.script,
    tokensPerSecond: 0,
    now: clock.now,
    sleep: clock.sleep,
  });
  const controller = new LoopController({ runtime: () => runtime, now: clock.now, newRunId: () => 'run_a' });
  controller.startRun({
    system: SEOUL.system,
    tools: toolsForScenario(SEOUL, createPresetTools()),
    settings: { ...DEFAULT_SETTINGS, ...SEOUL.settings },
    scenarioId: SEOUL.id,
  });
  controller.send(SEOUL.user);
  expect(await controller.runToEnd()).toEqual({ ok: true });
  return controller.getEvents();
}

describe('transcript search', () => {
  it('finds entries by message text, tool name, call id and tool output, ignoring case', async () => {
    const entries = transcript(await seoulEvents());
    const kinds = (query: string) => findMatches(entries, query).map((i) => entries[i]!.kind);
    expect(kinds('')).toEqual([]);
    expect(kinds('   ')).toEqual([]);
    // The user's question, and nothing else, mentions it in these words.
    expect(findMatches(entries, SEOUL.user.slice(0, 20).toUpperCase())).toEqual([
      entries.findIndex((e) => e.kind === 'user'),
    ]);
    expect(kinds('call_2')).toEqual(['assistant', 'tool']);
    expect(kinds('calculate')).toContain('tool');
    expect(findMatches(entries, '896').map((i) => entries[i]!.kind)).toContain('tool');
    expect(kinds('no such text anywhere')).toEqual([]);
  });

  it('sees an entry projected again from a longer log as unchanged, and a changed one as changed', async () => {
    const events = await seoulEvents();
    const before = transcript(events.slice(0, -1));
    const after = transcript(events);
    expect(before.length).toBeGreaterThan(1);
    for (const [i, entry] of before.entries()) {
      if (i < before.length - 1) expect(sameEntry(entry, after[i])).toBe(true);
    }
    expect(sameEntry(after[1], { ...after[1]!, index: 99 })).toBe(false);
    expect(sameEntry({ a: [1, 2] }, { a: [1, 2, 3] })).toBe(false);
  });
});
