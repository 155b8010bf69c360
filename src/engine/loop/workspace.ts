/**
 * The workspace: everything a person sets up before and between model calls — the scenario it came from, the
 * system prompt, the user message being written, which tools are exposed (and their per-scenario flags), the
 * tool choice and the other loop settings, the runtime and who drives the loop. It is one plain value; the next
 * request is a pure function of it and the run's state (`nextRequest` in request.ts), so what the page shows is
 * what the loop sends.
 *
 * A scenario only supplies a workspace's initial values (`workspaceForScenario`); after that, what is ticked is
 * what is sent. A run carries its workspace in its log (`run-started`, `settings-changed`, `workspace-changed`),
 * so restoring a run restores its workspace (`workspaceOfRun`).
 */
import type { RuntimeKind } from '../runtime';
import type { Tool, ToolDefinition, ToolLanguage } from '../tool';
import type { LoopSettings } from './events';
import { DEFAULT_SETTINGS } from './events';
import type { LoopControl } from './loop-control';
import type { LoopState } from './state';
import type { NoticePart } from './notices';
import { part } from './notices';

export { LOOP_CONTROLS } from './loop-control';
export type { LoopControl } from './loop-control';

/**
 * What a scenario sets on a tool for its runs: flags (e.g. `reserve_inventory` needs approval in reserve-and-todo)
 * and words (the description and the top-level parameters' descriptions in another language; see
 * scenarios/tool-language.ts). Name and schema shape never change.
 */
export interface ToolOverride {
  readonly returnDirect?: boolean;
  readonly needsApproval?: boolean;
  readonly description?: string;
  readonly parameterDescriptions?: Readonly<Record<string, string>>;
  /**
   * The language the tool words its results and argument errors in, for a tool that speaks more than English
   * (`Tool.inLanguage`); set with the Korean descriptions by the tool-language switch. Absent: English.
   */
  readonly language?: ToolLanguage;
}

/** The page's colours: the system's light or dark mode, or a choice (the projector's is high contrast). */
export const THEMES = ['system', 'light', 'dark', 'contrast'] as const;
export type Theme = (typeof THEMES)[number];

export interface Workspace {
  /** The scenario the workspace was opened from (its script is what the scripted replay plays); null for none. */
  readonly scenarioId: string | null;
  readonly system: string;
  /** The user message being written; Send adds it to the run. */
  readonly userDraft: string;
  /** Names of the exposed tools, in the order they are sent. */
  readonly exposed: readonly string[];
  /** Flags applied to exposed tools of these names. */
  readonly toolOverrides: Readonly<Record<string, ToolOverride>>;
  /** Pause, max rounds, exception mode, tool choice, parallel calls. */
  readonly settings: LoopSettings;
  readonly runtimeKind: RuntimeKind;
  /** Who drives the loop; the advisor-controlled loop builds its chain from `advisors` (advisors/config.ts). */
  readonly loopControl: LoopControl;
  /** The header's theme switch; absent means "system" (it follows `prefers-color-scheme`). */
  readonly theme?: Theme;
}

export const DEFAULT_SYSTEM = 'You are a helpful assistant. Use the tools when they help.';

export const EMPTY_WORKSPACE: Workspace = {
  scenarioId: null,
  system: DEFAULT_SYSTEM,
  userDraft: '',
  exposed: [],
  toolOverrides: {},
  settings: DEFAULT_SETTINGS,
  runtimeKind: 'scripted',
  loopControl: 'manual',
};

/** What a scenario contributes to a workspace: its prompts, its tools and flags, and its settings. */
export interface WorkspaceSeed {
  readonly id: string | null;
  readonly system?: string;
  readonly user?: string;
  readonly toolNames: readonly string[];
  readonly toolOverrides?: Readonly<Record<string, ToolOverride>>;
  readonly settings?: Partial<LoopSettings>;
}

/**
 * A fresh workspace for a scenario (or for none): its prompts, its tools exposed in its order, its flags, the
 * default settings under its own. Everything else — the runtime, the loop control and the advisor chain, the
 * theme — is the person's and stays as it was.
 */
