import { describe, expect, it } from 'vitest';
import type { ChatRuntime } from '../runtime';
import { ToolSearchSession } from '../tool-search/apply';
import { TOOL_SEARCH_TOOL_NAME } from '../tool-search/search-tool';
import { RuntimeFailure } from '../runtime';
import { DEFAULT_SETTINGS, type LoopEvent, type LoopSettings } from '../loop/events';
import { transcript, turnTable } from '../loop/projections';
import { createPresetTools } from '../presets';
import { createScriptedRuntime } from '../model-port/scripted';
import { getScenario, toolsForScenario } from '../scenarios';
import { createFakeClock } from '../test-support';
import { AdvisorLoopController, RESTORED_MID_REQUEST } from './controller';
import { HIGHEST_PRECEDENCE } from './order';
import type { AdvisorConfig } from './setup';
import { checkAdvisorConfig, DEFAULT_ADVISOR_CONFIG } from './setup';
import { advisorEvents } from './events';
import { readRunEndDetail } from '../loop/run-end-details';

const scenario = getScenario('seoul-time-math')!;

function setup(options: { settings?: Partial<LoopSettings>; config?: AdvisorConfig; runtime?: ChatRuntime } = {}) {
  const clock = createFakeClock();
  const scripted = createScriptedRuntime({
    script: scenario.script,
    tokensPerSecond: 50,
    sleep: clock.sleep,
    now: clock.now,
  });
  const runtime = options.runtime ?? scripted;
  const tools = toolsForScenario(scenario, createPresetTools());
  let runs = 0;
  // The chain as the workspace holds it: read at every request, changed only when it passes the check.
  let config = options.config ?? DEFAULT_ADVISOR_CONFIG;
  const configure = (next: AdvisorConfig) => {
    const checked = checkAdvisorConfig(next);
    if (checked.ok) config = next;
    return checked;
  };
  const controller = new AdvisorLoopController({
    runtime: () => runtime,
    now: clock.now,
    newRunId: () => `run-${++runs}`,
    advisors: () => config,
  });
  const settings: LoopSettings = { ...DEFAULT_SETTINGS, ...scenario.settings, ...options.settings };
  expect(controller.startRun({ system: scenario.system, tools, settings, scenarioId: scenario.id })).toEqual({
    ok: true,
  });
  expect(controller.send(scenario.user)).toEqual({ ok: true });
  return { controller, tools, settings, clock, configure };
}

function count(events: readonly LoopEvent[], advisor: string, hook: string): number {
  return events.filter((e) => e.type === 'advisor-invoked' && e.advisor === advisor && e.hook === hook).length;
}

/** The default chain with structured-output validation switched on (its default schema fails the prose answer). */
const validationOn: AdvisorConfig = {
  advisors: DEFAULT_ADVISOR_CONFIG.advisors.map((s) => (s.kind === 'validation' ? { ...s, enabled: true } : s)),
};

const memoryInside: AdvisorConfig = {
  advisors: DEFAULT_ADVISOR_CONFIG.advisors.map((s) =>
    s.kind === 'memory' ? { ...s, order: HIGHEST_PRECEDENCE + 400 } : s,
  ),
};

