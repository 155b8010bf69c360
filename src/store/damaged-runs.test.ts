// @vitest-environment jsdom
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DB_NAME } from '../persistence/runs-db';
import { DAMAGED_RUN_FORMAT } from './damaged-runs';
import { clearStorage, createTestPlayground, testStorage } from './test-playground';
import { noticeEnglish } from '../engine/loop/notices';

/** A notice's English, or undefined when there is none. */
const noticeText = (notice: Parameters<typeof noticeEnglish>[0] | null) => (notice ? noticeEnglish(notice) : undefined);

beforeEach(clearStorage);
afterEach(clearStorage);

describe('a damaged run never locks the page', () => {
  it('the open run, damaged on disk: the app starts, the run is set aside, exported raw, then deleted', async () => {
    const first = createTestPlayground({ search: '?scenario=seoul-time-math' });
    await first.playground.actions.init();
    await first.playground.actions.runToEnd();
    const runId = first.playground.store.getState().run.loop.runId!;
    const count = first.playground.store.getState().run.events.length;
    await first.playground.flush();
    await testStorage.close();

    // A model response without its response: the record that blanked the page before.
    const raw = await openDB(DB_NAME);
    const records = await raw.getAll('events', IDBKeyRange.bound([runId, 0], [runId, Infinity]));
    const bad = records.find((r) => r.event.type === 'model-responded');
    delete bad.event.response;
    await raw.put('events', bad);
    raw.close();

    const second = createTestPlayground();
    const { actions, store } = second.playground;
    await actions.init();
    expect(store.getState().ui.ready).toBe(true);
    expect(store.getState().run.events).toEqual([]);
    expect(store.getState().runs.list.map((r) => r.runId)).not.toContain(runId);
    const [damaged] = store.getState().runs.damaged;
    expect(damaged).toMatchObject({ runId, damage: { kind: 'event', event: bad.seq + 1 } });
    expect(noticeText(store.getState().run.notice)).toContain('is damaged and was set aside');
    // Sending starts a new run: the page works.
    expect(actions.send()).toBe(true);

    const file = await actions.exportDamagedRun(runId);
    expect(file.ok).toBe(true);
    if (!file.ok) return;
    const parsed = JSON.parse(file.value.text);
    expect(parsed).toMatchObject({ format: DAMAGED_RUN_FORMAT, runId, damage: { kind: 'event' } });
    expect(parsed.events).toHaveLength(count);

    expect(await actions.deleteDamagedRun(runId)).toEqual({ ok: true, value: undefined });
    expect(store.getState().runs.damaged).toEqual([]);
    expect(await testStorage.loadRawRun(runId)).toEqual({ header: null, events: [] });
  });

  it('a run damaged in a way only the replay sees is found after start-up, named, and never listed', async () => {
    const first = createTestPlayground({ search: '?scenario=seoul-time-math' });
    await first.playground.actions.init();
    await first.playground.actions.runToEnd();
    const runId = first.playground.store.getState().run.loop.runId!;
    first.playground.actions.newRun();
    await first.playground.flush();
    await testStorage.close();

    // Every event fits its schema, but the model answers a round it was never called for.
    const raw = await openDB(DB_NAME);
    const records = await raw.getAll('events', IDBKeyRange.bound([runId, 0], [runId, Infinity]));
    const call = records.find((r) => r.event.type === 'model-called');
    await raw.delete('events', [runId, call.seq]);
    for (const record of records.filter((r) => r.seq > call.seq)) {
      await raw.delete('events', [runId, record.seq]);
      await raw.put('events', { ...record, seq: record.seq - 1 });
    }
    raw.close();

    const second = createTestPlayground();
    await second.playground.actions.init();
    expect(second.playground.store.getState().ui.ready).toBe(true);
    // The replay check runs after start-up, off the first paint's path.
    await vi.waitFor(
      () =>
        expect(second.playground.store.getState().runs.damaged).toMatchObject([
          { runId, damage: { kind: 'unanswered' } },
        ]),
      { timeout: 5_000 },
    );
    const state = second.playground.store.getState();
    expect(state.runs.list.map((r) => r.runId)).not.toContain(runId);
  });
});
