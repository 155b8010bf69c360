/** What the playground keeps in IndexedDB: the functions of src/persistence/, passed in by app-root.tsx. */
import type { LoopEvent, Result, UserToolSpec, Workspace } from '../engine';
import type { Journal, StorageStatus } from '../persistence';
import type { DamagedRun, RawRunRecords, RunHeader, RunLoadError, StoredRun } from '../persistence/runs-db';
import type { LoadedUserTools } from '../persistence/user-tools-db';

export interface PlaygroundStorage {
  readonly appendEvents: (header: RunHeader, from: number, events: readonly LoopEvent[]) => Promise<void>;
  readonly saveRun: (run: StoredRun) => Promise<void>;
  /** One run, checked in depth: missing, or damaged with the reason. */
  readonly loadRun: (runId: string) => Promise<Result<StoredRun, RunLoadError>>;
  readonly loadRunHeaders: () => Promise<{ readonly runs: RunHeader[]; readonly damaged: DamagedRun[] }>;
  readonly loadRuns: () => Promise<{ readonly runs: StoredRun[]; readonly damaged: DamagedRun[] }>;
  /** Checks every stored run in depth; the damaged ones. */
  readonly findDamagedRuns: () => Promise<DamagedRun[]>;
  /** A run's records exactly as stored (for a damaged run's export). */
  readonly loadRawRun: (runId: string) => Promise<RawRunRecords>;
  readonly deleteRun: (runId: string) => Promise<void>;
  readonly loadSetting: (key: string) => Promise<unknown>;
  readonly saveSetting: (key: string, value: unknown) => Promise<void>;
  readonly saveWorkspace: (workspace: Workspace) => Promise<void>;
  readonly loadWorkspace: () => Promise<Result<Workspace> | null>;
  readonly loadUserTools: () => Promise<LoadedUserTools>;
  readonly saveUserTool: (spec: UserToolSpec) => Promise<void>;
  readonly saveUserTools: (specs: readonly UserToolSpec[]) => Promise<void>;
  readonly deleteUserTool: (id: string) => Promise<void>;
  /** Writes the events IndexedDB has not confirmed, synchronously, for the next start-up (`pagehide`). */
  readonly writeJournal: (journal: Journal) => void;
  /** Stores what the last page left in the journal; start-up runs it before it reads anything. */
  readonly recoverJournal: () => Promise<void>;
  /** The storage problem to announce now (a blocked open, another tab's upgrade, a full disk), or `ok`. */
  readonly status: () => StorageStatus;
  readonly subscribeStatus: (listener: (status: StorageStatus) => void) => () => void;
}
