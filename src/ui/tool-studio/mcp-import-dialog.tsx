/** Pastes an MCP `tools/list` result and imports its tools (no code: results are written at the pause). */
import { useEffect, useRef, useState } from 'react';
import { usePlaygroundApi } from '../playground-context';
import { useT } from '../../i18n';

const EXAMPLE = `{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"get_weather","description":"Current weather for a city","inputSchema":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}]}}`;

export function McpImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useT('studio');
  const studioActions = usePlaygroundApi().userTools;
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [message, setMessage] = useState<{ error: boolean; lines: string[] } | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  async function run() {
    const result = await studioActions.importMcp(text);
    if ('error' in result) return setMessage({ error: true, lines: [result.error] });
    const lines = [
      t('mcpImport.imported', { count: result.imported }),
      ...result.problems.map((problem) => t('mcpImport.skipped', { problem })),
    ];
    setMessage({ error: result.problems.length > 0 || result.imported === 0, lines });
  }

  return (
    <dialog
      ref={dialog}
      className="tool-studio-dialog tool-studio-dialog-small"
      aria-label={t('mcpImport.title')}
      onClose={onClose}
    >
      <h3>{t('mcpImport.title')}</h3>
      <p className="muted small">
        {t('mcpImport.helpBefore')} <code>tools/list</code> {t('mcpImport.helpAfter')}
      </p>
      <label className="tool-studio-label">
        {t('mcpImport.result')}
        <textarea
          rows={10}
          className="tool-studio-mono"
          value={text}
          placeholder={EXAMPLE}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      {message && (
        <div
          className={message.error ? 'tool-studio-error' : 'tool-studio-info'}
          role={message.error ? 'alert' : 'status'}
          data-testid="mcp-import-message"
        >
          {message.lines.map((l, i) => (
            <p key={i}>{l}</p>
          ))}
        </div>
      )}
      <div className="tool-studio-actions">
        <button type="button" className="tool-studio-primary" onClick={() => void run()} disabled={text.trim() === ''}>
          {t('mcpImport.import')}
        </button>
        <button type="button" onClick={() => dialog.current?.close()}>
          {t('mcpImport.close')}
        </button>
      </div>
    </dialog>
  );
}
