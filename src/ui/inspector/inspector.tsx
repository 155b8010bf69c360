/** Right column: projections of the run's event log, one tab each. */
import type { KeyboardEvent, ReactNode } from 'react';
import type { InspectorTab } from '../../store/playground';
import { selectEvents, selectInspectorTab, selectLoopControl } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { AdvisorsView } from '../advisors/advisors-view';
import { ToolSearchPanel } from '../tool-search/tool-search-panel';
import { McpLogView } from '../mcp/mcp-log-view';
import { MetricsView } from './metrics-view';
import { RequestView } from './request-view';
import { RunsView } from './runs-view';
import { StopReasonsView } from './stop-reasons-view';
import { TurnTable } from './turn-table';
import { ShowCodeView } from '../show-code/show-code-view';

interface TabSpec {
  readonly id: InspectorTab;
  readonly label: string;
  readonly render: () => ReactNode;
}

/** Features add their own tabs here (advisors…). */
export const INSPECTOR_TABS: readonly TabSpec[] = [
  { id: 'turns', label: 'Turns', render: () => <TurnTable /> },
  { id: 'request', label: 'Request', render: () => <RequestView mode="request" /> },
  { id: 'prompt', label: 'Prompt', render: () => <RequestView mode="prompt" /> },
  { id: 'stops', label: 'Stop reasons', render: () => <StopReasonsView /> },
  { id: 'metrics', label: 'Metrics', render: () => <MetricsView /> },
  { id: 'advisors', label: 'Advisors', render: () => <AdvisorsTab /> },
  { id: 'tool-search', label: 'Tool search', render: () => <ToolSearchPanel /> },
  { id: 'mcp', label: 'MCP', render: () => <McpLogView /> },
  { id: 'runs', label: 'Runs', render: () => <RunsView /> },
  { id: 'code', label: 'Code', render: () => <ShowCodeView /> },
];

export function Inspector() {
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
    <aside className="panel inspector" aria-label="Inspector">
      <div className="tabs" role="tablist" aria-label="Inspector views" onKeyDown={onKeyDown}>
        {INSPECTOR_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={t.id === current.id}
            tabIndex={t.id === current.id ? 0 : -1}
            aria-controls={`tabpanel-${t.id}`}
            className={`tab${t.id === current.id ? ' tab-current' : ''}`}
            onClick={() => actions.setInspectorTab(t.id)}
          >
            {t.label}
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
        {current.render()}
      </div>
    </aside>
  );
}

function AdvisorsTab() {
  const { actions, advisors } = usePlaygroundApi();
  const events = usePlayground(selectEvents);
  const loopControl = usePlayground(selectLoopControl);
  return (
    <AdvisorsView
      host={advisors}
      events={events}
      loopControl={loopControl}
      onLoopControlChange={actions.setLoopControl}
      comparisonSource={actions.comparisonSource}
    />
  );
}
