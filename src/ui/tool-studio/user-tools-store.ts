/**
 * The tool studio's state: the user's tools as stored specs, loaded from and saved to IndexedDB, and
 * registered with the workspace's tool catalog (src/store/tool-catalog.ts) as the "My tools" source, so they
 * show up in the Tools panel to be exposed per request and run in the loop through the sandbox.
 * Every failure ends as a message in `notice` / `problems`, never a thrown error in a component.
 */
import { create } from 'zustand';
import type { Tool, ToolDefinition } from '../../engine/tool';
import { errorMessage } from '../../engine/tool';
import type { UserToolSpec } from '../../engine/user-tools';
import {
  checkNameClash,
  checkToolName,
  compileSpecSchema,
  copyPresetToSpec,
  exportUserTools,
  freeName,
  importUserTools,
  newUserToolSpec,
  parseMcpToolsListText,
} from '../../engine/user-tools';
import { deleteUserTool, loadUserTools, saveUserTool, saveUserTools } from '../../persistence/user-tools-db';
import { userToolToTool } from '../../sandbox';
import { createPresetTools } from '../../engine/presets';
import { registerToolSource } from '../../store/tool-catalog';
import { holdForTrust } from './tools-file-trust';

export type StudioNotice = { readonly kind: 'info' | 'error'; readonly text: string };

interface StudioState {
  readonly specs: readonly UserToolSpec[];
  readonly loaded: boolean;
  /** Records that could not be read, import entries that were skipped. */
  readonly problems: readonly string[];
  readonly notice: StudioNotice | null;
  /** The tool open in the editor. */
  readonly editingId: string | null;
}

export const useStudioStore = create<StudioState>(() => ({
  specs: [],
  loaded: false,
  problems: [],
  notice: null,
  editingId: null,
}));

const get = useStudioStore.getState;
const set = useStudioStore.setState;

let idCounter = 0;
const newId = () => `tool-${Date.now().toString(36)}-${(++idCounter).toString(36)}`;

export function presetDefinitions(): ToolDefinition[] {
  return createPresetTools();
}

/** Names of every tool but `exceptId`, with where each comes from. */
function otherNames(exceptId: string | null): { name: string; source: string }[] {
  return [
    ...presetDefinitions().map((p) => ({ name: p.name, source: 'preset' })),
    ...get()
      .specs.filter((s) => s.id !== exceptId)
      .map((s) => ({ name: s.name, source: s.kind === 'mcp' ? 'MCP' : 'user' })),
  ];
}

/** The user tools that compile, as engine Tools running in the sandbox (the catalog's "My tools" source). */
export function userTools(): Tool[] {
  return get().specs.flatMap((spec) => {
    const compiled = userToolToTool(spec);
    return compiled.ok ? [compiled.value] : [];
  });
}

let registered = false;
function register(): void {
  registered = true;
  registerToolSource({ id: 'user-tools', label: 'My tools', tools: userTools });
}

function setSpecs(specs: readonly UserToolSpec[]): void {
  set({ specs });
  register(); // re-registering notifies the catalog's listeners
}

