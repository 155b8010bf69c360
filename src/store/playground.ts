/**
 * The app shell: `createPlayground(deps)` builds one zustand store made of slices — the workspace, the open run,
 * the run list, the user's tools, tool search, offline status, run files and the UI — and the actions that drive
 * it. Nothing here is module-level: the controllers, the writer and every dependency belong to one playground,
 * so tests (and, if ever needed, several panes) get fresh instances.
 *
 * The store holds no loop logic. The engine's controller decides; the store mirrors it, keeps the workspace,
 * and derives the next request with the engine's `nextRequest` (memoized, so the Request tab's preview and the
 * request the runtime receives are one object). Runs are saved as they grow (run-writer.ts) and the workspace
 * beside them, so a reload brings back the last open run with its workspace.
 */
import { createStore } from 'zustand/vanilla';
import type {
  ChatRuntime,
  ComparisonSource,
  DanglingChoice,
  Fault,
  InterruptedEvent,
  LoopControl,
  LoopEvent,
  LoopExtension,
  LoopSettings,
  LoopState,
  ModelRequest,
  NoticePart,
  Prediction,
  RefusalCode,
  RefusalValues,
  RequestStep,
  Result,
  RuntimeKind,
  Theme,
  Tool,
  ToolExecutor,
  ToolLanguage,
  ToolSearchSession,
  Workspace,
} from '../engine';
import {
  AdvisorLoopController,
  createLessonTools,
  createPresetTools,
  createRequestMemo,
  describeInterruption,
  EMPTY_WORKSPACE,
  err,
  errorMessage,
  exposedDefinitions,
  fixToolChoice,
  getScenario,
  INITIAL_STATE,
  injectFault,
  labSleep,
  LoopController,
  noRequestReason,
  ok,
  part,
  predict,
  refusalCode,
  REFUSALS,
  refusalValues,
  refuse,
  runNotice,
  RuntimeFailure,
  SCENARIOS,
  setResultId,
  toggleExposed,
  withToolLanguage,
  workspaceForScenario,
  workspaceOfRun,
} from '../engine';
import { StorageUnavailableError } from '../persistence';
import type { RunHeader, RunLoadError, StoredRun } from '../persistence/runs-db';
import type { RuntimeRegistry } from '../runtimes/registry';

export type { CatalogLine, RuntimeProvider } from '../runtimes/provider';
import type { GgufCache } from '../runtimes/wllama/gguf-cache';
import type { Catalog, ToolSource } from './catalog';
import { buildCatalog, EMPTY_CATALOG, exposedTools } from './catalog';
import type { DamagedRun, StorageStatus } from './damaged-runs';
import { exportDamagedRun, mergeDamaged } from './damaged-runs';
import type { McpState } from './mcp-servers';
import { createMcpServers, INITIAL_MCP } from './mcp-servers';
import type { OfflineState } from './offline-state';
import { createOffline, INITIAL_OFFLINE } from './offline-state';
import type { RunFilesState } from './run-files';
import { createRunFiles, INITIAL_RUN_FILES } from './run-files';
import { RunWriter } from './run-writer';
import type { PlaygroundStorage } from './storage';
import { sliceOf } from './slice';
import type { ToolSearchState } from './tool-search';
import { createToolSearch } from './tool-search';
import type { StudioState } from './user-tools-store';
import { createUserTools, INITIAL_STUDIO } from './user-tools-store';

/**
 * A notice beside the debugger controls. `text` is the English sentence; `code` and `values` (a refusal), `parts`
 * (the store's own notice) or `interruption` (a restore's) let the page word it in its own language.
 */
export type Notice = {
  readonly kind: 'error' | 'info';
  readonly text: string;
  readonly code?: RefusalCode;
  readonly values?: RefusalValues;
  /** A notice of the store's own (not a refusal): its sentences as codes and values. */
  readonly parts?: readonly NoticePart[];
  readonly interruption?: {
    readonly what: 'model-call' | 'tool-batch';
    readonly round: number;
    readonly unfinished: number;
    readonly finished: number;
  };
};

