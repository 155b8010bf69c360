/**
 * A small MCP server of the project's own, built with the SDK's server classes (`Server` and the Node
 * `StreamableHTTPServerTransport`), for the cases the reference server does not show: a tool that throws, one that
 * answers `isError`, a slow one with progress that notes when it is cancelled, one whose schema is invalid, one with
 * a huge result, one that kills the server mid-call, one that adds a tool (`notifications/tools/list_changed`), and
 * `tools/list` paginated two tools a page. Options make the HTTP side misbehave the ways a real server can: no CORS
 * headers, a bearer token required (401 with a `WWW-Authenticate` challenge), an unknown protocol version.
 *
 * It runs in the test's own process on a free localhost port; `close()` ends it and every connection.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export interface TestServerOptions {
  /** Send CORS headers (default true); false makes a browser page refuse every answer. */
  readonly cors?: boolean;
  /** Require `Authorization: Bearer <token>`; others get 401 with a `WWW-Authenticate` challenge. */
  readonly token?: string;
  /** Answer `initialize` with this protocol version whatever the client asked (an unknown one: a mismatch). */
  readonly protocolVersion?: string;
  /** Tools per `tools/list` page (default 2, so listing takes several pages). */
  readonly pageSize?: number;
}

export interface TestServer {
  /** e.g. http://127.0.0.1:41234/mcp */
  readonly url: string;
  /** Every `tools/call` cancelled by the client (`notifications/cancelled`), as the server saw it. */
  readonly cancelled: { readonly tool: string; readonly requestId: string | number; readonly reason: string }[];
  /** The names of the tools called, in order. */
  readonly calls: string[];
  /** Every session the server initialized. */
  readonly sessions: string[];
  close(): Promise<void>;
}

export const TEST_SERVER_NAME = 'tlp-test-server';
/** The challenge a request without the token gets. */
export const CHALLENGE =
  'Bearer realm="tlp-test", error="invalid_token", resource_metadata="/.well-known/oauth-protected-resource"';

const object = (properties: Record<string, object> = {}, required: string[] = []): Tool['inputSchema'] => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required } : {}),
});

const readOnly = { readOnlyHint: true, openWorldHint: false };

/** The tools every session starts with (sorted by name, as listed). */
function baseTools(): Tool[] {
  return [
    {
      name: 'echo_text',
      title: 'Echo',
      description: 'Echoes the text back.',
      inputSchema: object({ text: { type: 'string', description: 'What to echo' } }, ['text']),
      annotations: readOnly,
    },
    {
      name: 'slow_count',
      description: 'Counts to `steps`, one step every `delayMs` milliseconds, reporting progress.',
      inputSchema: object({ steps: { type: 'integer', minimum: 1 }, delayMs: { type: 'integer', minimum: 0 } }, [
        'steps',
        'delayMs',
      ]),
      annotations: readOnly,
    },
    {
      name: 'fail_softly',
      description: 'Always answers with an error result (isError: true).',
      inputSchema: object(),
      annotations: readOnly,
    },
    {
      name: 'throw_error',
      description: 'Its handler throws: the server answers with a JSON-RPC error.',
      inputSchema: object(),
      annotations: readOnly,
    },
    {
      name: 'huge_result',
      description: 'Returns `chars` characters of text (100,000 by default).',
      inputSchema: object({ chars: { type: 'integer', minimum: 1 } }),
      annotations: readOnly,
    },
    {
      name: 'bad_schema',
      description: 'Its input schema is a string schema, which a tool cannot have.',
      inputSchema: { type: 'string' } as unknown as Tool['inputSchema'],
    },
    {
      name: 'die_mid_call',
      description: 'Reports progress once, then the whole server dies before answering.',
      inputSchema: object(),
      annotations: { destructiveHint: false },
    },
    {
      name: 'add_tool',
      description: 'Adds the tool `late_tool` and tells clients the list changed.',
      inputSchema: object(),
      annotations: { readOnlyHint: false, destructiveHint: true },
    },
  ].sort((a, b) => a.name.localeCompare(b.name));
}

