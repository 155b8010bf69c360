/**
 * Every way talking to an MCP server fails, by its cause, as data: the UI renders each kind through its catalog,
 * and a failed `tools/call` hands the model an English sentence (`problemForModel`). A browser's `fetch` says only
 * "Failed to fetch" for nothing listening, CORS refused and mixed content alike, so a second, `no-cors` request
 * tells them apart (`classifyFailure`): it succeeds opaquely when the server is there and only CORS refused
 * the first one.
 */
import type { Result } from '../engine';
import { assertNever, err, ok } from '../engine';

export type McpProblem =
  | { readonly kind: 'bad-url'; readonly detail: string }
  /** An https page cannot call a plain-http server other than localhost. */
  | { readonly kind: 'mixed-content'; readonly url: string }
  | { readonly kind: 'unreachable'; readonly url: string }
  /** The server answered, but without the CORS headers that let this page read it. */
  | { readonly kind: 'cors'; readonly url: string; readonly origin: string }
  /** 401: `challenge` is the server's `WWW-Authenticate` header when the page may read it. */
  | { readonly kind: 'unauthorized'; readonly challenge: string | null; readonly hadToken: boolean }
  | { readonly kind: 'forbidden'; readonly body: string }
  /** 404 or 405 on the first request: not a Streamable HTTP MCP endpoint at this URL. */
  | { readonly kind: 'not-found'; readonly status: number }
  | { readonly kind: 'http-error'; readonly status: number; readonly body: string }
  /** The server answered `initialize` with a protocol version this client does not speak. */
  | { readonly kind: 'protocol-version'; readonly server: string; readonly supported: readonly string[] }
  /** The answer is not MCP (an HTML page, a JSON that is not JSON-RPC). */
  | { readonly kind: 'not-mcp'; readonly detail: string }
  /** The server answered with a JSON-RPC error. */
  | { readonly kind: 'rpc-error'; readonly code: number; readonly message: string }
  | { readonly kind: 'timeout'; readonly ms: number }
  /** Stop was pressed during the call: `notifications/cancelled` went to the server. */
  | { readonly kind: 'cancelled' }
  /** The connection broke after the server took the call and before it answered. */
  | { readonly kind: 'server-died' }
  /** 404 on a request carrying a session id: the server forgot the session (restarted, or expired it). */
  | { readonly kind: 'session-expired' }
  /** The server wants a session but its `Mcp-Session-Id` header is not exposed to the page (CORS). */
  | { readonly kind: 'session-id-hidden' }
  | { readonly kind: 'not-connected'; readonly reason: string }
  | { readonly kind: 'other'; readonly message: string };

export type McpProblemKind = McpProblem['kind'];

/**
 * A thrown error reduced to what classifying needs, so this module needs none of the SDK's classes: the HTTP status
 * of a refused request, a JSON-RPC error code, whether `fetch` itself failed.
 */
export interface FailureFacts {
  readonly message: string;
  readonly httpStatus?: number;
  readonly rpcCode?: number;
  /** `fetch` threw (no HTTP answer at all). */
  readonly network?: boolean;
}

/** What the HTTP layer saw: the last refused answer and whether the session id could be read. */
export interface HttpFacts {
  readonly lastRefusal: { readonly status: number; readonly challenge: string | null; readonly body: string } | null;
  readonly sessionIdSeen: boolean;
  readonly initialized: boolean;
}

const PROTOCOL_VERSION_PREFIX = "Server's protocol version is not supported: ";
const REQUEST_TIMEOUT = -32001;

/** A URL the page may call: http(s) only; an https page cannot reach plain http except on localhost. */
export function checkServerUrl(typed: string, pageOrigin: string): Result<string, McpProblem> {
  const text = typed.trim();
  if (text === '') return err({ kind: 'bad-url', detail: 'empty' });
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    return err({ kind: 'bad-url', detail: text });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return err({ kind: 'bad-url', detail: text });
  if (pageOrigin.startsWith('https:') && url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return err({ kind: 'mixed-content', url: url.href });
  }
  return ok(url.href);
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || host.startsWith('127.') || host.endsWith('.localhost');
}

/** Where the failing request went: what a message needs to name the fix. */
export interface FailureContext {
  readonly url: string;
  readonly origin: string;
  readonly hadToken: boolean;
}

/**
 * Classifies a failure by its cause. A failed `fetch` (no HTTP answer) is told apart by `probe`, a `no-cors`
 * request to the same URL: true when the server answered it (so CORS refused the real request).
 */
