/**
 * Right column: projections of the run's event log, one tab each. Only the first tab (Turns) is part of the
 * first page load; every other tab's view is its own chunk, fetched the first time it is opened (a skeleton
 * fills the tab panel meanwhile, so nothing jumps).
 */
import type { ComponentType, KeyboardEvent, ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { useT } from '../../i18n';
import type { InspectorTab } from '../../store/playground';
import { INSPECTOR_TAB_IDS } from '../../store/playground';
import { selectInspectorTab } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { TurnTable } from './turn-table';

/** A view loaded on first use: `load` names the module and its export. */
function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazy(async () => ({ default: await load() }));
}

const RequestView = lazyView(() => import('./request-view').then((m) => m.RequestView));
const StopReasonsView = lazyView(() => import('./stop-reasons-view').then((m) => m.StopReasonsView));
const MetricsView = lazyView(() => import('./metrics-view').then((m) => m.MetricsView));
const AdvisorsTab = lazyView(() => import('./advisors-tab').then((m) => m.AdvisorsTab));
const ToolSearchPanel = lazyView(() => import('../tool-search/tool-search-panel').then((m) => m.ToolSearchPanel));
const McpLogView = lazyView(() => import('../mcp/mcp-log-view').then((m) => m.McpLogView));
const RunsView = lazyView(() => import('./runs-view').then((m) => m.RunsView));
const ShowCodeView = lazyView(() => import('../show-code/show-code-view').then((m) => m.ShowCodeView));

interface TabSpec {
  readonly id: InspectorTab;
  readonly render: () => ReactNode;
}

/** Each tab's view, by id (the ids and their order: `INSPECTOR_TAB_IDS`); each tab's label is `inspector.tab.<id>`. */
const TAB_VIEWS: Readonly<Record<InspectorTab, () => ReactNode>> = {
  turns: () => <TurnTable />,
  request: () => <RequestView mode="request" />,
  prompt: () => <RequestView mode="prompt" />,
  stops: () => <StopReasonsView />,
  metrics: () => <MetricsView />,
  advisors: () => <AdvisorsTab />,
  'tool-search': () => <ToolSearchPanel />,
  mcp: () => <McpLogView />,
  runs: () => <RunsView />,
  code: () => <ShowCodeView />,
};

export const INSPECTOR_TABS: readonly TabSpec[] = INSPECTOR_TAB_IDS.map((id) => ({ id, render: TAB_VIEWS[id] }));

export function Inspector() {
  const { t } = useT('inspector');
  const { actions } = usePlaygroundApi();
  const tab = usePlayground(selectInspectorTab);
  const current = INSPECTOR_TABS.find((t) => t.id === tab) ?? INSPECTOR_TABS[0]!;
  // The ARIA tabs pattern: the tab list is one tab stop; arrows, Home and End move between tabs and open them.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = INSPECTOR_TABS.indexOf(current);
    const last = INSPECTOR_TABS.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? (index + 1) % INSPECTOR_TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % INSPECTOR_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    const next = INSPECTOR_TABS[to]!;
    actions.setInspectorTab(next.id);
    document.getElementById(`tab-${next.id}`)?.focus();
  };
  return (
    <aside className="panel inspector" aria-label={t('label')}>
      <div className="tabs" role="tablist" aria-label={t('tabsLabel')} onKeyDown={onKeyDown}>
        {INSPECTOR_TABS.map((spec) => (
          <button
            key={spec.id}
            type="button"
            role="tab"
            id={`tab-${spec.id}`}
            aria-selected={spec.id === current.id}
            tabIndex={spec.id === current.id ? 0 : -1}
            aria-controls={`tabpanel-${spec.id}`}
            className={`tab${spec.id === current.id ? ' tab-current' : ''}`}
            onClick={() => actions.setInspectorTab(spec.id)}
          >
            {t(`tab.${spec.id}`)}
          </button>
        ))}
      </div>
      <div
        className="tab-panel"
        role="tabpanel"
        tabIndex={0}
        id={`tabpanel-${current.id}`}
        aria-labelledby={`tab-${current.id}`}
      >
        <Suspense fallback={<TabSkeleton label={t('loading')} />}>{current.render()}</Suspense>
      </div>
    </aside>
  );
}

/** Holds the tab panel's place while a view's chunk arrives (the panel keeps its height: no jump). */
function TabSkeleton({ label }: { label: string }) {
  return (
    <div className="panel-skeleton inspector-skeleton muted small" aria-busy="true">
      {label}
    </div>
  );
}
