/** The tools of one request, by name. A name collision is an error naming both tools, never an overwrite. */
import type { Tool, ToolDefinition } from './tool';

export class DuplicateToolNameError extends Error {
  override readonly name = 'DuplicateToolNameError';
  constructor(
    readonly toolName: string,
    readonly first: ToolDefinition,
    readonly second: ToolDefinition,
  ) {
    super(
      `Two tools of this request are named "${toolName}": the ${first.source} tool "${first.name}" ` +
        `(${describe(first)}) and the ${second.source} tool "${second.name}" (${describe(second)}). ` +
        'Tool names must be unique per request: rename one or leave one out.',
    );
  }
}

export interface ToolRegistry {
  readonly tools: readonly Tool[];
  get(name: string): Tool | undefined;
}

/** Builds the registry for one request; throws DuplicateToolNameError on the first repeated name. */
export function createToolRegistry(tools: readonly Tool[]): ToolRegistry {
  const byName = new Map<string, Tool>();
  for (const tool of tools) {
    const existing = byName.get(tool.name);
    if (existing) throw new DuplicateToolNameError(tool.name, existing, tool);
    byName.set(tool.name, tool);
  }
  return { tools: [...tools], get: (name) => byName.get(name) };
}

/** Non-throwing variant for the UI: the error message, or null when the names are unique. */
export function findDuplicateToolName(tools: readonly Tool[]): string | null {
  try {
    createToolRegistry(tools);
    return null;
  } catch (error) {
    if (error instanceof DuplicateToolNameError) return error.message;
    throw error;
  }
}

function describe(tool: ToolDefinition): string {
  const text = tool.description.trim();
  return text.length > 48 ? `${text.slice(0, 45)}…` : text || 'no description';
}
