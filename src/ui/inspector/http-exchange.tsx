/** The exact HTTP exchange of a model call, for runtimes that call a server: headers, body as sent, raw stream. */
import type { HttpExchange } from '../../engine/runtime';

export function HttpExchangeView({ http }: { http: HttpExchange }) {
  const headers = Object.entries(http.requestHeaders)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  return (
    <>
      <h3>HTTP request</h3>
      <pre className="code-block" data-testid="http-request" tabIndex={0} aria-label="HTTP request">
        {`${http.method} ${http.url}\n${headers}\n\n${http.requestBody}`}
      </pre>
      <h3>
        Raw response{http.status !== undefined ? ` (HTTP ${http.status})` : ''}
        {http.responseTruncated ? ', cut at the size limit' : ''}
      </h3>
      <pre className="code-block" data-testid="http-response" tabIndex={0} aria-label="Raw response stream">
        {http.responseText === undefined || http.responseText === '' ? '(nothing received)' : http.responseText}
      </pre>
    </>
  );
}
