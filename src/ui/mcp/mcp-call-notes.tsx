/**
 * What the transcript shows of MCP calls: the progress of a call in flight on its call card, and on a tool result
 * the record the run keeps — which server and tool version answered, how it ended, the content blocks (images,
 * resource links, structuredContent), a result cut at the size cap, and the call's own JSON-RPC exchange. The record
 * lives in the run's log, so an imported run shows all of it without connecting.
 */
import { useEffect, useState } from 'react';
import { assertNever } from '../../engine';
import type { McpBlock } from '../../store/mcp-servers';
import { callRecordOf } from '../../store/mcp-servers';
import type { PlaygroundState } from '../../store/playground';
import { useFormat, useT } from '../../i18n';
import { usePlayground } from '../playground-context';

/** Image types shown inline; anything else (SVG included: it can carry script) is only described. */
const SHOWN_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** The progress of an MCP call in flight (nothing for other calls). */
export function McpCallProgress({ callId }: { callId: string }) {
  const { t } = useT('mcp');
  const format = useFormat();
  const call = usePlayground((s: PlaygroundState) => s.mcp.calls[callId]);
  // The page's own clock from the moment the call appeared (the store's clock may be another one).
  const [since, setSince] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const inFlight = call !== undefined;
  useEffect(() => {
    if (!inFlight) return setSince(null);
    setSince(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [inFlight]);
  if (!call) return null;
  const progress = call.progress;
  return (
    <p className="small mcp-progress" role="status" data-testid={`mcp-progress-${callId}`}>
      {t('progress', {
        server: call.server,
        tool: call.tool,
        elapsed: format.duration(Math.max(0, now - (since ?? now))),
      })}
      {progress && (
        <>
          {' · '}
          {progress.total !== undefined
            ? t('progressOf', { progress: progress.progress, total: progress.total })
            : t('progressNote', { progress: progress.progress })}
          {progress.message && <> · {progress.message}</>}
          {progress.total !== undefined && progress.total > 0 && (
            <progress value={progress.progress} max={progress.total} aria-label={call.tool} />
          )}
        </>
      )}
    </p>
  );
}

/** The MCP record of a tool result (nothing for other tools). */
export function McpResultRecord({ metadata }: { metadata: Readonly<Record<string, unknown>> | undefined }) {
  const { t } = useT('mcp');
  const format = useFormat();
  const record = callRecordOf(metadata);
  if (!record) return null;
  return (
    <div className="mcp-record small" data-testid="mcp-record">
      <p className="muted">
        {t('record.answered', {
          server: record.server.title ?? record.server.name,
          version: record.server.version,
          tool: record.tool.name,
          digest: record.tool.digest,
          duration: format.duration(record.durationMs),
        })}{' '}
        <span className={`badge${record.ending === 'result' ? '' : ' badge-warn'}`}>
          {t(`record.ending.${record.ending}`)}
        </span>
        {record.truncated && (
          <span className="badge badge-warn" data-testid="mcp-truncated">
            {t('record.truncated')} ({format.number(record.truncated.sentChars)} /{' '}
            {format.number(record.truncated.originalChars)})
          </span>
        )}
      </p>
      {record.blocks.some((b) => b.kind !== 'text') && (
        <ul className="mcp-blocks" aria-label={t('record.blocks')}>
          {record.blocks.map((block, i) =>
            block.kind === 'text' ? null : (
              <li key={i}>
                <Block block={block} />
              </li>
            ),
          )}
        </ul>
      )}
      {record.structuredContent !== undefined && (
        <details>
          <summary>{t('record.structured')}</summary>
          <pre className="code-block">
            {typeof record.structuredContent === 'string'
              ? record.structuredContent
              : JSON.stringify(record.structuredContent, null, 2)}
          </pre>
        </details>
      )}
      <details>
        <summary>{t('record.exchange')}</summary>
        {[record.exchange.request, record.exchange.cancelled, record.exchange.response].map(
          (text, i) =>
            text !== null && (
              <pre key={i} className="code-block">
                {text}
              </pre>
            ),
        )}
      </details>
    </div>
  );
}

function Block({ block }: { block: Exclude<McpBlock, { kind: 'text' }> }) {
  const { t } = useT('mcp');
  switch (block.kind) {
    case 'image':
      if (block.data === null || !SHOWN_IMAGES.has(block.mimeType)) {
        return <>{t('record.imageDropped', { mimeType: block.mimeType, bytes: block.bytes })}</>;
      }
      return (
        <figure className="mcp-image">
          <img src={`data:${block.mimeType};base64,${block.data}`} alt={t('record.image', block)} />
          <figcaption className="muted">{t('record.image', block)}</figcaption>
        </figure>
      );
    case 'audio':
      return <>{t('record.audio', block)}</>;
    case 'resource-link':
      return (
        <>
          {t('record.link', { name: block.name, uri: block.uri })}
          {block.description && <span className="muted"> — {block.description}</span>}
        </>
      );
    case 'resource':
      return (
        <>
          {t('record.resource', { uri: block.uri })}
          {block.text !== undefined && <pre className="code-block">{block.text}</pre>}
        </>
      );
    case 'unknown':
      return <code>{block.type}</code>;
    default:
      return assertNever(block);
  }
}
