/**
 * The app shell: `createPlayground(deps)` builds one zustand store made of slices — the workspace, the catalog, the
 * open run, the run list, the user's tools, tool search, offline status, run files, MCP servers and the UI, each a
 * module with its state, its actions and its tests (docs/architecture.md lists them) — and composes them.
 *
 * Nothing here is module-level: the controllers, the run's log, the writer and every dependency belong to one
 * playground, so tests (and, if ever needed, several panes) get fresh instances. The store holds no loop logic: the
 * engine's controllers decide, appending to the run slice's log (the engine's `RunLog` port), which is the store's
 * state and a write to storage at once.
 */
import { createStore } from 'zustand/vanilla';
import type { LoopExtension, RequestStep, Sleep, ToolExecutor, ToolSearchSession, Workspace } from '../engine';
import {
  createLessonTools,
  createPresetTools,
  EMPTY_WORKSPACE,
  exposedDefinitions,
  getScenario,
  SCENARIOS,
  workspaceForScenario,
} from '../engine';
import type { StorageStatus } from '../persistence';
import type { RuntimeRegistry } from '../runtimes/registry';
import type { OfflinePlatform } from '../platform/offline';
import type { Catalog, ToolSource } from './catalog';
import { buildCatalog, EMPTY_CATALOG, exposedTools } from './catalog';
import type { McpState } from './mcp-servers';
import { createMcpServers, INITIAL_MCP } from './mcp-servers';
import type { OfflineState } from './offline-state';
import { createOffline, INITIAL_OFFLINE } from './offline-state';
import type { RuntimeStatus } from './runtime-status';
import { followRuntime, statusOf } from './runtime-status';
import type { RunFilesState } from './run-files';
import { createRunFiles, INITIAL_RUN_FILES } from './run-files';
import { createRunOpening } from './run-opening';
import type { RunView } from './run-slice';
import { createRun, INITIAL_RUN } from './run-slice';
import { RunWriter } from './run-writer';
import type { RunsState } from './runs-slice';
import { createRuns, initialRuns } from './runs-slice';
import { sliceOf } from './slice';
import { createStartUp } from './start-up';
import type { PlaygroundStorage } from './storage';
import type { ToolSearchState } from './tool-search';
import { createToolSearch } from './tool-search';
import type { UiState } from './ui-slice';
import { createUiActions, INITIAL_UI } from './ui-slice';
import type { StudioState } from './user-tools-store';
import { createUserTools, INITIAL_STUDIO } from './user-tools-store';
import type { WorkspaceAccess } from './workspace-slice';
import { createWorkspaceActions, createWorkspaceSaver } from './workspace-slice';

export type { CatalogLine, RuntimeProvider } from '../runtimes/provider';
export type { Notice } from './notice';
export type { RunView } from './run-slice';
export type { RunSummary, RunsState } from './runs-slice';
export type { InspectorTab, UiState } from './ui-slice';
export { INSPECTOR_TAB_IDS } from './ui-slice';

export interface PlaygroundState {
  readonly workspace: Workspace;
  readonly catalog: Catalog;
  readonly run: RunView;
  readonly runs: RunsState;
  readonly userTools: StudioState;
  readonly toolSearch: ToolSearchState;
  readonly offline: OfflineState;
  /** The selected runtime: ready or why not (runtime-status.ts). */
  readonly runtime: RuntimeStatus;
  readonly runFiles: RunFilesState;
  readonly mcp: McpState;
  readonly ui: UiState;
}

export interface PlaygroundDeps {
  readonly runtimes: RuntimeRegistry;
  readonly storage: PlaygroundStorage;
  /** Where user tools' code runs (the browser sandbox: QuickJS in a worker). */
  readonly sandbox: ToolExecutor;
  readonly toolSearch: ToolSearchSession;
  /** Tool sources besides the presets and the user's own tools (the 28-tool search workspace). */
  readonly toolSources: readonly ToolSource[];
  /** The request steps of the manual loop, in order (tool search). */
  readonly requestSteps: readonly RequestStep[];
  /** The lessons plugged into the loop (the lab, the advisor loop's events): every fold and view of a run takes them. */
  readonly extensions: readonly LoopExtension[];
  readonly now: () => number;
  readonly newRunId: () => string;
  /** The lab's delays (a slow tool, a timeout), cut short when the signal aborts: a real timer on the page. */
  readonly sleep: Sleep;
  /** Runs a task after the current one: the run writer's batch, the deep check of stored runs. */
  readonly schedule: (task: () => void, ms?: number) => void;
  /** The page's query string, and a way to rewrite it (`?scenario=` is consumed once applied); null in tests. */
  readonly location: { readonly search: () => string; readonly replaceSearch: (search: string) => void } | null;
  /** The browser's side of working offline: the service worker, the network, Cache Storage (src/platform/). */
  readonly offline: OfflinePlatform;
}

