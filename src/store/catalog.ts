/**
 * The workspace's tool catalog: every tool the person could expose, by source (the presets, "My tools", the
 * 28-tool search workspace). A source makes fresh Tool instances on each call, so every run starts from the same
 * tool state (stock, to-do list); the catalog the views read holds only their definitions.
 */
import type { Result, Tool, ToolDefinition, Workspace } from '../engine';
import { augmentTool, exposedDefinitions, ok, toDefinition, withOverride } from '../engine';

export interface ToolSource {
  readonly id: string;
  readonly label: string;
  readonly tools: () => Tool[];
}

export interface CatalogGroup {
  readonly id: string;
  readonly label: string;
  readonly tools: readonly ToolDefinition[];
}

export interface Catalog {
  readonly groups: readonly CatalogGroup[];
  /** Every group's tools in order; a name may repeat across sources. */
  readonly all: readonly ToolDefinition[];
}

export const EMPTY_CATALOG: Catalog = { groups: [], all: [] };

export function buildCatalog(sources: readonly ToolSource[]): Catalog {
  const groups = sources.map((s) => ({ id: s.id, label: s.label, tools: s.tools().map(toDefinition) }));
  return { groups, all: groups.flatMap((g) => g.tools) };
}

/**
 * Fresh executable instances of the workspace's exposed tools, in request order, with its flags; refused for the
 * same reasons as the request's tools (`exposedDefinitions`: a missing tool, a name two sources offer).
 */
export function exposedTools(sources: readonly ToolSource[], workspace: Workspace): Result<readonly Tool[]> {
  const all = sources.flatMap((s) => s.tools());
  const checked = exposedDefinitions(workspace, all.map(toDefinition));
  if (!checked.ok) return checked;
  const byName = new Map<string, Tool>();
  for (const tool of all) if (!byName.has(tool.name)) byName.set(tool.name, tool);
  return ok(
    workspace.exposed.flatMap((name) => {
      const tool = byName.get(name);
      if (!tool) return [];
      const flagged = withOverride(tool, workspace.toolOverrides);
      return [workspace.settings.augmentArguments ? augmentTool(flagged) : flagged];
    }),
  );
}
