/**
 * Tool search in the app: the tool-search slice (which index searches), the 28-tool workspace as a tool source
 * with the `toolSearchTool` bound to the session's index, and keeping that index in sync with the exposed tools.
 *
 * Search is on for a request exactly when `toolSearchTool` is among its exposed tools: the switch in the panel
 * ticks or unticks it like any tool, and the request step (`toolSearchStep`, registered in app-root.tsx) applies it.
 * The index kind applies at once, to the next search.
 */
import type { ToolDefinition, ToolIndexKind, ToolSearchSession } from '../engine';
import { createWorkspace28Tools, TOOL_INDEX_KINDS, TOOL_SEARCH_TOOL_NAME } from '../engine';
import type { ToolSource } from './catalog';
import type { Slice } from './slice';

export { TOOL_SEARCH_TOOL_NAME };

export interface ToolSearchState {
  readonly index: ToolIndexKind;
}

export interface ToolSearchDeps {
  readonly session: ToolSearchSession;
  readonly loadSetting: (key: string) => Promise<unknown>;
  readonly saveSetting: (key: string, value: unknown) => Promise<void>;
}

const INDEX_SETTING = 'toolSearch.index';

/** The 28-tool Landsmeer workspace, led by the search tool bound to `session`. */
export function toolSearchSource(session: ToolSearchSession): ToolSource {
  return {
    id: 'tool-search-28',
    label: 'Tool search workspace (28 tools)',
    tools: () => [session.tool, ...createWorkspace28Tools()],
  };
}

export type ToolSearchActions = ReturnType<typeof createToolSearch>;

export function createToolSearch(slice: Slice<ToolSearchState>, deps: ToolSearchDeps) {
  return {
    /** Applies the index kind this browser remembers. */
    async init(): Promise<void> {
      try {
        const stored = await deps.loadSetting(INDEX_SETTING);
        if (typeof stored === 'string' && (TOOL_INDEX_KINDS as readonly string[]).includes(stored)) {
          deps.session.setIndexKind(stored as ToolIndexKind);
          slice.set({ index: stored as ToolIndexKind });
        }
      } catch {
        // No stored preference (or no IndexedDB): keep the default index.
      }
    },

    /** Chooses the index for the next searches, and remembers the choice in this browser. */
    setIndexKind(index: ToolIndexKind): void {
      deps.session.setIndexKind(index);
      slice.set({ index });
      void deps.saveSetting(INDEX_SETTING, index).catch(() => {
        // Not remembering a preference is harmless; the choice still applies now.
      });
    },

    /**
     * Makes the index hold the exposed tools when search is on, so a search (also one at a restored pause) finds
     * what the requests can offer. Rebuilds only when the tool set changed.
     */
    syncIndex(exposed: readonly ToolDefinition[]): void {
      if (exposed.some((t) => t.name === TOOL_SEARCH_TOOL_NAME)) deps.session.syncTools(exposed);
    },
  };
}
