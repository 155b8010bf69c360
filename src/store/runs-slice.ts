/**
 * The runs slice: the run list (the Runs tab's headers), runs set aside as damaged, problems reading what was
 * stored, and whether this page can save at all. It reads and deletes stored runs; opening one is the run slice's.
 */
import type { Result } from '../engine';
import { err, errorMessage, ok } from '../engine';
import type { RunHeader, RunLoadError } from '../persistence/runs-db';
import type { DamagedExport, DamagedRun, StorageStatus } from './damaged-runs';
import { exportDamagedRun, mergeDamaged } from './damaged-runs';
import type { RunMeta } from './run-writer';
import type { Slice } from './slice';
import type { PlaygroundStorage } from './storage';

/** A run as the Runs tab lists it. */
export type RunSummary = RunHeader;

export interface RunsState {
  readonly list: readonly RunSummary[];
  /** Problems reading what was stored (the workspace, the user's tools), one sentence each. */
  readonly storageProblems: readonly string[];
  /** Stored runs that failed the deep check: set aside, never opened (exportable, deletable). */
  readonly damaged: readonly DamagedRun[];
  /** Whether this page can save at all (a blocked open, another tab's upgrade, a full disk). */
  readonly storage: StorageStatus;
}

export const initialRuns = (storage: StorageStatus): RunsState => ({
  list: [],
  storageProblems: [],
  damaged: [],
  storage,
});

const ACTIVE_RUN = 'activeRunId';

export interface RunsDeps {
  readonly storage: Pick<
    PlaygroundStorage,
    'loadRunHeaders' | 'findDamagedRuns' | 'loadRawRun' | 'deleteRun' | 'loadSetting' | 'saveSetting'
  >;
  readonly now: () => number;
  /** The open run was deleted: let go of it. */
  readonly closeRun: (runId: string) => void;
  /** Says why something failed beside the debugger controls. */
  readonly report: (result: Result) => void;
}

export type Runs = ReturnType<typeof createRuns>['runs'];

export function createRuns(slice: Slice<RunsState>, deps: RunsDeps) {
  const { storage } = deps;
  /** The latest write of which run a reload opens, and its value until that write is confirmed. */
  let activeWrite: Promise<void> = Promise.resolve();
  let activeUnconfirmed: { readonly runId: string | null } | null = null;

  /** Sets damaged runs aside: listed under "Damaged runs", gone from the run list, never opened. */
  function setAside(damaged: readonly DamagedRun[]): void {
    if (damaged.length === 0) return;
    const ids = new Set(damaged.map((d) => d.runId));
    slice.set({
      damaged: mergeDamaged(slice.get().damaged, damaged),
      list: slice.get().list.filter((r) => !ids.has(r.runId)),
    });
  }

  const runs = {
    /** A written header: the run list shows it, newest first. */
    upsert(summary: RunSummary): void {
      const list = slice.get().list.filter((r) => r.runId !== summary.runId);
      slice.set({ list: [summary, ...list].sort((a, b) => b.updatedAt - a.updatedAt) });
    },

    addProblems(problems: readonly string[]): void {
      if (problems.length > 0) slice.set({ storageProblems: [...slice.get().storageProblems, ...problems] });
    },

    setStorage(status: StorageStatus): void {
      slice.set({ storage: status });
    },

    /** The run's title and lineage as the run list has them (a fork's or an import's name wins). */
    metaOf(runId: string | null): RunMeta {
      const summary = slice.get().list.find((r) => r.runId === runId);
      return summary ? { title: summary.title, ...(summary.parent ? { parent: summary.parent } : {}) } : {};
    },

    find(runId: string): RunSummary | null {
      return slice.get().list.find((r) => r.runId === runId) ?? null;
    },

    titleOf(runId: string): string | undefined {
      return runs.find(runId)?.title;
    },

    async reload(): Promise<void> {
      const { runs: list, damaged } = await storage.loadRunHeaders();
      slice.set({ list });
      setAside(damaged);
    },

    setAside,

    /** What a failed load means for the page: a damaged run is set aside; the sentence for the notice. */
    loadFailure(error: RunLoadError): string {
      if (error.kind === 'missing') return 'That run is no longer stored in this browser.';
      const { kind: _kind, ...damaged } = error;
      setAside([damaged]);
      return `“${damaged.title ?? damaged.runId}” is damaged and was set aside: see Damaged runs in the Runs tab.`;
    },

    /** Checks every stored run in depth after start-up, off the critical path, and sets the damaged ones aside. */
    async findDamaged(): Promise<void> {
      try {
        setAside(await storage.findDamagedRuns());
      } catch {
        // Storage that cannot be read is announced by its status; the runs already listed stay usable.
      }
    },

    /** The run a reload opens (null: none). */
    loadActive(): Promise<unknown> {
      return storage.loadSetting(ACTIVE_RUN);
    },

    rememberActive(runId: string | null): void {
      const pending = { runId };
      activeUnconfirmed = pending;
      activeWrite = storage.saveSetting(ACTIVE_RUN, runId).then(
        () => {
          if (activeUnconfirmed === pending) activeUnconfirmed = null;
        },
        () => {
          // Without it a reload opens no run; nothing is lost.
        },
      );
    },

    /** Which run a reload opens, while that write is not confirmed (for the journal); null when it is stored. */
    activeUnconfirmed(): { readonly runId: string | null } | null {
      return activeUnconfirmed;
    },

    /** Resolves once the run a reload opens is stored (a model call waits for it, with the run's events). */
    activeStored(): Promise<void> {
      return activeWrite;
    },
  };

  const actions = {
    /** Deletes a stored run; the open one is let go of. A failure is reported beside the debugger controls. */
    async removeRun(runId: string): Promise<void> {
      try {
        await storage.deleteRun(runId);
      } catch (error) {
        return deps.report(err(`Could not delete the run: ${errorMessage(error)}`));
      }
      slice.set({ list: slice.get().list.filter((r) => r.runId !== runId) });
      deps.closeRun(runId);
    },

    /** A damaged run's records exactly as stored, as a file (see `exportDamagedRun`). */
    async exportDamagedRun(runId: string): Promise<Result<DamagedExport>> {
      const damaged = slice.get().damaged.find((d) => d.runId === runId);
      if (!damaged) return err('That run is no longer listed as damaged.');
      return exportDamagedRun(storage, damaged, deps.now());
    },

    /** Deletes a damaged run's records; it leaves the Damaged runs list. */
    async deleteDamagedRun(runId: string): Promise<Result> {
      try {
        await storage.deleteRun(runId);
      } catch (error) {
        return err(`Could not delete the run: ${errorMessage(error)}`);
      }
      slice.set({ damaged: slice.get().damaged.filter((d) => d.runId !== runId) });
      return ok();
    },
  };

  return { runs, actions };
}
