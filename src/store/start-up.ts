/**
 * Start-up: reads what this browser stored — the user's tools, tool search's index, the MCP servers, the workspace,
 * the run list, the run left open — together, then either opens `?scenario=` (a clean run of that scenario, saved
 * as the workspace before the parameter is consumed) or restores the last open run with its whole workspace. Runs
 * once: a second call (React's StrictMode mounts twice in development) gets the first one's promise, so a scenario
 * is never applied and then undone by a restore.
 */
import type { Result, Workspace } from '../engine';
import { errorMessage, getScenario, part, runNotice, workspaceForScenario } from '../engine';
import { StorageUnavailableError } from '../persistence';
import type { RunOpening } from './run-opening';
import type { RunView } from './run-slice';
import type { Runs } from './runs-slice';
import type { Slice } from './slice';
import type { WorkspaceAccess } from './workspace-slice';

export interface StartUpDeps {
  /** Stores what the last page left in the journal (events it could not confirm), before anything is read. */
  readonly recoverJournal: () => Promise<void>;
  /** The slices that read their own stored state (the user's tools, tool search, the MCP servers). */
  readonly loadUserTools: () => Promise<void>;
  readonly loadToolSearch: () => Promise<void>;
  readonly loadMcp: () => Promise<void>;
  readonly loadWorkspace: () => Promise<Result<Workspace> | null>;
  readonly workspace: WorkspaceAccess;
  readonly saver: { readonly stored: (workspace: Workspace | null) => void; readonly flush: () => Promise<void> };
  readonly runs: Runs;
  readonly opening: RunOpening['opening'];
  readonly run: Slice<RunView>;
  /** The page's query string, and a way to rewrite it; null in tests. */
  readonly location: { readonly search: () => string; readonly replaceSearch: (search: string) => void } | null;
  readonly setReady: () => void;
  /** Runs a task after the current one (the deep check of every stored run). */
  readonly schedule: (task: () => void) => void;
}

export function createStartUp(deps: StartUpDeps): () => Promise<void> {
  const { runs, workspace, opening } = deps;

  async function initialize(): Promise<void> {
    // What the last page wrote as it went away joins the stored runs first, so the reads below include it.
    await deps.recoverJournal().catch((error: unknown) => {
      if (error instanceof StorageUnavailableError) return;
      runs.addProblems([`What the last page left unsaved could not be stored (${errorMessage(error)}).`]);
    });
    // The stored parts do not depend on each other: they are read together, so Send is usable after the slowest
    // read rather than after all of them one by one. Everything below needs all of them.
    let unreadable: unknown = null;
    const read = <T>(reading: Promise<T>, fallback: T): Promise<T> =>
      reading.catch((error: unknown) => {
        unreadable ??= error;
        return fallback;
      });
    const [, , , saved, , activeId] = await Promise.all([
      deps.loadUserTools().catch((error: unknown) => {
        runs.addProblems([`Your saved tools could not be loaded (${errorMessage(error)}).`]);
      }),
      deps.loadToolSearch(),
      // The remembered MCP servers list their last tools now (so exposed ones stay valid) and reconnect meanwhile.
      deps.loadMcp(),
      read(deps.loadWorkspace(), null),
      read(runs.reload(), undefined),
      read(runs.loadActive(), null),
    ]);
    // A storage this page cannot use is announced by its status (the main view says the app runs unsaved).
    if (unreadable !== null && !(unreadable instanceof StorageUnavailableError)) {
      runs.addProblems([
        `Saved runs could not be read (${errorMessage(unreadable)}). New runs still work; they may not be saved.`,
      ]);
    }
    let stored = workspace.get();
    if (saved?.ok) stored = saved.value;
    else if (saved) runs.addProblems([saved.error]);
    const active = typeof activeId === 'string' ? runs.find(activeId) : null;
    const params = new URLSearchParams(deps.location?.search() ?? '');
    const requested = params.get('scenario');
    const scenario = requested === null ? undefined : getScenario(requested);
    if (requested !== null && !scenario) {
      deps.run.set({ notice: runNotice('error', part('noScenario', { id: requested })) });
    }
    if (scenario) {
      workspace.set(workspaceForScenario(scenario, stored));
      if (active) {
        runs.rememberActive(null);
        deps.run.set({
          notice: runNotice(
            'info',
            part('openedScenario', { title: scenario.title, scenarioId: scenario.id, previous: active.title }),
          ),
        });
      }
    } else if (active) {
      workspace.set(stored);
      const loaded = await opening.load(active.runId, active.title);
      if (loaded.ok) {
        if (!opening.openStored(loaded.value, stored.userDraft)) runs.rememberActive(null);
      } else {
        deps.run.set({ notice: { kind: 'error', text: runs.loadFailure(loaded.error) } });
        runs.rememberActive(null);
      }
    } else {
      workspace.set(stored);
    }
    // What storage holds now: a workspace that differs (a scenario opened by link, a restored run's) is written next.
    deps.saver.stored(saved?.ok ? saved.value : null);
    deps.setReady();
    // A lesson link is the saved workspace the moment it is opened: the parameter is consumed only once the
    // scenario's workspace is stored, so a reload at any moment finds one or the other.
    await deps.saver.flush();
    if (requested !== null) {
      params.delete('scenario');
      const rest = params.toString();
      deps.location?.replaceSearch(rest === '' ? '' : `?${rest}`);
    }
    deps.schedule(() => void runs.findDamaged());
  }

  let initialized: Promise<void> | null = null;
  return () => {
    // The page waits for `ready` (it shows its skeleton until then), so a start-up that fails in a way no step
    // above handles still ends ready, saying what went wrong, with the workspace it had.
    initialized ??= initialize().catch((error: unknown) => {
      runs.addProblems([`The playground could not restore what this browser stored (${errorMessage(error)}).`]);
      deps.setReady();
    });
    return initialized;
  };
}
