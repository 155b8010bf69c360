import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../loop/events';
import { createPresetTools } from '../presets';
import { createScriptedRuntime } from '../model-port/scripted';
import { getScenario, toolsForScenario } from '../scenarios';
import { createFakeClock } from '../test-support';
import { AdvisorLoopController } from './controller';
import { HIGHEST_PRECEDENCE } from './order';
import { chainActivity, loopMetrics, memoryContents, timesRan } from './projections';
import { sequenceDiagram, toMermaid } from './sequence';
import { DEFAULT_ADVISOR_CONFIG } from './setup';
import type { AdvisorConfig } from './setup';
import { LoopController } from '../loop/controller';

const scenario = getScenario('seoul-time-math')!;

async function run(config: AdvisorConfig = DEFAULT_ADVISOR_CONFIG) {
  const clock = createFakeClock();
  const runtime = createScriptedRuntime({
    script: scenario.script,
    tokensPerSecond: 0,
    sleep: clock.sleep,
    now: clock.now,
  });
  const controller = new AdvisorLoopController({
    runtime: () => runtime,
    now: clock.now,
    newRunId: () => 'run',
    advisors: () => config,
  });
  controller.startRun({
    system: scenario.system,
    tools: toolsForScenario(scenario, createPresetTools()),
    settings: DEFAULT_SETTINGS,
  });
  controller.send(scenario.user);
  await controller.runToEnd();
  return controller.getEvents();
}

const moved = (kind: string, order: number): AdvisorConfig => ({
  advisors: DEFAULT_ADVISOR_CONFIG.advisors.map((s) => (s.kind === kind ? { ...s, order } : s)),
});

describe('advisor projections', () => {
  it('counts each advisor’s runs in chain order', async () => {
    const activity = chainActivity(await run());
    expect(activity.modelCalls).toBe(3);
    expect(activity.advisors.map((a) => [a.name, timesRan(a)])).toEqual([
      ['Chat memory', 1],
      ['Tool calling', 3],
      ['Tool-call trace', 3],
      ['Loop metrics', 3],
      ['Logger', 3],
    ]);
    expect(activity.advisors[0]!.counts).toEqual({ before: 1, after: 1 });
  });

  it('memory contents follow the placement', async () => {
    expect(memoryContents(await run()).map((m) => m.role)).toEqual(['user', 'assistant']);
    const inside = memoryContents(await run(moved('memory', HIGHEST_PRECEDENCE + 400)));
    expect(inside.filter((m) => m.role === 'assistant' && m.toolCalls.length > 0)).toHaveLength(2);
  });

  it('the metrics advisor inside sees 3 rounds and 3 tool calls; outside it sees one summed pass', async () => {
    const inside = loopMetrics(await run())!;
    expect(inside.rounds).toBe(3);
    expect(inside.callsPerTool).toEqual({ current_time: 1, calculate: 2 });
    expect(inside.tokensPerRound).toHaveLength(3);
    const outside = loopMetrics(await run(moved('metrics', HIGHEST_PRECEDENCE + 100)))!;
    expect(outside.rounds).toBe(1);
    expect(outside.callsPerTool).toEqual({});
    const sum = inside.tokensPerRound.reduce((n, r) => n + r.prompt, 0);
    expect(outside.tokensPerRound[0]!.prompt).toBe(sum);
  });

  it('the Mermaid export names every model call and every tool call of the run', async () => {
    const events = await run();
    const text = toMermaid(sequenceDiagram(events));
    expect(text.startsWith('sequenceDiagram\n')).toBe(true);
    for (const round of [1, 2, 3]) expect(text).toContain(`model call ${round} (`);
    for (const id of ['call_1', 'call_2', 'call_3']) expect(text).toContain(`tool call ${id}`);
    expect(text).toContain('participant a1 as Chat memory (H+200)');
    expect(text.replace(/#\w+;/g, '')).not.toContain(';'); // only Mermaid entity codes carry semicolons
  });

  it('draws a manual run with the harness in place of the advisors', async () => {
    const clock = createFakeClock();
    const runtime = createScriptedRuntime({
      script: scenario.script,
      tokensPerSecond: 0,
      sleep: clock.sleep,
      now: clock.now,
    });
    const manual = new LoopController({ runtime: () => runtime, now: clock.now, newRunId: () => 'm' });
    manual.startRun({
      system: scenario.system,
      tools: toolsForScenario(scenario, createPresetTools()),
      settings: DEFAULT_SETTINGS,
    });
    manual.send(scenario.user);
    await manual.runToEnd();
    const diagram = sequenceDiagram(manual.getEvents());
    expect(diagram.participants.map((p) => p.id)).toEqual(['user', 'harness', 'model', 'tools']);
    expect(diagram.messages.filter((m) => m.to === 'model')).toHaveLength(3);
    expect(diagram.messages.filter((m) => m.to === 'tools')).toHaveLength(3);
    expect(diagram.messages.at(-1)).toMatchObject({ from: 'harness', to: 'user' });
  });
});

describe('side-by-side comparison', () => {
  it('runs the same scenario manually and through the chain to the same answer', async () => {
    const { runToCompletion } = await import('./compare');
    const clock = createFakeClock();
    const source = {
      runtime: createScriptedRuntime({
        script: scenario.script,
        tokensPerSecond: 0,
        sleep: clock.sleep,
        now: clock.now,
      }),
      tools: toolsForScenario(scenario, createPresetTools()),
      system: scenario.system,
      user: scenario.user,
      settings: { ...DEFAULT_SETTINGS, pauseBeforeTools: true },
      now: clock.now,
    };
    const manual = await runToCompletion(source, { control: 'manual' });
    const advised = await runToCompletion(source, { control: 'advisor', config: DEFAULT_ADVISOR_CONFIG });
    const answer = (r: typeof manual) => (r.ok ? r.value.find((e) => e.type === 'run-finished') : undefined);
    expect(answer(manual)).toMatchObject({ reason: 'final-answer', finalAnswer: expect.stringContaining('877') });
    expect(answer(advised)).toMatchObject({ reason: 'final-answer', finalAnswer: expect.stringContaining('877') });
    expect(manual.ok && manual.value.some((e) => e.type === 'advisor-invoked')).toBe(false);
    expect(advised.ok && advised.value.filter((e) => e.type === 'advisor-invoked').length).toBeGreaterThan(20);
  });
});