/** The notice of a refused command, with its code when it has one. */
function noticeOf(result: { readonly ok: false; readonly error: string }): Notice {
  const code = refusalCode(result);
  const values = refusalValues(result);
  return { kind: 'error', text: result.error, ...(code ? { code } : {}), ...(values ? { values } : {}) };
}

/** The inspector's tabs, in the order the page shows them (each tab's view: src/ui/inspector/inspector.tsx). */
export const INSPECTOR_TAB_IDS = [
  'turns',
  'request',
  'prompt',
  'stops',
  'metrics',
  'advisors',
  'tool-search',
  'mcp',
  'runs',
  'code',
] as const;
export type InspectorTab = (typeof INSPECTOR_TAB_IDS)[number];

/** A run as the Runs tab lists it. */
export type RunSummary = RunHeader;

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
  readonly nextRequest: Result<ModelRequest>;
  /** A refused command, a restore's interruption, a reset tool choice: shown beside the debugger controls. */
  readonly notice: Notice | null;
}

export interface UiState {
  readonly inspectorTab: InspectorTab;
  /** The model call the Request / Prompt tabs show; null = the next request (or the latest call). */
  readonly selectedRound: number | null;
  readonly ready: boolean;
  readonly shortcutsOpen: boolean;
}

export interface RunsState {
  readonly list: readonly RunSummary[];
  /** Problems reading what was stored (the workspace, the user's tools), one sentence each. */
  readonly storageProblems: readonly string[];
  /** Stored runs that failed the deep check: set aside, never opened (exportable, deletable). */
  readonly damaged: readonly DamagedRun[];
  /** Whether this page can save at all (a blocked open, another tab's upgrade, a full disk). */
  readonly storage: StorageStatus;
}

export interface PlaygroundState {
  readonly workspace: Workspace;
  readonly catalog: Catalog;
  readonly run: RunView;
  readonly runs: RunsState;
  readonly userTools: StudioState;
  readonly toolSearch: ToolSearchState;
  readonly offline: OfflineState;
  readonly runFiles: RunFilesState;
  readonly mcp: McpState;
  readonly ui: UiState;
}

export interface PlaygroundDeps {
  readonly runtimes: RuntimeRegistry;
  readonly storage: PlaygroundStorage;
  /** Where user tools' code runs (the browser sandbox: QuickJS in a fresh worker per execution). */
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
  /** Runs a task after the current one: the run writer's batch, the workspace save. */
  readonly schedule: (task: () => void, ms?: number) => void;
  /** The page's query string, and a way to rewrite it (`?scenario=` is consumed once applied); null in tests. */
  readonly location: { readonly search: () => string; readonly replaceSearch: (search: string) => void } | null;
  readonly gguf?: GgufCache;
}

const ACTIVE_RUN = 'activeRunId';
const SKIPPED_TEXT = 'Skipped: this call was interrupted by a reload and was not run again.';

/** One playground: its store, the actions of each slice, the runtimes and the advisor chain. */
export type Playground = ReturnType<typeof createPlayground>;
export type PlaygroundActions = Playground['actions'];

