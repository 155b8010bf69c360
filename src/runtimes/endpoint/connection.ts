/**
 * Reaching an OpenAI-compatible server from a web page, and explaining every way it fails by its cause:
 * a URL the page may not call at all (mixed content), nothing listening, CORS refused, Private Network Access
 * (a public page calling a private address), 401/403, 404 (wrong base URL or unknown model), 429, 5xx and
 * timeouts. `fetch` only says "Failed to fetch" for the first four, so a second, `no-cors` request tells them
 * apart: it succeeds (opaquely) when the server is there and only CORS refused the first one.
 */
import type { TFunction } from 'i18next';
import type { Result } from '../../engine';
import { assertNever, err, ok } from '../../engine';
import { englishT } from '../../i18n/english';
import type { ServerKind } from './server-kinds';
import { SERVERS, detectServer } from './server-kinds';

export type EndpointProblem =
  | { readonly kind: 'bad-url'; readonly detail: string }
  | { readonly kind: 'mixed-content' }
  | { readonly kind: 'unreachable' }
  | { readonly kind: 'cors' }
  | { readonly kind: 'private-network' }
  | { readonly kind: 'unauthorized'; readonly status: number; readonly serverMessage: string }
  | { readonly kind: 'not-found'; readonly what: 'endpoint' | 'model'; readonly serverMessage: string }
  | { readonly kind: 'rate-limited'; readonly retryAfterS: number | null; readonly serverMessage: string }
  | { readonly kind: 'bad-request'; readonly status: number; readonly serverMessage: string }
  | { readonly kind: 'server-error'; readonly status: number; readonly serverMessage: string }
  | { readonly kind: 'timeout'; readonly seconds: number }
  | { readonly kind: 'bad-response'; readonly detail: string };

/** Where the page runs and what it calls: everything a message needs to name the fix. */
export interface ProblemContext {
  readonly pageOrigin: string;
  readonly baseUrl: string;
  readonly server: ServerKind;
  readonly model?: string;
  /** "GET /models" or "POST /chat/completions", for the message. */
  readonly action: string;
}

export interface DescribedProblem {
  readonly title: string;
  readonly message: string;
  /** Commands or steps to fix it, one per line (shown as code). */
  readonly fix: readonly string[];
}

/**
 * The base URL as typed, normalised: no trailing slash; `/v1` added when the URL has no path at all
 * (`http://localhost:11434` → `http://localhost:11434/v1`), kept as written otherwise (hosted APIs vary).
 */
export function normalizeBaseUrl(typed: string): Result<string, EndpointProblem> {
  const text = typed.trim();
  if (text === '')
    return err({ kind: 'bad-url', detail: 'Type the server’s base URL, e.g. http://127.0.0.1:8080/v1.' });
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    return err({ kind: 'bad-url', detail: `“${text}” is not a URL.` });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return err({ kind: 'bad-url', detail: `The URL must start with http:// or https://, not ${url.protocol}//.` });
  }
  if (url.search !== '' || url.hash !== '') {
    return err({ kind: 'bad-url', detail: 'The base URL takes no query or fragment (?… or #…).' });
  }
  const path = url.pathname.replace(/\/+$/, '');
  return ok(`${url.origin}${path === '' ? '/v1' : path}`);
}

/** Loopback hosts: a page served over https may still call them over http (browsers trust them). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
}

/** Loopback and private-range hosts (RFC 1918, link-local, unique-local IPv6, mDNS `.local`). */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isLoopbackHost(host) || host === '0.0.0.0' || host.endsWith('.local')) return true;
  if (/^10\./.test(host) || /^192\.168\./.test(host) || /^169\.254\./.test(host)) return true;
  const b = /^172\.(\d+)\./.exec(host);
  if (b && Number(b[1]) >= 16 && Number(b[1]) <= 31) return true;
  return /^f[cd][0-9a-f]{2}:/.test(host) || /^fe80:/.test(host);
}

/** A problem the browser would cause before any request leaves: an https page calling plain http elsewhere. */
export function staticProblem(pageOrigin: string, baseUrl: string): EndpointProblem | null {
  const page = new URL(pageOrigin);
  const target = new URL(baseUrl);
  if (page.protocol === 'https:' && target.protocol === 'http:' && !isLoopbackHost(target.hostname)) {
    return { kind: 'mixed-content' };
  }
  return null;
}