export async function classifyFailure(
  facts: FailureFacts,
  http: HttpFacts,
  context: FailureContext,
  probe: () => Promise<boolean>,
): Promise<McpProblem> {
  if (facts.message.startsWith(PROTOCOL_VERSION_PREFIX)) {
    return { kind: 'protocol-version', server: facts.message.slice(PROTOCOL_VERSION_PREFIX.length), supported: [] };
  }
  if (facts.httpStatus !== undefined) {
    const status = facts.httpStatus;
    const body = http.lastRefusal?.status === status ? http.lastRefusal.body : bodyOf(facts.message);
    if (status === 401) {
      return { kind: 'unauthorized', challenge: http.lastRefusal?.challenge ?? null, hadToken: context.hadToken };
    }
    if (status === 403) return { kind: 'forbidden', body };
    if (status === 404 && http.initialized && http.sessionIdSeen) return { kind: 'session-expired' };
    if ((status === 404 || status === 405) && !http.initialized) return { kind: 'not-found', status };
    if (status === 400 && http.initialized && !http.sessionIdSeen) return { kind: 'session-id-hidden' };
    if (status === -1) return { kind: 'not-mcp', detail: facts.message };
    return { kind: 'http-error', status, body };
  }
  if (facts.rpcCode === REQUEST_TIMEOUT) return { kind: 'timeout', ms: 0 };
  if (facts.rpcCode !== undefined) return { kind: 'rpc-error', code: facts.rpcCode, message: facts.message };
  if (facts.network) {
    return (await probe())
      ? { kind: 'cors', url: context.url, origin: context.origin }
      : { kind: 'unreachable', url: context.url };
  }
  return { kind: 'other', message: facts.message };
}

/** The text after "Error POSTing to endpoint: " (the server's body), capped. */
function bodyOf(message: string): string {
  const at = message.indexOf(': ', message.indexOf('endpoint'));
  const body = at >= 0 ? message.slice(at + 2) : message;
  return body.length > 300 ? `${body.slice(0, 300)}…` : body;
}

/**
 * Tells a failed `fetch` apart: the server answered a `no-cors` request (so CORS refused the real one), or nothing
 * answered at all.
 */
export async function probeReachable(url: string, fetchImpl: typeof fetch): Promise<boolean> {
  try {
    await fetchImpl(url, { mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(5000) });
    return true;
  } catch {
    return false;
  }
}

/** The CORS headers an MCP server must send so this page can talk to it (the README lists the same). */
export function corsHeadersFor(origin: string): readonly string[] {
  return [
    `Access-Control-Allow-Origin: ${origin}`,
    'Access-Control-Allow-Methods: GET, POST, DELETE',
    'Access-Control-Allow-Headers: Content-Type, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
    'Access-Control-Expose-Headers: Mcp-Session-Id, WWW-Authenticate',
  ];
}

/** What the model reads when a call to the server failed (model-facing text, English like every tool result). */
export function problemForModel(problem: McpProblem, server: string): string {
  switch (problem.kind) {
    case 'cancelled':
      return `The call to the MCP server ${server} was cancelled by the user (notifications/cancelled was sent).`;
    case 'timeout':
      return `The MCP server ${server} did not answer within ${problem.ms} ms; the call was cancelled (notifications/cancelled was sent).`;
    case 'server-died':
      return `The MCP server ${server} closed the connection before answering: it may have crashed. The tool's effect is unknown.`;
    case 'rpc-error':
      return `The MCP server ${server} refused the call: ${problem.message} (JSON-RPC error ${problem.code}).`;
    case 'unreachable':
      return `The MCP server ${server} is not reachable.`;
    case 'not-connected':
      return `The MCP server ${server} is not connected: ${problem.reason}`;
    case 'session-expired':
      return `The MCP server ${server} no longer knows this session (it may have restarted).`;
    case 'bad-url':
    case 'mixed-content':
    case 'cors':
    case 'unauthorized':
    case 'forbidden':
    case 'not-found':
    case 'http-error':
    case 'protocol-version':
    case 'not-mcp':
    case 'session-id-hidden':
    case 'other':
      return `The call to the MCP server ${server} failed: ${problemSummary(problem)}`;
    default:
      return assertNever(problem);
  }
}

/** A one-line English summary (logs, model text); the UI uses the catalog instead. */
export function problemSummary(problem: McpProblem): string {
  switch (problem.kind) {
    case 'bad-url':
      return `not a usable URL (${problem.detail}).`;
    case 'mixed-content':
      return `an https page cannot call ${problem.url}.`;
    case 'unreachable':
      return 'nothing answered at that URL.';
    case 'cors':
      return `the server refused this page's origin ${problem.origin} (CORS).`;
    case 'unauthorized':
      return `HTTP 401: the server wants authorization${problem.challenge ? ` (${problem.challenge})` : ''}.`;
    case 'forbidden':
      return `HTTP 403: ${problem.body}`;
    case 'not-found':
      return `HTTP ${problem.status}: no MCP endpoint at that URL.`;
    case 'http-error':
      return `HTTP ${problem.status}: ${problem.body}`;
    case 'protocol-version':
      return `the server speaks MCP protocol version ${problem.server}, which this client does not.`;
    case 'not-mcp':
      return `the answer is not MCP (${problem.detail}).`;
    case 'rpc-error':
      return `JSON-RPC error ${problem.code}: ${problem.message}`;
    case 'timeout':
      return `no answer within ${problem.ms} ms.`;
    case 'cancelled':
      return 'cancelled by the user.';
    case 'server-died':
      return 'the connection closed before the server answered.';
    case 'session-expired':
      return 'the server no longer knows this session.';
    case 'session-id-hidden':
      return 'the Mcp-Session-Id header is not exposed to the page (CORS).';
    case 'not-connected':
      return problem.reason;
    case 'other':
      return problem.message;
    default:
      return assertNever(problem);
  }
}
