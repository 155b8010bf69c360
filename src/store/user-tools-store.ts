/**
 * The tool studio's slice of the playground store: the user's tools as stored specs, loaded from and saved to
 * IndexedDB, and offered to the workspace's catalog as the "My tools" source (see catalog.ts), so they show up
 * in the Tools panel to be exposed per request and run in the loop through the sandbox.
 *
 * "+ New tool" and "Copy a preset" open a draft in the editor: nothing is stored, and nothing joins the catalog,
 * until the person saves it; closing the editor drops it. Every failure ends as a message in `notice` /
 * `problems`, never a thrown error in a component.
 */
import type {
  StudioRefusal as Refusal,
  Tool,
  ToolDefinition,
  ToolExecutor,
  ToolRunReport,
  ToolRunRequest,
  UserToolSpec,
} from '../engine';
import {
  checkNameClash,
  compileSpecSchema,
  copyPresetToSpec,
  createPresetTools,
  errorMessage,
  exportUserTools,
  freeName,
  importUserTools,
  nameClashProblem,
  newUserToolSpec,
  parseMcpToolsListText,
  refuseStudio as refuse,
  specToTool,
  toolNameProblem,
} from '../engine';
import type { LoadedUserTools } from '../persistence/user-tools-db';
import type { Slice } from './slice';

/**
 * The studio's notices, worded in English here (`text`, what tests and logs read) and named by `code` with their
 * `values`, so the page words them in its own language (`notice.<code>` in the studio catalog, which repeats these
 * English templates word for word; a test holds the two together).
 */
export const STUDIO_NOTICE_ENGLISH = {
  storageFailed: 'Could not open the tool storage: {{error}}',
  noPreset: 'There is no preset named "{{name}}".',
  notSaved: 'Not saved: {{reason}}',
  saveFailed: 'Could not save {{name}}: {{error}}',
  saved: 'Saved {{name}}.',
  deleted: 'Deleted {{name}}.',
  deletedUnnamed: 'Deleted the tool.',
  deleteFailed: 'Could not delete: {{error}}',
  mcpImported: 'Imported {{count}} MCP tool(s).',
  mcpImportedSkipped: 'Imported {{count}} MCP tool(s). {{skipped}} skipped.',
  importFailed: 'Import failed: {{error}}',
  importSaveFailed: 'Could not save the imported tools: {{error}}',
  imported: 'Imported {{count}} tool(s).',
  importedSkipped: 'Imported {{count}} tool(s). {{skipped}} skipped (see below).',
  declined: 'The tools file was not imported; none of its code ran.',
} as const;

export type StudioNoticeCode = keyof typeof STUDIO_NOTICE_ENGLISH;

export type StudioNotice = {
  readonly kind: 'info' | 'error';
  readonly text: string;
  readonly code?: StudioNoticeCode;
  readonly values?: Readonly<Record<string, string>>;
};

/** A notice named by its code, worded in English from `STUDIO_NOTICE_ENGLISH`. */
export function studioNotice(
  kind: StudioNotice['kind'],
  code: StudioNoticeCode,
  values: Readonly<Record<string, string>> = {},
): StudioNotice {
  const text = STUDIO_NOTICE_ENGLISH[code].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
  return { kind, text, code, values };
}

export interface StudioState {
  readonly specs: readonly UserToolSpec[];
  readonly loaded: boolean;
  /** Records that could not be read, import entries that were skipped. */
  readonly problems: readonly string[];
  readonly notice: StudioNotice | null;
  /** The tool open in the editor: a stored one, or the draft. */
  readonly editingId: string | null;
  /** A new tool not saved yet (never stored, never in the catalog). */
  readonly draft: UserToolSpec | null;
  /**
   * A tools file whose tools carry code, waiting for the person's trust like a run file's code: nothing of it is
   * added (so nothing of it can run) until they choose to trust it.
   */
  readonly pendingToolsFile: PendingToolsFile | null;
}

export interface PendingToolsFile {
  readonly text: string;
  /** The file's tools that carry code (the ones to read). */
  readonly withCode: readonly UserToolSpec[];
  readonly total: number;
}

export const INITIAL_STUDIO: StudioState = {
  specs: [],
  loaded: false,
  problems: [],
  notice: null,
  editingId: null,
  draft: null,
  pendingToolsFile: null,
};

