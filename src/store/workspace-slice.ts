/**
 * The workspace slice: the one `Workspace` value (loop/workspace.ts) the page shows and the loop sends — prompts,
 * exposed tools and their flags, settings, runtime, loop control and advisor chain — its actions, and its save:
 * every change is written at once (one write at a time, the last state always written), so a reload finds it.
 */
import type {
  AdvisorConfig,
  LoopSettings,
  NoticePart,
  Result,
  RuntimeKind,
  Theme,
  ToolLanguage,
  Workspace,
} from '../engine';
import { checkAdvisorConfig, fixToolChoice, refuse, toggleExposed, withToolLanguage } from '../engine';

/** The workspace as a slice: read, and replaced whole (its identity says whether it changed). */
export interface WorkspaceAccess {
  readonly get: () => Workspace;
  readonly set: (workspace: Workspace) => void;
}

/** What the workspace's actions need of the open run: whether it may change now, and where to say why not. */
export interface RunGate {
  /** A model call or a tool batch is in flight. */
  readonly busy: () => boolean;
  /** A run is open (its system prompt is fixed). */
  readonly hasRun: () => boolean;
  /** The open run's settings changed (logged as `settings-changed`). */
  readonly updateSettings: (settings: LoopSettings) => Result;
  /** Shows a refusal beside the debugger controls (clears a stale one on success); returns `result.ok`. */
  readonly report: (result: Result) => boolean;
  /** Shows a notice of the store's own beside the debugger controls. */
  readonly inform: (notice: NoticePart) => void;
}

export interface WorkspaceSaverDeps {
  readonly save: (workspace: Workspace) => Promise<void>;
  /** Nothing is written before the stored workspace was read: it would overwrite it. */
  readonly ready: () => boolean;
}

/**
 * Writes the workspace: `soon()` at once, or once more when the write under way ends — one write at a time, and
 * the last state is always written. Not delayed: a reload right after a change (a scenario chosen, a tool ticked)
 * must find it, and a write started while the page unloads may never finish.
 */
export function createWorkspaceSaver(workspace: () => Workspace, deps: WorkspaceSaverDeps) {
  let saved: Workspace | null = null;
  /** The write under way, and whether the workspace changed again since it started. */
  let saving: Promise<void> | null = null;
  let changedSince = false;

  async function now(): Promise<void> {
    const current = workspace();
    if (current === saved || !deps.ready()) return;
    saved = current;
    try {
      await deps.save(current);
    } catch {
      // The workspace is a convenience across reloads; the runs themselves are saved on their own.
    }
  }

  function soon(): void {
    if (saving) {
      changedSince = true;
      return;
    }
    saving = now().finally(() => {
      saving = null;
      if (changedSince) {
        changedSince = false;
        soon();
      }
    });
  }

  return {
    soon,
    /** Resolves when the workspace as it is now is stored (or storing it failed). */
    async flush(): Promise<void> {
      while (saving) await saving;
      await now();
    },
    /** What storage holds (read at start-up), so an unchanged workspace is not written again. */
    stored(workspace: Workspace | null): void {
      saved = workspace;
    },
  };
}

export function createWorkspaceActions(workspace: WorkspaceAccess, run: RunGate) {
  const update = (patch: Partial<Workspace>) => workspace.set({ ...workspace.get(), ...patch });
  return {
    /** The system prompt belongs to a run from its start: it can change only while no run is open. */
    setSystem(system: string): void {
      if (run.hasRun()) {
        run.report(refuse('systemLocked'));
        return;
      }
      update({ system });
    },

    setUser(userDraft: string): void {
      update({ userDraft });
    },

    setSettings(change: Partial<LoopSettings>): void {
      const settings = { ...workspace.get().settings, ...change };
      update({ settings });
      run.report(run.updateSettings(settings));
    },

    setRuntime(runtimeKind: RuntimeKind): void {
      if (run.busy()) {
        run.report(refuse('busyRuntime'));
        return;
      }
      update({ runtimeKind });
    },

    /** Ticks or unticks a tool: the next request carries exactly the ticked tools. */
    toggleTool(name: string, on: boolean): void {
      if (run.busy()) {
        run.report(refuse('busyTools'));
        return;
      }
      const before = workspace.get();
      const fixed = fixToolChoice(toggleExposed(before, name, on));
      workspace.set(fixed.workspace);
      if (fixed.workspace.settings !== before.settings) run.report(run.updateSettings(fixed.workspace.settings));
      if (fixed.notice) run.inform(fixed.notice);
    },

    /**
     * Describes the exposed tools that have Korean words in `language` (scenarios/tool-language.ts): from the next
     * request on, and logged with the tools that request carries.
     */
    setToolLanguage(language: ToolLanguage): void {
      if (run.busy()) {
        run.report(refuse('busyDescriptions'));
        return;
      }
      workspace.set(withToolLanguage(workspace.get(), language));
    },

    /** The header's theme switch; saved with the workspace ("system" is the default: no field). */
    setTheme(theme: Theme): void {
      const { theme: _old, ...rest } = workspace.get();
      workspace.set(theme === 'system' ? rest : { ...rest, theme });
    },

    /**
     * Changes the advisor chain (orders, which advisors are on, their hook settings): the workspace's from now on,
     * used from the next advisor-controlled request. A chain that cannot be built is refused and the old one kept.
     */
    configureAdvisors(advisors: AdvisorConfig): Result {
      const checked = checkAdvisorConfig(advisors);
      if (checked.ok) update({ advisors });
      return checked;
    },
  };
}
