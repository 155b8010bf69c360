import { describe, expect, it } from 'vitest';
import type { Message, ToolMessage } from '../messages';
import { createPresetTools } from '../presets';
import { withFullTraces } from './prompt-trace';
import { RuntimeFailure } from '../runtime';
import { createHumanRuntime } from '../model-port/human';
import { createScriptedRuntime } from '../model-port/scripted';
import { getScenario, toolsForScenario } from '../scenarios';
import type { Scenario } from '../scenarios';
import { createFakeClock } from '../test-support';
import { defineTool } from '../tool';
import { DENIED_TEXT } from './tool-execution';
import { z } from 'zod';
import type { LoopEvent, LoopSettings } from './events';
import { DEFAULT_SETTINGS } from './events';
import { LoopController } from './controller';
import { replay } from './state';

const SEOUL = getScenario('seoul-time-math')!;

function harness(
  scenario: Scenario,
  settings: Partial<LoopSettings> = {},
  sleepHook?: (controller: LoopController) => void,
) {
  const clock = createFakeClock();
  const ref: { controller?: LoopController } = {};
  const runtime = createScriptedRuntime({
    script: scenario.script,
    tokensPerSecond: 50,
    now: clock.now,
    sleep: async (ms, signal) => {
      await clock.sleep(ms, signal);
      if (ref.controller) sleepHook?.(ref.controller);
    },
  });
  let runs = 0;
  const controller = new LoopController({ runtime: () => runtime, now: clock.now, newRunId: () => `run_${++runs}` });
  ref.controller = controller;
  const tools = toolsForScenario(scenario, createPresetTools());
  const started = controller.startRun({
    system: scenario.system,
    tools,
    settings: { ...DEFAULT_SETTINGS, ...scenario.settings, ...settings },
    scenarioId: scenario.id,
  });
  expect(started).toEqual({ ok: true });
  expect(controller.send(scenario.user)).toEqual({ ok: true });
  return { controller, clock, tools };
}

/** Runs to the end, approving every pause. */
async function runApproving(controller: LoopController): Promise<void> {
  expect(await controller.runToEnd()).toEqual({ ok: true });
  while (controller.getState().phase === 'approve') expect(await controller.approveAll()).toEqual({ ok: true });
}

const of = <T extends LoopEvent['type']>(events: readonly LoopEvent[], type: T) =>
  events.filter((e): e is Extract<LoopEvent, { type: T }> => e.type === type);
const toolMessages = (history: readonly Message[]) => history.filter((m): m is ToolMessage => m.role === 'tool');