/** Where the user's tools are stored, and where their code runs (the sandbox). */
export interface UserToolsDeps {
  readonly load: () => Promise<LoadedUserTools>;
  readonly save: (spec: UserToolSpec) => Promise<void>;
  readonly saveMany: (specs: readonly UserToolSpec[]) => Promise<void>;
  readonly remove: (id: string) => Promise<void>;
  readonly sandbox: ToolExecutor;
  readonly now: () => number;
}

export function presetDefinitions(): ToolDefinition[] {
  return createPresetTools();
}

export type UserToolsActions = ReturnType<typeof createUserTools>;

export function createUserTools(slice: Slice<StudioState>, deps: UserToolsDeps) {
  const get = slice.get;
  const set = slice.set;
  let idCounter = 0;
  const newId = () => `tool-${deps.now().toString(36)}-${(++idCounter).toString(36)}`;

  /** Names of every tool but `exceptId`, with where each comes from. */
  function otherNames(exceptId: string | null): { name: string; source: string }[] {
    return [
      ...presetDefinitions().map((p) => ({ name: p.name, source: 'preset' })),
      ...get()
        .specs.filter((s) => s.id !== exceptId)
        .map((s) => ({ name: s.name, source: s.kind === 'mcp' ? 'MCP' : 'user' })),
    ];
  }

  function setSpecs(specs: readonly UserToolSpec[]): void {
    set({ specs });
  }

  const actions = {
    /** The user tools that compile, as engine Tools running in the sandbox (the catalog's "My tools" source). */
    tools(): Tool[] {
      return get().specs.flatMap((spec) => {
        const compiled = specToTool(spec, deps.sandbox);
        return compiled.ok ? [compiled.value] : [];
      });
    },

    /** Loads the stored tools once. Safe to call repeatedly. */
    async init(): Promise<void> {
      if (get().loaded) return;
      try {
        const { tools, problems } = await deps.load();
        set({ loaded: true, problems });
        setSpecs(tools);
      } catch (error) {
        set({
          loaded: true,
          notice: studioNotice('error', 'storageFailed', { error: errorMessage(error) }),
        });
      }
    },

    /** Opens a stored tool (or the draft) in the editor; null closes it and drops an unsaved draft. */
    open(id: string | null): void {
      set({ editingId: id, notice: null, ...(id === null ? { draft: null } : {}) });
    },

    /** Opens a draft of a new tool in the editor; it is stored only when saved. */
    newTool(): void {
      const taken = new Set(otherNames(null).map((n) => n.name));
      const spec = newUserToolSpec(newId(), freeName('my_tool', taken), deps.now());
      set({ draft: spec, editingId: spec.id, notice: null });
    },

    /** Opens a draft copy of a preset under a free name; it is stored only when saved. */
    copyPreset(name: string): void {
      const preset = presetDefinitions().find((p) => p.name === name);
      if (!preset) return set({ notice: studioNotice('error', 'noPreset', { name }) });
      const taken = new Set(otherNames(null).map((n) => n.name));
      const spec = copyPresetToSpec(preset, newId(), taken, deps.now());
      set({ draft: spec, editingId: spec.id, notice: null });
    },

    /** Checks a draft before saving: its name (valid, unique in the workspace) and its schema. Null when fine. */
    checkDraft(spec: UserToolSpec): string | null {
      return actions.refuseDraft(spec)?.error ?? null;
    },

    /** `checkDraft`'s refusal with its problems as data (the studio words them in the page's language). */
    refuseDraft(spec: UserToolSpec): Refusal | { readonly ok: false; readonly error: string } | null {
      const named = toolNameProblem(spec.name) ?? nameClashProblem(spec.name, otherNames(spec.id));
      if (named) return refuse(named);
      const compiled = compileSpecSchema(spec);
      return compiled.ok ? null : compiled;
    },

    /** Saves a tool (a draft becomes a stored tool); refused with the reason when `checkDraft` finds a problem. */
    async save(spec: UserToolSpec): Promise<boolean> {
      const problem = actions.checkDraft(spec);
      if (problem) {
        set({ notice: studioNotice('error', 'notSaved', { reason: problem }) });
        return false;
      }
      const saved = { ...spec, updatedAt: deps.now() };
      try {
        await deps.save(saved);
      } catch (error) {
        set({ notice: studioNotice('error', 'saveFailed', { name: spec.name, error: errorMessage(error) }) });
        return false;
      }
      const exists = get().specs.some((s) => s.id === spec.id);
      setSpecs(exists ? get().specs.map((s) => (s.id === spec.id ? saved : s)) : [...get().specs, saved]);
      set({
        notice: studioNotice('info', 'saved', { name: spec.name }),
        ...(get().draft?.id === spec.id ? { draft: null } : {}),
      });
      return true;
    },

    async remove(id: string): Promise<void> {
      const spec = get().specs.find((s) => s.id === id);
      try {
        await deps.remove(id);
        setSpecs(get().specs.filter((s) => s.id !== id));
        set({
          editingId: get().editingId === id ? null : get().editingId,
          notice: spec ? studioNotice('info', 'deleted', { name: spec.name }) : studioNotice('info', 'deletedUnnamed'),
        });
      } catch (error) {
        set({ notice: studioNotice('error', 'deleteFailed', { error: errorMessage(error) }) });
      }
    },

    /** Imports an MCP tools/list result; returns the problems so the dialog can show them. */
    async importMcp(text: string): Promise<{ imported: number; problems: readonly string[] } | { error: string }> {
      const taken = new Set(otherNames(null).map((n) => n.name));
      const result = parseMcpToolsListText(text, newId, deps.now(), taken);
      if (!result.ok) return { error: result.error };
      const { tools, problems } = result.value;
      if (tools.length > 0) {
        try {
          await deps.saveMany(tools);
        } catch (error) {
          return { error: `Could not save the imported tools: ${errorMessage(error)}` };
        }
        setSpecs([...get().specs, ...tools]);
      }
      set({
        notice: problems.length
          ? studioNotice('error', 'mcpImportedSkipped', {
              count: String(tools.length),
              skipped: String(problems.length),
            })
          : studioNotice('info', 'mcpImported', { count: String(tools.length) }),
      });
      return { imported: tools.length, problems };
    },

    exportFile(): string {
      return exportUserTools(get().specs, deps.now());
    },

    /**
     * Imports an export file: tools with a known id are replaced; a name taken by another tool is skipped. A file
     * whose tools carry code waits in `pendingToolsFile` for the person's trust first, unless `trusted`; a file of
     * code-less tools (MCP definitions) imports at once: there is nothing to run.
     */
    async importFile(text: string, options: { readonly trusted?: boolean } = {}): Promise<void> {
      const result = importUserTools(text);
      if (!result.ok) return set({ notice: studioNotice('error', 'importFailed', { error: result.error }) });
      const withCode = result.value.tools.filter((spec) => spec.code.trim() !== '');
      if (!options.trusted && withCode.length > 0) {
        return set({ pendingToolsFile: { text, withCode, total: result.value.tools.length } });
      }
      const problems = [...result.value.problems];
      const accepted: UserToolSpec[] = [];
      let specs = [...get().specs];
      for (const spec of result.value.tools) {
        const clash = checkNameClash(spec.name, [
          ...presetDefinitions().map((p) => ({ name: p.name, source: 'preset' })),
          ...specs.filter((s) => s.id !== spec.id).map((s) => ({ name: s.name, source: 'user' })),
        ]);
        if (clash) {
          problems.push(`${spec.name}: ${clash}`);
          continue;
        }
        accepted.push(spec);
        specs = specs.some((s) => s.id === spec.id)
          ? specs.map((s) => (s.id === spec.id ? spec : s))
          : [...specs, spec];
      }
      try {
        await deps.saveMany(accepted);
      } catch (error) {
        return set({ notice: studioNotice('error', 'importSaveFailed', { error: errorMessage(error) }) });
      }
      setSpecs(specs);
      set({
        problems,
        notice: problems.length
          ? studioNotice('error', 'importedSkipped', {
              count: String(accepted.length),
              skipped: String(problems.length),
            })
          : studioNotice('info', 'imported', { count: String(accepted.length) }),
      });
    },

    /** The person trusts the pending tools file: it is imported. */
    async trustToolsFile(): Promise<void> {
      const pending = get().pendingToolsFile;
      if (!pending) return;
      set({ pendingToolsFile: null });
      await actions.importFile(pending.text, { trusted: true });
    },

    /** The person does not trust the pending tools file: nothing of it is added, and that is said. */
    declineToolsFile(): void {
      if (!get().pendingToolsFile) return;
      set({
        pendingToolsFile: null,
        notice: studioNotice('info', 'declined'),
      });
    },

    /** Runs a draft's code in the sandbox with sample arguments (the studio's test run); nothing is stored. */
    testRun(request: ToolRunRequest): Promise<ToolRunReport> {
      return deps.sandbox.run(request);
    },

    dismissNotice(): void {
      set({ notice: null });
    },
    dismissProblems(): void {
      set({ problems: [] });
    },
  };
  return actions;
}
