/**
 * Everything the playground keeps in IndexedDB, as one object made by `createIndexedDbStorage`: app-root.tsx and the
 * tests hand it to `createPlayground` (src/store/storage.ts names what it needs).
 */
import { createStatusBoard } from './connection';
import { createRunsDb } from './runs-db';
import { createUserToolsDb } from './user-tools-db';
import { recoverJournal, writeJournal } from './journal';
import { loadWorkspace, saveWorkspace } from './workspace-db';
import type { Workspace } from '../engine';

export { StorageUnavailableError } from './connection';
export type { StorageProblemKind, StorageStatus } from './connection';
export type { RunDamage, RunDamageKind } from './run-check';
export type { Journal, JournalEntry } from './journal';

/**
 * The playground's storage: the runs database (runs, events, settings, the workspace), the user tools database and
 * the journal, reporting to one status board. Made once by the composition root (app-root.tsx), or once per test.
 */
export function createIndexedDbStorage(options: { readonly openTimeoutMs?: number } = {}) {
  const board = createStatusBoard();
  const runs = createRunsDb({ board, ...options });
  const userTools = createUserToolsDb({ board, ...options });
  return {
    appendEvents: runs.appendEvents,
    saveRun: runs.saveRun,
    loadRun: runs.loadRun,
    loadRunHeaders: runs.loadRunHeaders,
    loadRuns: runs.loadRuns,
    findDamagedRuns: runs.findDamagedRuns,
    loadRawRun: runs.loadRawRun,
    deleteRun: runs.deleteRun,
    loadSetting: runs.loadSetting,
    saveSetting: runs.saveSetting,
    saveWorkspace: (workspace: Workspace) => saveWorkspace(runs, workspace),
    loadWorkspace: () => loadWorkspace(runs),
    loadUserTools: userTools.loadUserTools,
    saveUserTool: userTools.saveUserTool,
    saveUserTools: userTools.saveUserTools,
    deleteUserTool: userTools.deleteUserTool,
    writeJournal,
    recoverJournal: () => recoverJournal(runs),
    status: board.status,
    subscribeStatus: board.subscribe,
    /** Closes both connections and forgets their problems (tests delete the databases between cases). */
    async close(): Promise<void> {
      await runs.close();
      await userTools.close();
    },
  };
}

export type IndexedDbStorage = ReturnType<typeof createIndexedDbStorage>;