describe('the manual loop on the Seoul scenario', () => {
  it('runs three turns: raw stop → derived tool_calls twice, then stop; answer 877', async () => {
    const { controller } = harness(SEOUL);
    await runApproving(controller);
    const state = controller.getState();
    const events = controller.getEvents();
    const responses = of(events, 'model-responded');
    expect(responses.map((e) => [e.stop.raw, e.stop.derived])).toEqual([
      ['stop', 'tool_calls'],
      ['stop', 'tool_calls'],
      ['stop', 'stop'],
    ]);
    expect(of(events, 'model-called').map((e) => e.messageCount)).toEqual([2, 5, 7]);
    expect(state.finished).toMatchObject({ reason: 'final-answer' });
    expect(state.finished?.finalAnswer).toBe(
      'It is 2026-12-02 19:41 (Asia/Seoul, UTC+09:00) in Seoul, and the calculation comes to 877.',
    );
    // Both calls of turn 1 ran in the model's order, each result paired by id.
    expect(responses[0]!.calls.map((c) => [c.id, c.name])).toEqual([
      ['call_1', 'current_time'],
      ['call_2', 'calculate'],
    ]);
    expect(toolMessages(state.history).map((m) => [m.toolCallId, m.content])).toEqual([
      ['call_1', '2026-12-02 19:41 (Asia/Seoul, UTC+09:00)'],
      ['call_2', '896'],
      ['call_3', '877'],
    ]);
    expect(state.round).toBe(3);
    expect(state.phase).toBe('done');
  });

  it('pause: approve one call, edit the other, and the new number flows into the answer', async () => {
    const { controller } = harness(SEOUL, { pauseBeforeTools: true });
    expect(await controller.step()).toEqual({ ok: true });
    expect(controller.getState().phase).toBe('approve');
    expect(controller.getState().pending?.awaiting).toEqual(['call_1', 'call_2']);
    expect(await controller.step()).toMatchObject({
      ok: false,
      error: expect.stringContaining('Decide every pending tool call'),
    });
    expect(await controller.approve('call_1')).toEqual({ ok: true });
    // Edits are validated: not JSON, or failing the schema, are refused.
    expect(await controller.editArguments('call_2', '{"operation": "multiply", "a": 128, "b": ')).toMatchObject({
      ok: false,
      error: expect.stringContaining('Not valid JSON'),
    });
    expect(await controller.editArguments('call_2', '{"operation": "multiply", "a": 128, "b": "eight"}')).toMatchObject(
      {
        ok: false,
        error: expect.stringContaining('b:'),
      },
    );
    expect(await controller.editArguments('call_2', '{"operation": "multiply", "a": 128, "b": 8}')).toEqual({
      ok: true,
    });
    expect(controller.getState().phase).toBe('execute');
    await runApproving(controller);
    const state = controller.getState();
    expect(toolMessages(state.history).map((m) => m.content)).toEqual([
      '2026-12-02 19:41 (Asia/Seoul, UTC+09:00)',
      '1024',
      '1005',
    ]);
    expect(state.finished?.finalAnswer).toContain('comes to 1005.');
    const decided = of(controller.getEvents(), 'call-decided');
    expect(decided.map((e) => e.decision.kind)).toEqual(['approve', 'edit', 'approve']);
  });

  it('deny: the model receives a denial result with isError and answers that it could not compute', async () => {
    const { controller } = harness(SEOUL, { pauseBeforeTools: true });
    await controller.step();
    await controller.approve('call_1');
    await controller.deny('call_2', 'not now');
    await runApproving(controller);
    const state = controller.getState();
    const denial = toolMessages(state.history).find((m) => m.toolCallId === 'call_2')!;
    expect(denial).toMatchObject({ isError: true, content: `${DENIED_TEXT} Reason: not now` });
    // The denial is in the messages of the next model call.
    const second = withFullTraces(controller.getEvents()).flatMap((e) => (e.type === 'model-responded' ? [e] : []))[1]!;
    expect(second.response.trace?.promptText).toContain(
      `<tool_response>\n${DENIED_TEXT} Reason: not now\n</tool_response>`,
    );
    expect(state.finished).toMatchObject({ reason: 'final-answer' });
    expect(state.finished?.finalAnswer).toContain('could not compute');
    expect(state.finished?.finalAnswer).not.toContain('877');
    expect(state.round).toBe(2);
  });

  it('write result: a hand-written result is used as the tool output', async () => {
    const { controller } = harness(SEOUL, { pauseBeforeTools: true });
    await controller.step();
    await controller.approve('call_1');
    await controller.writeResult('call_2', '900');
    await runApproving(controller);
    expect(controller.getState().finished?.finalAnswer).toContain('comes to 881.');
    const finished = of(controller.getEvents(), 'call-finished').map((e) => e.outcome);
    expect(finished[1]).toMatchObject({ disposition: 'written-by-hand' });
  });

  it('stop mid-generation ends the response with finish reason abort and runs no tools', async () => {
    let ticks = 0;
    const { controller } = harness(SEOUL, {}, (c) => {
      if (++ticks === 5) c.stop();
    });
    await controller.runToEnd();
    const state = controller.getState();
    const response = of(controller.getEvents(), 'model-responded')[0]!;
    expect(response.response.finishReason).toBe('abort');
    expect(response.stop.derived).toBe('abort');
    expect(response.calls).toEqual([]);
    expect(response.response.raw.length).toBeGreaterThan(0);
    expect(state.finished?.reason).toBe('aborted');
    expect(of(controller.getEvents(), 'call-finished')).toEqual([]);
    expect(controller.isBusy()).toBe(false);
  });

  it('the max-rounds guard stops the loop before the next model call', async () => {
    const { controller } = harness(SEOUL, { maxRounds: 2 });
    await controller.runToEnd();
    const state = controller.getState();
    expect(state.finished?.reason).toBe('max-rounds');
    expect(of(controller.getEvents(), 'model-called')).toHaveLength(2);
    expect(state.finished?.detail).toContain('2 model calls');
  });

  it('needsApproval pauses even with the pause toggle off', async () => {
    const { controller } = harness(getScenario('reserve-and-todo')!);
    await controller.runToEnd();
    expect(controller.getState().phase).toBe('approve');
    expect(controller.getState().pending?.calls.map((c) => c.name)).toEqual(['reserve_inventory']);
    await controller.approveAll();
    // add_todo needs no approval: the run goes on to the end.
    expect(controller.getState().finished?.reason).toBe('final-answer');
  });

  it('returnDirect: the tool result is the final answer and the model is not called again', async () => {
    const { controller } = harness(getScenario('return-direct')!);
    await controller.runToEnd();
    const state = controller.getState();
    expect(state.finished).toMatchObject({
      reason: 'return-direct',
      finalAnswer: 'SKU-200 (USB-C cable): 40 in stock.',
    });
    expect(of(controller.getEvents(), 'model-called')).toHaveLength(1);
  });

  it('without returnDirect the model is called again', async () => {
    const scenario = { ...getScenario('return-direct')!, toolOverrides: {} };
    const { controller } = harness(scenario);
    await controller.runToEnd();
    expect(controller.getState().finished).toMatchObject({ reason: 'final-answer' });
    expect(of(controller.getEvents(), 'model-called')).toHaveLength(2);
  });

  it('exception mode stop-loop: a throwing tool ends the run with the error; later calls do not run', async () => {
    const { controller } = harness(getScenario('tool-error')!, { exceptionMode: 'stop-loop' });
    await controller.runToEnd();
    const state = controller.getState();
    expect(state.finished?.reason).toBe('tool-error');
    expect(state.finished?.detail).toMatch(/^reserve_inventory failed: Unknown SKU: SKU-999/);
    expect(of(controller.getEvents(), 'call-finished')).toHaveLength(1);
    expect(of(controller.getEvents(), 'model-called')).toHaveLength(1);
  });

  it('exception mode send-to-model: the errors go back to the model, which recovers', async () => {
    const { controller } = harness(getScenario('tool-error')!);
    await controller.runToEnd();
    const state = controller.getState();
    const first = toolMessages(state.history).slice(0, 2);
    expect(first.map((m) => m.isError)).toEqual([true, true]);
    expect(first[0]!.content).toMatch(/^Error: Unknown SKU: SKU-999/);
    expect(first[1]!.content).toMatch(/^Invalid arguments for calculate:\n- a: /);
    expect(state.finished?.reason).toBe('final-answer');
    expect(state.finished?.finalAnswer).toContain('12 × 3 = 36');
  });

  it('refuses duplicate tool names at startRun, naming both tools', () => {
    const clock = createFakeClock();
    const runtime = createScriptedRuntime({
      script: SEOUL.script,
      tokensPerSecond: 0,
      now: clock.now,
      sleep: clock.sleep,
    });
    const controller = new LoopController({ runtime: () => runtime, now: clock.now, newRunId: () => 'r' });
    const mine = defineTool({
      name: 'calculate',
      description: 'My calculator',
      source: 'user',
      schema: z.object({}),
      execute: () => '',
    });
    const result = controller.startRun({
      system: '',
      tools: [...createPresetTools(), mine],
      settings: DEFAULT_SETTINGS,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toContain('"calculate"');
      expect(result.error).toContain('Does exact arithmetic');
      expect(result.error).toContain('My calculator');
    }
    expect(controller.getEvents()).toEqual([]);
    expect(controller.getState().runId).toBeNull();
  });

  it('restores the same state from the log, and a restored paused run continues the same way', async () => {
    const { controller } = harness(SEOUL, { pauseBeforeTools: true });
    await controller.step();
    await controller.approve('call_1');
    const events = JSON.parse(JSON.stringify(controller.getEvents())) as LoopEvent[];

    const clock = createFakeClock();
    const runtime = createScriptedRuntime({
      script: SEOUL.script,
      tokensPerSecond: 50,
      now: clock.now,
      sleep: clock.sleep,
    });
    const restored = new LoopController({ runtime: () => runtime, now: clock.now, newRunId: () => 'other' });
    expect(restored.restore(events, toolsForScenario(SEOUL, createPresetTools()))).toEqual({ ok: true });
    expect(restored.getState()).toEqual(controller.getState());

    for (const c of [controller, restored]) {
      await c.editArguments('call_2', '{"operation":"multiply","a":128,"b":8}');
      await runApproving(c);
    }
    expect(restored.getState()).toEqual(controller.getState());
    expect(restored.getState().finished?.finalAnswer).toContain('1005');
    // Harness ids continue after the restored ones.
    expect(toolMessages(restored.getState().history).map((m) => m.toolCallId)).toEqual(['call_1', 'call_2', 'call_3']);
  });

  it('commands are refused with a reason when they do not apply', async () => {
    const { controller } = harness(SEOUL);
    expect(controller.send('again')).toMatchObject({ ok: false });
    expect(await controller.approve('call_9')).toMatchObject({
      ok: false,
      error: expect.stringContaining('not waiting'),
    });
    await controller.runToEnd();
    expect(await controller.step()).toMatchObject({ ok: false, error: expect.stringContaining('ended') });
    expect(controller.send('Thanks!')).toEqual({ ok: true });
    // A second user message starts the script again from its first step.
    expect(await controller.step()).toEqual({ ok: true });
    expect(of(controller.getEvents(), 'model-called').at(-1)?.round).toBe(4);
    expect(controller.getState().pending?.calls.map((c) => c.id)).toEqual(['call_4', 'call_5']);
  });

  it('stop at a pause ends the run as stopped', async () => {
    const { controller } = harness(SEOUL, { pauseBeforeTools: true });
    await controller.step();
    expect(controller.stop()).toEqual({ ok: true });
    expect(controller.getState().finished?.reason).toBe('stopped');
  });
});

describe('the loop with other runtimes', () => {
  it('a runtime failure ends the run with its message', async () => {
    const clock = createFakeClock();
    const controller = new LoopController({
      runtime: () => ({
        kind: 'webllm',
        label: 'failing',
        generate: () => Promise.reject(new RuntimeFailure('The GPU device was lost. Reload the model.', 'device-lost')),
      }),
      now: clock.now,
      newRunId: () => 'r',
    });
    controller.startRun({ system: 's', tools: [], settings: DEFAULT_SETTINGS });
    controller.send('hi');
    await controller.step();
    expect(of(controller.getEvents(), 'model-failed')[0]?.error).toBe('The GPU device was lost. Reload the model.');
    expect(controller.getState().finished).toMatchObject({ reason: 'runtime-error' });
  });

  it('a learner playing the model drives the loop; their call ids pair the results', async () => {
    const clock = createFakeClock();
    const human = createHumanRuntime({ now: clock.now });
    const controller = new LoopController({ runtime: () => human, now: clock.now, newRunId: () => 'r' });
    controller.startRun({
      system: 's',
      tools: toolsForScenario(SEOUL, createPresetTools()),
      settings: DEFAULT_SETTINGS,
    });
    controller.send('What is 6 × 7?');
    const running = controller.runToEnd();
    await Promise.resolve();
    expect(human.getPendingRequest()?.round).toBe(1);
    human.submit({
      text: '',
      toolCalls: [{ id: 'toolu_A', name: 'calculate', argumentsText: '{"operation":"multiply","a":6,"b":7}' }],
      finishReason: 'tool_calls',
    });
    await waitFor(() => human.getPendingRequest()?.round === 2);
    expect(toolMessages(controller.getState().history)).toEqual([
      { role: 'tool', toolCallId: 'toolu_A', name: 'calculate', content: '42', isError: false },
    ]);
    human.submit({ text: 'It is 42.', toolCalls: [], finishReason: 'stop' });
    await running;
    expect(controller.getState().finished).toMatchObject({ reason: 'final-answer', finalAnswer: 'It is 42.' });
  });
});

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 0));
  expect(check()).toBe(true);
}

