/**
 * The teaching lab through the real loop: the scripted runtime, the preset tools and the manual controller, as a
 * class would use them (predict Seoul, inject a timeout, send a schema error, stop a runaway loop, send a wrong id).
 */
import { describe, expect, it } from 'vitest';
import type { LoopEvent, LoopSettings } from '../loop/events';
import { DEFAULT_SETTINGS } from '../loop/events';
import { LoopController } from '../loop/controller';
import { AdvisorLoopController } from '../advisors/controller';
import { messagesSentAt } from '../loop/projections';
import { createPresetTools } from '../presets';
import { createScriptedRuntime } from '../model-port/scripted';
import type { Scenario } from '../scenarios';
import { getScenario, toolsForScenario } from '../scenarios';
import { createFakeClock } from '../test-support';
import { buildRunFile, parseRunFile } from '../run-file/format';
import { injectFault, predict, setResultId } from './commands';
import { runDependencies } from './dependencies';
import { labExtension } from './extension';
import { apiVerdicts, templateView } from './id-pairing';
import { predictionSummary } from './predict';
import { checkArguments, validationErrorText } from './schema-check';

const of = <T extends LoopEvent['type']>(events: readonly LoopEvent[], type: T) =>
  events.filter((e): e is Extract<LoopEvent, { type: T }> => e.type === type);

function start(scenario: Scenario, settings: Partial<LoopSettings> = {}) {
  const clock = createFakeClock();
  const runtime = createScriptedRuntime({
    script: scenario.script,
    tokensPerSecond: 0,
    now: clock.now,
    sleep: clock.sleep,
  });
  const controller = new LoopController({
    runtime: () => runtime,
    now: clock.now,
    newRunId: () => scenario.id,
    sleep: clock.sleep,
    extensions: [labExtension],
  });
  controller.startRun({
    system: scenario.system,
    tools: toolsForScenario(scenario, createPresetTools()),
    settings: { ...DEFAULT_SETTINGS, ...scenario.settings, ...settings },
    scenarioId: scenario.id,
  });
  controller.send(scenario.user);
  return { controller, clock };
}

const SEOUL = getScenario('seoul-time-math')!;

describe('predict mode', () => {
  it('waits for each prediction, then scores the Seoul run turn by turn', async () => {
    const { controller } = start(SEOUL, { lab: { predict: true } });
    const refused = await controller.step();
    expect(refused).toEqual({
      ok: false,
      error: expect.stringContaining('Predict turn 1 first'),
      code: 'predictFirst',
      values: { round: '1' },
    });
    expect(of(controller.getEvents(), 'model-called')).toHaveLength(0);
    // Run to end waits at each model call until the prediction comes.
    void controller.runToEnd();
    await predict(controller.host, {
      kind: 'calls',
      calls: [
        { name: 'current_time', arguments: { timezone: 'Asia/Seoul' } },
        { name: 'calculate', arguments: { operation: 'multiply', a: 128, b: 7 } },
      ],
    });
    // A wrong guess for turn 2: one call, the right tool, one argument off.
    await predict(controller.host, {
      kind: 'calls',
      calls: [{ name: 'calculate', arguments: { operation: 'subtract', a: 896, b: 18 } }],
    });
    await predict(controller.host, { kind: 'calls', calls: [{ name: 'calculate', arguments: {} }] });
    expect(controller.getState().phase).toBe('done');
    const summary = predictionSummary(controller.getEvents());
    expect(summary.records.map((r) => r.score?.points)).toEqual([3, 1 + 1 + 2 / 3, 0]);
    expect(summary).toMatchObject({ scored: 3, maxPoints: 9, perfect: 1 });
    // Recorded in the run file, and valid there.
    const built = buildRunFile({
      run: { runId: SEOUL.id, title: 'Seoul', createdAt: 0, events: controller.getEvents() },
      now: 0,
    });
    expect(built.ok).toBe(true);
    const parsed = built.ok ? parseRunFile(built.value.text) : null;
    expect(parsed?.ok).toBe(true);
    expect(parsed?.ok && parsed.value.file.run.events.filter((e) => e.type === 'prediction-made')).toHaveLength(3);
    // A damaged prediction (or any lab event) is refused on import, naming the event.
    if (!built.ok) return;
    const damaged = JSON.parse(built.value.text) as { run: { events: Record<string, unknown>[] } };
    const index = damaged.run.events.findIndex((e) => e.type === 'prediction-made');
    damaged.run.events[index] = { ...damaged.run.events[index], prediction: { kind: 'maybe' } };
    expect(parseRunFile(JSON.stringify(damaged)).ok).toBe(false);
  });

  it('refuses an empty prediction and a prediction while predict mode is off', async () => {
    const on = start(SEOUL, { lab: { predict: true } }).controller;
    expect(await predict(on.host, { kind: 'calls', calls: [] })).toMatchObject({ ok: false });
    const off = start(SEOUL).controller;
    expect(await predict(off.host, { kind: 'answer' })).toEqual({
      ok: false,
      error: expect.stringContaining('off'),
      code: 'predictOff',
    });
  });
});

