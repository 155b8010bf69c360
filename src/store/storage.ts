/** What the playground keeps in IndexedDB: the functions of src/persistence/, passed in by main.tsx. */
import type { LoopEvent } from '../engine/loop/events';
import type { Workspace } from '../engine/loop/workspace';
import type { UserToolSpec } from '../engine/user-tools';
import type { Result } from '../engine/result';
import type { RunHeader, StoredRun } from '../persistence/runs-db';
import type { LoadedUserTools } from '../persistence/user-tools-db';

export interface PlaygroundStorage {
  readonly appendEvents: (header: RunHeader, from: number, events: readonly LoopEvent[]) => Promise<void>;
  readonly saveRun: (run: StoredRun) => Promise<void>;
  readonly loadRun: (runId: string) => Promise<Result<StoredRun>>;
  readonly loadRunHeaders: () => Promise<{ readonly runs: RunHeader[]; readonly problems: string[] }>;
  readonly loadRuns: () => Promise<{ readonly runs: StoredRun[]; readonly problems: string[] }>;
  readonly deleteRun: (runId: string) => Promise<void>;
  readonly loadSetting: (key: string) => Promise<unknown>;
  readonly saveSetting: (key: string, value: unknown) => Promise<void>;
  readonly saveWorkspace: (workspace: Workspace) => Promise<void>;
  readonly loadWorkspace: () => Promise<Result<Workspace> | null>;
  readonly loadUserTools: () => Promise<LoadedUserTools>;
  readonly saveUserTool: (spec: UserToolSpec) => Promise<void>;
  readonly saveUserTools: (specs: readonly UserToolSpec[]) => Promise<void>;
  readonly deleteUserTool: (id: string) => Promise<void>;
}
