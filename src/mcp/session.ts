/**
 * One live connection to an MCP server over Streamable HTTP, through the official SDK's `Client` (loaded on first
 * use): `initialize`, every page of `tools/list`, the session kept (the SDK sends `Mcp-Session-Id` back), a
 * `notifications/tools/list_changed` handler that lists again, and `tools/call` with progress, Stop and a time
 * limit (both send `notifications/cancelled`: the SDK does when its request is aborted).
 *
 * Every JSON-RPC message passes a logging wrapper around the transport, so the session's log holds all of them with
 * their timing; each call also keeps its own exchange for the run's record. Failures come back as `McpProblem`s,
 * classified by cause (see problems.ts), never as thrown errors.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { z } from 'zod';
import type { Result } from '../engine';
import { err, errorMessage, ok, onceLoaded } from '../engine';
import type { McpCallRecord, McpProgressNote } from './content';
import { convertCallResult, type ConvertedResult } from './content';
import type { ObservedFetch } from './http';
import { observeFetch } from './http';
import type { JsonRpcDirection, JsonRpcLogEntry } from './json-rpc-log';
import { JsonRpcLog } from './json-rpc-log';
import type { FailureFacts, McpProblem } from './problems';
import { checkServerUrl, classifyFailure, probeReachable } from './problems';
import type { McpToolInfo, ToolListing } from './tools';
import { checkListedTools } from './tools';
import type * as SdkModule from './sdk';

type Sdk = typeof SdkModule;

/** Loads the SDK chunk once; a failed load (offline before it was cached) may be tried again. */
export const loadSdk: () => Promise<Sdk> = onceLoaded(() => import('./sdk'));

/** Who answered: the server's `serverInfo`, the negotiated protocol version and the session. */
export interface ServerIdentity {
  readonly url: string;
  readonly name: string;
  readonly version: string;
  readonly title?: string;
  readonly protocolVersion: string;
  /** The `Mcp-Session-Id` the server gave (null for a stateless server). */
  readonly sessionId: string | null;
  readonly instructions?: string;
}

export interface SessionEvents {
  /** The log grew (a new array each time). */
  readonly onLog: (entries: readonly JsonRpcLogEntry[], dropped: number) => void;
  /** `notifications/tools/list_changed` arrived and the tools were listed again. */
  readonly onToolsChanged: (listing: Result<ToolListing, McpProblem>) => void;
  /** The connection is gone (the server stopped answering while idle). */
  readonly onLost: (problem: McpProblem) => void;
}

export interface ConnectOptions extends SessionEvents {
  readonly url: string;
  /** Sent as `Authorization: Bearer …` when not empty. */
  readonly token: string;
  /** This page's origin, for the CORS message. */
  readonly pageOrigin: string;
  readonly now: () => number;
  readonly fetch?: typeof fetch;
  /** How long `initialize` and each `tools/list` page may take. */
  readonly requestTimeoutMs?: number;
}

export interface CallOptions {
  /** The loop's call id: the server's progress for it is shown on that call card. */
  readonly callId: string;
  /** Stop: aborting sends `notifications/cancelled`. */
  readonly signal: AbortSignal;
  /** The call's time limit; passing it sends `notifications/cancelled` too. */
  readonly timeoutMs: number;
  readonly onProgress?: (note: McpProgressNote) => void;
}

/** How a `tools/call` ended: the server's result (an `isError` one included), or the problem that stopped it. */
export type CallEnd =
  | { readonly kind: 'answered'; readonly result: ConvertedResult; readonly record: McpCallRecord }
  | { readonly kind: 'failed'; readonly problem: McpProblem; readonly record: McpCallRecord };

export interface McpSession {
  readonly identity: ServerIdentity;
  readonly listing: ToolListing;
  callTool(tool: McpToolInfo, args: unknown, options: CallOptions): Promise<CallEnd>;
  /** Lists the tools again (every page). */
  refreshTools(): Promise<Result<ToolListing, McpProblem>>;
  /** Ends the session (HTTP DELETE where the server takes it) and closes the transport. */
  close(): Promise<void>;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;
/** A server that never stops paginating is cut off here. */
const MAX_PAGES = 100;
/** The key under `_meta` that ties a `tools/call` to the loop's call id (servers ignore unknown `_meta` keys). */
const CALL_META_KEY = 'tool-loop-playground/callId';
const CLIENT_INFO = { name: 'tool-loop-playground', title: 'Tool Loop Playground', version: '0.1.0' };

const listPage = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });

/** The messages of one call, as the log recorded them. */
interface Exchange {
  request: string | null;
  response: string | null;
  cancelled: string | null;
  answered: boolean;
}

/** Wraps a transport so that every message in and out is logged first. */
class LoggedTransport implements Transport {
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  onmessage?: Transport['onmessage'];
  readonly setProtocolVersion: (version: string) => void;

