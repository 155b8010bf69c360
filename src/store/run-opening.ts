/**
 * What the run slice has open, and how that changes: a new run, a stored run (restored with its whole workspace —
 * its loop control and advisor chain among it), a scenario (never mixed with a run of another), the other loop
 * control. A run that is let go of stays stored; the next Send starts a new one.
 */
import type { InterruptedEvent, LoopControl, NoticePart, Workspace } from '../engine';
import {
  advisorsOf,
  chainOfRun,
  describeInterruption,
  err,
  errorMessage,
  getScenario,
  part,
  refuse,
  runNotice,
  workspaceForScenario,
  workspaceOfRun,
} from '../engine';
import type { RunLoadError, StoredRun } from '../persistence/runs-db';
import type { Catalog } from './catalog';
import type { Run, RunView } from './run-slice';
import type { RunWriter } from './run-writer';
import type { Runs } from './runs-slice';
import type { Slice } from './slice';
import type { PlaygroundStorage } from './storage';
import type { WorkspaceAccess } from './workspace-slice';

export interface RunOpeningDeps {
  readonly run: Run;
  readonly workspace: WorkspaceAccess;
  readonly catalog: () => Catalog;
  readonly writer: RunWriter;
  readonly runs: Runs;
  readonly storage: Pick<PlaygroundStorage, 'loadRun'>;
  /** The Request / Prompt tabs go back to the next request. */
  readonly unselectRound: () => void;
}

export type RunOpening = ReturnType<typeof createRunOpening>;

export function createRunOpening(slice: Slice<RunView>, deps: RunOpeningDeps) {
  const { run, workspace, writer, runs } = deps;
  const controller = run.controller;

  /**
   * Makes `loopControl` the workspace's, so its controller drives; the controller left behind lets go of the run
   * (it stays stored) first.
   */
  function driveWith(loopControl: LoopControl): void {
    if (workspace.get().loopControl === loopControl) return;
    const left = controller();
    if (left.isBusy()) left.stop();
    left.restore([], []);
    workspace.set({ ...workspace.get(), loopControl });
  }

  /** Lets go of the open run (it stays stored): the next Send starts a new one. */
  function detach(): void {
    if (controller().isBusy()) controller().stop();
    controller().restore([], []);
    writer.track(null, 0);
    deps.unselectRound();
    runs.rememberActive(null);
  }

  /** Opens a stored run: its log in the right controller, and its whole workspace. */
  function restore(stored: StoredRun, draft: string): void {
    // The run's own loop control picks the controller; its chain and the rest of its workspace follow below.
    const chain = chainOfRun(stored.events, advisorsOf(workspace.get()));
    driveWith(chain.loopControl);
    writer.track(stored.runId, stored.events.length);
    run.report(controller().restore(stored.events, run.allTools()));
    const scenario = getScenario(stored.scenarioId ?? '');
    workspace.set({
      ...workspaceOfRun(controller().getState(), {
        ...workspace.get(),
        userDraft: draft,
        toolOverrides: scenario?.toolOverrides ?? {},
      }),
      advisors: chain.advisors,
    });
    run.publish();
    deps.unselectRound();
    const state = controller().getState();
    const last = controller().getEvents().at(-1);
    if (last?.type === 'interrupted') {
      const finished = state.pending ? Object.keys(state.pending.finished).length : 0;
      const event = last as InterruptedEvent;
      slice.set({
        notice: {
          kind: 'info',
          text: describeInterruption(event, finished),
          interruption: { what: event.what, round: event.round, unfinished: event.callIds.length, finished },
        },
      });
    } else {
      slice.set({ notice: null });
    }
  }

  /** "Opened … as a new run": `scenarioId` lets the page word the scenario's title ('' is the own workspace). */
  function openedReplacing(scenarioId: string, title: string, previousId: string): NoticePart {
    const previous = runs.titleOf(previousId);
    return previous
      ? part('openedReplacing', { title, scenarioId, previous })
      : part('openedReplacingUntitled', { title, scenarioId });
  }

  /** The workspace a scenario opens (or, for none, the presets and the user's own tools). */
  function scenarioWorkspace(id: string | null, current: Workspace): Workspace {
    const scenario = getScenario(id ?? '');
    if (scenario) return workspaceForScenario(scenario, current);
    const own = deps
      .catalog()
      .groups.filter((g) => g.id === 'presets' || g.id === 'user-tools')
      .flatMap((g) => g.tools.map((t) => t.name));
    return workspaceForScenario({ id: null, toolNames: own }, current);
  }

  const opening = {
    detach,

    /**
     * Opens a stored run (see `restore`). A log that passed the deep check and still cannot be restored is set
     * aside as damaged, naming it, and the page stays on a fresh run: it never blanks the app.
     */
    openStored(stored: StoredRun, draft: string): boolean {
      try {
        restore(stored, draft);
        return true;
      } catch (error) {
        detach();
        run.publish();
        runs.setAside([
          {
            runId: stored.runId,
            title: stored.title,
            damage: { kind: 'replay', event: null, detail: errorMessage(error) },
          },
        ]);
        slice.set({
          notice: runNotice(
            'error',
            part('restoreFailed', { title: stored.title || stored.runId, error: errorMessage(error) }),
          ),
        });
        return false;
      }
    },

    /** Reads a stored run; a read that fails is a damaged run. */
    load(runId: string, title: string | null) {
      return deps.storage.loadRun(runId).catch((error: unknown) =>
        err<RunLoadError>({
          kind: 'damaged',
          runId,
          title,
          damage: { kind: 'unreadable', detail: errorMessage(error) },
        }),
      );
    },

    /** A deleted run that is open is let go of. */
    close(runId: string): void {
      if (controller().getState().runId === runId) actions.newRun();
    },
  };

  const actions = {
    /**
     * Opens a scenario's workspace. A run that exists is never mixed with it: it stays stored (the Runs tab) and
     * the next Send starts a new run of the scenario.
     */
    selectScenario(id: string): void {
      if (controller().isBusy()) {
        run.report(refuse('stopBeforeScenario'));
        return;
      }
      const previous = controller().getState().runId;
      if (previous !== null) detach();
      workspace.set(scenarioWorkspace(id === '' ? null : id, workspace.get()));
      const title = getScenario(id)?.title ?? 'your own workspace';
      slice.set({ notice: previous !== null ? runNotice('info', openedReplacing(id, title, previous)) : null });
    },

    /** Switches who drives the loop; the next Send starts a fresh run with it. */
    setLoopControl(loopControl: LoopControl): void {
      if (controller().isBusy() || controller().isRunning()) {
        run.report(refuse('stopBeforeControl'));
        return;
      }
      detach();
      driveWith(loopControl);
      run.publish();
    },

    /** Starts a fresh run on the next Send (the current one stays stored). */
    newRun(): void {
      detach();
      slice.set({ notice: null });
    },

    async openRun(runId: string): Promise<void> {
      if (controller().isBusy()) {
        run.report(refuse('busyOpenRun'));
        return;
      }
      const loaded = await opening.load(runId, null);
      if (!loaded.ok) return void run.report(err(runs.loadFailure(loaded.error)));
      if (opening.openStored(loaded.value, '')) runs.rememberActive(runId);
    },
  };

  return { opening, actions };
}