describe('fault injection', () => {
  it('a timeout injected at the pause fails the call, and the model recovers', async () => {
    const { controller } = start(SEOUL, { pauseBeforeTools: true });
    await controller.step();
    expect(controller.getState().phase).toBe('approve');
    expect(injectFault(controller.host, 'call_2', { kind: 'timeout', afterMs: 2000 })).toEqual({ ok: true });
    await controller.approveAll();
    await controller.step();
    const outcome = of(controller.getEvents(), 'call-finished').find((e) => e.outcome.callId === 'call_2')!.outcome;
    expect(outcome).toMatchObject({ kind: 'result', disposition: 'tool-error' });
    expect(outcome.kind === 'result' && outcome.result.text).toContain('did not answer within 2000 ms');
    expect(outcome.durationMs).toBeGreaterThanOrEqual(2000);
    await controller.step();
    const answer = of(controller.getEvents(), 'model-responded').at(-1)!.message.content;
    expect(answer).toContain('could not compute');
    expect(of(controller.getEvents(), 'fault-injected')).toEqual([
      expect.objectContaining({ callId: 'call_2', source: 'call', fault: { kind: 'timeout', afterMs: 2000 } }),
    ]);
  });

  it('a fault armed on a tool strikes every call of it and is logged as it does', async () => {
    const { controller } = start(SEOUL, { lab: { faults: { current_time: { kind: 'is-error' } } } });
    await controller.runToEnd();
    const faults = of(controller.getEvents(), 'fault-injected');
    expect(faults.map((f) => [f.callId, f.source])).toEqual([['call_1', 'tool']]);
    const result = controller.getState().history.find((m) => m.role === 'tool' && m.toolCallId === 'call_1');
    expect(result).toMatchObject({ isError: true, content: expect.stringContaining('503') });
  });

  it('refuses a fault for a call that is not waiting', () => {
    const { controller } = start(SEOUL);
    expect(injectFault(controller.host, 'call_9', { kind: 'throw' })).toMatchObject({ ok: false });
  });
});

describe('the schema check at the pause', () => {
  it('flags a mistyped field and the validation error goes back as the result', async () => {
    const scenario = getScenario('tool-error')!;
    const { controller } = start(scenario, { pauseBeforeTools: true });
    await controller.step();
    const pending = controller.getState().pending!;
    const call = pending.calls.find((c) => c.name === 'calculate')!;
    const schema = controller.getState().tools.find((t) => t.name === 'calculate')!.inputSchema;
    const check = checkArguments(schema, call.argumentsText);
    expect(check.ok && check.value.filter((i) => i.blocking).map((i) => [i.path, i.schemaPath])).toEqual([
      ['/a', '#/properties/a/type'],
    ]);
    const text = validationErrorText('calculate', check.ok ? check.value : []);
    await controller.writeResult(call.id, text, true);
    await controller.approveAll();
    await controller.step();
    const sent = controller.getState().history.find((m) => m.role === 'tool' && m.toolCallId === call.id);
    expect(sent).toMatchObject({ isError: true, content: expect.stringContaining('/a: expected number') });
  });
});

describe('loop guards', () => {
  it('runaway-loop: warned at 3 repeats, stopped at 5 before the call runs', async () => {
    const { controller } = start(getScenario('runaway-loop')!);
    await controller.runToEnd();
    const trips = of(controller.getEvents(), 'guard-tripped');
    expect(trips.map((t) => [t.guard, t.level, t.value])).toEqual([
      ['repeat', 'warn', 3],
      ['repeat', 'stop', 5],
    ]);
    expect(controller.getState().finished).toMatchObject({ reason: 'loop-guard' });
    // The fifth call never ran, and the soft cap's message reached the model.
    expect(of(controller.getEvents(), 'call-started')).toHaveLength(4);
    expect(messagesSentAt(controller.getEvents(), 4, [labExtension]).at(-1)).toMatchObject({
      role: 'user',
      content: expect.stringContaining('[Loop guard]'),
    });
  });

  it('a token budget stops the loop after the model call that passes it', async () => {
    const { controller } = start(SEOUL, {
      lab: { guards: { repeatWarnAt: 0, repeatStopAt: 0, tokenSoft: 0, tokenBudget: 1, roundsSoft: 0 } },
    });
    await controller.runToEnd();
    expect(controller.getState().finished).toMatchObject({ reason: 'loop-guard' });
    expect(of(controller.getEvents(), 'model-called')).toHaveLength(1);
    expect(of(controller.getEvents(), 'call-started')).toHaveLength(0);
  });
});

