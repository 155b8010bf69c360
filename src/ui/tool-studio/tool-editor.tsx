/**
 * Edits one user tool as a draft: name, description, parameters (form or JSON Schema) with the zod source and
 * the JSON Schema the model receives shown live, the implementation (or an MCP tool's optional mock), the
 * flags, the time and memory limits, and a test run. Save checks the name and the schema and refuses with the reason.
 */
import { NoPropertiesWarning } from '../lessons/no-properties-warning';
import { useMemo, useState } from 'react';
import type { UserToolSpec } from '../../engine';
import {
  checkJsonSchemaText,
  compileSpecSchema,
  DEFAULT_MEMORY_LIMIT_MB,
  formToJsonSchema,
  jsonSchemaToForm,
  MAX_MEMORY_LIMIT_MB,
  MAX_TIMEOUT_MS,
  MIN_MEMORY_LIMIT_MB,
} from '../../engine';
import { CodeEditor } from './code-editor';
import { ParamFieldsEditor } from './param-form-editor';
import { TestRunPanel } from './test-run-panel';
import { usePlaygroundApi } from '../playground-context';
import { useT } from '../../i18n';
import { useFailureText } from './studio-words';

/** A spec as far as saving goes: everything but the time it was saved. */
function comparable(spec: UserToolSpec): string {
  const { updatedAt: _updatedAt, ...rest } = spec as UserToolSpec & { updatedAt?: number };
  return JSON.stringify(rest);
}