/** An HTTP error status and its body, classified. `requested` says whether the URL named a model (chat). */
export function classifyHttpError(
  status: number,
  bodyText: string,
  retryAfter: string | null,
  requested: 'models' | 'chat',
): EndpointProblem {
  const serverMessage = errorMessageOf(bodyText);
  if (status === 401 || status === 403) return { kind: 'unauthorized', status, serverMessage };
  if (status === 404) {
    const aboutModel = requested === 'chat' && /model/i.test(serverMessage);
    return { kind: 'not-found', what: aboutModel ? 'model' : 'endpoint', serverMessage };
  }
  if (status === 429) {
    const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter.trim()) : null;
    return { kind: 'rate-limited', retryAfterS: seconds, serverMessage };
  }
  if (status >= 500) return { kind: 'server-error', status, serverMessage };
  return { kind: 'bad-request', status, serverMessage };
}

/**
 * The error text of an error body in any of the servers' shapes: OpenAI / llama.cpp / vLLM
 * `{"error": {"message"}}`, vLLM `{"object": "error", "message"}`, Ollama `{"error": "…"}`, FastAPI
 * `{"detail": …}`; else the body itself, clipped.
 */
export function errorMessageOf(bodyText: string): string {
  const text = bodyText.trim();
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      const error = record.error;
      if (typeof error === 'string') return error;
      if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
        return (error as { message: string }).message;
      }
      if (typeof record.message === 'string') return record.message;
      if (record.detail !== undefined)
        return typeof record.detail === 'string' ? record.detail : JSON.stringify(record.detail);
    }
  } catch {
    // Not JSON: the text itself.
  }
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/**
 * Words a problem for the panel and the loop's error line: what happened, why, and what to do. `t` chooses the
 * language: the panel passes the page's; text stored in a run (a runtime failure) is worded in English.
 * The fix lines are commands and stay as the servers' documentation writes them.
 */
export function describeProblem(
  problem: EndpointProblem,
  ctx: ProblemContext,
  t: TFunction<'endpoint'> = englishT('endpoint'),
): DescribedProblem {
  const server = SERVERS[ctx.server];
  const said = (message: string) => (message === '' ? '' : t('problem.serverSaid', { message }));
  const place = { baseUrl: ctx.baseUrl, origin: ctx.pageOrigin, action: ctx.action };
  switch (problem.kind) {
    case 'bad-url':
      return { title: t('problem.badUrl.title'), message: problem.detail, fix: [] };
    case 'mixed-content':
      return {
        title: t('problem.mixedContent.title'),
        message: t('problem.mixedContent.message', place),
        fix: [
          'Serve the model over https, or call it through localhost (an SSH tunnel: ssh -L 8080:localhost:8080 host),',
          'or run the playground itself locally: npm run dev',
        ],
      };
    case 'unreachable':
      return {
        title: t('problem.unreachable.title'),
        message: t('problem.unreachable.message', place),
        fix: [`Is it running? curl ${ctx.baseUrl}/models`],
      };
    case 'cors':
      return {
        title: t('problem.cors.title'),
        message: t('problem.cors.message', place),
        fix: server.corsFix(ctx.pageOrigin),
      };
    case 'private-network':
      return {
        title: t('problem.privateNetwork.title'),
        message: t('problem.privateNetwork.message', place),
        fix: [
          'Allow "local network access" when Chrome asks (or in the site settings),',
          'or run the playground locally: npm run dev (then the page is private too).',
        ],
      };
    case 'unauthorized':
      return {
        title: problem.status === 401 ? t('problem.unauthorized.title401') : t('problem.unauthorized.title403'),
        message:
          (problem.status === 401 ? t('problem.unauthorized.message401') : t('problem.unauthorized.message403')) +
          said(problem.serverMessage),
        fix: ['Type the key in the panel’s API key field (it stays in this browser).'],
      };
    case 'not-found':
      return problem.what === 'model'
        ? {
            title: t('problem.modelNotFound.title'),
            message: t('problem.modelNotFound.message', { model: ctx.model ?? '' }) + said(problem.serverMessage),
            fix: ['Pick a model from the list (Check connection reloads it), or pull it first (ollama pull <model>).'],
          }
        : {
            title: t('problem.wrongAddress.title'),
            message: t('problem.wrongAddress.message', place) + said(problem.serverMessage),
            fix: [`Try ${server.defaultBaseUrl}`],
          };
    case 'rate-limited':
      return {
        title: t('problem.rateLimited.title'),
        message:
          (problem.retryAfterS !== null
            ? t('problem.rateLimited.messageRetry', { seconds: problem.retryAfterS })
            : t('problem.rateLimited.message')) + said(problem.serverMessage),
        fix: ['Wait, then Step again.'],
      };
    case 'bad-request':
      return {
        title: t('problem.badRequest.title', { status: problem.status }),
        message: t('problem.badRequest.message') + said(problem.serverMessage),
        fix: ['The Request tab shows the exact body that was sent.'],
      };
    case 'server-error':
      return {
        title: t('problem.serverError.title', { status: problem.status }),
        message: t('problem.serverError.message') + said(problem.serverMessage),
        fix: ['Its own log says more; a model still loading answers 503 for a while.'],
      };
    case 'timeout':
      return {
        title: t('problem.timeout.title'),
        message: t('problem.timeout.message', { ...place, seconds: problem.seconds }),
        fix: ['Raise the timeout in the panel, or wait and try again.'],
      };
    case 'bad-response':
      return {
        title: t('problem.badResponse.title'),
        message: t('problem.badResponse.message', { ...place, detail: problem.detail }),
        fix: [`Check the base URL (e.g. ${server.defaultBaseUrl}).`],
      };
    default:
      return assertNever(problem);
  }
}

