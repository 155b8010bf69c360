import { describe, expect, it } from 'vitest';
import type { LoopEvent } from '../loop/events';
import { DEFAULT_SETTINGS } from '../loop/events';
import { LoopController } from '../loop/controller';
import { createPresetTools } from '../presets';
import { createLessonTools } from '../presets/lesson-tools';
import { ToolSearchSession, toolSearchStep } from '../tool-search/apply';
import { createWorkspace28Tools } from './workspace-28';
import { validateScript } from '../model-port/script';
import { createScriptedRuntime } from '../model-port/scripted';
import { createFakeClock } from '../test-support';
import type { Scenario } from './index';
import { getScenario, missingScenarioTools, SCENARIOS, toolsForScenario } from './index';

/** Every tool a scenario may use: the presets, and the 28-tool workspace with its search tool. */
function workspace() {
  const session = new ToolSearchSession();
  return {
    session,
    tools: [...createPresetTools(), ...createLessonTools(), session.tool, ...createWorkspace28Tools()],
  };
}
const allTools = () => workspace().tools;

async function runScenario(scenario: Scenario) {
  const clock = createFakeClock();
  const runtime = createScriptedRuntime({
    script: scenario.script,
    tokensPerSecond: 100,
    now: clock.now,
    sleep: clock.sleep,
  });
  const { session, tools } = workspace();
  const controller = new LoopController({
    runtime: () => runtime,
    now: clock.now,
    newRunId: () => scenario.id,
    requestSteps: [toolSearchStep],
  });
  session.syncTools(tools);
  const started = controller.startRun({
    system: scenario.system,
    tools: toolsForScenario(scenario, tools),
    settings: { ...DEFAULT_SETTINGS, ...scenario.settings },
    scenarioId: scenario.id,
  });
  expect(started).toEqual({ ok: true });
  controller.send(scenario.user);
  await controller.runToEnd();
  while (controller.getState().phase === 'approve') await controller.approveAll();
  return controller;
}

const of = <T extends LoopEvent['type']>(events: readonly LoopEvent[], type: T) =>
  events.filter((e): e is Extract<LoopEvent, { type: T }> => e.type === type);

describe('scenarios', () => {
  it('have unique ids, valid JSON scripts and only workspace tools', () => {
    const ids = SCENARIOS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['seoul-time-math', 'reserve-and-todo', 'return-direct', 'tool-error']));
    for (const scenario of SCENARIOS) {
      expect(validateScript(JSON.parse(JSON.stringify(scenario.script))), scenario.id).toEqual({
        ok: true,
        value: scenario.script,
      });
      expect(missingScenarioTools(scenario, allTools()), scenario.id).toEqual([]);
      expect(getScenario(scenario.id)).toBe(scenario);
    }
    expect(getScenario('nope')).toBeUndefined();
  });

  it('toolsForScenario picks the tools in order and applies overrides to copies', () => {
    const presets = createPresetTools();
    const tools = toolsForScenario(getScenario('reserve-and-todo')!, presets);
    expect(tools.map((t) => t.name)).toEqual(['check_inventory', 'reserve_inventory', 'add_todo', 'list_todos']);
    expect(tools.find((t) => t.name === 'reserve_inventory')?.needsApproval).toBe(true);
    expect(presets.find((t) => t.name === 'reserve_inventory')?.needsApproval).toBe(false);
    expect(missingScenarioTools(getScenario('seoul-time-math')!, presets.slice(1))).toEqual(['calculate']);
  });

  // runaway-loop never answers: its loop guard ends it (lab/lab-loop.test.ts).
  for (const scenario of SCENARIOS.filter((s) => s.id !== 'runaway-loop')) {
    it(`${scenario.id} runs to the end without errors`, async () => {
      const controller = await runScenario(scenario);
      const state = controller.getState();
      expect(state.phase).toBe('done');
      expect(['final-answer', 'return-direct']).toContain(state.finished?.reason);
      expect(of(controller.getEvents(), 'model-failed')).toEqual([]);
      // The script covered every model call.
      for (const e of of(controller.getEvents(), 'model-responded'))
        expect(e.response.raw).not.toContain('[Scripted replay]');
      expect(state.finished?.finalAnswer?.trim()).toBeTruthy();
    });
  }

  it('reserve-and-todo reserves, adds the to-do and says so', async () => {
    const controller = await runScenario(getScenario('reserve-and-todo')!);
    expect(controller.getState().finished?.finalAnswer).toBe(
      'Done. Reserved 2 × SKU-100 (Wireless mouse). 10 left in stock. Added to-do #1: Pick up the 2 reserved SKU-100.',
    );
  });

  it('small-model-glitches: every glitch is forgiven or flagged with a note, and the run still answers', async () => {
    const scenario = getScenario('small-model-glitches')!;
    const controller = await runScenario(scenario);
    const responses = of(controller.getEvents(), 'model-responded');
    const notes = responses.map((r) => (r.message.parseIssues ?? []).map((i) => `${i.kind}:${i.recovered}`));
    expect(notes).toEqual([
      ['prose_mention:false', 'invalid_json:false'],
      ['parameters_key:true'],
      ['unterminated_tool_call:true', 'arguments_as_string:true'],
      [],
    ]);
    expect(responses.map((r) => r.stop.anomalies.map((a) => a.kind))).toEqual([
      ['malformed-tool-call', 'text-with-tool-calls', 'parse-issues'],
      ['text-with-tool-calls', 'parse-issues'],
      ['unterminated-tool-call', 'parse-issues'],
      [],
    ]);
    // The broken block stays in the text, as written, and is answered with an error result.
    expect(responses[0]!.message.content).toBe(responses[0]!.response.raw);
    const outcomes = of(controller.getEvents(), 'call-finished').map((e) => e.outcome);
    expect(outcomes.map((o) => o.kind === 'result' && o.disposition)).toEqual([
      'unparsed-call',
      'executed',
      'executed',
    ]);
    expect(controller.getState().finished?.finalAnswer).toBe(
      'Yes, it was in stock. Reserved 1 × SKU-300 (Mechanical keyboard). 2 left in stock.',
    );
  });

  it('small-model-glitches with "treat malformed calls as text": the first turn is the final answer', async () => {
    const scenario = getScenario('small-model-glitches')!;
    const controller = await runScenario({ ...scenario, settings: { malformedCalls: 'text' } });
    const responses = of(controller.getEvents(), 'model-responded');
    expect(responses).toHaveLength(1);
    expect(responses[0]!.message.toolCalls).toEqual([]);
    expect(responses[0]!.message.parseIssues?.map((i) => i.kind)).toEqual(['prose_mention', 'invalid_json']);
    expect(controller.getState().finished?.reason).toBe('final-answer');
  });
});
