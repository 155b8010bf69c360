// The MCP session against real servers: the official reference server (server-everything, a child process) and the
// project's own test server (scripts/mcp/test-server.ts) for the failures. Nothing here is mocked: the SDK's client
// talks Streamable HTTP to them over localhost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EverythingServer } from '../../scripts/mcp/everything-server';
import { startEverythingServer } from '../../scripts/mcp/everything-server';
import type { TestServer, TestServerOptions } from '../../scripts/mcp/test-server';
import { CHALLENGE, startTestMcpServer } from '../../scripts/mcp/test-server';
import { ok, type Result } from '../engine/result';
import type { McpProgressNote } from './content';
import type { JsonRpcLogEntry } from './json-rpc-log';
import type { McpProblem } from './problems';
import type { CallEnd, ConnectOptions, McpSession } from './session';
import { connectMcp } from './session';
import type { ToolListing } from './tools';

const ORIGIN = 'http://127.0.0.1:5173';

interface Connected {
  session: McpSession;
  log: () => readonly JsonRpcLogEntry[];
  changes: Result<ToolListing, McpProblem>[];
}

async function connect(url: string, extra: Partial<ConnectOptions> = {}): Promise<Result<Connected, McpProblem>> {
  let entries: readonly JsonRpcLogEntry[] = [];
  const changes: Result<ToolListing, McpProblem>[] = [];
  const connected = await connectMcp({
    url,
    token: '',
    pageOrigin: ORIGIN,
    now: () => Date.now(),
    onLog: (all) => (entries = all),
    onToolsChanged: (listing) => changes.push(listing),
    onLost: () => undefined,
    ...extra,
  });
  if (!connected.ok) return connected;
  return ok({ session: connected.value, log: () => entries, changes });
}

async function connected(url: string, extra: Partial<ConnectOptions> = {}): Promise<Connected> {
  const result = await connect(url, extra);
  if (!result.ok) throw new Error(`connect failed: ${JSON.stringify(result.error)}`);
  return result.value;
}

