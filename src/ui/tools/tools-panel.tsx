/** Left column: the runtime's own panel (model picker…) and the workspace's tools with per-request exposure. */
import { useMemo, useSyncExternalStore } from 'react';
import type { Tool } from '../../engine/tool';
import { findDuplicateToolName } from '../../engine/tool-registry';
import { getScenario } from '../../engine/scenarios';
import { actions, useAppStore } from '../../store/app-store';
import { onToolSourcesChanged, toolSources } from '../../store/tool-catalog';
import { ToolStudio } from '../tool-studio';

let catalogVersion = 0;
const subscribeCatalog = (listener: () => void) =>
  onToolSourcesChanged(() => {
    catalogVersion += 1;
    listener();
  });

export function ToolsPanel() {
  const exposed = useAppStore((s) => s.exposed);
  const version = useSyncExternalStore(subscribeCatalog, () => catalogVersion);
  // Fresh instances are cheap; the list only needs names, descriptions and schemas.
  const groups = useMemo(
    () => (version >= 0 ? toolSources().map((source) => ({ source, tools: source.tools() })) : []),
    [version],
  );
  const tools = groups.flatMap((g) => g.tools);
  const exposedTools = tools.filter((t) => exposed[t.name]);
  const duplicate = findDuplicateToolName(exposedTools);
  return (
    <aside className="panel tools-panel" aria-label="Tools">
      <section className="panel-section">
        <h2>
          Tools{' '}
          <span className="muted">
            ({exposedTools.length} of {tools.length} exposed)
          </span>
        </h2>
        <p className="muted small">Tools are exposed per request: only the checked ones are sent to the model.</p>
        {duplicate && (
          <p className="notice notice-error" role="alert">
            {duplicate}
          </p>
        )}
        {groups.map(({ source, tools: groupTools }) => {
          const exposedCount = groupTools.filter((t) => exposed[t.name]).length;
          return (
            <details
              key={source.id}
              className="tool-group"
              open={source.id === 'presets' || source.id === 'user-tools' || exposedCount > 0}
            >
              <summary>
                {source.label}{' '}
                <span className="muted">
                  ({exposedCount} of {groupTools.length} exposed)
                </span>
              </summary>
              <ul className="tool-list">
                {groupTools.map((tool, i) => (
                  <ToolItem key={`${tool.name}:${i}`} tool={tool} checked={exposed[tool.name] ?? false} />
                ))}
              </ul>
            </details>
          );
        })}
        <ToolStudio />
      </section>
    </aside>
  );
}

function ToolItem({ tool, checked }: { tool: Tool; checked: boolean }) {
  // A scenario may flip a tool's flags for its runs (e.g. reserve_inventory needs approval in reserve-and-todo).
  const override = useAppStore((s) => getScenario(s.scenarioId ?? '')?.toolOverrides?.[tool.name]);
  const returnDirect = override?.returnDirect ?? tool.returnDirect;
  const needsApproval = override?.needsApproval ?? tool.needsApproval;
  const note = override ? ' (in this scenario)' : '';
  return (
    <li className="tool-item">
      <label className="tool-item-head">
        <input
          type="checkbox"
          checked={checked}
          aria-label={`Expose ${tool.name}`}
          onChange={(e) => actions.toggleTool(tool.name, e.target.checked)}
        />
        <code className="tool-name">{tool.name}</code>
        <span className="badge">{tool.source}</span>
        {returnDirect && <span className="badge badge-accent">returnDirect{note}</span>}
        {needsApproval && <span className="badge badge-warn">needs approval{note}</span>}
      </label>
      <p className="tool-description">{tool.description}</p>
      <details>
        <summary>JSON Schema the model receives</summary>
        <pre className="code-block">{JSON.stringify(tool.inputSchema, null, 2)}</pre>
      </details>
    </li>
  );
}
