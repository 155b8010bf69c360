/**
 * The UI's state (zustand). It holds the drafts and choices the user makes, mirrors the current run from the
 * engine's LoopController, and forwards commands to it. No loop logic lives here: the controller decides, the
 * store only relays and persists the run's event log.
 */
import { create } from 'zustand';
import type { ComparisonSource } from '../engine/advisors/compare';
import { AdvisorLoopController } from '../engine/advisors/controller';
import { LoopController } from '../engine/loop/controller';
import type { LoopEvent, LoopSettings } from '../engine/loop/events';
import { DEFAULT_SETTINGS } from '../engine/loop/events';
import type { LoopState } from '../engine/loop/state';
import { INITIAL_STATE } from '../engine/loop/state';
import type { ChatRuntime, ModelRequest, RuntimeKind } from '../engine/runtime';
import { RuntimeFailure } from '../engine/runtime';
import type { Scenario } from '../engine/scenarios';
import { getScenario, SCENARIOS, toolsForScenario } from '../engine/scenarios';
import type { Tool } from '../engine/tool';
import { errorMessage } from '../engine/tool';
import type { StoredRun } from '../persistence/runs-db';
import { deleteRun, loadRuns, loadSetting, saveRun, saveSetting } from '../persistence/runs-db';
import { providerFor, scriptedProvider } from '../runtimes/registry';
import { studioActions } from './user-tools-store';
import { toolSources, workspaceTools } from './tool-catalog';
import { type Result } from '../engine/result';

export interface RunSummary {
  readonly runId: string;
  readonly title: string;
  readonly updatedAt: number;
  readonly scenarioId?: string;
  readonly parent?: StoredRun['parent'];
  readonly finished: boolean;
}

export type Notice = { readonly kind: 'error' | 'info'; readonly text: string };

/** Who drives the loop: the learner (manual) or the advisor chain. Both take the same debugger commands. */
export type LoopControl = 'manual' | 'advisor';

export type InspectorTab = 'turns' | 'request' | 'prompt' | 'stops' | 'metrics' | 'advisors' | 'runs' | 'tool-search';

export interface AppState {
  readonly scenarioId: string | null;
  readonly system: string;
  readonly user: string;
  readonly settings: LoopSettings;
  readonly runtimeKind: RuntimeKind;
  /** Tool names exposed in the next request. */
  readonly exposed: Readonly<Record<string, boolean>>;
  readonly events: readonly LoopEvent[];
  readonly loop: LoopState;
  readonly streaming: string;
  readonly busy: boolean;
  readonly running: boolean;
  readonly runs: readonly RunSummary[];
  readonly notice: Notice | null;
  readonly storageProblems: readonly string[];
  readonly inspectorTab: InspectorTab;
  /** The model call the Request / Prompt tabs show; null = the latest. */
  readonly selectedRound: number | null;
  readonly ready: boolean;
  readonly loopControl: LoopControl;
}

const initialState: AppState = {
  scenarioId: null,
  system: 'You are a helpful assistant. Use the tools when they help.',
  user: '',
  settings: DEFAULT_SETTINGS,
  runtimeKind: 'scripted',
  exposed: {},
  events: [],
  loop: INITIAL_STATE,
  streaming: '',
  busy: false,
  running: false,
  runs: [],
  notice: null,
  storageProblems: [],
  inspectorTab: 'turns',
  selectedRound: null,
  ready: false,
  loopControl: 'manual',
};

export const useAppStore = create<AppState>()(() => initialState);

const set = useAppStore.setState;
const get = useAppStore.getState;

let requestHook: ((request: ModelRequest) => ModelRequest) | null = null;

/** Lets a feature adjust every request before it is sent (tool search adds the tools found so far). */
export function setRequestHook(hook: ((request: ModelRequest) => ModelRequest) | null): void {
  requestHook = hook;
}

function currentRuntime(): ChatRuntime {
  const provided = providerFor(get().runtimeKind).getRuntime();
  if (provided.runtime) return provided.runtime;
  return {
    kind: get().runtimeKind,
    label: providerFor(get().runtimeKind).label,
    generate: () => Promise.reject(new RuntimeFailure(provided.reason, 'runtime-not-ready')),
  };
}

const controllerDeps = {
  runtime: currentRuntime,
  now: () => Date.now(),
  newRunId: () => `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`,
  prepareRequest: (request: ModelRequest) => (requestHook ? requestHook(request) : request),
};

export const manualController = new LoopController(controllerDeps);
export const advisorController = new AdvisorLoopController(controllerDeps);

/** The controller the debugger drives now (a live binding: importers always see the current one). */
export let controller: LoopController | AdvisorLoopController = manualController;

// ── mirror the controller and persist its log ─────────────────────────────────────────────────────────────

let saveTimer: ReturnType<typeof setTimeout> | null = null;
let lastSavedLength = 0;

function mirror(): void {
  const events = controller.getEvents();
  set({
    events,
    loop: controller.getState(),
    streaming: controller.getStreamingText(),
    busy: controller.isBusy(),
    running: controller.isRunning(),
  });
  if (events.length !== lastSavedLength) scheduleSave();
}

