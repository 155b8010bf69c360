/**
 * The run slice: the open run — its one event log (run-log.ts, which both controllers append to), what is in
 * flight, the next request, the notice beside the debugger controls — and the commands that drive it. The
 * controller is the one the workspace's loop control names; it asks the workspace for one snapshot per step (the
 * request, the runtime, the tools). What is open (a new run, a stored run, a scenario, the other loop) is
 * run-opening.ts; this module holds the loop's commands.
 */
import type {
  ChatRuntime,
  ComparisonSource,
  DanglingChoice,
  Fault,
  LoopEvent,
  LoopExtension,
  LoopState,
  ModelRequest,
  Prediction,
  Refusal,
  RequestStep,
  Result,
  Sleep,
  Tool,
  Workspace,
  WorkspaceSnapshot,
} from '../engine';
import {
  AdvisorLoopController,
  advisorsOf,
  err,
  INITIAL_STATE,
  injectFault,
  LoopController,
  predict,
  notice,
  refuse,
  RuntimeFailure,
  setResultId,
} from '../engine';
import type { RuntimeRegistry } from '../runtimes/registry';
import type { Catalog } from './catalog';
import { createNextRequest } from './next-request';
import type { Notice } from './notice';
import { noticeOf } from './notice';
import { StoreRunLog } from './run-log';
import type { RunWriter } from './run-writer';
import type { Runs } from './runs-slice';
import type { Slice } from './slice';
import type { RunGate, WorkspaceAccess } from './workspace-slice';

export interface RunView {
  readonly events: readonly LoopEvent[];
  readonly loop: LoopState;
  /** Text streamed so far by the model call in flight. */
  readonly streaming: string;
  /** A model call or a tool batch is in flight. */
  readonly busy: boolean;
  /** "Run to end" is driving the loop. */
  readonly running: boolean;
  /**
   * The request the next model call sends — the very object the runtime will receive — or why there is none. The
   * Request tab previews it; the Tools panel and the Tool choice read the same workspace.
   */
  readonly nextRequest: Result<ModelRequest, Refusal>;
  /** A refused command, a restore's interruption, a reset tool choice: shown beside the debugger controls. */
  readonly notice: Notice | null;
  /**
   * Why the open run is not saved in this browser (the failed write's error, e.g. storage is full), or null.
   * Only the write of those events clears it; meanwhile the page offers to export the run.
   */
  readonly unsaved: string | null;
}

export const INITIAL_RUN: RunView = {
  events: [],
  loop: INITIAL_STATE,
  streaming: '',
  busy: false,
  running: false,
  nextRequest: refuse('loading'),
  notice: null,
  unsaved: null,
};

const SKIPPED_TEXT = 'Skipped: this call was interrupted by a reload and was not run again.';

export interface RunDeps {
  readonly workspace: WorkspaceAccess;
  readonly catalog: () => Catalog;
  /** Fresh instances of every tool the sources offer (restore matches a run's tools by name among them). */
  readonly allTools: () => Tool[];
  /** Fresh instances of the workspace's exposed tools, with its flags, in request order. */
  readonly exposedTools: (workspace: Workspace) => Result<readonly Tool[], Refusal>;
  readonly runtimes: RuntimeRegistry;
  /** The request steps of the manual loop, in order (tool search). */
  readonly requestSteps: readonly RequestStep[];
  /** The lessons plugged into the loop (the lab, the advisor loop's events): the log folds with them. */
  readonly extensions: readonly LoopExtension[];
  readonly writer: RunWriter;
  readonly runs: Runs;
  readonly now: () => number;
  readonly newRunId: () => string;
  /** The lab's delays (a slow tool, a timeout): a real timer on the page, cut short by Stop. */
  readonly sleep: Sleep;
}

export type Run = ReturnType<typeof createRun>;