export function createPlayground(deps: PlaygroundDeps) {
  const { storage } = deps;
  const firstScenario = SCENARIOS[0]!;
  const store = createStore<PlaygroundState>()(() => ({
    workspace: workspaceForScenario(firstScenario, EMPTY_WORKSPACE),
    catalog: EMPTY_CATALOG,
    run: {
      events: [],
      loop: INITIAL_STATE,
      streaming: '',
      busy: false,
      running: false,
      nextRequest: err('Loading…'),
      notice: null,
    },
    runs: { list: [], storageProblems: [], damaged: [], storage: storage.status() },
    userTools: INITIAL_STUDIO,
    toolSearch: { index: deps.toolSearch.indexKind },
    offline: INITIAL_OFFLINE,
    runFiles: INITIAL_RUN_FILES,
    mcp: INITIAL_MCP,
    ui: { inspectorTab: 'turns', selectedRound: null, ready: false, shortcutsOpen: false },
  }));
  const get = store.getState;
  const patch = <K extends keyof PlaygroundState>(key: K, value: Partial<PlaygroundState[K]>) =>
    store.setState((s) => ({ [key]: { ...s[key], ...value } }) as unknown as Partial<PlaygroundState>);

  // ── slices with their own modules ────────────────────────────────────────────────────────────────────────

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
  const offline = createOffline(sliceOf(store, 'offline'), deps.gguf);

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
  storage.subscribeStatus((status) => patch('runs', { storage: status }));

  // ── the runtime ──────────────────────────────────────────────────────────────────────────────────────────

  /** The selected runtime, or a stand-in that refuses every request with the reason it is not ready. */
  function currentRuntime(): ChatRuntime {
    const kind = get().workspace.runtimeKind;
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

  // ── the controllers, fed by the workspace ────────────────────────────────────────────────────────────────

  const requestMemo = createRequestMemo(deps.requestSteps, deps.extensions);
  const workspaceSource = {
    request: (state: LoopState) => requestMemo({ workspace: get().workspace, state, catalog: get().catalog.all }),
    tools: () => exposedTools(sources(), get().workspace),
    toolLanguage: (name: string) => get().workspace.toolOverrides[name]?.language,
  };
  const controllerDeps = {
    runtime: currentRuntime,
    now: deps.now,
    newRunId: deps.newRunId,
    workspace: workspaceSource,
    sleep: labSleep,
    extensions: deps.extensions,
  };
  const manual = new LoopController(controllerDeps);
  const advisor = new AdvisorLoopController(controllerDeps);
  let controller: LoopController | AdvisorLoopController = manual;

  const writer = new RunWriter({
    append: storage.appendEvents,
    now: deps.now,
    schedule: (flush) => deps.schedule(flush),
    // A storage that cannot be used at all is announced once in the main view, not after every batch.
    onError: (text, error) => {
      if (!(error instanceof StorageUnavailableError) && get().runs.storage.kind !== 'full') {
        patch('run', { notice: { kind: 'error', text } });
      }
    },
    onSaved: (header) => upsertSummary(header),
  });

  /** The open run's title and lineage as the run list has them (a fork's or an import's name wins). */
  function metaOf(runId: string | null): { title?: string; parent?: RunHeader['parent'] } {
    const summary = get().runs.list.find((r) => r.runId === runId);
    return summary ? { title: summary.title, ...(summary.parent ? { parent: summary.parent } : {}) } : {};
  }

  function mirror(): void {
    const events = controller.getEvents();
    const loop = controller.getState();
    patch('run', {
      events,
      loop,
      streaming: controller.getStreamingText(),
      busy: controller.isBusy(),
      running: controller.isRunning(),
    });
    writer.sync(events, loop, metaOf(loop.runId));
  }
  for (const c of [manual, advisor]) {
    c.subscribe(() => {
      if (c === controller) mirror();
    });
  }

  // ── derived: the next request, and what follows a workspace change ───────────────────────────────────────

  const reasons = new Map<string, Result<ModelRequest>>();
  /** One object per reason, so an unchanged reason does not look like a new value. */
  const because = (reason: string): Result<ModelRequest> => {
    let result = reasons.get(reason);
    if (!result) reasons.set(reason, (result = err(reason)));
    return result;
  };
  let lastGate: { request: ModelRequest; result: Result<ModelRequest> } | null = null;

  function computeNextRequest(s: PlaygroundState): Result<ModelRequest> {
    if (s.workspace.loopControl === 'manual') {
      return requestMemo({ workspace: s.workspace, state: s.run.loop, catalog: s.catalog.all });
    }
    const gate = advisor.getPendingRequest();
    if (gate) {
      if (lastGate?.request !== gate) lastGate = { request: gate, result: ok(gate) };
      return lastGate.result;
    }
    return because(noRequestReason(s.run.loop) ?? REFUSALS.nextByChain);
  }

  let savedWorkspace: Workspace | null = null;
  /** The workspace write under way, and whether the workspace changed again since it started. */
  let savingWorkspace: Promise<void> | null = null;
  let workspaceChangedSince = false;

  /**
   * Writes the workspace at once, or once more when the write under way ends: one write at a time, and the last
   * state is always written. Not delayed: a reload right after a change (a scenario chosen, a tool ticked) must
   * find it, and a write started while the page unloads may never finish.
   */
  function saveWorkspaceSoon(): void {
    if (savingWorkspace) {
      workspaceChangedSince = true;
      return;
    }
    savingWorkspace = saveWorkspaceNow().finally(() => {
      savingWorkspace = null;
      if (workspaceChangedSince) {
        workspaceChangedSince = false;
        saveWorkspaceSoon();
      }
    });
  }

  /** Resolves when the workspace as it is now is stored (or storing it failed). */
  async function flushWorkspace(): Promise<void> {
    while (savingWorkspace) await savingWorkspace;
    await saveWorkspaceNow();
  }

  async function saveWorkspaceNow(): Promise<void> {
    const workspace = get().workspace;
    if (workspace === savedWorkspace || !get().ui.ready) return;
    savedWorkspace = workspace;
    try {
      await storage.saveWorkspace(workspace);
    } catch {
      // The workspace is a convenience across reloads; the runs themselves are saved on their own.
    }
  }

  store.subscribe((s, previous) => {
    const next = computeNextRequest(s);
    if (next !== s.run.nextRequest) patch('run', { nextRequest: next });
    if (s.userTools.specs !== previous.userTools.specs || s.mcp.servers !== previous.mcp.servers) {
      store.setState({ catalog: buildCatalog(sources()) });
    }
    if (s.workspace.scenarioId !== previous.workspace.scenarioId) {
      deps.runtimes.scripted.setScript(getScenario(s.workspace.scenarioId ?? '')?.script ?? null);
    }
    if (s.workspace.exposed !== previous.workspace.exposed || s.catalog !== previous.catalog) {
      const exposed = exposedDefinitions(s.workspace, s.catalog.all);
      if (exposed.ok) toolSearch.syncIndex(exposed.value);
    }
    if (s.workspace !== previous.workspace) saveWorkspaceSoon();
  });
  deps.runtimes.scripted.setScript(getScenario(get().workspace.scenarioId ?? '')?.script ?? null);
  patch('run', { nextRequest: computeNextRequest(get()) });

  // ── helpers ──────────────────────────────────────────────────────────────────────────────────────────────

  function setWorkspace(workspace: Workspace): void {
    store.setState({ workspace });
  }

  /** Shows a refused command as a notice; a command that went through clears the last one (it is stale now). */
  function report(result: Result): boolean {
    if (!result.ok) patch('run', { notice: noticeOf(result) });
    else if (get().run.notice) patch('run', { notice: null });
    return result.ok;
  }

  function upsertSummary(summary: RunSummary): void {
    const list = get().runs.list.filter((r) => r.runId !== summary.runId);
    patch('runs', { list: [summary, ...list].sort((a, b) => b.updatedAt - a.updatedAt) });
  }

  function addProblems(problems: readonly string[]): void {
    if (problems.length > 0) patch('runs', { storageProblems: [...get().runs.storageProblems, ...problems] });
  }

  async function reloadRunList(): Promise<void> {
    const { runs, damaged } = await storage.loadRunHeaders();
    patch('runs', { list: runs });
    setAside(damaged);
  }

  /** Sets damaged runs aside: listed under "Damaged runs", gone from the run list, never opened. */
  function setAside(damaged: readonly DamagedRun[]): void {
    if (damaged.length === 0) return;
    const ids = new Set(damaged.map((d) => d.runId));
    patch('runs', {
      damaged: mergeDamaged(get().runs.damaged, damaged),
      list: get().runs.list.filter((r) => !ids.has(r.runId)),
    });
  }

  /** What a failed load means for the page: a damaged run is set aside; the sentence for the notice. */
  function loadFailure(error: RunLoadError): string {
    if (error.kind === 'missing') return 'That run is no longer stored in this browser.';
    const { kind: _kind, ...damaged } = error;
    setAside([damaged]);
    return `“${damaged.title ?? damaged.runId}” is damaged and was set aside: see Damaged runs in the Runs tab.`;
  }

  /** Checks every stored run in depth after start-up, off the critical path, and sets the damaged ones aside. */
  async function findDamaged(): Promise<void> {
    try {
      setAside(await storage.findDamagedRuns());
    } catch {
      // Storage that cannot be read is announced by its status; the runs already listed stay usable.
    }
  }

  function rememberActive(runId: string | null): void {
    void storage.saveSetting(ACTIVE_RUN, runId).catch(() => {
      // Without it a reload opens no run; nothing is lost.
    });
  }

  function allTools(): Tool[] {
    return sources().flatMap((s) => s.tools());
  }

  function switchController(loopControl: LoopControl): void {
    controller = loopControl === 'advisor' ? advisor : manual;
  }

  /**
   * Opens a stored run (see `restoreRun`). A log that passed the deep check and still cannot be restored is set
   * aside as damaged, naming it, and the page stays on a fresh run: it never blanks the app.
   */
  function openStoredRun(run: StoredRun, draft: string): boolean {
    try {
      restoreRun(run, draft);
      return true;
    } catch (error) {
      detachRun();
      mirror();
      setAside([
        { runId: run.runId, title: run.title, damage: { kind: 'replay', event: null, detail: errorMessage(error) } },
      ]);
      patch('run', {
        notice: runNotice(
          'error',
          part('restoreFailed', { title: run.title || run.runId, error: errorMessage(error) }),
        ),
      });
      return false;
    }
  }

  /** Opens a stored run: its log in the right controller, and its whole workspace. */
  function restoreRun(run: StoredRun, draft: string): void {
    const loopControl: LoopControl = run.events.some((e) => e.type === 'advisor-chain') ? 'advisor' : 'manual';
    switchController(loopControl);
    writer.track(run.runId, run.events.length);
    report(controller.restore(run.events, allTools()));
    const scenario = getScenario(run.scenarioId ?? '');
    setWorkspace(
      workspaceOfRun(controller.getState(), {
        ...get().workspace,
        userDraft: draft,
        loopControl,
        toolOverrides: scenario?.toolOverrides ?? {},
      }),
    );
    mirror();
    patch('ui', { selectedRound: null });
    const last = controller.getEvents().at(-1);
    if (last?.type === 'interrupted') {
      const finished = controller.getState().pending ? Object.keys(controller.getState().pending!.finished).length : 0;
      const event = last as InterruptedEvent;
      patch('run', {
        notice: {
          kind: 'info',
          text: describeInterruption(event, finished),
          interruption: { what: event.what, round: event.round, unfinished: event.callIds.length, finished },
        },
      });
    } else {
      patch('run', { notice: null });
    }
  }

  /** Lets go of the open run (it stays stored): the next Send starts a new one. */
  function detachRun(): void {
    if (controller.isBusy()) controller.stop();
    controller.restore([], []);
    writer.track(null, 0);
    patch('ui', { selectedRound: null });
    rememberActive(null);
  }

  /** "Opened … as a new run": `scenarioId` lets the page word the scenario's title ('' is the own workspace). */
  function openedReplacing(scenarioId: string, title: string, previousId: string): NoticePart {
    const previous = get().runs.list.find((r) => r.runId === previousId)?.title;
    return previous
      ? part('openedReplacing', { title, scenarioId, previous })
      : part('openedReplacingUntitled', { title, scenarioId });
  }

  /** The workspace a scenario opens (or, for none, the presets and the user's own tools). */
  function scenarioWorkspace(id: string | null, current: Workspace): Workspace {
    const scenario = getScenario(id ?? '');
    if (scenario) return workspaceForScenario(scenario, current);
    const own = get()
      .catalog.groups.filter((g) => g.id === 'presets' || g.id === 'user-tools')
      .flatMap((g) => g.tools.map((t) => t.name));
    return workspaceForScenario({ id: null, toolNames: own }, current);
  }

  // ── actions ──────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Loads the user's tools, the run list and the last workspace; then either applies `?scenario=` (a clean run of
   * that scenario — the URL parameter is consumed, so a reload restores what the person did next) or restores
   * the last open run with its workspace.
   */
  async function initialize(): Promise<void> {
    // The stored parts do not depend on each other: they are read together, so Send is usable after the slowest
    // read rather than after all of them one by one. Everything below needs all of them.
    let unreadable: unknown = null;
    const read = <T>(reading: Promise<T>, fallback: T): Promise<T> =>
      reading.catch((error: unknown) => {
        unreadable ??= error;
        return fallback;
      });
    const [, , , saved, , activeId] = await Promise.all([
      userTools.init().catch((error: unknown) => {
        addProblems([`Your saved tools could not be loaded (${errorMessage(error)}).`]);
      }),
      toolSearch.init(),
      // The remembered MCP servers list their last tools now (so exposed ones stay valid) and reconnect meanwhile.
      mcp.init(),
      read(storage.loadWorkspace(), null),
      read(reloadRunList(), undefined),
      read(storage.loadSetting(ACTIVE_RUN), null),
    ]);
    // A storage this page cannot use is announced by its status (the main view says the app runs unsaved).
    if (unreadable !== null && !(unreadable instanceof StorageUnavailableError)) {
      addProblems([
        `Saved runs could not be read (${errorMessage(unreadable)}). New runs still work; they may not be saved.`,
      ]);
    }
    let workspace = get().workspace;
    if (saved?.ok) workspace = saved.value;
    else if (saved) addProblems([saved.error]);
    const active = get().runs.list.find((r) => r.runId === activeId) ?? null;
    const params = new URLSearchParams(deps.location?.search() ?? '');
    const requested = params.get('scenario');
    if (requested !== null) {
      params.delete('scenario');
      const rest = params.toString();
      deps.location?.replaceSearch(rest === '' ? '' : `?${rest}`);
    }
    const scenario = requested === null ? undefined : getScenario(requested);
    if (requested !== null && !scenario) {
      patch('run', { notice: runNotice('error', part('noScenario', { id: requested })) });
    }
    if (scenario) {
      setWorkspace(workspaceForScenario(scenario, workspace));
      if (active) {
        rememberActive(null);
        patch('run', {
          notice: runNotice(
            'info',
            part('openedScenario', { title: scenario.title, scenarioId: scenario.id, previous: active.title }),
          ),
        });
      }
    } else if (active) {
      setWorkspace(workspace);
      const run = await storage.loadRun(active.runId).catch((error: unknown) =>
        err<RunLoadError>({
          kind: 'damaged',
          runId: active.runId,
          title: active.title,
          damage: { kind: 'unreadable', detail: errorMessage(error) },
        }),
      );
      if (run.ok) {
        if (!openStoredRun(run.value, workspace.userDraft)) rememberActive(null);
      } else {
        patch('run', { notice: { kind: 'error', text: loadFailure(run.error) } });
        rememberActive(null);
      }
    } else {
      setWorkspace(workspace);
    }
    savedWorkspace = get().workspace;
    patch('ui', { ready: true });
    deps.schedule(() => void findDamaged());
  }

  let initialized: Promise<void> | null = null;

  const actions = {
    /**
     * Loads the stored state and applies `?scenario=` or restores the last open run (see `initialize`). Runs once:
     * a second call (React's StrictMode mounts twice in development) gets the first one's promise, so a scenario
     * is never applied and then undone by a restore.
     */
    init(): Promise<void> {
      // The page waits for `ready` (it shows its skeleton until then), so a start-up that fails in a way no step
      // above handles still ends ready, saying what went wrong, with the workspace it had.
      initialized ??= initialize().catch((error: unknown) => {
        addProblems([`The playground could not restore what this browser stored (${errorMessage(error)}).`]);
        patch('ui', { ready: true });
      });
      return initialized;
    },

    /**
     * Opens a scenario's workspace. A run that exists is never mixed with it: it stays stored (the Runs tab) and
     * the next Send starts a new run of the scenario.
     */
    selectScenario(id: string): void {
      if (controller.isBusy()) {
        patch('run', { notice: noticeOf(refuse('stopBeforeScenario')) });
        return;
      }
      const previous = controller.getState().runId;
      if (previous !== null) detachRun();
      setWorkspace(scenarioWorkspace(id === '' ? null : id, get().workspace));
      const title = getScenario(id)?.title ?? 'your own workspace';
      patch('run', {
        notice: previous !== null ? runNotice('info', openedReplacing(id, title, previous)) : null,
      });
    },

    /** The system prompt belongs to a run from its start: it can change only while no run is open. */
    setSystem(system: string): void {
      if (controller.getState().runId !== null) {
        report(refuse('systemLocked'));
        return;
      }
      setWorkspace({ ...get().workspace, system });
    },

    setUser(userDraft: string): void {
      setWorkspace({ ...get().workspace, userDraft });
    },

    setSettings(change: Partial<LoopSettings>): void {
      const settings = { ...get().workspace.settings, ...change };
      setWorkspace({ ...get().workspace, settings });
      report(controller.updateSettings(settings));
    },

    setRuntime(runtimeKind: RuntimeKind): void {
      if (controller.isBusy()) {
        report(refuse('busyRuntime'));
        return;
      }
      setWorkspace({ ...get().workspace, runtimeKind });
    },

    /** Ticks or unticks a tool: the next request carries exactly the ticked tools. */
    toggleTool(name: string, on: boolean): void {
      if (controller.isBusy()) {
        report(refuse('busyTools'));
        return;
      }
      const before = get().workspace;
      const fixed = fixToolChoice(toggleExposed(before, name, on));
      setWorkspace(fixed.workspace);
      if (fixed.workspace.settings !== before.settings) report(controller.updateSettings(fixed.workspace.settings));
      if (fixed.notice) patch('run', { notice: runNotice('info', fixed.notice) });
    },

    /**
     * Describes the exposed tools that have Korean words in `language` (scenarios/tool-language.ts): from the next
     * request on, and logged with the tools that request carries.
     */
    setToolLanguage(language: ToolLanguage): void {
      if (controller.isBusy()) {
        report(refuse('busyDescriptions'));
        return;
      }
      setWorkspace(withToolLanguage(get().workspace, language));
    },

    /** Switches who drives the loop; the next Send starts a fresh run with it. */
    /** The header's theme switch; saved with the workspace ("system" is the default: no field). */
    setTheme(theme: Theme): void {
      const { theme: _old, ...rest } = get().workspace;
      setWorkspace(theme === 'system' ? rest : { ...rest, theme });
    },

    setLoopControl(loopControl: LoopControl): void {
      if (controller.isBusy() || controller.isRunning()) {
        report(refuse('stopBeforeControl'));
        return;
      }
      detachRun();
      switchController(loopControl);
      setWorkspace({ ...get().workspace, loopControl });
      mirror();
    },

    /** Starts a fresh run on the next Send (the current one stays stored). */
    newRun(): void {
      detachRun();
      patch('run', { notice: null });
    },

    /**
     * Sends the user's draft: the first message of a new run when none is open, or — once a run has ended — the
     * next user turn of the same conversation. `dangling` closes tool calls the last run left unanswered (see
     * engine/loop/dangling-calls.ts); without it such a Send is refused, saying why.
     */
    send(dangling?: DanglingChoice): boolean {
      if (controller.isBusy()) return report(refuse('busy'));
      const workspace = get().workspace;
      if (workspace.userDraft.trim() === '') return report(refuse('writeUserMessage'));
      const loop = controller.getState();
      if (loop.runId === null || loop.phase === 'idle') {
        const tools = exposedTools(sources(), workspace);
        if (!tools.ok) return report(tools);
        const started = controller.startRun({
          system: workspace.system,
          tools: tools.value,
          settings: workspace.settings,
          ...(workspace.scenarioId !== null ? { scenarioId: workspace.scenarioId } : {}),
        });
        if (!report(started)) return false;
        rememberActive(controller.getState().runId);
      }
      return report(controller.send(workspace.userDraft, dangling));
    },

    /** One phase. At idle it sends the draft first; at the end of a run it refuses, saying why. */
    async step(): Promise<void> {
      const phase = controller.getState().phase;
      if (phase === 'done') return void report(refuse('runEnded'));
      if (phase === 'idle' && !actions.send()) return;
      report(await controller.step());
    },

    async runToEnd(): Promise<void> {
      const phase = controller.getState().phase;
      if (phase === 'done') return void report(refuse('runEnded'));
      if (phase === 'idle' && !actions.send()) return;
      report(await controller.runToEnd());
    },

    stop(): void {
      report(controller.stop());
    },

    async approve(callId: string) {
      return report(await controller.approve(callId));
    },
    async approveAll() {
      return report(await controller.approveAll());
    },
    async deny(callId: string, reason?: string) {
      return report(await controller.deny(callId, reason));
    },
    /** Returns the refusal (invalid JSON / schema; code and values for the page) so the editor can show it beside the field. */
    async editArguments(callId: string, text: string, rewriteHistory = false): Promise<Notice | null> {
      const result = await controller.editArguments(callId, text, rewriteHistory);
      return result.ok ? null : noticeOf(result);
    },
    async writeResult(callId: string, text: string, isError: boolean) {
      return report(await controller.writeResult(callId, text, isError));
    },
    /** The teaching lab (engine/lab): a prediction, a fault for one pending call, the id a result is sent with. */
    async predict(prediction: Prediction) {
      return report(await predict(controller.host, prediction));
    },
    injectFault(callId: string, fault: Fault) {
      return report(injectFault(controller.host, callId, fault));
    },
    setResultId(callId: string, sentId: string | null) {
      return report(setResultId(controller.host, callId, sentId));
    },
    /** An interrupted call: the model receives an error result saying it was not run again. */
    async skipInterrupted(callId: string) {
      return report(await controller.writeResult(callId, SKIPPED_TEXT, true));
    },

    async openRun(runId: string): Promise<void> {
      if (controller.isBusy()) {
        report(refuse('busyOpenRun'));
        return;
      }
      const run = await storage.loadRun(runId).catch((error: unknown) =>
        err<RunLoadError>({
          kind: 'damaged',
          runId,
          title: null,
          damage: { kind: 'unreadable', detail: errorMessage(error) },
        }),
      );
      if (!run.ok) return void report(err(loadFailure(run.error)));
      if (openStoredRun(run.value, '')) rememberActive(runId);
    },

    async removeRun(runId: string): Promise<void> {
      try {
        await storage.deleteRun(runId);
      } catch (error) {
        return void report(err(`Could not delete the run: ${errorMessage(error)}`));
      }
      patch('runs', { list: get().runs.list.filter((r) => r.runId !== runId) });
      if (controller.getState().runId === runId) actions.newRun();
    },

    /** A damaged run's records exactly as stored, as a file (see `exportDamagedRun`). */
    async exportDamagedRun(runId: string) {
      const damaged = get().runs.damaged.find((d) => d.runId === runId);
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
      patch('runs', { damaged: get().runs.damaged.filter((d) => d.runId !== runId) });
      return ok();
    },

    setInspectorTab: (inspectorTab: InspectorTab) => patch('ui', { inspectorTab }),
    /** Shows one model call in the Request (or Prompt) tab; null shows the next request. */
    selectRound: (selectedRound: number | null, inspectorTab: InspectorTab = 'request') =>
      patch('ui', { selectedRound, inspectorTab }),
    clearNotice: () => patch('run', { notice: null }),
    openShortcuts: () => patch('ui', { shortcutsOpen: true }),
    closeShortcuts: () => patch('ui', { shortcutsOpen: false }),

    /** The current workspace for the Advisors tab's side-by-side runs. */
    comparisonSource(): ComparisonSource | { error: string } {
      const workspace = get().workspace;
      if (workspace.userDraft.trim() === '') return { error: 'Write a user message first.' };
      const tools = exposedTools(sources(), workspace);
      if (!tools.ok) return { error: tools.error };
      return {
        runtime: currentRuntime(),
        tools: tools.value,
        system: workspace.system,
        user: workspace.userDraft,
        settings: workspace.settings,
        now: deps.now,
        requestSteps: deps.requestSteps,
        extensions: deps.extensions,
      };
    },
  };

  const runFiles = createRunFiles(sliceOf(store, 'runFiles'), {
    storage,
    now: deps.now,
    newRunId: deps.newRunId,
    run: () => ({ runId: controller.getState().runId, events: controller.getEvents(), busy: controller.isBusy() }),
    flush: () => writer.flush(),
    reloadRunList,
    openRun: actions.openRun,
    titleOf: (runId) => get().runs.list.find((r) => r.runId === runId)?.title ?? '',
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
    /** The advisor-controlled loop's chain (the Advisors tab edits it). */
    advisors: advisor as Pick<AdvisorLoopController, 'getAdvisorConfig' | 'configureAdvisors' | 'subscribe'>,
    /** Writes every queued event and the workspace now (on `pagehide`, when the page is hidden). */
    async flush(): Promise<void> {
      await Promise.all([writer.flush(), flushWorkspace()]);
    },
  };
}