for (const c of [manualController, advisorController]) {
  c.subscribe(() => {
    if (c === controller) mirror();
  });
}

/** The current scenario and runtime, for the Advisors tab's side-by-side runs. */
export function comparisonSource(): ComparisonSource | { error: string } {
  const state = get();
  if (state.user.trim() === '') return { error: 'Write a user message first.' };
  return {
    runtime: currentRuntime(),
    tools: exposedToolsFor(getScenario(state.scenarioId ?? '')),
    system: state.system,
    user: state.user,
    settings: state.settings,
    now: () => Date.now(),
  };
}

function scheduleSave(): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => void persistActiveRun(), 120);
}

/** Writes the active run now (also used before a reload in tests through the UI's own flow). */
export async function persistActiveRun(): Promise<void> {
  saveTimer = null;
  const events = controller.getEvents();
  const state = controller.getState();
  if (!state.runId || events.length === 0) return;
  lastSavedLength = events.length;
  const existing = get().runs.find((r) => r.runId === state.runId);
  const firstUser = events.find((e) => e.type === 'user-message');
  const scenarioId = state.config?.scenarioId;
  // A stored title wins (a fork's or an imported run's name); a new run is named after its first message.
  const title =
    existing?.title ||
    (firstUser?.type === 'user-message'
      ? firstUser.content.slice(0, 60)
      : (getScenario(scenarioId ?? '')?.title ?? 'Untitled run'));
  const run: StoredRun = {
    runId: state.runId,
    title,
    createdAt: events[0]?.at ?? Date.now(),
    updatedAt: Date.now(),
    ...(scenarioId !== undefined ? { scenarioId } : {}),
    ...(existing?.parent ? { parent: existing.parent } : {}),
    events,
  };
  try {
    await saveRun(run);
    await saveSetting('activeRunId', run.runId);
    upsertSummary(summarize(run));
  } catch (error) {
    set({ notice: { kind: 'error', text: `Could not save the run in this browser: ${errorMessage(error)}` } });
  }
}

/** Re-reads the stored runs into the run list (after an import or a fork wrote one). */
export async function reloadRunList(): Promise<void> {
  const { runs, problems } = await loadRuns();
  set({ runs: runs.map(summarize), storageProblems: [...get().storageProblems, ...problems] });
}

function summarize(run: StoredRun): RunSummary {
  return {
    runId: run.runId,
    title: run.title,
    updatedAt: run.updatedAt,
    ...(run.scenarioId !== undefined ? { scenarioId: run.scenarioId } : {}),
    ...(run.parent ? { parent: run.parent } : {}),
    finished: run.events.some((e) => e.type === 'run-finished') && run.events.at(-1)?.type === 'run-finished',
  };
}

function upsertSummary(summary: RunSummary): void {
  const runs = get().runs.filter((r) => r.runId !== summary.runId);
  set({ runs: [summary, ...runs].sort((a, b) => b.updatedAt - a.updatedAt) });
}

// ── actions ───────────────────────────────────────────────────────────────────────────────────────────────

function exposedToolsFor(scenario: Scenario | undefined): Tool[] {
  const all = workspaceTools();
  const tools = scenario ? toolsForScenario(scenario, all) : all;
  const exposed = get().exposed;
  return tools.filter((t) => exposed[t.name] ?? false);
}

function applyScenarioDrafts(scenario: Scenario | undefined): void {
  scriptedProvider.setScript(scenario?.script ?? null);
  // A scenario exposes its own tools; without one, the presets and the user's own tools are exposed (not the
  // 28-tool search workspace, whose search tool would switch tool search on for every custom run).
  const names = new Set(
    scenario?.toolNames ??
      toolSources()
        .filter((source) => source.id === 'presets' || source.id === 'user-tools')
        .flatMap((source) => source.tools().map((t) => t.name)),
  );
  const exposed: Record<string, boolean> = {};
  for (const tool of workspaceTools()) exposed[tool.name] = names.has(tool.name);
  set({
    scenarioId: scenario?.id ?? null,
    system: scenario?.system ?? get().system,
    user: scenario?.user ?? '',
    exposed,
    settings: { ...DEFAULT_SETTINGS, ...get().settings, ...(scenario?.settings ?? {}) },
  });
}