export function createRun(slice: Slice<RunView>, deps: RunDeps) {
  const { workspace, writer, runs } = deps;
  const nextRequest = createNextRequest(deps.requestSteps, deps.extensions, () => advisor.getPendingRequest());

  /** The selected runtime, or a stand-in that refuses every request with the reason it is not ready. */
  function currentRuntime(): ChatRuntime {
    const kind = workspace.get().runtimeKind;
    const provider = deps.runtimes.providerFor(kind);
    const provided = provider.getRuntime();
    if (provided.runtime) return provided.runtime;
    return {
      kind,
      label: provider.label,
      checkRequest: () => err(provided.reason),
      generate: () => Promise.reject(new RuntimeFailure(provided.reason, 'runtime-not-ready')),
    };
  }

  // ── the log and the controllers ──────────────────────────────────────────────────────────────────────────

  const log = new StoreRunLog(deps.extensions, {
    publish: (events, loop) => publish(events, loop),
    save: (events, loop) => writer.sync(events, loop, runs.metaOf(loop.runId)),
    // The events and which run a reload opens: both stored before the runtime is asked.
    flush: () => Promise.all([writer.flush(), runs.activeStored()]).then(() => undefined),
  });

  /** One pull per step: the next request for `state` (the preview's object), the runtime and the tools. */
  function snapshot(state?: LoopState): WorkspaceSnapshot {
    const current = workspace.get();
    return {
      runtime: currentRuntime(),
      tools: deps.exposedTools(current),
      ...(state
        ? { request: nextRequest.manual({ workspace: current, loop: state, catalog: deps.catalog().all }) }
        : {}),
    };
  }

  const controllerDeps = {
    runtime: currentRuntime,
    now: deps.now,
    newRunId: deps.newRunId,
    workspace: { snapshot, toolLanguage: (name: string) => workspace.get().toolOverrides[name]?.language },
    log,
    sleep: deps.sleep,
    extensions: deps.extensions,
  };
  const manual = new LoopController(controllerDeps);
  // The chain is the workspace's: read when a request starts, as the Advisors tab and Show the code read it.
  const advisor = new AdvisorLoopController({ ...controllerDeps, advisors: () => advisorsOf(workspace.get()) });
  /** The loop the workspace's loop control names: what the radio shows is what runs. */
  const controller = (): LoopController | AdvisorLoopController =>
    workspace.get().loopControl === 'advisor' ? advisor : manual;

  /** The log and what is in flight, with the next request they make, in one `setState`. */
  function publish(events: readonly LoopEvent[], loop: LoopState): void {
    const active = controller();
    const preview = nextRequest.preview({ workspace: workspace.get(), loop, catalog: deps.catalog().all });
    slice.set({
      events,
      loop,
      streaming: active.getStreamingText(),
      busy: active.isBusy(),
      running: active.isRunning(),
      nextRequest: preview,
      unsaved: writer.unsaved(loop.runId)?.detail ?? null,
    });
  }

  // ── notices ──────────────────────────────────────────────────────────────────────────────────────────────

  /** Shows a refused command as a notice; a command that went through clears the last one (it is stale now). */
  function report(result: Result<unknown, Refusal>): boolean {
    if (!result.ok) slice.set({ notice: noticeOf(result) });
    else if (slice.get().notice) slice.set({ notice: null });
    return result.ok;
  }

  const gate: RunGate = {
    busy: () => controller().isBusy(),
    hasRun: () => controller().getState().runId !== null,
    updateSettings: (settings) => controller().updateSettings(settings),
    report,
    inform: (part) => slice.set({ notice: notice('info', part) }),
  };

  // ── commands ─────────────────────────────────────────────────────────────────────────────────────────────

  const actions = {
    /**
     * Sends the user's draft: the first message of a new run when none is open, or — once a run has ended — the
     * next user turn of the same conversation. `dangling` closes tool calls the last run left unanswered (see
     * engine/loop/dangling-calls.ts); without it such a Send is refused, saying why.
     */
    send(dangling?: DanglingChoice): boolean {
      if (controller().isBusy()) return report(refuse('busy'));
      const current = workspace.get();
      if (current.userDraft.trim() === '') return report(refuse('writeUserMessage'));
      const loop = controller().getState();
      if (loop.runId === null || loop.phase === 'idle') {
        const tools = deps.exposedTools(current);
        if (!tools.ok) return report(tools);
        const started = controller().startRun({
          system: current.system,
          tools: tools.value,
          settings: current.settings,
          ...(current.scenarioId !== null ? { scenarioId: current.scenarioId } : {}),
          loopControl: current.loopControl,
          ...(current.loopControl === 'advisor' ? { extra: { advisors: advisorsOf(current) } } : {}),
        });
        if (!report(started)) return false;
        runs.rememberActive(controller().getState().runId);
      }
      return report(controller().send(current.userDraft, dangling));
    },

    /** One phase. At idle it sends the draft first; at the end of a run it refuses, saying why. */
    async step(): Promise<void> {
      const phase = controller().getState().phase;
      if (phase === 'done') return void report(refuse('runEnded'));
      if (phase === 'idle' && !actions.send()) return;
      report(await controller().step());
    },

    async runToEnd(): Promise<void> {
      const phase = controller().getState().phase;
      if (phase === 'done') return void report(refuse('runEnded'));
      if (phase === 'idle' && !actions.send()) return;
      report(await controller().runToEnd());
    },

    stop(): void {
      report(controller().stop());
    },

    async approve(callId: string) {
      return report(await controller().approve(callId));
    },
    async approveAll() {
      return report(await controller().approveAll());
    },
    async deny(callId: string, reason?: string) {
      return report(await controller().deny(callId, reason));
    },
    /** Returns the refusal (invalid JSON / schema; code and values for the page) so the editor can show it beside the field. */
    async editArguments(callId: string, text: string, rewriteHistory = false): Promise<Notice | null> {
      const result = await controller().editArguments(callId, text, rewriteHistory);
      return result.ok ? null : noticeOf(result);
    },
    async writeResult(callId: string, text: string, isError: boolean) {
      return report(await controller().writeResult(callId, text, isError));
    },
    /** The teaching lab (engine/lab): a prediction, a fault for one pending call, the id a result is sent with. */
    async predict(prediction: Prediction) {
      return report(await predict(controller().host, prediction));
    },
    injectFault(callId: string, fault: Fault) {
      return report(injectFault(controller().host, callId, fault));
    },
    setResultId(callId: string, sentId: string | null) {
      return report(setResultId(controller().host, callId, sentId));
    },
    /** An interrupted call: the model receives an error result saying it was not run again. */
    async skipInterrupted(callId: string) {
      return report(await controller().writeResult(callId, SKIPPED_TEXT, true));
    },

    clearNotice: () => slice.set({ notice: null }),

    /** The current workspace for the Advisors tab's side-by-side runs. */
    comparisonSource(): ComparisonSource | { error: Refusal } {
      const current = workspace.get();
      if (current.userDraft.trim() === '') return refuse('writeUserMessage');
      const tools = deps.exposedTools(current);
      if (!tools.ok) return { error: tools.error };
      return {
        runtime: currentRuntime(),
        tools: tools.value,
        system: current.system,
        user: current.userDraft,
        settings: current.settings,
        now: deps.now,
        requestSteps: deps.requestSteps,
        extensions: deps.extensions,
      };
    },
  };

  return {
    actions,
    gate,
    report,
    controller,
    log,
    allTools: deps.allTools,
    nextRequest,
    /** Re-publishes the open run (after a workspace change that decides which controller drives, or the preview). */
    publish: () => publish(log.all(), log.state),
  };
}
