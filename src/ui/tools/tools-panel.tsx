/**
 * Left column: the tool studio's actions first ("+ New tool" without scrolling past the presets), then the
 * workspace's tools by source, searchable, each with its "expose" checkbox. The counts and the checkboxes read the
 * workspace the next request is built from, so what is ticked is what is sent; every count is over the same
 * catalog, so the header's total is the sum of the groups'.
 */
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import type { ToolDefinition } from '../../engine';
import { exposedDefinitions } from '../../engine';
import { useFormat, useT } from '../../i18n';
import { selectBusy, selectCatalog, selectStudio, selectWorkspace } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { ToolStudio } from '../tool-studio';
import { ContextWarning } from './context-warning';
import { ToolLanguageSwitch } from './tool-language-switch';
import { ToolGroup } from './tool-group';
import './tools-panel.css';

// The MCP servers section closes the panel, below the tool list: it loads after the first paint (its own chunk),
// and nothing above it moves when it arrives.
const McpServersPanel = lazy(() => import('../mcp/mcp-servers-panel').then((m) => ({ default: m.McpServersPanel })));

export function ToolsPanel() {
  const { t } = useT('tools');
  const format = useFormat();
  const { actions } = usePlaygroundApi();
  const catalog = usePlayground(selectCatalog);
  const workspace = usePlayground(selectWorkspace);
  const busy = usePlayground(selectBusy);
  const { specs } = usePlayground(selectStudio);
  const [query, setQuery] = useState('');
  const search = useDeferredValue(query.trim().toLowerCase());
  const exposed = useMemo(() => new Set(workspace.exposed), [workspace.exposed]);
  const checked = useMemo(() => exposedDefinitions(workspace, catalog.all), [workspace, catalog.all]);
  const missing = useMemo(() => {
    const known = new Set(catalog.all.map((tool) => tool.name));
    return workspace.exposed.filter((name) => !known.has(name));
  }, [catalog.all, workspace.exposed]);
  const exposedCount = useMemo(
    () => catalog.all.reduce((n, tool) => (exposed.has(tool.name) ? n + 1 : n), 0),
    [catalog.all, exposed],
  );
  const specIds = useMemo(() => new Map(specs.map((spec) => [spec.name, spec.id])), [specs]);
  const shown = useMemo(
    () => new Map(catalog.groups.map((group) => [group.id, matching(group.tools, search)])),
    [catalog.groups, search],
  );
  const shownCount = [...shown.values()].reduce((n, tools) => n + tools.length, 0);
  return (
    <aside className="panel tools-panel" aria-label={t('title')}>
      <section className="panel-section">
        <h2>
          {t('title')}{' '}
          <span className="muted" data-testid="tools-exposed-count">
            {t('exposedCount', { exposed: format.number(exposedCount), total: format.number(catalog.all.length) })}
          </span>
        </h2>
        <p className="muted small">
          {t('intro')}
          {busy && ` ${t('busy')}`}
        </p>
        <ToolStudio />
        {!checked.ok && (
          <p className="notice notice-error" role="alert">
            {checked.error}
          </p>
        )}
        <ContextWarning />
        <ToolLanguageSwitch />
        {missing.map((name) => (
          <p key={name} className="notice notice-error">
            <span>{t('missing', { name })}</span>{' '}
            <button type="button" className="button button-quiet" onClick={() => actions.toggleTool(name, false)}>
              {t('untick', { name })}
            </button>
          </p>
        ))}
        <input
          type="search"
          className="tools-search"
          aria-label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {search !== '' && (
          <p className="muted small" role="status" data-testid="tools-search-status">
            {shownCount === 0
              ? t('noMatch', { query: query.trim() })
              : t('matches', { count: shownCount, shown: format.number(shownCount), query: query.trim() })}
          </p>
        )}
        {catalog.groups.map((group) => (
          <ToolGroup
            key={group.id}
            group={group}
            shown={shown.get(group.id) ?? group.tools}
            searching={search !== ''}
            exposed={exposed}
            disabled={busy}
            overrides={workspace.toolOverrides}
            specIds={group.id === 'user-tools' ? specIds : null}
            onToggle={(name, on) => actions.toggleTool(name, on)}
          />
        ))}
        <Suspense fallback={null}>
          <McpServersPanel />
        </Suspense>
      </section>
    </aside>
  );
}

/** The tools whose name or description contains the search (lower-cased); all of them for an empty search. */
function matching(tools: readonly ToolDefinition[], search: string): readonly ToolDefinition[] {
  if (search === '') return tools;
  return tools.filter(
    (tool) => tool.name.toLowerCase().includes(search) || tool.description.toLowerCase().includes(search),
  );
}
