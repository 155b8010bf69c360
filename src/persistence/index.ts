/**
 * Everything the playground keeps in IndexedDB, as one object: app-root.tsx and the tests hand it to
 * `createPlayground` (src/store/storage.ts names what it needs).
 */
import { storageStatus, subscribeStorageStatus } from './connection';
import * as runs from './runs-db';
import * as userTools from './user-tools-db';
import { recoverJournal, writeJournal } from './journal';
import { loadWorkspace, saveWorkspace } from './workspace-db';

export { StorageUnavailableError } from './connection';
export type { StorageProblemKind, StorageStatus } from './connection';
export type { RunDamage, RunDamageKind } from './run-check';
export type { Journal, JournalEntry } from './journal';

export const indexedDbStorage = {
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
  saveWorkspace,
  loadWorkspace,
  loadUserTools: userTools.loadUserTools,
  saveUserTool: userTools.saveUserTool,
  saveUserTools: userTools.saveUserTools,
  deleteUserTool: userTools.deleteUserTool,
  writeJournal,
  recoverJournal,
  status: storageStatus,
  subscribeStatus: subscribeStorageStatus,
};
