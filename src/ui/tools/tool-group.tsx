/**
 * One source's tools in the Tools panel ("Presets", "My tools", the tool-search workspace, MCP servers…): its count
 * ("3 of 28 exposed", over all of the group's tools, whatever the search shows) and its tools — as full cards when
 * the group is small, as a virtualized list of rows when it is large (10,000 imported MCP tools).
 */
import { useState } from 'react';
import type { ToolDefinition } from '../../engine';
import { useFormat, useT } from '../../i18n';
import { Disclosure } from '../disclosure';
import type { CatalogGroup } from '../../store/catalog';
import type { ToolFlags } from './tool-item';
import { ToolItem, ToolRow } from './tool-item';
import { VirtualRows } from './virtual-rows';

/** Above this many tools a group is virtualized: only the rows in view are in the page. */
export const VIRTUALIZE_ABOVE = 40;
const ROW_HEIGHT = 56;
const VISIBLE_ROWS = 8;

export interface ToolGroupProps {
  readonly group: CatalogGroup;
  /** The group's tools the search shows (all of them without a search). */
  readonly shown: readonly ToolDefinition[];
  readonly searching: boolean;
  readonly exposed: ReadonlySet<string>;
  readonly disabled: boolean;
  readonly overrides: Readonly<Record<string, ToolFlags>>;
  readonly specIds: ReadonlyMap<string, string> | null;
  readonly onToggle: (name: string, on: boolean) => void;
}

export function ToolGroup({
  group,
  shown,
  searching,
  exposed,
  disabled,
  overrides,
  specIds,
  onToggle,
}: ToolGroupProps) {
  const { t } = useT('tools');
  const format = useFormat();
  const [selected, setSelected] = useState<string | null>(null);
  const label = groupLabel(t, group);
  const groupExposed = group.tools.reduce((n, tool) => (exposed.has(tool.name) ? n + 1 : n), 0);
  const open = searching ? shown.length > 0 : group.id === 'presets' || group.id === 'user-tools' || groupExposed > 0;
  const virtual = shown.length > VIRTUALIZE_ABOVE;
  const selectedTool = virtual && selected !== null ? shown.find((tool) => tool.name === selected) : undefined;
  const itemProps = (tool: ToolDefinition) => ({
    tool,
    checked: exposed.has(tool.name),
    disabled,
    override: overrides[tool.name],
    onToggle: (on: boolean) => onToggle(tool.name, on),
    specId: specIds?.get(tool.name),
  });
  return (
    <Disclosure
      className="tool-group"
      open={open}
      testId={`tool-group-${group.id}`}
      summary={
        <>
          {label}{' '}
          <span className="muted" data-testid="tool-group-count">
            {t('groupCount', { exposed: format.number(groupExposed), total: format.number(group.tools.length) })}
          </span>
          {searching && (
            <span className="muted small"> · {t('groupMatches', { shown: format.number(shown.length) })}</span>
          )}
        </>
      }
    >
      {virtual ? (
        <>
          <VirtualRows
            items={shown}
            rowHeight={ROW_HEIGHT}
            visibleRows={VISIBLE_ROWS}
            label={t('listLabel', { group: label, count: format.number(shown.length) })}
            keyOf={(tool, i) => `${tool.name}:${i}`}
            testId={`tool-rows-${group.id}`}
            renderRow={(tool) => (
              <ToolRow
                {...itemProps(tool)}
                selected={tool.name === selected}
                onSelect={() => setSelected((current) => (current === tool.name ? null : tool.name))}
              />
            )}
          />
          {selectedTool && (
            <div className="tool-selected" role="region" aria-label={t('selected', { name: selectedTool.name })}>
              <div className="tool-selected-head">
                <code className="tool-name">{selectedTool.name}</code>
                <button type="button" className="button button-quiet button-small" onClick={() => setSelected(null)}>
                  {t('closeSelected')}
                </button>
              </div>
              <p className="tool-description">{selectedTool.description}</p>
              <pre className="code-block">{JSON.stringify(selectedTool.inputSchema, null, 2)}</pre>
            </div>
          )}
        </>
      ) : (
        <ul className="tool-list">
          {shown.map((tool, i) => (
            <ToolItem key={`${tool.name}:${i}`} {...itemProps(tool)} />
          ))}
        </ul>
      )}
    </Disclosure>
  );
}

function groupLabel(t: ReturnType<typeof useT<'tools'>>['t'], group: CatalogGroup): string {
  switch (group.id) {
    case 'presets':
      return t('groups.presets');
    case 'user-tools':
      return t('groups.userTools');
    case 'lessons':
      return t('groups.lessons');
    case 'tool-search-28':
      return t('groups.toolSearch');
    default:
      // Sources added later (an MCP server) bring their own label.
      return group.label;
  }
}
