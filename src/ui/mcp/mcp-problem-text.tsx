/** One MCP failure in words, by its cause (the catalog's `mcp.problem.*`); CORS lists the headers the server must send. */
import { assertNever } from '../../engine';
import type { McpProblem } from '../../store/mcp-servers';
import { corsHeadersFor } from '../../store/mcp-servers';
import { useT } from '../../i18n';

export function McpProblemText({ problem }: { problem: McpProblem }) {
  const { t } = useT('mcp');
  switch (problem.kind) {
    case 'bad-url':
      return <>{t('problem.bad-url', { detail: problem.detail })}</>;
    case 'mixed-content':
      return <>{t('problem.mixed-content', { url: problem.url })}</>;
    case 'unreachable':
      return <>{t('problem.unreachable', { url: problem.url })}</>;
    case 'cors':
      return (
        <>
          {t('problem.cors', { origin: problem.origin })}
          <pre className="code-block" data-testid="mcp-cors-headers">
            {corsHeadersFor(problem.origin).join('\n')}
          </pre>
        </>
      );
    case 'unauthorized':
      return (
        <>
          {problem.challenge !== null
            ? t('problem.unauthorized', { challenge: problem.challenge })
            : t('problem.unauthorizedNoHeader')}
          {problem.hadToken && <> {t('problem.unauthorizedHadToken')}</>}
        </>
      );
    case 'forbidden':
      return <>{t('problem.forbidden', { body: problem.body })}</>;
    case 'not-found':
      return <>{t('problem.not-found', { status: problem.status })}</>;
    case 'http-error':
      return <>{t('problem.http-error', { status: problem.status, body: problem.body })}</>;
    case 'protocol-version':
      return (
        <>
          {t('problem.protocol-version', {
            server: problem.server,
            supported: problem.supported.length > 0 ? problem.supported.join(', ') : '—',
          })}
        </>
      );
    case 'not-mcp':
      return <>{t('problem.not-mcp', { detail: problem.detail })}</>;
    case 'rpc-error':
      return <>{t('problem.rpc-error', { code: problem.code, message: problem.message })}</>;
    case 'timeout':
      return <>{t('problem.timeout', { ms: problem.ms })}</>;
    case 'cancelled':
      return <>{t('problem.cancelled')}</>;
    case 'server-died':
      return <>{t('problem.server-died')}</>;
    case 'session-expired':
      return <>{t('problem.session-expired')}</>;
    case 'session-id-hidden':
      return <>{t('problem.session-id-hidden')}</>;
    case 'not-connected':
      return <>{t('problem.not-connected', { reason: problem.reason })}</>;
    case 'other':
      return <>{t('problem.other', { message: problem.message })}</>;
    default:
      return assertNever(problem);
  }
}