describe('AdvisorLoopController on seoul-time-math', () => {
  it('run to end: three model calls, the answer 877, memory once and the trace every round', async () => {
    const { controller } = setup();
    const before = controller.getEvents();
    expect(await controller.runToEnd()).toEqual({ ok: true });
    // A new array after appends, so views holding the old one re-render.
    expect(controller.getEvents()).not.toBe(before);
    expect(controller.getEvents()).toBe(controller.getEvents());
    const events = controller.getEvents();
    expect(controller.getState().phase).toBe('done');
    expect(controller.getState().finished).toMatchObject({
      reason: 'final-answer',
      finalAnswer: expect.stringContaining('877'),
    });
    expect(events.filter((e) => e.type === 'model-called')).toHaveLength(3);
    expect(
      events.filter((e) => e.type === 'call-finished').map((e) => e.type === 'call-finished' && e.outcome.callId),
    ).toEqual(['call_1', 'call_2', 'call_3']);
    expect(count(events, 'Chat memory', 'before')).toBe(1);
    expect(count(events, 'Tool-call trace', 'before')).toBe(3);
    expect(count(events, 'Tool-call trace', 'after')).toBe(3);
    expect(controller.getMemory().map((m) => m.role)).toEqual(['user', 'assistant']);
    // The manual loop's projections work unchanged on the advisor loop's log.
    expect(turnTable(events)).toHaveLength(3);
    expect(transcript(events).filter((e) => e.kind === 'tool')).toHaveLength(3);
    expect(controller.isRunning()).toBe(false);
  });

  it('steps with the manual loop’s granularity: one model call, or one tool batch, per step', async () => {
    const { controller } = setup();
    const phases: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      expect(await controller.step()).toEqual({ ok: true });
      phases.push(`${controller.getState().phase}@${controller.getWaitingAt() ?? '-'}`);
    }
    expect(phases).toEqual(['execute@tools', 'prompt@model', 'execute@tools', 'prompt@model', 'done@-']);
    expect(await controller.step()).toEqual({ ok: false, error: expect.stringContaining('ended'), code: 'runEnded' });
  });

  it('pause before tools: approve, edit arguments, then run to end resumes after the decisions', async () => {
    const { controller } = setup({ settings: { pauseBeforeTools: true } });
    await controller.step();
    expect(controller.getState().phase).toBe('approve');
    expect(controller.getState().pending?.awaiting).toEqual(['call_1', 'call_2']);
    expect((await controller.step()).ok).toBe(false);
    expect((await controller.editArguments('call_2', '{"operation": "multiply", "a": "lots", "b": 8}')).ok).toBe(false);
    await controller.approve('call_1');
    await controller.editArguments('call_2', '{"operation": "multiply", "a": 128, "b": 8}');
    expect(controller.getState().phase).toBe('execute');
    const run = controller.runToEnd();
    await run;
    expect(controller.getState().phase).toBe('approve');
    expect(controller.isRunning()).toBe(true);
    await controller.approveAll();
    expect(controller.getState().finished).toMatchObject({
      reason: 'final-answer',
      finalAnswer: expect.stringContaining('1005'),
    });
  });

  it('memory moved inside: before/after every round, stores the tool calls and results, internal history off', async () => {
    const { controller } = setup({ config: memoryInside });
    await controller.runToEnd();
    const events = controller.getEvents();
    const chain = events.find((e) => e.type === 'advisor-chain');
    expect(chain).toMatchObject({ conversationHistoryEnabled: false });
    expect(count(events, 'Chat memory', 'before')).toBe(3);
    expect(controller.getMemory().map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(controller.getState().finished?.finalAnswer).toContain('877');
    // The model still got the whole turn each round (rebuilt by the memory).
    expect(
      events.filter((e) => e.type === 'model-called').map((e) => e.type === 'model-called' && e.messageCount),
    ).toEqual([2, 5, 7]);
  });

  it('a new order takes effect at the next request; two loop advisors are refused', async () => {
    const { controller, configure } = setup();
    const bad = {
      advisors: [
        ...DEFAULT_ADVISOR_CONFIG.advisors,
        { id: 'x', kind: 'tool-calling' as const, order: 1, enabled: true },
      ],
    };
    expect(configure(bad)).toEqual({
      ok: false,
      error: expect.stringContaining('At most one tool-calling advisor'),
    });
    await controller.runToEnd();
    expect(configure(memoryInside)).toEqual({ ok: true });
    controller.send('And in Tokyo?');
    await controller.runToEnd();
    const events = controller.getEvents();
    const lastChain = events
      .map((e, i) => (e.type === 'advisor-chain' ? i : -1))
      .filter((i) => i >= 0)
      .at(-1)!;
    const second = events.slice(lastChain);
    expect(count(second, 'Chat memory', 'before')).toBe(3);
    // The first request's exchange came back from memory: the second request's first call carries it.
    const firstCall = second.find((e) => e.type === 'model-called');
    expect(firstCall).toMatchObject({ messageCount: 4 });
  });

  it('max rounds: the eligibility checker ends the loop without executing the last calls', async () => {
    const { controller } = setup({ settings: { maxRounds: 2 } });
    await controller.runToEnd();
    const events = controller.getEvents();
    expect(events.filter((e) => e.type === 'model-called')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'call-finished')).toHaveLength(2);
    expect(controller.getState().finished).toMatchObject({ reason: 'max-rounds' });
  });

  it('structured-output validation inside the loop retries the final answer 3 times (6 model calls in all)', async () => {
    const { controller } = setup({ config: validationOn });
    await controller.runToEnd();
    const events = controller.getEvents();
    expect(events.filter((e) => e.type === 'model-called')).toHaveLength(6);
    expect(count(events, 'Structured-output validation', 'validate')).toBe(6);
    expect(controller.getState().finished?.reason).toBe('validation-failed');
  });

  it('a run whose answer never validates ends as validation failed, each rejected answer marked (issue 28, item 8)', async () => {
    const { controller } = setup({ config: validationOn });
    await controller.runToEnd();
    const events = controller.getEvents();
    const finished = events.at(-1)!;
    expect(finished).toMatchObject({ type: 'run-finished', reason: 'validation-failed' });
    const detail = finished.type === 'run-finished' ? finished.detail! : '';
    expect(detail).toMatch(/^Validation failed after 3 retries; the last answer still fails the schema: Invalid JSON/);
    expect(readRunEndDetail(detail)).toMatchObject({ code: 'validationFailed', values: { retries: '3' } });
    // The last answer is kept (Spring returns it), but the run does not call it a final answer.
    expect(finished.type === 'run-finished' && finished.finalAnswer).toContain('877');

    // The transcript: each of the four answers is followed by its rejection, the last one without a retry.
    const entries = transcript(events, [advisorEvents]);
    const rejected = entries.flatMap((e) => (e.kind === 'validation-rejected' ? [e] : []));
    expect(
      rejected.map((e) => [e.rejection.round, e.rejection.attempt, e.rejection.attempts, e.rejection.retried]),
    ).toEqual([
      [3, 1, 4, true],
      [4, 2, 4, true],
      [5, 3, 4, true],
      [6, 4, 4, false],
    ]);
    for (const entry of rejected) {
      expect(entries[entry.index - 1]).toMatchObject({ kind: 'assistant', round: entry.rejection.round });
      expect(entry.rejection.errors[0]).toMatch(/^Invalid JSON/);
    }
    expect(entries.at(-1)).toMatchObject({ kind: 'finished', reason: 'validation-failed' });

    // The turn table: the rejection on the row of each rejected answer; the last row ends the run as it was.
    const rows = turnTable(events, [advisorEvents]);
    expect(rows).toHaveLength(6);
    expect(rows[0]!.codeDid).not.toContain('validation');
    expect(rows[2]!.codeDid).toMatch(/^validation rejected the answer \(attempt 1 of 4\): Invalid JSON.*; sent again/);
    expect(rows[5]!.codeDid).toMatch(
      /\(attempt 4 of 4\): Invalid JSON.*; no retries left; ended: structured-output validation failed$/,
    );
  });

  it('a validation retry waits at the prompt phase, so Step is the next move', async () => {
    const { controller } = setup({ config: validationOn });
    for (let i = 0; i < 5; i += 1) await controller.step();
    // The final answer failed validation: the chain waits to re-issue the request.
    expect(controller.getState().phase).toBe('prompt');
    expect(controller.getWaitingAt()).toBe('model');
    await controller.step();
    expect(controller.getEvents().filter((e) => e.type === 'model-called')).toHaveLength(4);
  });

  it('stop while the chain waits at a pause ends the request; the old chain never writes again', async () => {
    const { controller } = setup({ settings: { pauseBeforeTools: true } });
    await controller.step();
    expect(controller.stop()).toEqual({ ok: true });
    expect(controller.getState().finished?.reason).toBe('stopped');
    const length = controller.getEvents().length;
    await new Promise((r) => setTimeout(r, 0));
    expect(controller.getEvents()).toHaveLength(length);
    // The paused calls never got a result: a new user message must close them first (issue 20, item 5).
    expect(controller.send('again')).toMatchObject({ ok: false, error: expect.stringContaining("'tool_calls'") });
    expect(controller.send('again', 'not-executed')).toEqual({ ok: true });
    const history = controller.getState().history;
    expect(history.slice(-3).map((m) => m.role)).toEqual(['tool', 'tool', 'user']);
    await controller.runToEnd();
    expect(controller.getState().phase).toBe('approve');
  });

  it('stop during a model call aborts it (finish reason abort)', async () => {
    const { controller } = setup();
    let stopped = false;
    controller.subscribe(() => {
      if (!stopped && controller.getStreamingText().length > 0) {
        stopped = true;
        controller.stop();
      }
    });
    await controller.runToEnd();
    expect(controller.getState().finished?.reason).toBe('aborted');
  });

  it('a runtime failure ends the request with its message', async () => {
    const failing: ChatRuntime = {
      kind: 'scripted',
      label: 'failing',
      generate: () => Promise.reject(new RuntimeFailure('The model is not loaded.', 'not-loaded')),
    };
    const { controller } = setup({ runtime: failing });
    await controller.runToEnd();
    expect(controller.getState().finished).toMatchObject({
      reason: 'runtime-error',
      detail: 'The model is not loaded.',
    });
    expect(controller.getEvents().some((e) => e.type === 'model-failed')).toBe(true);
  });

  it('restore: a finished run comes back with its memory; a run cut mid-request says so and can be stopped', async () => {
    const { controller, tools } = setup();
    await controller.runToEnd();
    const restored = new AdvisorLoopController({
      runtime: () =>
        createScriptedRuntime({ script: scenario.script, tokensPerSecond: 0, sleep: async () => {}, now: () => 0 }),
      now: () => 0,
      newRunId: () => 'r',
    });
    expect(restored.restore(controller.getEvents(), tools)).toEqual({ ok: true });
    expect(restored.getState()).toEqual(controller.getState());
    expect(restored.getMemory()).toEqual(controller.getMemory());

    const cut = setup();
    await cut.controller.step();
    await cut.controller.step();
    const resumed = new AdvisorLoopController({
      runtime: () => {
        throw new Error('unused');
      },
      now: () => 0,
      newRunId: () => 'r',
    });
    resumed.restore(cut.controller.getEvents(), cut.tools);
    expect(await resumed.step()).toEqual({ ok: false, error: RESTORED_MID_REQUEST, code: 'restoredMidRequest' });
    resumed.stop();
    expect(resumed.getState().finished?.reason).toBe('stopped');
  });
});