export const studioActions = {
  /** Loads the stored tools once and registers them with the catalog. Safe to call repeatedly. */
  async init(): Promise<void> {
    if (get().loaded) return;
    if (!registered) register();
    try {
      const { tools, problems } = await loadUserTools();
      set({ loaded: true, problems });
      setSpecs(tools);
    } catch (error) {
      set({ loaded: true, notice: { kind: 'error', text: `Could not open the tool storage: ${errorMessage(error)}` } });
    }
  },

  open(id: string | null): void {
    set({ editingId: id, notice: null });
  },

  newTool(): void {
    const taken = new Set(otherNames(null).map((n) => n.name));
    const spec = newUserToolSpec(newId(), freeName('my_tool', taken), Date.now());
    set({ specs: [...get().specs, spec] });
    void this.persist(spec, true);
  },

  copyPreset(name: string): void {
    const preset = presetDefinitions().find((p) => p.name === name);
    if (!preset) return set({ notice: { kind: 'error', text: `There is no preset named "${name}".` } });
    const taken = new Set(otherNames(null).map((n) => n.name));
    const spec = copyPresetToSpec(preset, newId(), taken, Date.now());
    set({ specs: [...get().specs, spec] });
    void this.persist(spec, true);
  },

  /** Checks a draft before saving: its name (valid, unique in the workspace) and its schema. Null when fine. */
  checkDraft(spec: UserToolSpec): string | null {
    return (
      checkToolName(spec.name) ??
      checkNameClash(spec.name, otherNames(spec.id)) ??
      (() => {
        const compiled = compileSpecSchema(spec);
        return compiled.ok ? null : compiled.error;
      })()
    );
  },

  /** Saves a draft; refused with the reason when `checkDraft` finds a problem. Returns whether it saved. */
  async save(spec: UserToolSpec): Promise<boolean> {
    const problem = this.checkDraft(spec);
    if (problem) {
      set({ notice: { kind: 'error', text: `Not saved: ${problem}` } });
      return false;
    }
    const saved = { ...spec, updatedAt: Date.now() };
    const exists = get().specs.some((s) => s.id === spec.id);
    setSpecs(exists ? get().specs.map((s) => (s.id === spec.id ? saved : s)) : [...get().specs, saved]);
    return this.persist(saved, false);
  },

  async persist(spec: UserToolSpec, openAfter: boolean): Promise<boolean> {
    try {
      await saveUserTool(spec);
      setSpecs(get().specs);
      set({ notice: { kind: 'info', text: `Saved ${spec.name}.` }, ...(openAfter ? { editingId: spec.id } : {}) });
      return true;
    } catch (error) {
      set({ notice: { kind: 'error', text: `Could not save ${spec.name}: ${errorMessage(error)}` } });
      return false;
    }
  },

  async remove(id: string): Promise<void> {
    const spec = get().specs.find((s) => s.id === id);
    try {
      await deleteUserTool(id);
      setSpecs(get().specs.filter((s) => s.id !== id));
      set({
        editingId: get().editingId === id ? null : get().editingId,
        notice: { kind: 'info', text: `Deleted ${spec?.name ?? 'the tool'}.` },
      });
    } catch (error) {
      set({ notice: { kind: 'error', text: `Could not delete: ${errorMessage(error)}` } });
    }
  },

  /** Imports an MCP tools/list result; returns the problems so the dialog can show them. */
  async importMcp(text: string): Promise<{ imported: number; problems: readonly string[] } | { error: string }> {
    const taken = new Set(otherNames(null).map((n) => n.name));
    const result = parseMcpToolsListText(text, newId, Date.now(), taken);
    if (!result.ok) return { error: result.error };
    const { tools, problems } = result.value;
    if (tools.length > 0) {
      try {
        await saveUserTools(tools);
      } catch (error) {
        return { error: `Could not save the imported tools: ${errorMessage(error)}` };
      }
      setSpecs([...get().specs, ...tools]);
    }
    set({
      notice: {
        kind: problems.length ? 'error' : 'info',
        text: `Imported ${tools.length} MCP tool(s).${problems.length ? ` ${problems.length} skipped.` : ''}`,
      },
    });
    return { imported: tools.length, problems };
  },

  exportFile(): string {
    return exportUserTools(get().specs, Date.now());
  },

  /**
   * Imports an export file: tools with a known id are replaced; a name taken by another tool is skipped. A file
   * whose tools carry code waits for the person's trust first (tools-file-trust.tsx) unless `trusted`.
   */
  async importFile(text: string, options: { trusted?: boolean } = {}): Promise<void> {
    const result = importUserTools(text);
    if (!result.ok) return set({ notice: { kind: 'error', text: `Import failed: ${result.error}` } });
    if (!options.trusted && holdForTrust(text, result.value.tools)) return;
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
      specs = specs.some((s) => s.id === spec.id) ? specs.map((s) => (s.id === spec.id ? spec : s)) : [...specs, spec];
    }
    try {
      await saveUserTools(accepted);
    } catch (error) {
      return set({ notice: { kind: 'error', text: `Could not save the imported tools: ${errorMessage(error)}` } });
    }
    setSpecs(specs);
    set({
      problems,
      notice: {
        kind: problems.length ? 'error' : 'info',
        text: `Imported ${accepted.length} tool(s).${problems.length ? ` ${problems.length} skipped (see below).` : ''}`,
      },
    });
  },

  dismissNotice(): void {
    set({ notice: null });
  },
  dismissProblems(): void {
    set({ problems: [] });
  },
};
