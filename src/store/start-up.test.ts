// @vitest-environment jsdom
// Start-up: a reload restores the last open run with its workspace, a lesson link opens its scenario, and a
// start-up that fails still ends ready.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { clearStorage, createTestPlayground, noticeText, testStorage } from './test-playground';

beforeEach(clearStorage);
afterEach(clearStorage);

/** Lets the store's scheduled writes (the run writer's batch, the workspace save) happen. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

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
    expect(noticeText(state.run.notice)).toMatch(/Your previous run “What time is it in Seoul.*” is in the Runs tab\./);
    // The parameter is consumed: a reload now restores what the person does next.
    expect(second.search()).toBe('?speed=instant');
  });

  it.each(['tool-error', 'runaway-loop', 'return-direct'])(
    '?scenario=%s is the saved workspace once init resolves, before the parameter is gone',
    async (id) => {
      const first = createTestPlayground({ search: `?scenario=${id}` });
      await first.playground.actions.init();
      // Nothing changed, nothing flushed: what storage holds is the scenario, and the URL no longer asks for it.
      expect(first.search()).toBe('');
      const stored = await testStorage.loadWorkspace();
      expect(stored?.ok && stored.value.scenarioId).toBe(id);

      const reloaded = createTestPlayground();
      await reloaded.playground.actions.init();
      expect(reloaded.playground.store.getState().workspace.scenarioId).toBe(id);
    },
  );
});
