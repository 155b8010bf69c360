// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RUN_ENDED } from '../engine/loop/request';
import type { ModelRequest } from '../engine/runtime';
import { SCENARIOS } from '../engine/scenarios';
import { newUserToolSpec } from '../engine/user-tools';
import { indexedDbStorage } from '../persistence';
import { clearStorage, createTestPlayground } from './test-playground';

beforeEach(clearStorage);
afterEach(clearStorage);

/** Lets the store's scheduled writes (the run writer's batch, the workspace save) happen. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('the request preview is the request', () => {
  it.each(SCENARIOS.map((s) => [s.id]))(
    '%s: before every model call the preview is the very object the runtime then receives',
    async (id) => {
      const { playground, received } = createTestPlayground({ search: `?scenario=${id}` });
      const { actions, store } = playground;
      await actions.init();
      expect(actions.send()).toBe(true);
      const previews: ModelRequest[] = [];
      for (let guard = 0; guard < 30 && store.getState().run.loop.phase !== 'done'; guard += 1) {
        const state = store.getState();
        if (state.run.loop.phase === 'approve') {
          await actions.approveAll();
          continue;
        }
        if (state.run.loop.phase === 'prompt') {
          const preview = state.run.nextRequest;
          expect(preview.ok).toBe(true);
          if (preview.ok) previews.push(preview.value);
        }
        await actions.step();
      }
      expect(store.getState().run.loop.phase).toBe('done');
      expect(received.length).toBeGreaterThan(0);
      expect(received).toHaveLength(previews.length);
      received.forEach((request, i) => expect(request).toBe(previews[i]));
    },
  );

  it('in the advisor-controlled loop, the request waiting at the model gate is the one sent', async () => {
    const { playground, received } = createTestPlayground({ search: '?scenario=seoul-time-math' });
    const { actions, store } = playground;
    await actions.init();
    actions.setLoopControl('advisor');
    actions.send();
    await actions.step(); // the first model call, then the chain waits at the tool gate
    expect(store.getState().run.nextRequest.ok).toBe(false);
    await actions.step(); // the tools, then the chain waits at the model gate with the next request
    const preview = store.getState().run.nextRequest;
    expect(preview.ok).toBe(true);
    await actions.step();
    expect(received).toHaveLength(2);
    expect(received[1]).toBe(preview.ok ? preview.value : null);
  });
});

describe('the workspace is what is sent', () => {
  it('a ticked preset and a ticked user tool join the request of a preset scenario and execute', async () => {
    const { playground, received } = createTestPlayground({ search: '?scenario=seoul-time-math' });
    const { actions, store, userTools } = playground;
    await actions.init();
    // A user tool saved in the studio (its code runs in the sandbox in the browser; here only its definition).
    expect(await userTools.save(newUserToolSpec('u1', 'my_lookup', 0))).toBe(true);
    actions.toggleTool('discount', true);
    actions.toggleTool('my_lookup', true);
    expect(store.getState().workspace.exposed).toEqual(['current_time', 'calculate', 'discount', 'my_lookup']);
    const preview = store.getState().run.nextRequest;
    expect(preview.ok && preview.value.tools.map((t) => t.name)).toEqual([
      'current_time',
      'calculate',
      'discount',
      'my_lookup',
    ]);
    await actions.step();
    expect(received[0]!.tools.map((t) => t.name)).toEqual(['current_time', 'calculate', 'discount', 'my_lookup']);
  });

  it('a tool choice naming a tool that is no longer exposed is reset to auto, saying so', async () => {
    const { playground } = createTestPlayground({ search: '?scenario=seoul-time-math' });
    const { actions, store } = playground;
    await actions.init();
    actions.setSettings({ toolChoice: { name: 'calculate' } });
    actions.selectScenario('reserve-and-todo');
    expect(store.getState().workspace.settings.toolChoice).toBe('auto');
    actions.setSettings({ toolChoice: { name: 'add_todo' } });
    actions.toggleTool('add_todo', false);
    expect(store.getState().workspace.settings.toolChoice).toBe('auto');
    expect(store.getState().run.notice?.text).toBe(
      'Tool choice was “only add_todo”; that tool is not exposed now: auto.',
    );
    expect(store.getState().run.notice?.parts).toEqual([{ code: 'toolChoiceReset', values: { name: 'add_todo' } }]);
  });

  it('Step at the end of a run sends nothing and says why; Send continues the conversation', async () => {
    const { playground, received } = createTestPlayground({ search: '?scenario=return-direct' });
    const { actions, store } = playground;
    await actions.init();
    await actions.runToEnd();
    expect(store.getState().run.loop.phase).toBe('done');
    const events = store.getState().run.events.length;
    await actions.step();
    await actions.runToEnd();
    expect(received).toHaveLength(1);
    expect(store.getState().run.events).toHaveLength(events);
    expect(store.getState().run.notice?.text).toBe(RUN_ENDED);
    actions.setUser('And SKU-100?');
    expect(actions.send()).toBe(true);
    expect(
      store
        .getState()
        .run.loop.history.filter((m) => m.role === 'user')
        .map((m) => m.content),
    ).toEqual([expect.stringContaining('SKU-200'), 'And SKU-100?']);
  });
});

describe('each test starts from an empty browser', () => {
  it("a workspace save an earlier test scheduled is not written into the next test's database", async () => {
    const earlier = createTestPlayground({ search: '?scenario=seoul-time-math' });
    await earlier.playground.actions.init();
    earlier.playground.actions.setLoopControl('advisor'); // starts the workspace save at once
    await clearStorage(); // what afterEach and beforeEach do between two tests
    await settle(); // a busy machine: the next test starts after the save was due

    const next = createTestPlayground({ search: '?scenario=seoul-time-math' });
    await next.playground.actions.init();
    expect(next.playground.store.getState().workspace.loopControl).toBe('manual');
    expect(next.playground.store.getState().run.nextRequest.ok).toBe(true);
  });
});

describe('reloads and scenarios', () => {
  it('a reload restores the last open run with its whole workspace, every event saved as it came', async () => {
    const first = createTestPlayground({ search: '?scenario=seoul-time-math' });
    await first.playground.actions.init();
    first.playground.actions.setRuntime('human');
    first.playground.actions.setRuntime('scripted');
    first.playground.actions.toggleTool('discount', true);
    first.playground.actions.setSettings({ maxRounds: 7 });
    await first.playground.actions.runToEnd();
    const events = first.playground.store.getState().run.events;
    await settle();

    const second = createTestPlayground();
    await second.playground.actions.init();
    const state = second.playground.store.getState();
    expect(state.run.events).toEqual(events);
    expect(state.workspace).toMatchObject({
      scenarioId: 'seoul-time-math',
      exposed: ['current_time', 'calculate', 'discount'],
      settings: { maxRounds: 7 },
      runtimeKind: 'scripted',
    });
  });

  it('a workspace change is written at once, not after a timer: a reload right after it finds it', async () => {
    // No timer ever fires in this page, as none may before a reload that follows a click.
    const first = createTestPlayground({ search: '?scenario=seoul-time-math', schedule: () => undefined });
    await first.playground.actions.init();
    first.playground.actions.selectScenario('reserve-and-todo');
    first.playground.actions.toggleTool('discount', true);
    await vi.waitFor(
      async () => {
        const stored = await indexedDbStorage.loadWorkspace();
        expect(stored?.ok && stored.value).toMatchObject({ scenarioId: 'reserve-and-todo' });
        expect(stored?.ok && stored.value.exposed).toContain('discount');
      },
      { timeout: 3_000 },
    );
  });

  it('a start-up that fails where no step expects it still ends ready, saying why, and the page works', async () => {
    const first = createTestPlayground({ search: '?scenario=seoul-time-math' });
    await first.playground.actions.init();
    await first.playground.actions.runToEnd();
    await first.playground.flush();

    // The last open run is restored on start-up; reading it throws before it even returns a promise.
    const second = createTestPlayground({
      storage: {
        loadRun: () => {
          throw new Error('disk on fire');
        },
      },
    });
    await second.playground.actions.init();
    const state = second.playground.store.getState();
    expect(state.ui.ready).toBe(true);
    expect(state.runs.storageProblems.join(' ')).toContain('disk on fire');
    expect(second.playground.actions.send()).toBe(true);
  });

  it('?scenario= while a run exists opens a clean run of that scenario, never mixing the two', async () => {
    const first = createTestPlayground({ search: '?scenario=seoul-time-math' });
    await first.playground.actions.init();
    await first.playground.actions.runToEnd();
    await settle();

    const second = createTestPlayground({ search: '?scenario=reserve-and-todo&speed=instant' });
    // Mounted twice (StrictMode in development): one initialization, never a scenario undone by a restore.
    await Promise.all([second.playground.actions.init(), second.playground.actions.init()]);
    const state = second.playground.store.getState();
    expect(state.run.loop.runId).toBeNull();
    expect(state.workspace.scenarioId).toBe('reserve-and-todo');
    expect(state.run.notice?.text).toMatch(/Your previous run “What time is it in Seoul.*” is in the Runs tab\./);
    // The parameter is consumed: a reload now restores what the person does next.
    expect(second.search()).toBe('?speed=instant');
  });
});