describe('why these turns', () => {
  it('Seoul: turn 2 uses 896 from call_2, turn 1 is two parallel calls', async () => {
    const { controller } = start(SEOUL);
    await controller.runToEnd();
    const deps = runDependencies(controller.getEvents());
    expect(deps.calls.get('call_3')!.dependencies).toEqual([
      { value: '896', path: '/a', fromCallId: 'call_2', fromTool: 'calculate', fromRound: 1 },
    ]);
    expect(deps.calls.get('call_1')!.parallel).toEqual({ index: 1, count: 2, siblings: ['call_2'] });
    expect(deps.turns.map((t) => t.reason.kind)).toEqual(['first', 'depends', 'answer']);
  });
});

describe('the id-pairing lesson', () => {
  it('a wrong id reaches the next request; the APIs refuse it, the templates do not notice', async () => {
    const { controller } = start(SEOUL, { pauseBeforeTools: true });
    await controller.step();
    expect(setResultId(controller.host, 'call_2', 'call_9')).toEqual({ ok: true });
    await controller.approveAll();
    await controller.step();
    const sent = messagesSentAt(controller.getEvents(), 2, [labExtension]);
    expect(sent.filter((m) => m.role === 'tool').map((m) => m.role === 'tool' && m.toolCallId)).toEqual([
      'call_1',
      'call_9',
    ]);
    const verdicts = apiVerdicts(sent);
    expect(verdicts.find((v) => v.api === 'openai-responses')).toEqual({
      api: 'openai-responses',
      status: 400,
      message: 'No tool call found for function call output with call_id call_9.',
    });
    expect(verdicts.find((v) => v.api === 'anthropic')?.status).toBe(400);
    // The true pairing, as the log keeps it: the templates render both the same (Qwen pairs by order).
    const truth = sent.map((m) =>
      m.role === 'tool' && m.toolCallId === 'call_9' ? { ...m, toolCallId: 'call_2' } : m,
    );
    const qwen = templateView(truth, sent, []).find((v) => v.format.startsWith('qwen'));
    expect(qwen).toMatchObject({ samePrompt: true, idRendered: false });
  });
});

describe('the token budget in the advisor-controlled loop (doAfterCall)', () => {
  it('the loop advisor stops the run once its total passes the budget, with the same check as the manual loop', async () => {
    const clock = createFakeClock();
    const runtime = createScriptedRuntime({
      script: SEOUL.script,
      tokensPerSecond: 0,
      now: clock.now,
      sleep: clock.sleep,
    });
    const controller = new AdvisorLoopController({
      runtime: () => runtime,
      now: clock.now,
      newRunId: () => 'adv',
      extensions: [labExtension],
    });
    const budget = { repeatWarnAt: 0, repeatStopAt: 0, tokenSoft: 0, tokenBudget: 1, roundsSoft: 0 };
    controller.startRun({
      system: SEOUL.system,
      tools: toolsForScenario(SEOUL, createPresetTools()),
      settings: { ...DEFAULT_SETTINGS, lab: { guards: budget } },
    });
    controller.send(SEOUL.user);
    await controller.runToEnd();
    const events = controller.getEvents();
    expect(controller.getState().finished).toMatchObject({
      reason: 'loop-guard',
      detail: expect.stringContaining('token budget'),
    });
    expect(of(events, 'guard-tripped').map((t) => [t.guard, t.level, t.limit])).toEqual([['tokens', 'stop', 1]]);
    expect(of(events, 'call-started')).toHaveLength(0);
    expect(
      of(events, 'advisor-invoked').some((e) => e.hook === 'after-call' && e.sees.summary.includes('token budget')),
    ).toBe(true);
  });

  it('without a budget the advisor loop runs Seoul to its answer', async () => {
    const clock = createFakeClock();
    const runtime = createScriptedRuntime({
      script: SEOUL.script,
      tokensPerSecond: 0,
      now: clock.now,
      sleep: clock.sleep,
    });
    const controller = new AdvisorLoopController({
      runtime: () => runtime,
      now: clock.now,
      newRunId: () => 'adv',
      extensions: [labExtension],
    });
    controller.startRun({
      system: SEOUL.system,
      tools: toolsForScenario(SEOUL, createPresetTools()),
      settings: DEFAULT_SETTINGS,
    });
    controller.send(SEOUL.user);
    await controller.runToEnd();
    expect(controller.getState().finished).toMatchObject({ reason: 'final-answer' });
  });
});
