// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearStorage, createTestPlayground, testStorage } from './test-playground';
import { noticeEnglish } from '../engine/loop/notices';

/** A notice's English, or undefined when there is none. */
const noticeText = (notice: Parameters<typeof noticeEnglish>[0] | null) => (notice ? noticeEnglish(notice) : undefined);

beforeEach(clearStorage);
afterEach(clearStorage);

async function finishedSeoul() {
  const { playground } = createTestPlayground({ search: '?scenario=seoul-time-math' });
  await playground.actions.init();
  await playground.actions.runToEnd();
  const loop = () => playground.store.getState().run.loop;
  expect(loop().finished?.finalAnswer).toContain('877');
  await playground.flush(); // the run is on disk before a test counts stored runs
  return { playground, loop, runId: loop().runId! };
}

describe('run files in the app', () => {
  it('exports, re-imports as a copy, forks at turn 2 and compares', async () => {
    const { playground, loop, runId } = await finishedSeoul();
    const { actions, runFiles, store } = playground;
    const exported = await runFiles.exportRun(runId, false);
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    expect(exported.value.fileName).toMatch(/\.run\.json$/);
    expect(JSON.parse(exported.value.text).run.runId).toBe(runId);

    const transcript = await runFiles.exportTranscript(runId);
    expect(transcript.ok && transcript.value.transcript.messages).toHaveLength(8);

    // The same file again: this browser has the run, so the import is stored as a copy under a new id.
    const imported = await runFiles.importRun(exported.value.text);
    expect(imported.ok).toBe(true);
    const copyId = imported.ok ? imported.value.runId : '';
    expect(copyId).not.toBe(runId);
    expect(loop().runId).toBe(copyId);
    expect(noticeText(store.getState().runFiles.notice)).toMatch(/as a copy/);
    // The page words it from its code and values.
    expect(store.getState().runFiles.notice?.parts).toEqual([
      { code: 'importedCopy', values: { title: expect.any(String), count: expect.stringMatching(/^\d+$/) } },
    ]);

    await actions.openRun(runId);
    const forked = await runFiles.forkRun(2);
    expect(forked.ok).toBe(true);
    const forkId = forked.ok ? forked.value.runId : '';
    expect(loop()).toMatchObject({ runId: forkId, phase: 'approve' });
    expect(store.getState().runFiles.notice?.parts).toEqual([{ code: 'forkedBeforeTools', values: { turn: '2' } }]);
    await actions.writeResult('call_3', '1000', false);
    await actions.runToEnd();
    expect(loop().finished?.finalAnswer).toContain('1000');

    const { runs } = await testStorage.loadRuns();
    expect(runs.find((r) => r.runId === forkId)?.parent?.runId).toBe(runId);
    expect(store.getState().runs.list.find((r) => r.runId === forkId)?.title).toMatch(/fork at turn 2$/);

    const compared = await runFiles.compare(runId, forkId);
    expect(compared.ok && compared.value.divergesAt).toBe(6);
    expect(store.getState().runFiles.compare?.b.runId).toBe(forkId);
  });

  it('reports a bad file and stores nothing', async () => {
    const { playground } = await finishedSeoul();
    const before = (await testStorage.loadRuns()).runs.length;
    const result = await playground.runFiles.importRun('{"format":"tool-loop-playground/run","version":1,"run":');
    expect(result.ok).toBe(false);
    expect(playground.store.getState().runFiles.notice).toMatchObject({
      kind: 'error',
      parts: [{ code: 'importFailedLead' }, { code: 'fileTruncated', values: { detail: expect.any(String) } }],
    });
    expect(noticeText(playground.store.getState().runFiles.notice)).toMatch(/^Import failed: .*truncated/);
    expect((await testStorage.loadRuns()).runs.length).toBe(before);
  });
});