/** One line: title and message, for a RuntimeFailure or a status line. */
export function problemText(problem: EndpointProblem, ctx: ProblemContext): string {
  const d = describeProblem(problem, ctx);
  return `${d.title}: ${d.message}`;
}

// ── talking to the server ────────────────────────────────────────────────────────────────────────────────────

export interface EndpointAccess {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly timeoutS: number;
}

export function requestHeaders(apiKey: string, stream: boolean): Record<string, string> {
  return {
    ...(stream ? { 'Content-Type': 'application/json', Accept: 'text/event-stream' } : { Accept: 'application/json' }),
    ...(apiKey.trim() !== '' ? { Authorization: `Bearer ${apiKey.trim()}` } : {}),
  };
}

/**
 * Why a fetch that threw (not aborted by the user) failed: a timeout, or one of unreachable / CORS / Private
 * Network Access, told apart by a `no-cors` probe of the same server.
 */
export async function classifyFetchFailure(
  baseUrl: string,
  pageOrigin: string,
  timedOut: boolean,
  timeoutS: number,
  fetchImpl: typeof fetch = fetch,
): Promise<EndpointProblem> {
  if (timedOut) return { kind: 'timeout', seconds: timeoutS };
  const reachable = await fetchImpl(`${baseUrl}/models`, {
    mode: 'no-cors',
    cache: 'no-store',
    signal: AbortSignal.timeout(5000),
  }).then(
    () => true,
    () => false,
  );
  if (reachable) return { kind: 'cors' };
  const pagePrivate = isPrivateHost(new URL(pageOrigin).hostname);
  if (!pagePrivate && isPrivateHost(new URL(baseUrl).hostname)) return { kind: 'private-network' };
  return { kind: 'unreachable' };
}

export interface ModelListing {
  readonly models: readonly string[];
  /** The server kind `owned_by` or the port gave away; null when neither did. */
  readonly detected: ServerKind | null;
  readonly elapsedMs: number;
}

/** `GET {base}/models`: the connection check. Never throws; every failure is a classified problem. */
export async function listModels(
  access: EndpointAccess,
  pageOrigin: string,
  now: () => number = () => performance.now(),
  fetchImpl: typeof fetch = fetch,
): Promise<Result<ModelListing, EndpointProblem>> {
  const early = staticProblem(pageOrigin, access.baseUrl);
  if (early) return err(early);
  const started = now();
  const timeout = AbortSignal.timeout(access.timeoutS * 1000);
  let response: Response;
  try {
    response = await fetchImpl(`${access.baseUrl}/models`, {
      headers: requestHeaders(access.apiKey, false),
      cache: 'no-store',
      signal: timeout,
    });
  } catch {
    return err(await classifyFetchFailure(access.baseUrl, pageOrigin, timeout.aborted, access.timeoutS, fetchImpl));
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) return err(classifyHttpError(response.status, text, response.headers.get('Retry-After'), 'models'));
  const parsed = parseModelList(text);
  if (!parsed.ok) return parsed;
  return ok({
    models: parsed.value.map((m) => m.id),
    detected: detectServer(
      parsed.value.map((m) => m.ownedBy),
      access.baseUrl,
    ),
    elapsedMs: now() - started,
  });
}

/** The `{"object": "list", "data": [{"id", "owned_by"}…]}` of `/models`, read leniently (Ollama's `models` too). */
export function parseModelList(text: string): Result<{ id: string; ownedBy: string }[], EndpointProblem> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return err({ kind: 'bad-response', detail: `the model list is not JSON (${text.slice(0, 60) || 'empty'}).` });
  }
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const list = Array.isArray(record.data) ? record.data : Array.isArray(record.models) ? record.models : null;
  if (!list) return err({ kind: 'bad-response', detail: 'the answer has no `data` list of models.' });
  const models = list.flatMap((m) => {
    if (typeof m !== 'object' || m === null) return [];
    const entry = m as Record<string, unknown>;
    const id = typeof entry.id === 'string' ? entry.id : typeof entry.name === 'string' ? entry.name : null;
    return id === null ? [] : [{ id, ownedBy: typeof entry.owned_by === 'string' ? entry.owned_by : '' }];
  });
  return ok(models);
}
