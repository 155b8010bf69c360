/**
 * Left column: the workspace's tools by source, each with its "expose" checkbox, and the tool studio. The counts
 * and the checkboxes read the workspace the next request is built from, so what is ticked is what is sent.
 */
import { useMemo } from 'react';
import { exposedDefinitions } from '../../engine/loop/request';
import type { ToolDefinition } from '../../engine/tool';
import { selectBusy, selectCatalog, selectWorkspace } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { ToolStudio } from '../tool-studio';
import { McpServersPanel } from '../mcp/mcp-servers-panel';

export function ToolsPanel() {
  const { actions } = usePlaygroundApi();
  const catalog = usePlayground(selectCatalog);
  const workspace = usePlayground(selectWorkspace);
  const busy = usePlayground(selectBusy);
  const exposed = useMemo(() => new Set(workspace.exposed), [workspace.exposed]);
  const checked = useMemo(() => exposedDefinitions(workspace, catalog.all), [workspace, catalog.all]);
  const known = new Set(catalog.all.map((t) => t.name));
  const missing = workspace.exposed.filter((name) => !known.has(name));
  const exposedCount = catalog.all.filter((t) => exposed.has(t.name)).length;
  return (
    <aside className="panel tools-panel" aria-label="Tools">
      <section className="panel-section">
        <h2>
          Tools{' '}
          <span className="muted" data-testid="tools-exposed-count">
            ({exposedCount} of {catalog.all.length} exposed)
          </span>
        </h2>
        <p className="muted small">
          Tools are exposed per request: the checked ones are sent to the model with the next request.
          {busy && ' (Wait for the step in flight to change them.)'}
        </p>
        {!checked.ok && (
          <p className="notice notice-error" role="alert">
            {checked.error}
          </p>
        )}
        {missing.map((name) => (
          <p key={name} className="notice notice-error">
            <code>{name}</code> is exposed but no longer in the workspace.{' '}
            <button type="button" className="button button-quiet" onClick={() => actions.toggleTool(name, false)}>
              Untick {name}
            </button>
          </p>
        ))}
        {catalog.groups.map((group) => {
          const groupExposed = group.tools.filter((t) => exposed.has(t.name)).length;
          return (
            <details
              key={group.id}
              className="tool-group"
              open={group.id === 'presets' || group.id === 'user-tools' || groupExposed > 0}
            >
              <summary>
                {group.label}{' '}
                <span className="muted">
                  ({groupExposed} of {group.tools.length} exposed)
                </span>
              </summary>
              <ul className="tool-list">
                {group.tools.map((tool, i) => (
                  <ToolItem
                    key={`${tool.name}:${i}`}
                    tool={tool}
                    checked={exposed.has(tool.name)}
                    disabled={busy}
                    override={workspace.toolOverrides[tool.name]}
                    onToggle={(on) => actions.toggleTool(tool.name, on)}
                  />
                ))}
              </ul>
            </details>
          );
        })}
        <McpServersPanel />
        <ToolStudio />
      </section>
    </aside>
  );
}

interface ToolItemProps {
  readonly tool: ToolDefinition;
  readonly checked: boolean;
  readonly disabled: boolean;
  readonly override: { readonly returnDirect?: boolean; readonly needsApproval?: boolean } | undefined;
  readonly onToggle: (on: boolean) => void;
}

function ToolItem({ tool, checked, disabled, override, onToggle }: ToolItemProps) {
  // A scenario may flip a tool's flags in its workspace (e.g. reserve_inventory needs approval in reserve-and-todo).
  const returnDirect = override?.returnDirect ?? tool.returnDirect;
  const needsApproval = override?.needsApproval ?? tool.needsApproval;
  const note = override ? ' (in this scenario)' : '';
  return (
    <li className="tool-item">
      <label className="tool-item-head">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-label={`Expose ${tool.name}`}
          onChange={(e) => onToggle(e.target.checked)}
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
