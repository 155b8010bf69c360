import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ADVISOR_CONFIG } from '../engine/advisors/config';
import { DEFAULT_SETTINGS } from '../engine/loop/events';
import { EMPTY_WORKSPACE, workspaceForScenario } from '../engine/loop/workspace';
import { SEOUL_TIME_MATH_KO } from '../engine/scenarios/seoul';
import { createStatusBoard } from './connection';
import { createRunsDb, DB_NAME } from './runs-db';
import * as workspaceDb from './workspace-db';

const runs = createRunsDb({ board: createStatusBoard() });
const { saveSetting } = runs;
const closeDb = runs.close;
const loadWorkspace = () => workspaceDb.loadWorkspace(runs);
const saveWorkspace = (workspace: Parameters<typeof workspaceDb.saveWorkspace>[1]) =>
  workspaceDb.saveWorkspace(runs, workspace);

beforeEach(async () => {
  await closeDb();
  await new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = resolve;
    request.onerror = reject;
  });
});

describe('the stored workspace', () => {
  it('comes back as it was saved; none stored is null', async () => {
    expect(await loadWorkspace()).toBeNull();
    const workspace = { ...EMPTY_WORKSPACE, exposed: ['calculate'], runtimeKind: 'human' as const, userDraft: 'hi' };
    await saveWorkspace(workspace);
    expect(await loadWorkspace()).toEqual({ ok: true, value: workspace });
  });

  it("keeps the tools' language with their Korean words (the calculator answers in Korean after a reload)", async () => {
    const korean = workspaceForScenario(SEOUL_TIME_MATH_KO, EMPTY_WORKSPACE);
    expect(korean.toolOverrides.calculate?.language).toBe('ko');
    await saveWorkspace(korean);
    expect(await loadWorkspace()).toEqual({ ok: true, value: korean });
  });

  it('keeps the loop control and the advisor chain: orders, which advisors are on, their hook settings', async () => {
    const advisors = {
      advisors: DEFAULT_ADVISOR_CONFIG.advisors.map((s) =>
        s.kind === 'memory'
          ? { ...s, order: s.order + 190 }
          : s.kind === 'tool-calling'
            ? { ...s, shortenToolResults: 200 }
            : s.kind === 'validation'
              ? { ...s, enabled: true, maxRepeatAttempts: 1 }
              : s,
      ),
    };
    const workspace = { ...EMPTY_WORKSPACE, loopControl: 'advisor' as const, advisors };
    await saveWorkspace(workspace);
    expect(await loadWorkspace()).toEqual({ ok: true, value: workspace });
  });

  it('gives a setting added since it was stored its default, and reports a workspace that no longer fits', async () => {
    const { parallelToolCalls: _dropped, ...older } = DEFAULT_SETTINGS;
    await saveSetting('workspace', { ...EMPTY_WORKSPACE, settings: { ...older, maxRounds: 4 } });
    expect(await loadWorkspace()).toEqual({
      ok: true,
      value: { ...EMPTY_WORKSPACE, settings: { ...DEFAULT_SETTINGS, maxRounds: 4 } },
    });
    // Stored before the advisor chain was part of the workspace: the default chain.
    const { advisors: _none, ...beforeChain } = EMPTY_WORKSPACE;
    await saveSetting('workspace', { ...beforeChain, loopControl: 'advisor' });
    expect(await loadWorkspace()).toEqual({ ok: true, value: { ...EMPTY_WORKSPACE, loopControl: 'advisor' } });
    await saveSetting('workspace', { ...EMPTY_WORKSPACE, runtimeKind: 'teleporter' });
    expect(await loadWorkspace()).toMatchObject({
      ok: false,
      error: expect.stringContaining('Your last workspace could not be restored (runtimeKind'),
    });
  });
});
