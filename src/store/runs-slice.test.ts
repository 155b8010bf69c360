// @vitest-environment jsdom
// The runs slice: the run list as it is written (newest first), and deleting a run — the open one is let go of, a
// failed delete says why and keeps the run listed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearStorage, createTestPlayground } from './test-playground';

beforeEach(clearStorage);
afterEach(clearStorage);

describe('the run list', () => {
  it('lists each run as its header is written, newest first; deleting the open one lets go of it', async () => {
    const { playground } = createTestPlayground({ search: '?scenario=seoul-time-math' });
    const { actions, store } = playground;
    await actions.init();
    await actions.runToEnd();
    const first = store.getState().run.loop.runId!;
    actions.newRun();
    await actions.runToEnd();
    const second = store.getState().run.loop.runId!;
    await playground.flush();
    expect(store.getState().runs.list.map((r) => r.runId)).toEqual([second, first]);

    await actions.removeRun(second);
    expect(store.getState().runs.list.map((r) => r.runId)).toEqual([first]);
    expect(store.getState().run.loop.runId).toBeNull();
    await actions.removeRun(first);
    expect(store.getState().runs.list).toEqual([]);
  });

  it('a delete that fails says why beside the controls and keeps the run', async () => {
    const { playground } = createTestPlayground({
      search: '?scenario=seoul-time-math',
      storage: { deleteRun: () => Promise.reject(new Error('the disk is read-only')) },
    });
    const { actions, store } = playground;
    await actions.init();
    await actions.runToEnd();
    await playground.flush();
    const runId = store.getState().run.loop.runId!;
    await actions.removeRun(runId);
    expect(store.getState().run.notice?.text).toBe('Could not delete the run: the disk is read-only');
    expect(store.getState().runs.list.map((r) => r.runId)).toEqual([runId]);
    expect(store.getState().run.loop.runId).toBe(runId);
  });
});
