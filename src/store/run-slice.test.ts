// @vitest-environment jsdom
// The run slice: the request the page previews is the one sent; commands at the end of a run.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RUN_ENDED } from '../engine/loop/request';
import type { ModelRequest } from '../engine/runtime';
import { SCENARIOS } from '../engine/scenarios';
import { clearStorage, createTestPlayground } from './test-playground';

beforeEach(clearStorage);
afterEach(clearStorage);

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

describe('commands on the open run', () => {
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
