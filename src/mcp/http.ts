/**
 * The `fetch` the SDK's Streamable HTTP transport is given: the real one, watched. It remembers what a failure
 * message needs and the SDK's errors drop — the last refused answer's status, its `WWW-Authenticate` challenge and
 * body, whether the session id header could be read — and it notices a call's event stream breaking before the
 * answer came (the server died mid-call), which the transport itself only retries quietly.
 */
import type { HttpFacts } from './problems';

export interface ObservedFetch {
  readonly fetch: typeof fetch;
  /** What was seen so far. */
  facts(): HttpFacts;
  /** The session is initialized: a 404 or 400 from now on is about the session, not the URL. */
  markInitialized(): void;
}

export interface FetchHooks {
  /**
   * The event stream answering these JSON-RPC requests broke (a network error) or ended. Called once per stream;
   * the session decides, from the answers it has, whether a call was left without one.
   */
  readonly onStreamEnded: (requestIds: readonly (string | number)[], broken: boolean) => void;
}

/** Ids of the JSON-RPC requests in a POST body (a message or a batch). */
function requestIds(body: unknown): (string | number)[] {
  if (typeof body !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(body);
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    return messages.flatMap((m) => {
      const message = m as { id?: unknown; method?: unknown };
      return typeof message.method === 'string' && (typeof message.id === 'string' || typeof message.id === 'number')
        ? [message.id]
        : [];
    });
  } catch {
    return [];
  }
}

export function observeFetch(base: typeof fetch, hooks: FetchHooks): ObservedFetch {
  const facts: { -readonly [K in keyof HttpFacts]: HttpFacts[K] } = {
    lastRefusal: null,
    sessionIdSeen: false,
    initialized: false,
  };
  const observed: typeof fetch = async (input, init) => {
    const response = await base(input, init);
    if (response.headers.get('mcp-session-id')) facts.sessionIdSeen = true;
    if (!response.ok && response.status >= 400) {
      const body = await response
        .clone()
        .text()
        .catch(() => '');
      facts.lastRefusal = {
        status: response.status,
        challenge: response.headers.get('www-authenticate'),
        body: body.length > 300 ? `${body.slice(0, 300)}…` : body,
      };
      return response;
    }
    const ids = init?.method === 'POST' ? requestIds(init.body) : [];
    const isStream = (response.headers.get('content-type') ?? '').includes('text/event-stream');
    if (ids.length === 0 || !isStream || !response.body) return response;
    return new Response(
      watchStream(response.body, (broken) => hooks.onStreamEnded(ids, broken)),
      {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      },
    );
  };
  return {
    fetch: observed,
    facts: () => ({ ...facts }),
    markInitialized: () => void (facts.initialized = true),
  };
}

/** A pass-through of `body` that reports how it ended: `broken` when reading it failed (the connection died). */
function watchStream(body: ReadableStream<Uint8Array>, ended: (broken: boolean) => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let reported = false;
  const report = (broken: boolean) => {
    if (reported) return;
    reported = true;
    ended(broken);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          report(false);
        } else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
        report(true);
      }
    },
    cancel(reason) {
      reported = true;
      return reader.cancel(reason);
    },
  });
}