/** One playground: its store, the actions of each slice, the runtimes. */
export type Playground = ReturnType<typeof createPlayground>;
export type PlaygroundActions = Playground['actions'];

export function createPlayground(deps: PlaygroundDeps) {
  const { storage } = deps;
  const initialWorkspace = workspaceForScenario(SCENARIOS[0]!, EMPTY_WORKSPACE);
  const store = createStore<PlaygroundState>()(() => ({
    workspace: initialWorkspace,
    catalog: EMPTY_CATALOG,
    run: INITIAL_RUN,
    runs: initialRuns(storage.status()),
    userTools: INITIAL_STUDIO,
    toolSearch: { index: deps.toolSearch.indexKind },
    offline: { ...INITIAL_OFFLINE, online: deps.offline.isOnline() },
    runtime: statusOf(deps.runtimes.providerFor(initialWorkspace.runtimeKind)),
    runFiles: INITIAL_RUN_FILES,
    mcp: INITIAL_MCP,
    ui: INITIAL_UI,
  }));
  const get = store.getState;
  const workspace: WorkspaceAccess = {
    get: () => get().workspace,
    set: (value) => store.setState({ workspace: value }),
  };
  const catalog = () => get().catalog;
  const ui = sliceOf(store, 'ui');
  const uiActions = createUiActions(ui);

  // ── the slices that stand on their own ───────────────────────────────────────────────────────────────────

  const userTools = createUserTools(sliceOf(store, 'userTools'), {
    load: storage.loadUserTools,
    save: storage.saveUserTool,
    saveMany: storage.saveUserTools,
    remove: storage.deleteUserTool,
    sandbox: deps.sandbox,
    now: deps.now,
  });
  const toolSearch = createToolSearch(sliceOf(store, 'toolSearch'), {
    session: deps.toolSearch,
    loadSetting: storage.loadSetting,
    saveSetting: storage.saveSetting,
  });
  const offline = createOffline(sliceOf(store, 'offline'), deps.offline);
  const mcp = createMcpServers(sliceOf(store, 'mcp'), {
    loadSetting: storage.loadSetting,
    saveSetting: storage.saveSetting,
    now: deps.now,
  });

  const fixedSources: readonly ToolSource[] = [
    { id: 'presets', label: 'Presets', tools: createPresetTools },
    { id: 'user-tools', label: 'My tools', tools: () => userTools.tools() },
    { id: 'lessons', label: 'Lessons', tools: createLessonTools },
    ...deps.toolSources,
  ];
  /** Every tool source, the MCP servers' groups last (they come and go as servers connect). */
  const sources = (): readonly ToolSource[] => [...fixedSources, ...mcp.sources()];
  store.setState({ catalog: buildCatalog(sources()) });

  // ── the run, the runs, the workspace ─────────────────────────────────────────────────────────────────────

  const runSlice = sliceOf(store, 'run');
  const runsParts = createRuns(sliceOf(store, 'runs'), {
    storage,
    now: deps.now,
    closeRun: (runId) => opening.opening.close(runId),
    notify: (notice) => runSlice.set({ notice }),
  });
  const runs = runsParts.runs;

  const writer = new RunWriter({
    append: storage.appendEvents,
    now: deps.now,
    schedule: (task, ms) => deps.schedule(task, ms),
    // The run says it is not saved (`run.unsaved`) and storage's status is held: no notice per failed batch.
    onError: () => undefined,
    onSaved: (header) => runs.upsert(header),
    onUnsaved: () => {
      showStorage();
      run.publish();
    },
  });

  /**
   * Storage's status as the page announces it: a full disk stays announced while a run has events that a failed
   * write left unwritten — a later write that succeeds elsewhere (the workspace, another run) does not clear it;
   * only the write of those events does.
   */
  let lastFull: StorageStatus | null = null;
  function showStorage(): void {
    const now = storage.status();
    if (now.kind === 'full') lastFull = now;
    if (!writer.hasUnsaved()) lastFull = null;
    runs.setStorage(now.kind === 'ok' && lastFull ? lastFull : now);
  }
  storage.subscribeStatus(showStorage);

  const run = createRun(runSlice, {
    workspace,
    catalog,
    allTools: () => sources().flatMap((s) => s.tools()),
    exposedTools: (current) => exposedTools(sources(), current),
    runtimes: deps.runtimes,
    requestSteps: deps.requestSteps,
    extensions: deps.extensions,
    writer,
    runs,
    now: deps.now,
    newRunId: deps.newRunId,
    sleep: deps.sleep,
  });
  const opening = createRunOpening(runSlice, {
    run,
    workspace,
    catalog,
    writer,
    runs,
    storage,
    unselectRound: () => ui.set({ selectedRound: null }),
  });
  const saver = createWorkspaceSaver(workspace.get, { save: storage.saveWorkspace, ready: () => ui.get().ready });
  const workspaceActions = createWorkspaceActions(workspace, run.gate);

  // The selected runtime's readiness follows its provider (a model loads) and the selection.
  const runtime = followRuntime(
    deps.runtimes,
    get().workspace.runtimeKind,
    () => get().runtime,
    (status) => store.setState({ runtime: status }),
  );

  // ── what follows a change ────────────────────────────────────────────────────────────────────────────────

  store.subscribe((s, previous) => {
    if (s.workspace !== previous.workspace || s.catalog !== previous.catalog) {
      // The preview follows the workspace (the run's own changes publish it with the log).
      const next = run.nextRequest.preview({ workspace: s.workspace, loop: s.run.loop, catalog: s.catalog.all });
      if (next !== s.run.nextRequest) runSlice.set({ nextRequest: next });
    }
    if (s.userTools.specs !== previous.userTools.specs || s.mcp.servers !== previous.mcp.servers) {
      store.setState({ catalog: buildCatalog(sources()) });
    }
    if (s.workspace.runtimeKind !== previous.workspace.runtimeKind) runtime.select(s.workspace.runtimeKind);
    if (s.workspace.scenarioId !== previous.workspace.scenarioId) {
      deps.runtimes.scripted.setScript(getScenario(s.workspace.scenarioId ?? '')?.script ?? null);
    }
    if (s.workspace.exposed !== previous.workspace.exposed || s.catalog !== previous.catalog) {
      const exposed = exposedDefinitions(s.workspace, s.catalog.all);
      if (exposed.ok) toolSearch.syncIndex(exposed.value);
    }
    if (s.workspace !== previous.workspace) saver.soon();
  });
  deps.runtimes.scripted.setScript(getScenario(get().workspace.scenarioId ?? '')?.script ?? null);
  run.publish();

  // ── start-up and the actions ─────────────────────────────────────────────────────────────────────────────

  const init = createStartUp({
    recoverJournal: storage.recoverJournal,
    loadUserTools: () => userTools.init(),
    loadToolSearch: () => toolSearch.init(),
    loadMcp: () => mcp.init(),
    loadWorkspace: storage.loadWorkspace,
    workspace,
    saver,
    runs,
    opening: opening.opening,
    run: runSlice,
    location: deps.location,
    setReady: () => ui.set({ ready: true }),
    schedule: (task) => deps.schedule(task),
  });

  const actions = {
    /** Loads the stored state and applies `?scenario=` or restores the last open run (start-up.ts). Runs once. */
    init,
    ...workspaceActions,
    ...run.actions,
    ...opening.actions,
    ...runsParts.actions,
    ...uiActions,
  };

  const runFiles = createRunFiles(sliceOf(store, 'runFiles'), {
    storage,
    now: deps.now,
    newRunId: deps.newRunId,
    run: () => {
      const controller = run.controller();
      return { runId: controller.getState().runId, events: controller.getEvents(), busy: controller.isBusy() };
    },
    flush: () => writer.flush(),
    reloadRunList: runs.reload,
    openRun: actions.openRun,
    titleOf: (runId) => runs.titleOf(runId) ?? '',
    extensions: deps.extensions,
  });

  return {
    store,
    actions,
    userTools,
    toolSearch,
    runFiles,
    offline,
    mcp,
    runtimes: deps.runtimes,
    /** The lessons plugged into the loop: the views of a run (transcript, turn table, Request tab) take them too. */
    extensions: deps.extensions,
    /**
     * The page goes away (`pagehide`): what storage has not confirmed — run events, which run a reload opens — is
     * written synchronously to the journal, which the next start-up stores first. Then `flush` tries the real writes.
     */
    saveNow(): void {
      const active = runs.activeUnconfirmed();
      storage.writeJournal({ entries: writer.unconfirmed(), ...(active ? { active: active.runId } : {}) });
    },
    /** Writes every queued event and the workspace now (on `pagehide`, when the page is hidden). */
    async flush(): Promise<void> {
      await Promise.all([writer.flush(), saver.flush(), runs.activeStored()]);
    },
  };
}
