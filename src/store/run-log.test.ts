// @vitest-environment jsdom
// The run's log lives once, in the run slice: each appended event is one store update that carries the log, the
// state and the next request together, and the same event is queued for storage explicitly. The user's message
// and the start of a model call are stored before the runtime is asked.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LoopEvent } from '../engine/loop/events';
import { replay } from '../engine/loop/state';
import type { RunHeader } from '../persistence/runs-db';

import type { PlaygroundState } from './playground';
import { clearStorage, createTestPlayground, testStorage } from './test-playground';

beforeEach(clearStorage);
afterEach(clearStorage);

describe('the run slice’s log', () => {
  it.each(['manual', 'advisor'] as const)(
    '%s loop: one store update per event, with its state and next request; the log is what is written',
    async (control) => {
      const { playground } = createTestPlayground({ search: '?scenario=seoul-time-math' });
      const { actions, store } = playground;
      await actions.init();
      actions.setLoopControl(control);
      const updates: { next: PlaygroundState; previous: PlaygroundState }[] = [];
      const unsubscribe = store.subscribe((next, previous) => updates.push({ next, previous }));
      await actions.runToEnd();
      unsubscribe();
      const events = store.getState().run.events;
      expect(store.getState().run.loop.phase).toBe('done');
      const withEvents = updates.filter((u) => u.next.run.events !== u.previous.run.events);
      // Every event was published by exactly one update, which also carried the state folded from it.
      expect(withEvents).toHaveLength(events.length);
      for (const u of withEvents) expect(u.next.run.loop).toEqual(replay(u.next.run.events));
      // The next request never lags a step behind in an update of its own.
      const previewOnly = updates.filter(
        (u) =>
          u.next.run.nextRequest !== u.previous.run.nextRequest &&
          u.next.run.events === u.previous.run.events &&
          u.next.workspace === u.previous.workspace &&
          u.next.run.busy === u.previous.run.busy,
      );
      expect(previewOnly).toEqual([]);

      await playground.flush();
      const stored = await testStorage.loadRun(store.getState().run.loop.runId!);
      expect(stored.ok && stored.value.events).toEqual(events);
    },
  );

  it('the user’s message and model-called are stored before the runtime is asked', async () => {
    const written: LoopEvent['type'][] = [];
    const seenAtCall: LoopEvent['type'][][] = [];
    const { playground } = createTestPlayground({
      search: '?scenario=seoul-time-math',
      // No timer ever fires: only the loop's own wait for durability writes the log.
      schedule: () => undefined,
      storage: {
        appendEvents: async (header: RunHeader, from: number, events: readonly LoopEvent[]) => {
          await testStorage.appendEvents(header, from, events);
          written.push(...events.map((e) => e.type));
        },
      },
      onGenerate: () => seenAtCall.push([...written]),
    });
    await playground.actions.init();
    await playground.actions.step();
    expect(seenAtCall).toHaveLength(1);
    expect(seenAtCall[0]).toEqual(['run-started', 'user-message', 'model-called']);
  });
});

describe('a page that goes away before storage confirms', () => {
  it('writes what is unconfirmed to the journal at pagehide; the next start-up stores it first', async () => {
    const never = () => new Promise<void>(() => undefined);
    const { playground } = createTestPlayground({
      search: '?scenario=seoul-time-math',
      // A disk so slow that nothing this page writes about the run is confirmed before it goes away.
      storage: {
        appendEvents: never,
        saveSetting: (key: string, value: unknown) =>
          key === 'activeRunId' ? never() : testStorage.saveSetting(key, value),
      },
    });
    await playground.actions.init();
    playground.actions.setUser('Sent just before the reload.');
    expect(playground.actions.send()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the batch is taken and waits on the disk
    const events = playground.store.getState().run.events;
    playground.saveNow(); // pagehide

    const reloaded = createTestPlayground();
    await reloaded.playground.actions.init();
    const state = reloaded.playground.store.getState();
    expect(state.run.events).toEqual(events);
    expect(state.run.loop.history.find((m) => m.role === 'user')?.content).toBe('Sent just before the reload.');
    expect(state.runs.list.map((r) => r.runId)).toEqual([events[0]?.type === 'run-started' && events[0].runId]);
    expect(localStorage.getItem('tool-loop-playground.journal')).toBeNull();
  });
});

describe('a run storage cannot take', () => {
  it('stays unsaved and storage stays full until its own events are written; then a reload finds it', async () => {
    const put = IDBObjectStore.prototype.put;
    // The disk is full for the run's events; small writes elsewhere (the workspace) still go through.
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'events') {
        throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
      }
      return put.apply(this, args);
    };
    try {
      const { playground } = createTestPlayground({ search: '?scenario=seoul-time-math' });
      const { actions, store } = playground;
      await actions.init();
      await actions.runToEnd();
      await playground.flush();
      expect(store.getState().run.unsaved).toBe('The quota has been exceeded.');
      expect(store.getState().runs.storage.kind).toBe('full');
      // A write that succeeds elsewhere does not clear the failure.
      actions.toggleTool('discount', true);
      await playground.flush();
      expect(store.getState().runs.storage.kind).toBe('full');
      expect(store.getState().run.unsaved).not.toBeNull();

      IDBObjectStore.prototype.put = put;
      // The next write of the run's events (a flush, a retry) is the one that fixes it.
      await playground.flush();
      expect(store.getState().run.unsaved).toBeNull();
      expect(store.getState().runs.storage.kind).toBe('ok');
      const runId = store.getState().run.loop.runId!;
      const events = store.getState().run.events;

      const reloaded = createTestPlayground();
      await reloaded.playground.actions.init();
      expect(reloaded.playground.store.getState().run.loop.runId).toBe(runId);
      expect(reloaded.playground.store.getState().run.events).toEqual(events);
    } finally {
      IDBObjectStore.prototype.put = put;
    }
  });
});
