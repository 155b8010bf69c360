/**
 * Tool search in the app: one `ToolSearchSession` (its index and the `toolSearchTool` bound to it), the
 * 28-tool workspace as a tool source, and the session's request hook on the loop controller.
 *
 * Search is on for a run exactly when `toolSearchTool` is among the run's exposed tools: the switch in the
 * panel ticks or unticks it like any tool (so the Tools list, the run's config and its saved log all agree),
 * and it takes effect on the next run. The index kind applies at once, to the next search.
 */
import { create } from 'zustand';
import { TOOL_SEARCH_TOOL_NAME } from '../engine/tool-search/search-tool';
import { ToolSearchSession } from '../engine/tool-search/apply';
import type { ToolIndexKind } from '../engine/tool-search/tool-index';
import { TOOL_INDEX_KINDS } from '../engine/tool-search/tool-index';
import { createWorkspace28Tools } from '../engine/scenarios/workspace-28';
import { loadSetting, saveSetting } from '../persistence/runs-db';
import { setRequestHook, useAppStore } from './app-store';
import { registerToolSource } from './tool-catalog';

export const toolSearchSession = new ToolSearchSession({ index: 'keyword' });

interface ToolSearchSettings {
  readonly index: ToolIndexKind;
}

export const useToolSearchSettings = create<ToolSearchSettings>()(() => ({ index: toolSearchSession.indexKind }));

const INDEX_SETTING = 'toolSearch.index';

/** Chooses the index for the next searches, and remembers the choice in this browser. */
export function setToolIndexKind(index: ToolIndexKind): void {
  toolSearchSession.setIndexKind(index);
  useToolSearchSettings.setState({ index });
  void saveSetting(INDEX_SETTING, index).catch(() => {
    // Not remembering a preference is harmless; the choice still applies now.
  });
}

let installed = false;

/** Registers the 28-tool workspace (with `toolSearchTool`) and the request hook. Call once at startup. */
export function installToolSearch(): void {
  if (installed) return;
  installed = true;
  registerToolSource({
    id: 'tool-search-28',
    label: 'Tool search workspace (28 tools)',
    tools: () => [toolSearchSession.tool, ...createWorkspace28Tools()],
  });
  setRequestHook(toolSearchSession.prepareRequest);
  // A run restored (reload, import, fork) while paused on a search call executes it before any new request has
  // re-indexed the tools: index the run's tools whenever the open run changes.
  useAppStore.subscribe((state, previous) => {
    const config = state.loop.config;
    if (config === previous.loop.config || !config) return;
    if (config.tools.some((t) => t.name === TOOL_SEARCH_TOOL_NAME)) toolSearchSession.syncTools(config.tools);
  });
  void loadSetting(INDEX_SETTING)
    .then((stored) => {
      if (typeof stored === 'string' && (TOOL_INDEX_KINDS as readonly string[]).includes(stored)) {
        setToolIndexKind(stored as ToolIndexKind);
      }
    })
    .catch(() => {
      // No stored preference (or no IndexedDB): keep the default index.
    });
}

export { TOOL_SEARCH_TOOL_NAME };
