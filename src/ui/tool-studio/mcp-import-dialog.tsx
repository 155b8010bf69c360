/** Pastes an MCP `tools/list` result and imports its tools (no code: results are written at the pause). */
import { useEffect, useRef, useState } from 'react';
import { usePlaygroundApi } from '../playground-context';

const EXAMPLE = `{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"get_weather","description":"Current weather for a city","inputSchema":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}]}}`;

export function McpImportDialog({ onClose }: { onClose: () => void }) {
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
    const lines = [`Imported ${result.imported} tool(s).`, ...result.problems.map((p) => `Skipped — ${p}`)];
    setMessage({ error: result.problems.length > 0 || result.imported === 0, lines });
  }

  return (
    <dialog
      ref={dialog}
      className="tool-studio-dialog tool-studio-dialog-small"
      aria-label="Import MCP tools"
      onClose={onClose}
    >
      <h3>Import MCP tools</h3>
      <p className="muted small">
        Paste the result of an MCP server's <code>tools/list</code> (the JSON-RPC response, its result, or the tools
        array). Imported tools have no code: the loop pauses on their calls so you write each result by hand, or you add
        a mock.
      </p>
      <label className="tool-studio-label">
        tools/list result (JSON)
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
          Import
        </button>
        <button type="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