  constructor(
    private readonly inner: Transport,
    private readonly log: (direction: JsonRpcDirection, message: unknown) => void,
  ) {
    inner.onmessage = ((message, extra) => {
      log('received', message);
      this.onmessage?.(message, extra);
    }) as Transport['onmessage'];
    inner.onerror = (error) => this.onerror?.(error);
    inner.onclose = () => this.onclose?.();
    this.setProtocolVersion = (version) => inner.setProtocolVersion?.(version);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(...args: Parameters<Transport['send']>): Promise<void> {
    this.log('sent', args[0]);
    return this.inner.send(...args);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** Connects, initializes and lists every tool; the problem that stopped it otherwise. */
export async function connectMcp(options: ConnectOptions): Promise<Result<McpSession, McpProblem>> {
  const checked = checkServerUrl(options.url, options.pageOrigin);
  if (!checked.ok) return checked;
  const url = checked.value;
  let sdk: Sdk;
  try {
    sdk = await loadSdk();
  } catch (error) {
    return err({ kind: 'other', message: `The MCP client could not be loaded: ${errorMessage(error)}` });
  }
  const baseFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const log = new JsonRpcLog(options.now);
  const exchanges = new Map<string | number, Exchange>();
  /** In-flight calls by JSON-RPC id: how to end one when its stream broke. */
  const inFlight = new Map<string | number, (problem: McpProblem) => void>();
  const rpcIdOfCall = new Map<string, string | number>();

  const record = (direction: JsonRpcDirection, message: unknown) => {
    const entry = log.record(direction, message);
    const params = (message as { params?: Record<string, unknown> }).params;
    if (direction === 'sent' && entry.kind === 'request' && entry.method === 'tools/call' && entry.id !== null) {
      const callId = (params?._meta as Record<string, unknown> | undefined)?.[CALL_META_KEY];
      exchanges.set(entry.id, { request: entry.text, response: null, cancelled: null, answered: false });
      if (typeof callId === 'string') rpcIdOfCall.set(callId, entry.id);
    }
    if (direction === 'sent' && entry.method === 'notifications/cancelled') {
      const exchange = exchanges.get(params?.requestId as string | number);
      if (exchange) exchange.cancelled = entry.text;
    }
    if (direction === 'received' && (entry.kind === 'result' || entry.kind === 'error') && entry.id !== null) {
      const exchange = exchanges.get(entry.id);
      if (exchange) Object.assign(exchange, { response: entry.text, answered: true });
    }
    options.onLog(log.all(), log.droppedCount());
  };

  const http: ObservedFetch = observeFetch(baseFetch, {
    onStreamEnded(ids, broken) {
      if (!broken) return;
      for (const id of ids) {
        if (exchanges.get(id)?.answered === false) inFlight.get(id)?.({ kind: 'server-died' });
      }
    },
  });
  const hadToken = options.token.trim() !== '';
  const problemOf = async (error: unknown): Promise<McpProblem> => {
    const problem = await classifyFailure(
      factsOf(error, sdk),
      http.facts(),
      { url, origin: options.pageOrigin, hadToken },
      () => probeReachable(url, baseFetch),
    );
    if (problem.kind === 'protocol-version') return { ...problem, supported: [...sdk.SUPPORTED_PROTOCOL_VERSIONS] };
    if (problem.kind === 'timeout') return { ...problem, ms: requestTimeoutMs };
    return problem;
  };

  const transport = new sdk.StreamableHTTPClientTransport(new URL(url), {
    fetch: http.fetch,
    ...(hadToken ? { requestInit: { headers: { Authorization: `Bearer ${options.token.trim()}` } } } : {}),
    // A server that went away is given up on within seconds, not half a minute.
    reconnectionOptions: {
      initialReconnectionDelay: 500,
      maxReconnectionDelay: 2000,
      reconnectionDelayGrowFactor: 1.5,
      maxRetries: 2,
    },
  });
  const client = new sdk.Client(CLIENT_INFO, { capabilities: {} });
  let closed = false;
  client.onerror = (error) => {
    // The transport gave up re-opening an event stream: the server is gone.
    if (closed || !/^(Maximum reconnection attempts|Failed to reconnect)/.test(error.message)) return;
    for (const end of inFlight.values()) end({ kind: 'server-died' });
    if (/^Maximum reconnection attempts/.test(error.message)) options.onLost({ kind: 'unreachable', url });
  };
  try {
    await client.connect(new LoggedTransport(transport, record), { timeout: requestTimeoutMs });
  } catch (error) {
    closed = true;
    void client.close().catch(() => undefined);
    return err(await problemOf(error));
  }
  http.markInitialized();

  const listAll = async (): Promise<Result<ToolListing, McpProblem>> => {
    if (!client.getServerCapabilities()?.tools) return ok({ tools: [], refused: [], pages: 0 });
    const entries: unknown[] = [];
    let cursor: string | undefined;
    let pages = 0;
    try {
      do {
        const page = await client.request(
          { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
          listPage,
          { timeout: requestTimeoutMs },
        );
        pages++;
        entries.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor !== undefined && pages < MAX_PAGES);
    } catch (error) {
      return err(await problemOf(error));
    }
    return ok(checkListedTools(entries, pages));
  };

  const first = await listAll();
  if (!first.ok) {
    closed = true;
    void client.close().catch(() => undefined);
    return first;
  }
  const info = client.getServerVersion();
  const identity: ServerIdentity = {
    url,
    name: info?.name ?? new URL(url).host,
    version: info?.version ?? '',
    ...(info?.title !== undefined ? { title: info.title } : {}),
    protocolVersion: transport.protocolVersion ?? '',
    sessionId: transport.sessionId ?? null,
    ...(client.getInstructions() !== undefined ? { instructions: client.getInstructions()! } : {}),
  };

  const session: McpSession & { listing: ToolListing } = {
    identity,
    listing: first.value,

    async refreshTools() {
      const listed = await listAll();
      if (listed.ok) session.listing = listed.value;
      return listed;
    },

    async callTool(tool, args, call) {
      const startedAt = options.now();
      const progress: McpProgressNote[] = [];
      const controller = new AbortController();
      let cause: McpProblem | null = null;
      const end = (problem: McpProblem) => {
        if (cause || controller.signal.aborted) return;
        cause = problem;
        controller.abort(problemReason(problem));
      };
      const onStop = () => end({ kind: 'cancelled' });
      if (call.signal.aborted) onStop();
      else call.signal.addEventListener('abort', onStop, { once: true });
      const timer = setTimeout(() => end({ kind: 'timeout', ms: call.timeoutMs }), call.timeoutMs);
      let rpcId: string | number | undefined;
      const recordOf = (ending: McpCallRecord['ending'], result?: ConvertedResult): McpCallRecord => {
        const exchange = rpcId === undefined ? undefined : exchanges.get(rpcId);
        return {
          server: {
            url,
            name: identity.name,
            version: identity.version,
            ...(identity.title !== undefined ? { title: identity.title } : {}),
            protocolVersion: identity.protocolVersion,
          },
          tool: { name: tool.name, ...(tool.title !== undefined ? { title: tool.title } : {}), digest: tool.digest },
          ending,
          durationMs: options.now() - startedAt,
          blocks: result?.blocks ?? [],
          ...(result?.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
          truncated: result?.truncated ?? null,
          progress: progress.slice(-50),
          exchange: {
            request: exchange?.request ?? null,
            response: exchange?.response ?? null,
            cancelled: exchange?.cancelled ?? null,
          },
        };
      };
      try {
        const pending = client.callTool(
          { name: tool.name, arguments: args as Record<string, unknown>, _meta: { [CALL_META_KEY]: call.callId } },
          undefined,
          {
            signal: controller.signal,
            // Our own timer ends the call; the SDK's is only a backstop.
            timeout: call.timeoutMs + 60_000,
            onprogress: (p) => {
              const note: McpProgressNote = {
                afterMs: options.now() - startedAt,
                progress: p.progress,
                ...(p.total !== undefined ? { total: p.total } : {}),
                ...(p.message !== undefined ? { message: p.message } : {}),
              };
              progress.push(note);
              call.onProgress?.(note);
            },
          },
        );
        rpcId = rpcIdOfCall.get(call.callId);
        if (rpcId !== undefined) inFlight.set(rpcId, end);
        const raw = await pending;
        const result = convertCallResult(raw);
        return { kind: 'answered', result, record: recordOf(result.isError ? 'error-result' : 'result', result) };
      } catch (error) {
        rpcId ??= rpcIdOfCall.get(call.callId);
        const problem: McpProblem = cause ?? (await problemOf(error));
        const ending =
          problem.kind === 'cancelled' || problem.kind === 'timeout' || problem.kind === 'server-died'
            ? problem.kind
            : 'failed';
        return { kind: 'failed', problem, record: recordOf(ending) };
      } finally {
        clearTimeout(timer);
        call.signal.removeEventListener('abort', onStop);
        if (rpcId !== undefined) inFlight.delete(rpcId);
        rpcIdOfCall.delete(call.callId);
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      try {
        await transport.terminateSession();
      } catch {
        // A server that does not take DELETE, or is gone: the session ends with the transport anyway.
      }
      await client.close().catch(() => undefined);
    },
  };

  client.setNotificationHandler(sdk.ToolListChangedNotificationSchema, async () => {
    options.onToolsChanged(await session.refreshTools());
  });
  return ok(session);
}

function problemReason(problem: McpProblem): string {
  switch (problem.kind) {
    case 'cancelled':
      return 'Stopped by the user';
    case 'timeout':
      return `The call's time limit (${problem.ms} ms) passed`;
    default:
      return 'The connection to the server broke';
  }
}

/** What classifying needs of a thrown error, read with the SDK's own classes. */
function factsOf(error: unknown, sdk: Sdk): FailureFacts {
  if (error instanceof sdk.StreamableHTTPError) return { message: error.message, httpStatus: error.code ?? -1 };
  if (error instanceof sdk.McpError) {
    return { message: error.message.replace(/^MCP error -?\d+: /, ''), rpcCode: error.code };
  }
  if (error instanceof TypeError) return { message: error.message, network: true };
  const message = errorMessage(error);
  if (error instanceof Error && (error.name === 'ZodError' || error.name === 'SyntaxError')) {
    return { message: `not a JSON-RPC answer: ${message.slice(0, 200)}`, httpStatus: -1 };
  }
  return { message };
}