export function ToolEditor({
  spec,
  onClose,
  isDraft = false,
}: {
  spec: UserToolSpec;
  onClose: () => void;
  /** A new tool not saved yet: it is stored (and offered to expose) only when saved; closing drops it. */
  isDraft?: boolean;
}) {
  const { t } = useT('studio');
  const failureText = useFailureText();
  const studioActions = usePlaygroundApi().userTools;
  const [draft, setDraft] = useState(spec);
  // The JSON Schema editor keeps its own text so a half-typed schema is not lost.
  const [schemaText, setSchemaText] = useState(() =>
    JSON.stringify(spec.jsonSchema ?? formToJsonSchema(spec.parameters ?? []), null, 2),
  );
  const [saveError, setSaveError] = useState<string | null>(null);
  // What was last saved, to mark unsaved changes (the time of the save is not a change).
  const [saved, setSaved] = useState(spec);
  const unsaved = !isDraft && comparable(draft) !== comparable(saved);
  const patch = (change: Partial<UserToolSpec>) => setDraft((d) => ({ ...d, ...change }));
  const compiled = useMemo(() => compileSpecSchema(draft), [draft]);
  const mode = draft.parameters ? 'form' : 'json';

  function switchMode(next: 'form' | 'json') {
    if (next === mode) return;
    if (next === 'json') {
      const schema = compiled.ok ? compiled.value.inputSchema : { type: 'object', properties: {} };
      setSchemaText(JSON.stringify(schema, null, 2));
      patch({ parameters: null, jsonSchema: schema });
      return;
    }
    const form = draft.jsonSchema ? jsonSchemaToForm(draft.jsonSchema) : [];
    if (!form) return setSaveError(t('editor.formCannotShow'));
    setSaveError(null);
    patch({ parameters: form, jsonSchema: null });
  }

  function editSchemaText(text: string) {
    setSchemaText(text);
    // A refusal of the schema as it was is stale once it changes (the live schema error says what is wrong now).
    setSaveError(null);
    const checked = checkJsonSchemaText(text);
    // An invalid schema is kept as parsed JSON (or an empty marker) so the error shows and Save refuses it.
    if (checked.ok) patch({ jsonSchema: checked.value.schema });
    else {
      try {
        const value: unknown = JSON.parse(text);
        patch({
          jsonSchema:
            typeof value === 'object' && value !== null && !Array.isArray(value)
              ? (value as Record<string, unknown>)
              : { type: value },
        });
      } catch {
        patch({ jsonSchema: { type: '(not JSON)' } });
      }
    }
  }

  async function save() {
    const problem = mode === 'json' ? checkJsonSchemaText(schemaText) : null;
    if (problem && !problem.ok) return setSaveError(t('editor.notSaved', { reason: failureText(problem) }));
    const refused = studioActions.refuseDraft(draft);
    if (refused) return setSaveError(t('editor.notSaved', { reason: failureText(refused) }));
    setSaveError(null);
    if (await studioActions.save(draft)) setSaved(draft);
  }

  const schemaError =
    mode === 'json'
      ? (() => {
          const c = checkJsonSchemaText(schemaText);
          return c.ok ? null : failureText(c);
        })()
      : compiled.ok
        ? null
        : failureText(compiled);

  return (
    <div className="tool-studio-editor">
      <div className="tool-studio-editor-head">
        <h3>
          {t('editor.heading')} <code>{draft.name || t('params.unnamed')}</code>{' '}
          {draft.kind === 'mcp' && <span className="badge">{t('mcp')}</span>}
          {isDraft && <span className="badge badge-warn">{t('editor.notSavedYet')}</span>}
          {unsaved && (
            <span className="badge badge-warn" data-testid="tool-unsaved" title={t('editor.unsavedTitle')}>
              {t('editor.unsaved')}
            </span>
          )}
        </h3>
        <div className="tool-studio-actions">
          <button type="button" className="tool-studio-primary" onClick={() => void save()}>
            {t('editor.save')}
          </button>
          <button type="button" onClick={onClose} title={isDraft ? t('editor.closeDraftTitle') : undefined}>
            {t('editor.close')}
          </button>
        </div>
      </div>
      {saveError && (
        <p className="tool-studio-error" role="alert" data-testid="tool-save-error">
          {saveError}
        </p>
      )}
      <div className="tool-studio-grid">
        <div className="tool-studio-column">
          <label className="tool-studio-label">
            {t('editor.name')}
            <input
              value={draft.name}
              onChange={(e) => patch({ name: e.target.value })}
              aria-describedby="tool-name-hint"
            />
          </label>
          <span id="tool-name-hint" className="muted small">
            {t('editor.nameHint')}
          </span>
          <label className="tool-studio-label">
            {t('editor.description')}
            <textarea rows={3} value={draft.description} onChange={(e) => patch({ description: e.target.value })} />
          </label>
          <div className="tool-studio-flags">
            <label className="tool-studio-inline" title={t('editor.returnDirectTitle')}>
              <input
                type="checkbox"
                checked={draft.returnDirect}
                onChange={(e) => patch({ returnDirect: e.target.checked })}
              />
              {t('editor.returnDirect')}
            </label>
            <label className="tool-studio-inline">
              <input
                type="checkbox"
                checked={draft.needsApproval}
                onChange={(e) => patch({ needsApproval: e.target.checked })}
              />
              {t('editor.needsApproval')}
            </label>
            <label className="tool-studio-inline">
              <input
                type="checkbox"
                checked={draft.allowNetwork}
                onChange={(e) => patch({ allowNetwork: e.target.checked })}
              />
              {t('editor.allowNetwork')}
            </label>
            <label className="tool-studio-inline">
              {t('editor.timeLimit')}
              <input
                type="number"
                min={50}
                max={MAX_TIMEOUT_MS}
                step={50}
                value={draft.timeoutMs}
                onChange={(e) =>
                  patch({ timeoutMs: Math.min(MAX_TIMEOUT_MS, Math.max(50, Math.round(Number(e.target.value) || 50))) })
                }
              />
            </label>
            <label className="tool-studio-inline">
              {t('editor.memoryLimit')}
              <input
                type="number"
                min={MIN_MEMORY_LIMIT_MB}
                max={MAX_MEMORY_LIMIT_MB}
                step={8}
                value={draft.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB}
                onChange={(e) =>
                  patch({
                    memoryLimitMb: Math.min(
                      MAX_MEMORY_LIMIT_MB,
                      Math.max(MIN_MEMORY_LIMIT_MB, Math.round(Number(e.target.value) || MIN_MEMORY_LIMIT_MB)),
                    ),
                  })
                }
              />
            </label>
          </div>
          <p className="muted small tool-studio-network-rule" data-testid="network-rule">
            {draft.allowNetwork ? t('editor.networkRule', { origin: window.location.origin }) : t('editor.networkOff')}
          </p>

          <h4>{t('editor.parameters')}</h4>
          <div role="radiogroup" aria-label={t('editor.modes')} className="tool-studio-inline-group">
            <label className="tool-studio-inline">
              <input
                type="radio"
                name={`mode-${draft.id}`}
                checked={mode === 'form'}
                onChange={() => switchMode('form')}
              />
              {t('editor.modeForm')}
            </label>
            <label className="tool-studio-inline">
              <input
                type="radio"
                name={`mode-${draft.id}`}
                checked={mode === 'json'}
                onChange={() => switchMode('json')}
              />
              {t('editor.modeJson')}
            </label>
          </div>
          {mode === 'form' ? (
            <ParamFieldsEditor
              fields={draft.parameters ?? []}
              path=""
              onChange={(parameters) => patch({ parameters })}
            />
          ) : (
            <CodeEditor
              language="json"
              label={t('editor.schemaEditor')}
              value={schemaText}
              onChange={editSchemaText}
              testId="schema-editor"
            />
          )}
          {schemaError && (
            <p className="tool-studio-error" role="alert" data-testid="schema-error">
              {schemaError}
            </p>
          )}
          {compiled.ok && <NoPropertiesWarning schema={compiled.value.inputSchema} />}
          {compiled.ok && compiled.value.zodSource && (
            <details open>
              <summary>{t('editor.zodSchema')}</summary>
              <pre className="tool-studio-pre" data-testid="zod-source" tabIndex={0} aria-label={t('editor.zodSource')}>
                {compiled.value.zodSource}
              </pre>
            </details>
          )}
          {compiled.ok && (
            <details open>
              <summary>{t('editor.schemaSent')}</summary>
              <pre
                className="tool-studio-pre"
                data-testid="json-schema-preview"
                tabIndex={0}
                aria-label={t('editor.schemaPreview')}
              >
                {JSON.stringify(compiled.value.inputSchema, null, 2)}
              </pre>
            </details>
          )}
        </div>

        <div className="tool-studio-column">
          <h4>{draft.kind === 'mcp' ? t('editor.mock') : t('editor.implementation')}</h4>
          <p className="muted small">{draft.kind === 'mcp' ? t('editor.mockHelp') : t('editor.codeHelp')}</p>
          <CodeEditor
            language="javascript"
            label={t('editor.codeEditor')}
            value={draft.code}
            onChange={(code) => patch({ code })}
            testId="code-editor"
          />
          <TestRunPanel draft={draft} onSampleArgs={(sampleArgs) => patch({ sampleArgs })} />
        </div>
      </div>
    </div>
  );
}
