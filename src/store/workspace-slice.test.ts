// @vitest-environment jsdom
// The workspace slice: what is ticked is what is sent, the advisor chain is the workspace's, and it is saved at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdvisorConfig } from '../engine/advisors/config';
import { HIGHEST_PRECEDENCE } from '../engine/advisors/order';
import { advisorsOf } from '../engine/advisors/config';
import type { LoopEvent } from '../engine/loop/events';
import { newUserToolSpec } from '../engine/user-tools';

import { clearStorage, createTestPlayground, noticeText, testStorage } from './test-playground';

beforeEach(clearStorage);
afterEach(clearStorage);

/** Lets the store's scheduled writes (the run writer's batch, the workspace save) happen. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

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
    expect(noticeText(store.getState().run.notice)).toBe(
      'Tool choice was “only add_todo”; that tool is not exposed now: auto.',
    );
    expect(store.getState().run.notice?.parts).toEqual([{ code: 'toolChoiceReset', values: { name: 'add_todo' } }]);
  });
});

describe('the advisor chain is the workspace’s', () => {
  const memoryInside = (config: AdvisorConfig): AdvisorConfig => ({
    advisors: config.advisors.map((s) => (s.kind === 'memory' ? { ...s, order: HIGHEST_PRECEDENCE + 390 } : s)),
  });
  const advisorEvents = (events: readonly LoopEvent[]) =>
    events.filter((e) => e.type === 'advisor-chain' || e.type === 'advisor-invoked').length;

  it('chosen, reloaded, then a lesson link: the radio and Run to end agree (the chain runs)', async () => {
    const first = createTestPlayground({ search: '?scenario=seoul-time-math' });
    await first.playground.actions.init();
    first.playground.actions.setLoopControl('advisor');
    await first.playground.flush();

    const reloaded = createTestPlayground();
    await reloaded.playground.actions.init();
    expect(reloaded.playground.store.getState().workspace.loopControl).toBe('advisor');
    await reloaded.playground.actions.runToEnd();
    expect(advisorEvents(reloaded.playground.store.getState().run.events)).toBeGreaterThan(0);
    await reloaded.playground.flush();

    const linked = createTestPlayground({ search: '?scenario=reserve-and-todo' });
    await linked.playground.actions.init();
    const { actions, store } = linked.playground;
    expect(store.getState().workspace).toMatchObject({ scenarioId: 'reserve-and-todo', loopControl: 'advisor' });
    actions.setSettings({ pauseBeforeTools: false });
    await actions.runToEnd();
    if (store.getState().run.loop.phase === 'approve') await actions.approveAll();
    expect(advisorEvents(store.getState().run.events)).toBeGreaterThan(0);
    expect(store.getState().run.events[0]).toMatchObject({ type: 'run-started', config: { loopControl: 'advisor' } });
  });

  it('a changed chain is saved with the workspace and the loop builds from it; a bad one is refused, the old kept', async () => {
    const first = createTestPlayground({ search: '?scenario=seoul-time-math' });
    await first.playground.actions.init();
    const { actions, store } = first.playground;
    actions.setLoopControl('advisor');
    const inside = memoryInside(advisorsOf(store.getState().workspace));
    expect(actions.configureAdvisors(inside).ok).toBe(true);
    const twoLoops = {
      advisors: [...inside.advisors, { id: 'x', kind: 'tool-calling' as const, order: 1, enabled: true }],
    };
    expect(actions.configureAdvisors(twoLoops)).toMatchObject({ ok: false });
    expect(store.getState().workspace.advisors).toBe(inside);
    await first.playground.flush();

    const reloaded = createTestPlayground();
    await reloaded.playground.actions.init();
    expect(reloaded.playground.store.getState().workspace.advisors).toEqual(inside);
    await reloaded.playground.actions.runToEnd();
    const chain = reloaded.playground.store.getState().run.events.find((e) => e.type === 'advisor-chain');
    expect(chain?.type === 'advisor-chain' && chain.conversationHistoryEnabled).toBe(false);
    expect(chain?.type === 'advisor-chain' && chain.config).toEqual(inside);
  });

  it('a restored run brings back its loop control and chain, even sent but not stepped', async () => {
    const first = createTestPlayground({ search: '?scenario=seoul-time-math' });
    await first.playground.actions.init();
    first.playground.actions.setLoopControl('advisor');
    const inside = memoryInside(advisorsOf(first.playground.store.getState().workspace));
    first.playground.actions.configureAdvisors(inside);
    expect(first.playground.actions.send()).toBe(true);
    // The person then switches the workspace back: the stored run still says how it ran.
    await first.playground.flush();
    await testStorage.saveWorkspace({ ...first.playground.store.getState().workspace, loopControl: 'manual' });

    const reloaded = createTestPlayground();
    await reloaded.playground.actions.init();
    const { store, actions } = reloaded.playground;
    expect(store.getState().run.loop.phase).toBe('prompt');
    expect(store.getState().workspace).toMatchObject({ loopControl: 'advisor', advisors: inside });
    await actions.runToEnd();
    expect(store.getState().run.loop.phase).toBe('done');
    expect(advisorEvents(store.getState().run.events)).toBeGreaterThan(0);
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

describe('the workspace is saved', () => {
  it('one write at a time, and the last state is the one stored', async () => {
    let inFlight = 0;
    let most = 0;
    const { playground } = createTestPlayground({
      search: '?scenario=seoul-time-math',
      storage: {
        saveWorkspace: async (workspace) => {
          most = Math.max(most, ++inFlight);
          await new Promise((resolve) => setTimeout(resolve, 5));
          await testStorage.saveWorkspace(workspace);
          inFlight -= 1;
        },
      },
    });
    await playground.actions.init();
    for (const draft of ['a', 'ab', 'abc', 'abcd']) playground.actions.setUser(draft);
    await playground.flush();
    expect(most).toBe(1);
    const stored = await testStorage.loadWorkspace();
    expect(stored?.ok && stored.value.userDraft).toBe('abcd');
  });

  it('a workspace change is written at once, not after a timer: a reload right after it finds it', async () => {
    // No timer ever fires in this page, as none may before a reload that follows a click.
    const first = createTestPlayground({ search: '?scenario=seoul-time-math', schedule: () => undefined });
    await first.playground.actions.init();
    first.playground.actions.selectScenario('reserve-and-todo');
    first.playground.actions.toggleTool('discount', true);
    await vi.waitFor(
      async () => {
        const stored = await testStorage.loadWorkspace();
        expect(stored?.ok && stored.value).toMatchObject({ scenarioId: 'reserve-and-todo' });
        expect(stored?.ok && stored.value.exposed).toContain('discount');
      },
      { timeout: 3_000 },
    );
  });
});
