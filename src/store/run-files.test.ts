// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { loadRuns } from '../persistence/runs-db';
import { scriptedProvider } from '../runtimes/registry';
import { actions, controller, useAppStore } from './app-store';
import { runFileActions, useRunFilesStore } from './run-files';

async function finishedSeoul(): Promise<string> {
  history.replaceState(null, '', '/?scenario=seoul-time-math');
  await actions.init();
  scriptedProvider.setTokensPerSecond(0);
  actions.selectScenario('seoul-time-math');
  await actions.runToEnd();
  expect(controller.getState().finished?.finalAnswer).toContain('877');
  return controller.getState().runId!;
}

describe('run files in the app', () => {
  it('exports, re-imports as a copy, forks at turn 2 and compares', async () => {
    const runId = await finishedSeoul();
    const exported = await runFileActions.exportRun(runId, false);
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    expect(exported.value.fileName).toMatch(/\.run\.json$/);
    expect(JSON.parse(exported.value.text).run.runId).toBe(runId);

    const transcript = await runFileActions.exportTranscript(runId);
    expect(transcript.ok && transcript.value.transcript.messages).toHaveLength(8);

    // The same file again: this browser has the run, so the import is stored as a copy under a new id.
    const imported = await runFileActions.importRun(exported.value.text);
    expect(imported.ok).toBe(true);
    const copyId = imported.ok ? imported.value.runId : '';
    expect(copyId).not.toBe(runId);
    expect(controller.getState().runId).toBe(copyId);
    expect(useRunFilesStore.getState().notice?.text).toMatch(/as a copy/);

    await actions.openRun(runId);
    const forked = await runFileActions.forkRun(2);
    expect(forked.ok).toBe(true);
    const forkId = forked.ok ? forked.value.runId : '';
    expect(controller.getState()).toMatchObject({ runId: forkId, phase: 'approve' });
    await actions.writeResult('call_3', '1000', false);
    await actions.runToEnd();
    expect(controller.getState().finished?.finalAnswer).toContain('1000');

    const { runs } = await loadRuns();
    expect(runs.find((r) => r.runId === forkId)?.parent?.runId).toBe(runId);
    expect(useAppStore.getState().runs.find((r) => r.runId === forkId)?.title).toMatch(/fork at turn 2$/);

    const compared = await runFileActions.compare(runId, forkId);
    expect(compared.ok && compared.value.divergesAt).toBe(6);
    expect(useRunFilesStore.getState().compare?.b.runId).toBe(forkId);
  });

  it('reports a bad file and stores nothing', async () => {
    const before = (await loadRuns()).runs.length;
    const result = await runFileActions.importRun('{"format":"tool-loop-playground/run","version":1,"run":');
    expect(result.ok).toBe(false);
    expect(useRunFilesStore.getState().notice).toMatchObject({
      kind: 'error',
      text: expect.stringMatching(/^Import failed: .*truncated/),
    });
    expect((await loadRuns()).runs.length).toBe(before);
  });
});