const LATE_TOOL: Tool = {
  name: 'late_tool',
  description: 'Added while the session was open.',
  inputSchema: object(),
  annotations: readOnly,
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

export async function startTestMcpServer(options: TestServerOptions = {}): Promise<TestServer> {
  const cors = options.cors ?? true;
  const pageSize = options.pageSize ?? 2;
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const cancelled: TestServer['cancelled'] = [];
  const calls: string[] = [];
  const sessions: string[] = [];
  let dying = false;

  function newSession(): StreamableHTTPServerTransport {
    const tools = baseTools();
    const server = new Server(
      { name: TEST_SERVER_NAME, title: 'Playground test server', version: '1.2.3' },
      { capabilities: { tools: { listChanged: true } }, instructions: 'A server for the playground tests.' },
    );
    server.setRequestHandler(ListToolsRequestSchema, (request) => {
      const start = Number(request.params?.cursor ?? 0);
      const page = tools.slice(start, start + pageSize);
      const next = start + pageSize;
      return { tools: page, ...(next < tools.length ? { nextCursor: String(next) } : {}) };
    });
    server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
      const { name } = request.params;
      const args = (request.params.arguments ?? {}) as Record<string, unknown>;
      calls.push(name);
      const progress = async (value: number, total: number, message: string) => {
        const token = request.params._meta?.progressToken;
        if (token === undefined) return;
        await extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress: value, total, message },
        });
      };
      switch (name) {
        case 'echo_text':
          return { content: [{ type: 'text', text: `echo: ${String(args.text)}` }] };
        case 'slow_count': {
          const steps = Number(args.steps);
          extra.signal.addEventListener('abort', () =>
            cancelled.push({ tool: name, requestId: extra.requestId, reason: String(extra.signal.reason) }),
          );
          for (let i = 1; i <= steps; i++) {
            await sleep(Number(args.delayMs), extra.signal);
            await progress(i, steps, `step ${i} of ${steps}`);
          }
          return {
            content: [{ type: 'text', text: `Counted to ${steps}.` }],
            structuredContent: { counted: steps },
          };
        }
        case 'fail_softly':
          return { isError: true, content: [{ type: 'text', text: 'The warehouse is closed today.' }] };
        case 'throw_error':
          throw new Error('The database exploded.');
        case 'huge_result':
          return { content: [{ type: 'text', text: 'x'.repeat(Number(args.chars ?? 100_000)) }] };
        case 'die_mid_call':
          await progress(1, 2, 'about to die');
          // Let the progress reach the client, then die like a crashed process: every socket closes mid-answer.
          setTimeout(() => {
            dying = true;
            http.closeAllConnections();
            http.close();
          }, 100);
          await sleep(60_000, extra.signal).catch(() => undefined);
          return { content: [{ type: 'text', text: 'never sent' }] };
        case 'add_tool':
          if (!tools.some((t) => t.name === LATE_TOOL.name)) tools.push(LATE_TOOL);
          await server.sendToolListChanged();
          return { content: [{ type: 'text', text: 'Added late_tool.' }] };
        case 'late_tool':
          return { content: [{ type: 'text', text: 'late_tool ran.' }] };
        default:
          return { isError: true, content: [{ type: 'text', text: `Unknown tool ${name}` }] };
      }
    });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.set(id, transport);
        sessions.push(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) transports.delete(transport.sessionId);
    };
    void server.connect(transport);
    return transport;
  }

  function setCors(req: IncomingMessage, res: ServerResponse): void {
    if (!cors) return;
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE');
    res.setHeader(
      'Access-Control-Allow-Headers',
      'Content-Type, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
    );
    res.setHeader('Access-Control-Expose-Headers', 'Mcp-Session-Id, WWW-Authenticate');
  }

  async function readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text === '' ? undefined : JSON.parse(text);
  }

  const http = createServer((req, res) => {
    void (async () => {
      setCors(req, res);
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      if (!req.url?.startsWith('/mcp')) return void res.writeHead(404).end('not here');
      if (options.token !== undefined && req.headers.authorization !== `Bearer ${options.token}`) {
        res.setHeader('WWW-Authenticate', CHALLENGE);
        res.writeHead(401, { 'Content-Type': 'application/json' });
        return void res.end(
          JSON.stringify({ error: 'invalid_token', error_description: 'A bearer token is required.' }),
        );
      }
      const body = req.method === 'POST' ? await readBody(req) : undefined;
      const message = body as { method?: string; id?: number } | undefined;
      if (options.protocolVersion !== undefined && message?.method === 'initialize') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return void res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: message.id,
            result: {
              protocolVersion: options.protocolVersion,
              capabilities: { tools: {} },
              serverInfo: { name: 'old-mcp-server', version: '0.0.1' },
            },
          }),
        );
      }
      const sessionId = req.headers['mcp-session-id'];
      const existing = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
      if (existing) return void (await existing.handleRequest(req, res, body));
      if (sessionId === undefined && message?.method === 'initialize') {
        return void (await newSession().handleRequest(req, res, body));
      }
      res.writeHead(sessionId === undefined ? 400 : 404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null }));
    })().catch((error: unknown) => {
      if (dying) return;
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    cancelled,
    calls,
    sessions,
    async close() {
      for (const transport of transports.values()) await transport.close().catch(() => undefined);
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