describe('the tools a request offers', () => {
  it('a call to a tool the request did not offer is an unknown tool, even if the run has it', async () => {
    const clock = createFakeClock();
    const runtime = createScriptedRuntime({
      script: {
        steps: [{ toolCalls: [{ name: 'calculate', arguments: { operation: 'add', a: 1, b: 2 } }] }, { text: 'ok' }],
      },
      tokensPerSecond: 0,
      now: clock.now,
      sleep: clock.sleep,
    });
    const controller = new LoopController({
      runtime: () => runtime,
      now: clock.now,
      newRunId: () => 'run',
      // Like tool search: the first request offers only current_time.
      requestSteps: [
        {
          id: 'hide-calculate',
          apply: (request) => ({ ...request, tools: request.tools.filter((t) => t.name !== 'calculate') }),
        },
      ],
    });
    const tools = createPresetTools().filter((t) => t.name === 'calculate' || t.name === 'current_time');
    controller.startRun({ system: 's', tools, settings: DEFAULT_SETTINGS });
    controller.send('add 1 and 2');
    await controller.runToEnd();
    const result = toolMessages(controller.getState().history)[0]!;
    expect(result.isError).toBe(true);
    expect(result.content).toContain('Unknown tool "calculate"');
    expect(result.content).toContain('Available tools: current_time');
  });
});

