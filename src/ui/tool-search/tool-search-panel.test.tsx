// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EnglishRoot } from '../../i18n/english-root';
import { playScenarioRun } from '../../engine/scenarios/tool-search-measure';
import { createWorkspace28Tools, LANDSMEER_SCENARIO } from '../../engine/scenarios/workspace-28';
import { createTestPlayground } from '../../store/test-playground';
import { PlaygroundProvider } from '../playground-context';
import { ToolSearchPanel } from './tool-search-panel';

afterEach(cleanup);

async function showRun(searchOn: boolean) {
  const { playground, toolSearch } = createTestPlayground();
  const events = await playScenarioRun({
    system: LANDSMEER_SCENARIO.system,
    user: LANDSMEER_SCENARIO.user,
    tools: createWorkspace28Tools(),
    script: LANDSMEER_SCENARIO.script,
    searchOn,
    index: 'keyword',
    now: () => Date.UTC(2026, 2, 14, 10, 30),
  });
  const { store } = playground;
  store.setState({
    run: { ...store.getState().run, events },
    workspace: { ...store.getState().workspace, scenarioId: 'other', exposed: searchOn ? ['toolSearchTool'] : [] },
  });
  render(
    <EnglishRoot>
      <PlaygroundProvider playground={playground}>
        <ToolSearchPanel />
      </PlaygroundProvider>
    </EnglishRoot>,
  );
  await screen.findByRole('table', { name: 'Tool search meter' }, { timeout: 10_000 });
  return { playground, toolSearch };
}

// The first render loads the real Qwen3 tokenizer (7 MB of JavaScript): slow when the machine is busy.
describe('ToolSearchPanel', { timeout: 60_000 }, () => {
  it('meters a search-on run per call: tools sent, found tools, tokens, and the saving', async () => {
    await showRun(true);
    const meter = screen.getByRole('table', { name: 'Tool search meter' });
    const rows = within(meter)
      .getAllByRole('row')
      .filter((r) => r.dataset.testid?.startsWith('tool-search-round-'));
    expect(rows).toHaveLength(5);
    expect(within(rows[0]!).getByText('none yet')).toBeTruthy();
    expect(rows[3]!.querySelector('.tool-search-new')?.textContent).toContain('clothing');
    expect(screen.getByTestId('tool-search-saving').textContent).toMatch(/\d+% fewer/);
    expect(screen.getByTestId('tool-search-tokenizer').textContent).toContain('Qwen3 tokenizer');
  });

  it('meters a search-off run as search off, with every tool each call', async () => {
    await showRun(false);
    expect(screen.getByRole('heading', { name: /search off · 28 tools/ })).toBeTruthy();
    expect(within(screen.getByTestId('tool-search-round-1')).getByText('search off')).toBeTruthy();
  });

  it('the switch exposes or hides toolSearchTool; the index choice goes to the session', async () => {
    const { playground, toolSearch } = await showRun(true);
    const toggle = screen.getByRole('checkbox', { name: 'Tool search' });
    act(() => fireEvent.click(toggle));
    expect(playground.store.getState().workspace.exposed).not.toContain('toolSearchTool');
    act(() => fireEvent.change(screen.getByRole('combobox', { name: 'Tool index' }), { target: { value: 'regex' } }));
    expect(toolSearch.indexKind).toBe('regex');
  });
});