export function workspaceForScenario(seed: WorkspaceSeed, current: Workspace): Workspace {
  return {
    ...current,
    scenarioId: seed.id,
    system: seed.system ?? current.system,
    userDraft: seed.user ?? '',
    exposed: [...new Set(seed.toolNames)],
    toolOverrides: seed.toolOverrides ?? {},
    settings: { ...DEFAULT_SETTINGS, ...(seed.settings ?? {}) },
  };
}

/**
 * The workspace a run was left in: its scenario, system prompt, the tools it exposes now (flags as it sent them),
 * its settings and runtime. The draft is the caller's (the log does not hold a draft); who drove the run and its
 * advisor chain are the advisor loop's to read back (`chainOfRun`, advisors/config.ts).
 */
export function workspaceOfRun(state: LoopState, base: Workspace): Workspace {
  if (!state.config) return base;
  return {
    ...base,
    scenarioId: state.config.scenarioId ?? null,
    system: state.config.system,
    exposed: state.tools.map((t) => t.name),
    toolOverrides: overridesOf(state.tools, base.toolOverrides),
    settings: state.settings ?? state.config.settings,
    runtimeKind: state.runtime?.kind ?? state.config.runtime.kind,
  };
}

/** Keeps the overrides that match how the run sent its tools, so the flags shown are the flags it ran with. */
function overridesOf(
  tools: readonly ToolDefinition[],
  overrides: Readonly<Record<string, ToolOverride>>,
): Record<string, ToolOverride> {
  const kept: Record<string, ToolOverride> = {};
  for (const tool of tools) {
    const override = overrides[tool.name];
    if (override) kept[tool.name] = override;
  }
  return kept;
}

/** Applies the workspace's override of a tool (a copy: the catalog's tool is never changed). */
export function withOverride<T extends ToolDefinition>(tool: T, overrides: Workspace['toolOverrides']): T {
  const override = overrides[tool.name];
  return override ? applyOverride(tool, override) : tool;
}

/** A copy of `tool` with the override's flags and words (parameters it does not have are ignored). */
export function applyOverride<T extends ToolDefinition>(tool: T, override: ToolOverride): T {
  const { parameterDescriptions, language, ...rest } = override;
  const described = { ...(language ? speaking(tool, language) : tool), ...rest };
  if (!parameterDescriptions) return described;
  const properties = tool.inputSchema.properties;
  if (typeof properties !== 'object' || properties === null) return described;
  const reworded: Record<string, unknown> = { ...(properties as Record<string, unknown>) };
  for (const [name, text] of Object.entries(parameterDescriptions)) {
    const property = reworded[name];
    if (typeof property === 'object' && property !== null) reworded[name] = { ...property, description: text };
  }
  return { ...described, inputSchema: { ...tool.inputSchema, properties: reworded } };
}

/** The tool as it words its results in `language`, when it can (a definition without an implementation is kept). */
function speaking<T extends ToolDefinition>(tool: T, language: ToolLanguage): T {
  const inLanguage = (tool as Partial<Tool>).inLanguage;
  return typeof inLanguage === 'function' ? (inLanguage.call(tool, language) as unknown as T) : tool;
}

/** Ticks or unticks a tool: a ticked tool joins the end of the exposed list. */
export function toggleExposed(workspace: Workspace, name: string, on: boolean): Workspace {
  const has = workspace.exposed.includes(name);
  if (on === has) return workspace;
  return {
    ...workspace,
    exposed: on ? [...workspace.exposed, name] : workspace.exposed.filter((n) => n !== name),
  };
}

/**
 * A tool choice that names a tool no longer exposed falls back to `auto`; returns the workspace unchanged when
 * the choice still holds, else the fixed workspace and the notice that tells the person what happened.
 */
export function fixToolChoice(workspace: Workspace): {
  readonly workspace: Workspace;
  readonly notice: NoticePart | null;
} {
  const choice = workspace.settings.toolChoice;
  if (typeof choice === 'string' || workspace.exposed.includes(choice.name)) return { workspace, notice: null };
  return {
    workspace: { ...workspace, settings: { ...workspace.settings, toolChoice: 'auto' } },
    notice: part('toolChoiceReset', { name: choice.name }),
  };
}
