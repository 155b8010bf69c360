import { describe, expect, it } from 'vitest';
import { LoopController } from '../engine/loop/controller';
import type { LoopEvent } from '../engine/loop/events';
import { DEFAULT_SETTINGS } from '../engine/loop/events';
import { createPresetTools } from '../engine/presets';
import { createScriptedRuntime } from '../engine/model-port/scripted';
import { getScenario, toolsForScenario } from '../engine/scenarios';
import { checkEventRecords, checkHeader } from './run-check';

/** A real log: the Seoul scenario run to the end by the engine's controller on the scripted replay. */
async function seoulLog(): Promise<LoopEvent[]> {
  const scenario = getScenario('seoul-time-math')!;
  let time = 1_700_000_000_000;
  const now = () => (time += 5);
  const runtime = createScriptedRuntime({ script: scenario.script, tokensPerSecond: 0, now, sleep: async () => {} });
  const controller = new LoopController({ runtime: () => runtime, now, newRunId: () => 'run-1' });
  controller.startRun({
    system: scenario.system,
    tools: toolsForScenario(scenario, createPresetTools()),
    settings: { ...DEFAULT_SETTINGS, ...scenario.settings },
    scenarioId: scenario.id,
  });
  controller.send(scenario.user);
  await controller.runToEnd();
  expect(controller.getState().phase).toBe('done');
  return [...controller.getEvents()];
}

const records = (events: readonly unknown[]) => events.map((event, seq) => ({ runId: 'run-1', seq, event }));

describe('the deep check of a stored run', () => {
  it('passes a log the controller wrote', async () => {
    const events = await seoulLog();
    expect(checkEventRecords('run-1', records(events))).toEqual({ ok: true, value: events });
  });

  it('refuses a model response that lost its response (the record that used to blank the page)', async () => {
    const events: unknown[] = await seoulLog();
    const index = events.findIndex((e) => (e as LoopEvent).type === 'model-responded');
    const { response: _gone, ...broken } = events[index] as Extract<LoopEvent, { type: 'model-responded' }>;
    events[index] = broken;
    expect(checkEventRecords('run-1', records(events))).toEqual({
      ok: false,
      error: {
        kind: 'event',
        event: index + 1,
        detail: `Event ${index + 1} (model-responded) is malformed: response: Invalid input: expected object, received undefined`,
      },
    });
  });

  it('refuses logs that fit every schema but cannot be replayed', async () => {
    const events = await seoulLog();
    const first = events[0]!;
    const check = (log: readonly LoopEvent[], runId = 'run-1') => checkEventRecords(runId, records(log));
    expect(check(events.slice(1))).toMatchObject({ error: { kind: 'not-started' } });
    expect(check(events, 'run-2')).toMatchObject({ error: { kind: 'other-run', logRunId: 'run-1' } });
    expect(check([...events, first])).toMatchObject({ error: { kind: 'second-start', event: events.length + 1 } });
    // A response to a model call that was never made.
    const called = events.findIndex((e) => e.type === 'model-called');
    expect(check(events.filter((_, i) => i !== called))).toMatchObject({
      error: { kind: 'unanswered', event: called + 1, round: 1 },
    });
    // Tool results with no tool calls pending.
    const appended = events.find((e) => e.type === 'results-appended')!;
    expect(check([first, { type: 'user-message', at: 2, content: 'hi' }, appended])).toMatchObject({
      error: { kind: 'stray-results', event: 3 },
    });
  });

  it('refuses a log with a missing event, and an empty one', async () => {
    const events = await seoulLog();
    const holed = records(events).filter((r) => r.seq !== 3);
    expect(checkEventRecords('run-1', holed)).toEqual({ ok: false, error: { kind: 'gap', event: 4 } });
    expect(checkEventRecords('run-1', [])).toEqual({ ok: false, error: { kind: 'no-events' } });
  });

  it('checks a header against its schema', () => {
    const header = { runId: 'a', title: 't', createdAt: 1, updatedAt: 2, eventCount: 3, finished: false };
    expect(checkHeader(header)).toEqual({ ok: true, value: header });
    expect(checkHeader({ ...header, eventCount: -1 })).toMatchObject({ ok: false, error: { kind: 'header' } });
  });
});