describe('call-started', () => {
  /** Each call-started is followed at once by its own call-finished (nothing else runs in between). */
  function expectStartedThenFinished(events: readonly LoopEvent[]): void {
    for (const started of of(events, 'call-started')) {
      const next = events[events.indexOf(started) + 1];
      expect(next).toMatchObject({ type: 'call-finished', round: started.round, outcome: { callId: started.callId } });
    }
  }

  it('is logged right before each tool runs: one per executed call, each before its call-finished', async () => {
    const { controller } = harness(SEOUL);
    await runApproving(controller);
    const events = controller.getEvents();
    const started = of(events, 'call-started');
    expect(started.map((e) => [e.round, e.callId, e.name])).toEqual([
      [1, 'call_1', 'current_time'],
      [1, 'call_2', 'calculate'],
      [2, 'call_3', 'calculate'],
    ]);
    const executed = of(events, 'call-finished').filter(
      (e) => e.outcome.kind === 'result' && e.outcome.disposition === 'executed',
    );
    expect(started.map((e) => e.callId)).toEqual(executed.map((e) => e.outcome.callId));
    expectStartedThenFinished(events);
    // It changes no state: the log replays to the same state without it.
    expect(replay(events.filter((e) => e.type !== 'call-started'))).toEqual(controller.getState());
  });

  it('a denied or hand-written call is not started; an edited call starts with its new arguments', async () => {
    const { controller } = harness(SEOUL, { pauseBeforeTools: true });
    await controller.step();
    await controller.deny('call_1');
    await controller.writeResult('call_2', '900');
    await controller.step();
    expect(of(controller.getEvents(), 'call-finished')).toHaveLength(2);
    expect(of(controller.getEvents(), 'call-started')).toEqual([]);

    const edited = harness(SEOUL, { pauseBeforeTools: true }).controller;
    await edited.step();
    await edited.approve('call_1');
    await edited.editArguments('call_2', '{"operation": "multiply", "a": 128, "b": 8}');
    await edited.step();
    expect(of(edited.getEvents(), 'call-started').map((e) => [e.callId, e.argumentsText])).toEqual([
      ['call_1', '{"timezone":"Asia/Seoul"}'],
      ['call_2', '{"operation": "multiply", "a": 128, "b": 8}'],
    ]);
    expectStartedThenFinished(edited.getEvents());
  });

  it('a tool that hangs shows as started without a finish until Stop ends it', async () => {
    const clock = createFakeClock();
    const runtime = createScriptedRuntime({
      script: { steps: [{ toolCalls: [{ name: 'wait_forever', arguments: {} }] }, { text: 'ok' }] },
      tokensPerSecond: 0,
      now: clock.now,
      sleep: clock.sleep,
    });
    const waitForever = defineTool({
      name: 'wait_forever',
      description: 'Returns only when aborted.',
      source: 'user',
      schema: z.object({}),
      execute: (_args, ctx) =>
        new Promise<string>((resolve) => ctx.signal.addEventListener('abort', () => resolve('aborted'))),
    });
    const controller = new LoopController({ runtime: () => runtime, now: clock.now, newRunId: () => 'run' });
    controller.startRun({ system: '', tools: [waitForever], settings: DEFAULT_SETTINGS });
    controller.send('wait');
    await controller.step();
    const executing = controller.step();
    await waitFor(() => of(controller.getEvents(), 'call-started').length === 1);
    expect(of(controller.getEvents(), 'call-finished')).toEqual([]);
    expect(controller.isBusy()).toBe(true);
    controller.stop();
    expect(await executing).toEqual({ ok: true });
    expect(controller.getState().finished?.reason).toBe('stopped');
    expectStartedThenFinished(controller.getEvents());
  });
});