export const actions = {
  /** Loads stored runs and restores the last active one; applies `?scenario=` to the drafts. */
  async init(): Promise<void> {
    const params = new URLSearchParams(location.search);
    const scenario = getScenario(params.get('scenario') ?? '') ?? SCENARIOS[0];
    try {
      // User tools first: a restored run may call them.
      await studioActions.init();
    } catch (error) {
      set({ storageProblems: [`Your saved tools could not be loaded (${errorMessage(error)}).`] });
    }
    applyScenarioDrafts(scenario);
    try {
      const { runs, problems } = await loadRuns();
      set({ runs: runs.map(summarize), storageProblems: [...get().storageProblems, ...problems] });
      const activeId = await loadSetting('activeRunId');
      const active = runs.find((r) => r.runId === activeId);
      if (active) restoreRun(active);
    } catch (error) {
      set({
        storageProblems: [
          `Saved runs could not be read (${errorMessage(error)}). New runs still work; they may not be saved.`,
        ],
      });
    }
    set({ ready: true });
  },

  selectScenario(id: string): void {
    const scenario = getScenario(id);
    applyScenarioDrafts(scenario);
    actions.clearNotice();
  },

  setSystem: (system: string) => set({ system }),
  setUser: (user: string) => set({ user }),

  setSettings(patch: Partial<LoopSettings>): void {
    const settings = { ...get().settings, ...patch };
    set({ settings });
    report(controller.updateSettings(settings));
  },

  setRuntime(kind: RuntimeKind): void {
    set({ runtimeKind: kind });
  },

  toggleTool(name: string, on: boolean): void {
    set({ exposed: { ...get().exposed, [name]: on } });
  },

  setInspectorTab: (inspectorTab: InspectorTab) => set({ inspectorTab }),
  /** Shows one model call in the Request (or Prompt) tab. */
  selectRound: (selectedRound: number | null, inspectorTab: InspectorTab = 'request') =>
    set({ selectedRound, inspectorTab }),
  clearNotice: () => set({ notice: null }),

  /** Starts a new run (if none is open or the last one ended) and sends the user message. */
  send(): boolean {
    const state = get();
    const loop = controller.getState();
    const continuing = loop.runId !== null && loop.phase === 'done' && state.loop.runId === loop.runId;
    if (!continuing || loop.runId === null) {
      const started = controller.startRun({
        system: state.system,
        tools: exposedToolsFor(getScenario(state.scenarioId ?? '')),
        settings: state.settings,
        ...(state.scenarioId ? { scenarioId: state.scenarioId } : {}),
      });
      if (!report(started)) return false;
      lastSavedLength = 0;
    }
    const sent = controller.send(state.user);
    return report(sent);
  },

  /** Switches who drives the loop; the next Send starts a fresh run with it. */
  setLoopControl(loopControl: LoopControl): void {
    if (controller.isBusy() || controller.isRunning()) {
      set({ notice: { kind: 'error', text: 'Stop the run before switching the loop control.' } });
      return;
    }
    controller = loopControl === 'advisor' ? advisorController : manualController;
    set({ loopControl });
    actions.newRun();
    mirror();
  },

  /** Starts a fresh run on the next Send. */
  newRun(): void {
    if (controller.isBusy()) controller.stop();
    controller.restore([], []);
    set({ selectedRound: null, notice: null });
    void saveSetting('activeRunId', null);
  },

  async step(): Promise<void> {
    const phase = controller.getState().phase;
    if (phase === 'idle' || phase === 'done') {
      if (!actions.send()) return;
    }
    report(await controller.step());
  },

  async runToEnd(): Promise<void> {
    const phase = controller.getState().phase;
    if (phase === 'idle' || phase === 'done') {
      if (!actions.send()) return;
    }
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
  /** Returns the refusal (invalid JSON / schema) so the editor can show it beside the field. */
  async editArguments(callId: string, text: string): Promise<string | null> {
    const result = await controller.editArguments(callId, text);
    return result.ok ? null : result.error;
  },
  async writeResult(callId: string, text: string, isError: boolean) {
    return report(await controller.writeResult(callId, text, isError));
  },

  async openRun(runId: string): Promise<void> {
    const { runs } = await loadRuns();
    const run = runs.find((r) => r.runId === runId);
    if (!run) {
      set({ notice: { kind: 'error', text: 'That run is no longer stored in this browser.' } });
      return;
    }
    restoreRun(run);
    await saveSetting('activeRunId', runId);
  },

  async removeRun(runId: string): Promise<void> {
    await deleteRun(runId);
    set({ runs: get().runs.filter((r) => r.runId !== runId) });
    if (controller.getState().runId === runId) actions.newRun();
  },
};

function restoreRun(run: StoredRun): void {
  const first = run.events[0];
  const scenario = getScenario(run.scenarioId ?? '');
  if (scenario) scriptedProvider.setScript(scenario.script);
  const tools = first?.type === 'run-started' ? workspaceTools() : [];
  // A run that went through the advisor chain is restored into the advisor controller.
  const loopControl: LoopControl = run.events.some((e) => e.type === 'advisor-chain') ? 'advisor' : 'manual';
  controller = loopControl === 'advisor' ? advisorController : manualController;
  set({ loopControl });
  report(controller.restore(run.events, tools));
  lastSavedLength = run.events.length;
  if (first?.type === 'run-started') {
    set({
      settings: controller.getState().settings ?? get().settings,
      system: first.config.system,
      scenarioId: run.scenarioId ?? get().scenarioId,
    });
  }
}

/** Shows a refused command as a notice; returns whether it succeeded. */
function report(result: Result): boolean {
  if (!result.ok) set({ notice: { kind: 'error', text: result.error } });
  else if (get().notice?.kind === 'error') set({ notice: null });
  return result.ok;
}
