import { describe, expect, it } from 'vitest';
import { createPresetTools } from '../presets';
import type { ChatRuntime, ModelRequest } from '../runtime';
import { createHumanRuntime } from '../model-port/human';
import { createScriptedRuntime } from '../model-port/scripted';
import { getScenario } from '../scenarios';
import { createFakeClock } from '../test-support';
import type { Tool } from '../tool';
import { toDefinition } from '../tool';
import { ok, type Result } from '../result';
import type { WorkspaceSource } from './controller';
import { AdvisorLoopController } from '../advisors/controller';
import { LoopController } from './controller';
import { DEFAULT_SETTINGS } from './events';
import { createRequestMemo, RUN_ENDED } from './request';
import type { LoopState } from './state';
import type { Workspace } from './workspace';
import { EMPTY_WORKSPACE, toggleExposed, withOverride, workspaceForScenario } from './workspace';

const SEOUL = getScenario('seoul-time-math')!;

/** The app's arrangement in miniature: a mutable workspace, the memoized next request, the tools it exposes. */
function liveWorkspace(initial: Workspace, runtime: () => ChatRuntime) {
  let workspace = initial;
  const catalogTools = createPresetTools();
  const catalog = catalogTools.map(toDefinition);
  const memo = createRequestMemo([]);
  const tools = (): Result<readonly Tool[]> =>
    ok(
      workspace.exposed.flatMap((name) =>
        createPresetTools()
          .filter((t) => t.name === name)
          .map((t) => withOverride(t, workspace.toolOverrides)),
      ),
    );
  const source: WorkspaceSource = {
    snapshot: (state?: LoopState) => ({
      runtime: runtime(),
      tools: tools(),
      ...(state ? { request: memo({ workspace, state, catalog }) } : {}),
    }),
  };
  return {
    source,
    tools,
    get: () => workspace,
    set: (next: Workspace) => (workspace = next),
    preview: (state: LoopState) => memo({ workspace, state, catalog }),
  };
}

/** A run on "You are the model" with the presets, the user's message sent, and the first Step under way. */
function humanRun(message: string) {
  const clock = createFakeClock();
  const human = createHumanRuntime({ now: clock.now });
  const controller = new LoopController({ runtime: () => human, now: clock.now, newRunId: () => 'run' });
  controller.startRun({ system: 's', tools: createPresetTools(), settings: DEFAULT_SETTINGS });
  controller.send(message);
  return { human, controller, stepped: controller.step() };
}

function recording(runtime: ChatRuntime): { runtime: ChatRuntime; requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    requests,
    runtime: {
      ...runtime,
      generate: (request, options) => {
        requests.push(request);
        return runtime.generate(request, options);
      },
    },
  };
}

/** The Seoul script streaming instantly, with a recorder at the runtime port. */
function recordedSeoul() {
  const clock = createFakeClock();
  const scripted = createScriptedRuntime({
    script: SEOUL.script,
    tokensPerSecond: 0,
    now: clock.now,
    sleep: clock.sleep,
  });
  return { clock, ...recording(scripted) };
}

