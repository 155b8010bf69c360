/**
 * One tool in the Tools panel: its "expose" checkbox, name, flags and (for the user's own tools) Edit and Delete.
 * `ToolItem` is the full card (description and schema inline) for small groups; `ToolRow` is the one-height row
 * of a virtualized group, whose description and schema open below the list.
 */
import { useT } from '../../i18n';
import type { ToolDefinition, ToolOverride } from '../../engine';
import { applyOverride, koreanReadingOf } from '../../engine';
import { Disclosure } from '../disclosure';
import { usePlaygroundApi } from '../playground-context';

/** The workspace's override of a tool: its flags, and its words in another language (tool-language.ts). */
export type ToolFlags = ToolOverride;

export interface ToolItemProps {
  readonly tool: ToolDefinition;
  readonly checked: boolean;
  readonly disabled: boolean;
  readonly override: ToolFlags | undefined;
  readonly onToggle: (on: boolean) => void;
  /** The stored spec's id when this is one of the user's own tools (Edit and Delete). */
  readonly specId?: string | undefined;
}

/** The tool as the next request would describe it: with the workspace's override applied. */
function asSent({ tool, override }: ToolItemProps): ToolDefinition {
  return override ? applyOverride(tool, override) : tool;
}

/**
 * The description a person reads: on the Korean page a preset tool sent with its English description reads in
 * Korean, with the English the model reads one click away (`ToolRow`: in its tooltip).
 */
function useReading(tool: ToolDefinition): { readonly text: string; readonly modelReads: string | null } {
  const { i18n } = useT('tools');
  const korean = i18n.language === 'ko' ? koreanReadingOf(tool) : undefined;
  return korean === undefined
    ? { text: tool.description, modelReads: null }
    : { text: korean, modelReads: tool.description };
}

export function ToolItem(props: ToolItemProps) {
  const { t } = useT('tools');
  const tool = asSent(props);
  const reading = useReading(tool);
  return (
    <li className="tool-item">
      <ToolHead {...props} />
      <p className="tool-description">{reading.text}</p>
      {reading.modelReads !== null && (
        <Disclosure summary={t('modelReadsEnglish')}>
          <p className="tool-description" lang="en" data-testid={`model-reads-${tool.name}`}>
            {reading.modelReads}
          </p>
        </Disclosure>
      )}
      <Disclosure summary={t('schema')}>
        <pre className="code-block">{JSON.stringify(tool.inputSchema, null, 2)}</pre>
      </Disclosure>
    </li>
  );
}

export function ToolRow(props: ToolItemProps & { readonly selected: boolean; readonly onSelect: () => void }) {
  const { t } = useT('tools');
  const tool = asSent(props);
  const reading = useReading(tool);
  const title = reading.modelReads === null ? reading.text : t('modelReadsTitle', { text: reading.modelReads });
  return (
    <div className={`tool-row${props.selected ? ' tool-row-selected' : ''}`}>
      <ToolHead {...props} />
      <div className="tool-row-line">
        <span className="tool-row-description" title={title}>
          {reading.text}
        </span>
        <button
          type="button"
          className="button button-quiet button-small"
          aria-label={t('showSchemaLabel', { name: tool.name })}
          aria-pressed={props.selected}
          onClick={props.onSelect}
        >
          {t('showSchema')}
        </button>
      </div>
    </div>
  );
}

function ToolHead({ tool, checked, disabled, override, onToggle, specId }: ToolItemProps) {
  const { t } = useT('tools');
  // A scenario may flip a tool's flags in its workspace (e.g. reserve_inventory needs approval in reserve-and-todo).
  const returnDirect = override?.returnDirect ?? tool.returnDirect;
  const needsApproval = override?.needsApproval ?? tool.needsApproval;
  const flag = (text: string) => (override ? t('inScenario', { flag: text }) : text);
  return (
    <div className="tool-item-head">
      <label className="tool-item-label">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-label={t('expose', { name: tool.name })}
          onChange={(e) => onToggle(e.target.checked)}
        />
        <code className="tool-name">{tool.name}</code>
      </label>
      <span className="badge">{t(`source.${tool.source}`)}</span>
      {returnDirect && <span className="badge badge-accent">{flag('returnDirect')}</span>}
      {needsApproval && <span className="badge badge-warn">{flag(t('needsApproval'))}</span>}
      {specId !== undefined && <OwnToolActions specId={specId} name={tool.name} />}
    </div>
  );
}

function OwnToolActions({ specId, name }: { readonly specId: string; readonly name: string }) {
  const { t } = useT('tools');
  const { userTools } = usePlaygroundApi();
  return (
    <span className="tool-own-actions">
      <button
        type="button"
        className="button button-quiet button-small"
        aria-label={t('editLabel', { name })}
        onClick={() => userTools.open(specId)}
      >
        {t('edit')}
      </button>
      <button
        type="button"
        className="button button-quiet button-small"
        aria-label={t('deleteLabel', { name })}
        onClick={() => {
          if (confirm(t('confirmDelete', { name }))) void userTools.remove(specId);
        }}
      >
        {t('delete')}
      </button>
    </span>
  );
}
