/**
 * The MCP servers in the Tools panel: the connect form (URL, optional bearer token, the call time limit) and each
 * server's state — who answered, the session, how many tools and pages, the tools refused with their reasons, and
 * a failure explained by its cause. The tools themselves are listed in the tools list as the server's own group.
 */
import type { FormEvent } from 'react';
import { useState } from 'react';
import type { McpServerView, McpToolInfo } from '../../store/mcp-servers';
import { DEFAULT_MCP_TIMEOUT_MS, serverLabel } from '../../store/mcp-servers';
import type { PlaygroundState } from '../../store/playground';
import { useT } from '../../i18n';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { McpProblemText } from './mcp-problem-text';
import './mcp.css';

const selectServers = (s: PlaygroundState) => s.mcp.servers;

export function McpServersPanel() {
  const { t } = useT('mcp');
  const { mcp } = usePlaygroundApi();
  const servers = usePlayground(selectServers);
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [timeLimit, setTimeLimit] = useState(String(DEFAULT_MCP_TIMEOUT_MS));
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await mcp.connect(url, token, Number(timeLimit));
    } finally {
      setPending(false);
    }
  };
  return (
    <details className="tool-group mcp-servers" open={servers.length > 0}>
      <summary>{t('heading')}</summary>
      <p className="muted small">{t('intro')}</p>
      <form className="mcp-connect" onSubmit={(e) => void submit(e)}>
        <label className="field">
          <span>{t('url')}</span>
          <input
            type="text"
            value={url}
            placeholder={t('urlPlaceholder')}
            onChange={(e) => setUrl(e.target.value)}
            spellCheck={false}
          />
        </label>
        <label className="field">
          <span>{t('token')}</span>
          <input type="password" value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" />
        </label>
        <label className="field">
          <span>{t('timeLimit')}</span>
          <input type="number" min={100} step={100} value={timeLimit} onChange={(e) => setTimeLimit(e.target.value)} />
        </label>
        <button type="submit" className="button button-primary" disabled={pending || url.trim() === ''}>
          {pending ? t('connecting') : t('connect')}
        </button>
      </form>
      {servers.length > 0 && (
        <ul className="mcp-server-list" aria-label={t('serversLabel')}>
          {servers.map((server) => (
            <ServerItem key={server.id} server={server} />
          ))}
        </ul>
      )}
      <p className="muted small">{t('approvalNote')}</p>
    </details>
  );
}

function ServerItem({ server }: { server: McpServerView }) {
  const { t } = useT('mcp');
  const { mcp } = usePlaygroundApi();
  const label = serverLabel(server);
  const statusClass =
    server.status === 'connected' ? 'badge-accent' : server.status === 'failed' ? 'badge-error' : 'badge';
  return (
    <li className="mcp-server" data-testid={`mcp-server-${label}`} aria-label={label}>
      <div className="mcp-server-head">
        <strong>{label}</strong>{' '}
        <span className={`badge ${statusClass}`} data-testid="mcp-status">
          {t(`status.${server.status}`)}
        </span>
      </div>
      <p className="muted small">
        <code>{server.url}</code>
      </p>
      {server.identity && (
        <p className="muted small" data-testid="mcp-identity">
          {t('identity', {
            name: server.identity.name,
            version: server.identity.version,
            protocol: server.identity.protocolVersion,
          })}{' '}
          · {server.identity.sessionId ? t('session', { id: server.identity.sessionId }) : t('noSession')}
        </p>
      )}
      <p className="small" data-testid="mcp-tool-count">
        {t('toolCount', { count: server.tools.length })}
        {server.pages > 0 && <> · {t('pages', { count: server.pages })}</>}
      </p>
      {server.problem && (
        <div className="notice notice-error" role="alert" data-testid="mcp-problem">
          <McpProblemText problem={server.problem} />
        </div>
      )}
      {server.tools.length > 0 && (
        <details className="small">
          <summary>{t('toolsHeading')}</summary>
          <ul className="mcp-tool-hints" data-testid="mcp-tool-hints">
            {server.tools.map((tool) => (
              <ToolHints key={tool.name} tool={tool} />
            ))}
          </ul>
        </details>
      )}
      {server.refused.length > 0 && (
        <div className="notice" data-testid="mcp-refused">
          <strong className="small">{t('refusedHeading')}</strong>
          <ul className="small">
            {server.refused.map((r) => (
              <li key={`${r.index}:${r.name}`}>
                {t('refusedTool', { name: r.name || t('unnamed'), index: r.index + 1, reason: r.reason })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="button-row">
        {server.status === 'connected' ? (
          <>
            <button type="button" className="button button-quiet" onClick={() => void mcp.refresh(server.id)}>
              {t('refresh')}
            </button>
            <button type="button" className="button button-quiet" onClick={() => void mcp.disconnect(server.id)}>
              {t('disconnect')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button-quiet"
            disabled={server.status === 'connecting'}
            onClick={() => void mcp.reconnect(server.id)}
          >
            {t('reconnect')}
          </button>
        )}
        <button
          type="button"
          className="button button-quiet"
          aria-label={`${t('remove')} ${label}`}
          onClick={() => void mcp.remove(server.id)}
        >
          {t('remove')}
        </button>
      </div>
    </li>
  );
}

function ToolHints({ tool }: { tool: McpToolInfo }) {
  const { t } = useT('mcp');
  const { annotations } = tool;
  return (
    <li>
      <code>{tool.name}</code>
      {tool.title && <span className="muted"> ({tool.title})</span>}{' '}
      <span className={`badge${tool.needsApproval ? ' badge-warn' : ''}`}>{t(`approval.${tool.approval}`)}</span>
      {annotations.idempotentHint === true && <span className="badge">{t('hint.idempotentHint')}</span>}
      {annotations.openWorldHint === true && <span className="badge">{t('hint.openWorldHint')}</span>}
      {annotations.openWorldHint === false && <span className="badge">{t('hint.closedWorld')}</span>}
      {tool.hasOutputSchema && <span className="badge">{t('hint.structured')}</span>}
    </li>
  );
}