describe('the manual loop with a live workspace', () => {
  it('sends the previewed request object, and logs a tool ticked mid-run before the call that offers it', async () => {
    const { clock, runtime, requests } = recordedSeoul();
    const live = liveWorkspace(workspaceForScenario(SEOUL, EMPTY_WORKSPACE), () => runtime);
    const controller = new LoopController({
      runtime: () => runtime,
      now: clock.now,
      newRunId: () => 'run',
      workspace: live.source,
    });
    const tools = live.tools();
    controller.startRun({ system: SEOUL.system, tools: tools.ok ? tools.value : [], settings: DEFAULT_SETTINGS });
    controller.send(SEOUL.user);
    const preview = live.preview(controller.getState());
    await controller.step();
    expect(requests[0]).toBe(preview.ok ? preview.value : null);

    // Tick discount between steps: the next request carries it, and the log says so first.
    await controller.step();
    live.set(toggleExposed(live.get(), 'discount', true));
    const second = live.preview(controller.getState());
    await controller.step();
    expect(requests[1]).toBe(second.ok ? second.value : null);
    expect(requests[1]!.tools.map((t) => t.name)).toEqual(['current_time', 'calculate', 'discount']);
    const types = controller.getEvents().map((e) => e.type);
    expect(types.lastIndexOf('workspace-changed')).toBe(types.lastIndexOf('model-called') - 1);
    expect(controller.getState().tools.map((t) => t.name)).toEqual(['current_time', 'calculate', 'discount']);
  });

  it('a Step reads the workspace once: the request, the runtime and the tools in one snapshot (both loops)', async () => {
    for (const control of ['manual', 'advisor'] as const) {
      const { clock, runtime } = recordedSeoul();
      const live = liveWorkspace(workspaceForScenario(SEOUL, EMPTY_WORKSPACE), () => runtime);
      const pulls: ('request' | 'tools only')[] = [];
      const source: WorkspaceSource = {
        snapshot: (state) => {
          pulls.push(state ? 'request' : 'tools only');
          return live.source.snapshot(state);
        },
      };
      const deps = { runtime: () => runtime, now: clock.now, newRunId: () => 'run', workspace: source };
      const controller = control === 'manual' ? new LoopController(deps) : new AdvisorLoopController(deps);
      const tools = live.tools();
      controller.startRun({ system: SEOUL.system, tools: tools.ok ? tools.value : [], settings: DEFAULT_SETTINGS });
      controller.send(SEOUL.user);
      let steps = 0;
      while (controller.getState().phase !== 'done') {
        const before = pulls.length;
        expect(await controller.step()).toMatchObject({ ok: true });
        steps += 1;
        // A model call pulls once; running a batch pulls nothing (the manual loop) or once (the chain's next call).
        expect(pulls.length - before).toBeLessThanOrEqual(1);
      }
      const modelCalls = controller.getEvents().filter((e) => e.type === 'model-called').length;
      expect(pulls).toEqual(
        control === 'manual' ? Array(modelCalls).fill('request') : Array(modelCalls).fill('tools only'),
      );
      expect(steps).toBeGreaterThan(modelCalls);
    }
  });

  it('at done, Step and Run to end refuse with the reason; Send continues the conversation as a new turn', async () => {
    const { human, controller, stepped: first } = humanRun('Reserve SKU-100.');
    await Promise.resolve();
    human.submit({ text: 'Reserved SKU-100 (wireless mouse).', toolCalls: [], finishReason: 'stop' });
    await first;
    expect(controller.getState().phase).toBe('done');
    const before = controller.getEvents().length;
    expect(await controller.step()).toEqual({ ok: false, error: RUN_ENDED, code: 'runEnded' });
    expect(await controller.runToEnd()).toEqual({ ok: false, error: RUN_ENDED, code: 'runEnded' });
    expect(controller.getEvents()).toHaveLength(before);

    expect(controller.send('What was the product I just reserved?')).toEqual({ ok: true, value: undefined });
    const second = controller.step();
    await Promise.resolve();
    // The second turn's request carries the whole conversation: the model can answer from memory.
    expect(human.getPendingRequest()?.messages.map((m) => m.content)).toEqual([
      's',
      'Reserve SKU-100.',
      'Reserved SKU-100 (wireless mouse).',
      'What was the product I just reserved?',
    ]);
    human.submit({ text: 'The wireless mouse.', toolCalls: [], finishReason: 'stop' });
    await second;
    expect(controller.getState().finished?.finalAnswer).toBe('The wireless mouse.');
  });

  it('finish reason length with complete calls: flagged, nothing runs, and the ending says so', async () => {
    const { human, controller, stepped } = humanRun('Add 1 and 2, twice.');
    await Promise.resolve();
    const args = '{"operation":"add","a":1,"b":2}';
    human.submit({
      text: '',
      toolCalls: [
        { id: 'a', name: 'calculate', argumentsText: args },
        { id: 'b', name: 'calculate', argumentsText: args },
      ],
      finishReason: 'length',
    });
    await stepped;
    const responded = controller.getEvents().find((e) => e.type === 'model-responded');
    expect(responded?.type === 'model-responded' && responded.stop.anomalies.map((a) => a.detail)).toContain(
      'The response was cut by the token limit; its 2 complete call(s) were not run.',
    );
    expect(controller.getEvents().some((e) => e.type === 'call-finished')).toBe(false);
    expect(controller.getState().finished).toMatchObject({
      reason: 'truncated',
      detail: 'The response was cut by the token limit (finish reason length); its 2 complete call(s) were not run.',
    });
  });

  it('a runtime that cannot honour the request refuses the step, and nothing is sent or logged', async () => {
    const { clock, runtime, requests } = recordedSeoul();
    const picky: ChatRuntime = {
      ...runtime,
      checkRequest: (request) =>
        request.toolChoice === 'required'
          ? { ok: false, error: "This model has no tool format: tool choice 'required' cannot be honoured." }
          : ok(),
    };
    const controller = new LoopController({ runtime: () => picky, now: clock.now, newRunId: () => 'run' });
    controller.startRun({
      system: 's',
      tools: createPresetTools(),
      settings: { ...DEFAULT_SETTINGS, toolChoice: 'required' },
    });
    controller.send(SEOUL.user);
    const before = controller.getEvents();
    expect(await controller.step()).toEqual({
      ok: false,
      error: "This model has no tool format: tool choice 'required' cannot be honoured.",
    });
    expect(requests).toEqual([]);
    expect(controller.getEvents()).toBe(before);
    expect(controller.getState().phase).toBe('prompt');
  });
});
