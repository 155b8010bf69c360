import { describe, expect, it } from 'vitest';
import { createPresetTools } from '../presets';
import { createHumanRuntime } from '../model-port/human';
import { createFakeClock } from '../test-support';
import type { Tool } from '../tool';
import { defineTool } from '../tool';
import { z } from 'zod';
import { LoopController } from './controller';
import type { LoopEvent } from './events';
import { DEFAULT_SETTINGS } from './events';
import { interruptionOf } from './interruption';
import { transcript } from './projections';
import { replay } from './state';

/** A tool that runs until released, counting its runs: the batch can be cut while it is in flight. */
function slowTool(): { tool: Tool; runs: () => number; release: () => void } {
  let runs = 0;
  let release = () => {};
  const tool = defineTool({
    name: 'slow_sum',
    description: 'Adds two numbers slowly.',
    schema: z.object({ a: z.number(), b: z.number() }),
    execute: async ({ a, b }) => {
      runs += 1;
      await new Promise<void>((resolve) => (release = resolve));
      return String(a + b);
    },
  });
  return { tool, runs: () => runs, release: () => release() };
}

function setup(tools: readonly Tool[]) {
  const clock = createFakeClock();
  const human = createHumanRuntime({ now: clock.now });
  const controller = new LoopController({ runtime: () => human, now: clock.now, newRunId: () => 'run' });
  controller.startRun({ system: 's', tools, settings: DEFAULT_SETTINGS });
  controller.send('add things');
  return { controller, human, clock };
}

describe('a reload in the middle of a model call', () => {
  it('is logged as interrupted; the run is back at prompt and Step calls the model again', async () => {
    const { controller, human, clock } = setup(createPresetTools());
    void controller.step();
    await Promise.resolve();
    const cut = controller.getEvents();
    expect(replay(cut).phase).toBe('model');

    const restored = new LoopController({ runtime: () => human, now: clock.now, newRunId: () => 'x' });
    expect(restored.restore(cut, createPresetTools())).toEqual({ ok: true });
    const last = restored.getEvents().at(-1)!;
    expect(last).toMatchObject({ type: 'interrupted', what: 'model-call', round: 1, callIds: [] });
    expect(restored.getState().phase).toBe('prompt');
    expect(transcript(restored.getEvents()).at(-1)).toMatchObject({
      kind: 'interrupted',
      text: 'The last model call (turn 1) was interrupted by a reload: Step calls the model again.',
    });
    const stepped = restored.step();
    await Promise.resolve();
    expect(human.getPendingRequest()?.round).toBe(2);
    human.submit({ text: 'Done.', toolCalls: [], finishReason: 'stop' });
    await stepped;
    expect(restored.getState().finished?.finalAnswer).toBe('Done.');
  });
});

describe('a reload in the middle of a tool batch', () => {
  it('keeps the calls that finished; the cut call waits, is never re-run silently, and can run again', async () => {
    const slow = slowTool();
    const tools = [...createPresetTools(), slow.tool];
    const { controller, human, clock } = setup(tools);
    const calling = controller.step();
    await Promise.resolve();
    human.submit({
      text: '',
      toolCalls: [
        { id: 'c1', name: 'calculate', argumentsText: '{"operation":"add","a":1,"b":2}' },
        { id: 'c2', name: 'slow_sum', argumentsText: '{"a":3,"b":4}' },
        { id: 'c3', name: 'calculate', argumentsText: '{"operation":"add","a":5,"b":6}' },
      ],
      finishReason: 'tool_calls',
    });
    await calling;
    void controller.step();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(slow.runs()).toBe(1);
    const cut: readonly LoopEvent[] = controller.getEvents();
    expect(cut.filter((e) => e.type === 'call-finished')).toHaveLength(1);
    expect(interruptionOf(replay(cut), cut, 0)).toMatchObject({ what: 'tool-batch', callIds: ['c2', 'c3'] });

    const fresh = slowTool();
    const restored = new LoopController({ runtime: () => human, now: clock.now, newRunId: () => 'x' });
    restored.restore(cut, [...createPresetTools(), fresh.tool]);
    expect(restored.getState()).toMatchObject({
      phase: 'approve',
      pending: { awaiting: ['c2', 'c3'], interrupted: ['c2', 'c3'] },
    });
    expect(transcript(restored.getEvents()).at(-1)).toMatchObject({
      kind: 'interrupted',
      text: expect.stringContaining('1 call(s) had finished and were kept; 2 did not finish'),
    });
    // Nothing runs without a decision.
    expect((await restored.step()).ok).toBe(false);
    expect(fresh.runs()).toBe(0);
    await restored.writeResult('c2', 'Skipped: interrupted by a reload.', true);
    await restored.approve('c3');
    await restored.step();
    expect(fresh.runs()).toBe(0);
    const results = restored.getState().history.filter((m) => m.role === 'tool');
    expect(results.map((m) => [m.toolCallId, m.content])).toEqual([
      ['c1', '3'],
      ['c2', 'Skipped: interrupted by a reload.'],
      ['c3', '11'],
    ]);
    // c1 ran once, before the reload: its outcome was kept, not run again.
    expect(restored.getEvents().filter((e) => e.type === 'call-finished' && e.outcome.callId === 'c1')).toHaveLength(1);
    slow.release();
  });

  it('a batch that never began is not an interruption: Step simply runs it', () => {
    const events: LoopEvent[] = [
      {
        type: 'run-started',
        at: 0,
        runId: 'r',
        config: { system: '', tools: [], runtime: { kind: 'human', label: 'h' }, settings: DEFAULT_SETTINGS },
      },
      { type: 'user-message', at: 1, content: 'x' },
      { type: 'model-called', at: 2, round: 1, messageCount: 1, toolNames: [] },
      {
        type: 'model-responded',
        at: 3,
        round: 1,
        response: { raw: '', finishReason: 'tool_calls' },
        message: { role: 'assistant', content: '', raw: '', toolCalls: [{ id: 'a', name: 'x', argumentsText: '{}' }] },
        stop: { raw: 'tool_calls', derived: 'tool_calls', anomalies: [] },
        calls: [{ id: 'a', name: 'x', argumentsText: '{}' }],
      },
    ];
    expect(interruptionOf(replay(events), events, 4)).toBeNull();
  });
});
