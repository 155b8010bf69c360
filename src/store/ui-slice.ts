/** The UI slice: the inspector tab, the model call the Request / Prompt tabs show, readiness, the shortcuts dialog. */
import type { Slice } from './slice';

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

export interface UiState {
  readonly inspectorTab: InspectorTab;
  /** The model call the Request / Prompt tabs show; null = the next request (or the latest call). */
  readonly selectedRound: number | null;
  /** The stored state was read: the page is drawn as it will be used (the skeleton until then). */
  readonly ready: boolean;
  readonly shortcutsOpen: boolean;
}

export const INITIAL_UI: UiState = { inspectorTab: 'turns', selectedRound: null, ready: false, shortcutsOpen: false };

export function createUiActions(slice: Slice<UiState>) {
  return {
    setInspectorTab: (inspectorTab: InspectorTab) => slice.set({ inspectorTab }),
    /** Shows one model call in the Request (or Prompt) tab; null shows the next request. */
    selectRound: (selectedRound: number | null, inspectorTab: InspectorTab = 'request') =>
      slice.set({ selectedRound, inspectorTab }),
    openShortcuts: () => slice.set({ shortcutsOpen: true }),
    closeShortcuts: () => slice.set({ shortcutsOpen: false }),
  };
}
