/**
 * The tool studio, rendered in the Tools panel: the user's own tools (new, copy a preset, import from an MCP
 * tools/list result, export / import a file) and, for the one being edited, the full editor in a modal dialog.
 * Saved tools join the workspace's catalog (see src/store/user-tools-store.ts), where they are exposed per request;
 * a new tool is a draft until it is saved.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { McpImportDialog } from './mcp-import-dialog';
import { presetDefinitions } from '../../store/user-tools-store';
import { selectCatalog, selectStudio } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { ToolsFileTrustPrompt } from './tools-file-trust-prompt';
import { useStudioNoticeText } from './studio-words';
import { useT } from '../../i18n';
import './tool-studio.css';

// The editor brings CodeMirror (a few hundred kB): load it when a tool is first opened, not with the page.
const ToolEditor = lazy(() => import('./tool-editor').then((m) => ({ default: m.ToolEditor })));

export function ToolStudio() {
  const { t } = useT('studio');
  const playground = usePlaygroundApi();
  const studioActions = playground.userTools;
  const { specs, loaded, notice, problems, editingId, draft } = usePlayground(selectStudio);
  const editing = specs.find((s) => s.id === editingId) ?? (draft?.id === editingId ? draft : null);
  // Saved tools are listed (with Edit and Delete) in the Tools panel's "My tools" group; only the ones that do
  // not compile, and so are not in the catalog, are listed here, to be fixed or deleted.
  const catalog = usePlayground(selectCatalog);
  const broken = useMemo(() => {
    const compiled = new Set(catalog.groups.find((g) => g.id === 'user-tools')?.tools.map((t) => t.name));
    return specs.filter((spec) => !compiled.has(spec.name));
  }, [catalog.groups, specs]);
  const [mcpOpen, setMcpOpen] = useState(false);
  const noticeText = useStudioNoticeText();
  const fileInput = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    void studioActions.init();
  }, [studioActions]);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (editing && !d.open) d.showModal();
    if (!editing && d.open) d.close();
  }, [editing]);

  function exportFile() {
    const blob = new Blob([studioActions.exportFile()], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'my-tools.tlp-tools.json';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  async function importFile(file: File | undefined) {
    if (!file) return;
    await studioActions.importFile(await file.text());
    if (fileInput.current) fileInput.current.value = '';
  }

  return (
    <section className="tool-studio" aria-label={t('title')}>
      <h3 className="tool-studio-title">{t('title')}</h3>
      {!loaded && <p className="muted small">{t('loading')}</p>}
      {notice && (
        <p
          className={notice.kind === 'error' ? 'tool-studio-error' : 'tool-studio-info'}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {noticeText(notice)}{' '}
          <button type="button" className="tool-studio-link" onClick={() => studioActions.dismissNotice()}>
            {t('dismiss')}
          </button>
        </p>
      )}
      {problems.length > 0 && (
        <div className="tool-studio-error" role="alert">
          <ul>
            {problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
          <button type="button" className="tool-studio-link" onClick={() => studioActions.dismissProblems()}>
            {t('dismiss')}
          </button>
        </div>
      )}
      <ToolsFileTrustPrompt />
      {broken.length > 0 && (
        <ul className="tool-studio-list">
          {broken.map((spec) => (
            <li key={spec.id} className="tool-studio-list-item">
              <code>{spec.name}</code>
              {spec.kind === 'mcp' && <span className="badge">{t('mcp')}</span>}
              <span className="tool-studio-actions">
                <button
                  type="button"
                  onClick={() => studioActions.open(spec.id)}
                  aria-label={t('editLabel', { name: spec.name })}
                >
                  {t('edit')}
                </button>
                <button
                  type="button"
                  onClick={() => {
                    if (confirm(t('confirmDelete', { name: spec.name }))) void studioActions.remove(spec.id);
                  }}
                  aria-label={t('deleteLabel', { name: spec.name })}
                >
                  {t('delete')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="tool-studio-actions tool-studio-wrap">
        <button type="button" onClick={() => studioActions.newTool()}>
          {t('newTool')}
        </button>
        <select
          aria-label={t('copyPresetLabel')}
          value=""
          onChange={(e) => {
            if (e.target.value) studioActions.copyPreset(e.target.value);
          }}
        >
          <option value="">{t('copyPreset')}</option>
          {presetDefinitions().map((p) => (
            <option key={p.name} value={p.name}>
              {p.name}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => setMcpOpen(true)}>
          {t('importMcp')}
        </button>
        <button type="button" onClick={exportFile} disabled={specs.length === 0}>
          {t('exportTools')}
        </button>
        <label className="tool-studio-file">
          {t('importFile')}
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            onChange={(e) => void importFile(e.target.files?.[0])}
          />
        </label>
      </div>
      <dialog
        ref={dialog}
        className="tool-studio-dialog"
        aria-label={t('editorLabel')}
        onClose={() => {
          if (playground.store.getState().userTools.editingId) studioActions.open(null);
        }}
      >
        {editing && (
          <Suspense fallback={<p role="status">{t('opening')}</p>}>
            <ToolEditor
              key={editing.id}
              spec={editing}
              isDraft={editing === draft}
              onClose={() => studioActions.open(null)}
            />
          </Suspense>
        )}
      </dialog>
      {mcpOpen && <McpImportDialog onClose={() => setMcpOpen(false)} />}
    </section>
  );
}
