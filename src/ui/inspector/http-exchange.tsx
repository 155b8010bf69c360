/** The exact HTTP exchange of a model call, for runtimes that call a server: headers, body as sent, raw stream. */
import type { HttpExchange } from '../../engine';
import { useT } from '../../i18n';

export function HttpExchangeView({ http }: { http: HttpExchange }) {
  const { t } = useT('exchange');
  const headers = Object.entries(http.requestHeaders)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  return (
    <>
      <h3>{t('httpRequest')}</h3>
      <pre className="code-block" data-testid="http-request" tabIndex={0} aria-label={t('httpRequest')}>
        {`${http.method} ${http.url}\n${headers}\n\n${http.requestBody}`}
      </pre>
      <h3>
        {http.status !== undefined ? t('rawResponseStatus', { status: http.status }) : t('rawResponse')}
        {http.responseTruncated ? t('cutAtLimit') : ''}
      </h3>
      <pre className="code-block" data-testid="http-response" tabIndex={0} aria-label={t('rawStream')}>
        {http.responseText === undefined || http.responseText === '' ? t('nothingReceived') : http.responseText}
      </pre>
    </>
  );
}