function call(
  session: McpSession,
  name: string,
  args: unknown,
  options: { signal?: AbortSignal; timeoutMs?: number; onProgress?: (n: McpProgressNote) => void } = {},
): Promise<CallEnd> {
  const tool = session.listing.tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return session.callTool(tool, args, {
    callId: `call_${name}`,
    signal: options.signal ?? new AbortController().signal,
    timeoutMs: options.timeoutMs ?? 10_000,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}

const failure = async (result: Promise<Result<unknown, McpProblem>>) => {
  const r = await result;
  if (r.ok) throw new Error('expected a failure');
  return r.error;
};

describe('the reference server (server-everything)', { timeout: 60_000 }, () => {
  let server: EverythingServer;
  let client: Connected;
  beforeAll(async () => {
    server = await startEverythingServer();
    client = await connected(server.url);
  });
  afterAll(async () => {
    await client?.session.close();
    await server?.stop();
  });

  it('initializes, keeps a session and lists its tools with their annotations', () => {
    const { identity, listing } = client.session;
    expect(identity).toMatchObject({ name: 'mcp-servers/everything', version: '2.0.0', protocolVersion: '2025-11-25' });
    expect(identity.sessionId).toMatch(/[0-9a-f-]{36}/);
    const echo = listing.tools.find((t) => t.name === 'echo');
    expect(echo).toMatchObject({
      description: 'Echoes back the input string',
      annotations: { readOnlyHint: true, destructiveHint: false },
      needsApproval: false,
      approval: 'read-only',
    });
    expect(echo?.inputSchema).toMatchObject({ type: 'object', properties: { message: { type: 'string' } } });
    expect(echo?.inputSchema).not.toHaveProperty('$schema');
    expect(listing.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['get-sum', 'get-tiny-image', 'get-resource-links', 'get-structured-content']),
    );
  });

  it('logs every JSON-RPC message with its timing: initialize, initialized, tools/list', () => {
    const log = client.log();
    expect(log.slice(0, 4).map((e) => [e.direction, e.kind, e.method])).toEqual([
      ['sent', 'request', 'initialize'],
      ['received', 'result', 'initialize'],
      ['sent', 'notification', 'notifications/initialized'],
      ['sent', 'request', 'tools/list'],
    ]);
    expect(log[1]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(log.find((e) => e.direction === 'received' && e.method === 'tools/list')?.durationMs).not.toBeNull();
  });

  it('a call goes out as tools/call and its text comes back as the tool message', async () => {
    const end = await call(client.session, 'echo', { message: 'hello MCP' });
    expect(end.kind).toBe('answered');
    if (end.kind !== 'answered') return;
    expect(end.result.text).toBe('Echo: hello MCP');
    expect(end.record).toMatchObject({
      server: { name: 'mcp-servers/everything', version: '2.0.0', url: server.url },
      tool: { name: 'echo' },
      ending: 'result',
    });
    expect(JSON.parse(end.record.exchange.request!)).toMatchObject({
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'hello MCP' } },
    });
    expect(JSON.parse(end.record.exchange.response!).result.content[0].text).toBe('Echo: hello MCP');
    const sent = client.log().filter((e) => e.method === 'tools/call');
    expect(sent.map((e) => e.kind)).toEqual(['request', 'result']);
  });

  it('images, resource links and structured content are kept, and the model reads text about them', async () => {
    const image = await call(client.session, 'get-tiny-image', {});
    if (image.kind !== 'answered') throw new Error('image failed');
    expect(image.record.blocks.find((b) => b.kind === 'image')).toMatchObject({ mimeType: 'image/png' });
    expect(image.result.text).toMatch(/\[image image\/png, \d+ bytes: not shown to the model/);

    const links = await call(client.session, 'get-resource-links', { count: 2 });
    if (links.kind !== 'answered') throw new Error('links failed');
    expect(links.record.blocks.filter((b) => b.kind === 'resource-link')).toHaveLength(2);
    expect(links.result.text).toMatch(/\[resource link\] .+: demo:\/\//);

    const weather = await call(client.session, 'get-structured-content', { location: 'Chicago' });
    if (weather.kind !== 'answered') throw new Error('structured failed');
    expect(weather.record.structuredContent).toMatchObject({ temperature: expect.any(Number) });
  });
});

describe('the project test server', { timeout: 60_000 }, () => {
  const servers: TestServer[] = [];
  const sessions: McpSession[] = [];
  async function serve(options: TestServerOptions = {}): Promise<TestServer> {
    const server = await startTestMcpServer(options);
    servers.push(server);
    return server;
  }
  async function open(server: TestServer, extra: Partial<ConnectOptions> = {}): Promise<Connected> {
    const c = await connected(server.url, extra);
    sessions.push(c.session);
    return c;
  }
  afterAll(async () => {
    for (const s of sessions) await s.close();
    for (const s of servers) await s.close();
  });

  it('lists every page and refuses only the tool whose schema is invalid', async () => {
    const { session, log } = await open(await serve());
    expect(session.listing.pages).toBe(4);
    expect(log().filter((e) => e.kind === 'request' && e.method === 'tools/list')).toHaveLength(4);
    expect(session.listing.refused).toEqual([
      { name: 'bad_schema', index: 1, reason: expect.stringContaining('"type": "object"') },
    ]);
    expect(session.listing.tools.map((t) => t.name)).toEqual([
      'add_tool',
      'die_mid_call',
      'echo_text',
      'fail_softly',
      'huge_result',
      'slow_count',
      'throw_error',
    ]);
    expect(session.listing.tools.find((t) => t.name === 'add_tool')).toMatchObject({ needsApproval: true });
  });

  it('progress reaches the caller, and Stop sends notifications/cancelled that the server sees', async () => {
    const server = await serve();
    const { session, log } = await open(server);
    const stop = new AbortController();
    const notes: McpProgressNote[] = [];
    const end = await call(
      session,
      'slow_count',
      { steps: 50, delayMs: 100 },
      {
        signal: stop.signal,
        onProgress: (note) => {
          notes.push(note);
          if (notes.length === 2) stop.abort();
        },
      },
    );
    expect(notes.map((n) => [n.progress, n.total, n.message])).toEqual([
      [1, 50, 'step 1 of 50'],
      [2, 50, 'step 2 of 50'],
    ]);
    expect(end).toMatchObject({ kind: 'failed', problem: { kind: 'cancelled' }, record: { ending: 'cancelled' } });
    expect(end.record.exchange.cancelled).toContain('notifications/cancelled');
    expect(end.record.progress).toHaveLength(2);
    await expect.poll(() => server.cancelled.map((c) => c.tool)).toEqual(['slow_count']);
    expect(log().some((e) => e.method === 'notifications/cancelled' && e.direction === 'sent')).toBe(true);
  });

  it('the time limit cancels the call too', async () => {
    const server = await serve();
    const { session } = await open(server);
    const end = await call(session, 'slow_count', { steps: 10, delayMs: 200 }, { timeoutMs: 300 });
    expect(end).toMatchObject({ kind: 'failed', problem: { kind: 'timeout', ms: 300 }, record: { ending: 'timeout' } });
    await expect.poll(() => server.cancelled.length).toBe(1);
  });

  it('an isError result, a throwing tool and a huge result', async () => {
    const { session } = await open(await serve());
    const soft = await call(session, 'fail_softly', {});
    expect(soft).toMatchObject({ kind: 'answered', result: { isError: true, text: 'The warehouse is closed today.' } });
    const thrown = await call(session, 'throw_error', {});
    expect(thrown).toMatchObject({
      kind: 'failed',
      problem: { kind: 'rpc-error', code: -32603, message: 'The database exploded.' },
    });
    const huge = await call(session, 'huge_result', { chars: 100_000 });
    if (huge.kind !== 'answered') throw new Error('huge failed');
    expect(huge.record.truncated).toEqual({ sentChars: 16_000, originalChars: 100_000 });
    expect(huge.result.text).toHaveLength(
      16_000 + '\n[… cut by the playground: 16,000 of 100,000 characters sent]'.length,
    );
  });

  it('notifications/tools/list_changed lists the tools again', async () => {
    const { session, changes } = await open(await serve());
    await call(session, 'add_tool', {});
    await expect.poll(() => changes.length).toBe(1);
    expect(changes[0]!.ok && changes[0]!.value.tools.map((t) => t.name)).toContain('late_tool');
    expect(session.listing.tools.map((t) => t.name)).toContain('late_tool');
  });

  it('a server that dies mid-call ends the call as such, not as a timeout', async () => {
    const { session } = await open(await serve());
    const started = Date.now();
    const end = await call(session, 'die_mid_call', {}, { timeoutMs: 30_000 });
    expect(end).toMatchObject({ kind: 'failed', problem: { kind: 'server-died' }, record: { ending: 'server-died' } });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('401 with a WWW-Authenticate challenge; the bearer token gets in', async () => {
    const server = await serve({ token: 'sesame' });
    expect(await failure(connect(server.url))).toEqual({ kind: 'unauthorized', challenge: CHALLENGE, hadToken: false });
    expect(await failure(connect(server.url, { token: 'wrong' }))).toMatchObject({
      kind: 'unauthorized',
      hadToken: true,
    });
    const { session } = await open(server, { token: 'sesame' });
    expect(session.listing.tools.length).toBeGreaterThan(0);
  });

  it('an unknown protocol version is named with the ones this client speaks', async () => {
    const server = await serve({ protocolVersion: '2023-01-01' });
    expect(await failure(connect(server.url))).toMatchObject({
      kind: 'protocol-version',
      server: '2023-01-01',
      supported: expect.arrayContaining(['2025-11-25', '2024-11-05']),
    });
  });

  it('nothing listening, a wrong path and a bad URL', async () => {
    const server = await serve();
    const dead = server.url.replace(/:\d+/, ':1');
    expect(await failure(connect(dead))).toEqual({ kind: 'unreachable', url: dead });
    expect(await failure(connect(server.url.replace('/mcp', '/nope')))).toEqual({ kind: 'not-found', status: 404 });
    expect(await failure(connect('ftp://example.com'))).toMatchObject({ kind: 'bad-url' });
    expect(await failure(connect('http://10.1.2.3/mcp', { pageOrigin: 'https://example.org' }))).toMatchObject({
      kind: 'mixed-content',
    });
  });
});
