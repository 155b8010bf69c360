/**
 * The MCP tab: every JSON-RPC message each server's session exchanged, in order, with its time, direction, kind,
 * method, id and — for a response — how long after its request it came. Each message opens to its JSON.
 */
import { useState } from 'react';
import type { JsonRpcLogEntry, McpLog } from '../../store/mcp-servers';
import { serverLabel } from '../../store/mcp-servers';
import type { PlaygroundState } from '../../store/playground';
import { useFormat, useT } from '../../i18n';
import { usePlayground } from '../playground-context';
import './mcp.css';

const selectServers = (s: PlaygroundState) => s.mcp.servers;
const selectLogs = (s: PlaygroundState) => s.mcp.logs;
const NO_LOG: McpLog = { entries: [], dropped: 0 };

export function McpLogView() {
  const { t } = useT('mcp');
  const servers = usePlayground(selectServers);
  const logs = usePlayground(selectLogs);
  const [chosen, setChosen] = useState<string | null>(null);
  if (servers.length === 0) return <p className="muted">{t('log.empty')}</p>;
  const server = servers.find((s) => s.id === chosen) ?? servers[0]!;
  const log = logs[server.id] ?? NO_LOG;
  return (
    <section className="mcp-log" aria-label={t('log.heading')}>
      <h2>{t('log.heading')}</h2>
      {servers.length > 1 && (
        <label className="field">
          <span>{t('log.server')}</span>
          <select value={server.id} onChange={(e) => setChosen(e.target.value)}>
            {servers.map((s) => (
              <option key={s.id} value={s.id}>
                {serverLabel(s)}
              </option>
            ))}
          </select>
        </label>
      )}
      <p className="muted small">
        {serverLabel(server)} · <code>{server.url}</code> · {t('log.count', { count: log.entries.length })}
        {log.dropped > 0 && <> · {t('log.dropped', { count: log.dropped })}</>}
      </p>
      <div className="mcp-log-scroll">
        <table className="data-table mcp-log-table" data-testid="mcp-log">
          <thead>
            <tr>
              <th scope="col">{t('log.seq')}</th>
              <th scope="col">{t('log.time')}</th>
              <th scope="col">{t('log.direction')}</th>
              <th scope="col">{t('log.method')}</th>
              <th scope="col">{t('log.id')}</th>
              <th scope="col">{t('log.duration')}</th>
              <th scope="col">{t('log.message')}</th>
            </tr>
          </thead>
          <tbody>
            {log.entries.map((entry) => (
              <LogRow key={entry.seq} entry={entry} start={log.entries[0]!.at} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function LogRow({ entry, start }: { entry: JsonRpcLogEntry; start: number }) {
  const { t } = useT('mcp');
  const format = useFormat();
  return (
    <tr className={`mcp-log-${entry.direction}`} data-testid="mcp-log-row">
      <td>{entry.seq}</td>
      <td className="muted nowrap">+{format.duration(entry.at - start)}</td>
      <td className="nowrap" title={entry.direction === 'sent' ? t('log.sent') : t('log.received')}>
        <span aria-hidden="true">{entry.direction === 'sent' ? '→' : '←'}</span>
        <span className="visually-hidden">{entry.direction === 'sent' ? t('log.sent') : t('log.received')}</span>
      </td>
      <td>
        <code>{entry.method ?? ''}</code> <span className="muted">{entry.kind}</span>
      </td>
      <td>{entry.id ?? ''}</td>
      <td className="nowrap">{entry.durationMs !== null ? format.duration(entry.durationMs) : ''}</td>
      <td>
        <details>
          <summary>{entry.error ? `${entry.error.code}: ${entry.error.message}` : <code>JSON</code>}</summary>
          <pre className="code-block">{entry.text}</pre>
          {entry.originalChars !== null && (
            <p className="muted small">{t('log.cut', { shown: entry.text.length, total: entry.originalChars })}</p>
          )}
        </details>
      </td>
    </tr>
  );
}