describe('AdvisorLoopController: call-started and the offered tools', () => {
  const of = <T extends LoopEvent['type']>(events: readonly LoopEvent[], type: T) =>
    events.filter((e): e is Extract<LoopEvent, { type: T }> => e.type === type);

  it('logs call-started right before each tool runs: one per executed call, each followed by its call-finished', async () => {
    const { controller } = setup();
    await controller.runToEnd();
    const events = controller.getEvents();
    const started = of(events, 'call-started');
    expect(started.map((e) => [e.round, e.callId, e.name])).toEqual([
      [1, 'call_1', 'current_time'],
      [1, 'call_2', 'calculate'],
      [2, 'call_3', 'calculate'],
    ]);
    for (const e of started) {
      expect(events[events.indexOf(e) + 1]).toMatchObject({
        type: 'call-finished',
        round: e.round,
        outcome: { callId: e.callId },
      });
    }
  });

  it('a denied or hand-written call is not started', async () => {
    const { controller } = setup({ settings: { pauseBeforeTools: true } });
    await controller.step();
    await controller.deny('call_1');
    await controller.writeResult('call_2', '900');
    await controller.step();
    expect(of(controller.getEvents(), 'call-finished').map((e) => e.outcome.disposition)).toEqual([
      'denied',
      'written-by-hand',
    ]);
    expect(of(controller.getEvents(), 'call-started')).toEqual([]);
  });

  it('with toolSearchTool exposed the loop advisor does tool search: advisors and model see only the found tools', async () => {
    const runtime = createScriptedRuntime({
      script: scenario.script,
      tokensPerSecond: 0,
      sleep: async () => {},
      now: () => 0,
    });
    const controller = new AdvisorLoopController({ runtime: () => runtime, now: () => 0, newRunId: () => 'run' });
    const session = new ToolSearchSession();
    const tools = [session.tool, ...toolsForScenario(scenario, createPresetTools())];
    session.syncTools(tools);
    controller.startRun({ system: scenario.system, tools, settings: { ...DEFAULT_SETTINGS, ...scenario.settings } });
    controller.send(scenario.user);
    await controller.step();
    // The chain's loop advisor is Spring's ToolSearchToolCallingAdvisor; the first model call offers only the
    // search tool, and the advisors inside the loop saw that request (1 tool), not the 3 exposed ones.
    const chain = of(controller.getEvents(), 'advisor-chain')[0]!;
    expect(chain.advisors.find((a) => a.kind === 'tool-calling')?.name).toBe('Tool calling');
    expect(of(controller.getEvents(), 'model-called')[0]!.toolNames).toEqual([TOOL_SEARCH_TOOL_NAME]);
    const inside = of(controller.getEvents(), 'advisor-invoked').find(
      (e) => e.advisor === 'Logger' && e.hook === 'before',
    );
    expect(inside?.sees.summary).toContain(', 1 tools');
    // The script calls current_time and calculate, which this request did not offer: unknown tools, never started.
    await controller.step();
    const finished = of(controller.getEvents(), 'call-finished').map((e) => e.outcome);
    expect(finished.map((o) => [o.callId, o.disposition])).toEqual([
      ['call_1', 'unknown-tool'],
      ['call_2', 'unknown-tool'],
    ]);
    expect(of(controller.getEvents(), 'call-started')).toEqual([]);
  });
});
