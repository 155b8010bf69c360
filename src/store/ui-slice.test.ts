// The UI slice: a model call chosen in the turn table opens in the Request tab; null goes back to the next request.
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { sliceOf } from './slice';
import type { UiState } from './ui-slice';
import { createUiActions, INITIAL_UI } from './ui-slice';

describe('the UI slice', () => {
  it('selects a model call (in the Request tab unless told), switches tabs, opens and closes the shortcuts', () => {
    const store = createStore<{ ui: UiState }>()(() => ({ ui: INITIAL_UI }));
    const ui = createUiActions(sliceOf(store, 'ui'));
    ui.selectRound(2);
    expect(store.getState().ui).toMatchObject({ selectedRound: 2, inspectorTab: 'request' });
    ui.selectRound(3, 'prompt');
    expect(store.getState().ui).toMatchObject({ selectedRound: 3, inspectorTab: 'prompt' });
    ui.selectRound(null);
    expect(store.getState().ui.selectedRound).toBeNull();
    ui.setInspectorTab('advisors');
    ui.openShortcuts();
    expect(store.getState().ui).toMatchObject({ inspectorTab: 'advisors', shortcutsOpen: true });
    ui.closeShortcuts();
    expect(store.getState().ui.shortcutsOpen).toBe(false);
  });
});
