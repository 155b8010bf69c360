// The MCP slice in a real playground: a scripted model calls a tool of a live MCP server (the project's own test
// server, over Streamable HTTP on localhost), the server's answer becomes the tool message and the run keeps which
// server and tool version answered; Stop cancels a slow call on the server; the servers are remembered.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../../scripts/mcp/test-server';
import { startTestMcpServer } from '../../scripts/mcp/test-server';
import type { LoopEvent } from '../engine/loop/events';
import { transcript } from '../engine/loop/projections';
import { buildRunFile, parseRunFile } from '../engine/run-file';
import type { Script } from '../engine/model-port/script';
import { callRecordOf } from './mcp-servers';
import { clearStorage, createTestPlayground } from './test-playground';

let server: TestServer;
beforeAll(async () => {
  server = await startTestMcpServer();
});
afterAll(() => server.close());
beforeEach(clearStorage);
afterEach(clearStorage);

const finished = (events: readonly LoopEvent[]) =>
  events.flatMap((e) => (e.type === 'call-finished' && e.outcome.kind === 'result' ? [e.outcome] : []));

async function playgroundWith(script: Script, tool: string) {
  const { playground } = createTestPlayground();
  const { actions, mcp, store } = playground;
  await actions.init();
  actions.selectScenario('');
  actions.setRuntime('scripted');
  playground.runtimes.scripted.setScript(script);
  const connected = await mcp.connect(server.url, '', 5_000);
  expect(connected.ok, JSON.stringify(connected)).toBe(true);
  for (const name of store.getState().workspace.exposed) actions.toggleTool(name, false);
  actions.toggleTool(tool, true);
  actions.setUser('Go.');
  return playground;
}

describe('MCP servers in the playground', () => {
  it('a scripted model calls an MCP tool: the server answers, the run records which server and version', async () => {
    const playground = await playgroundWith(
      {
        steps: [
          { toolCalls: [{ name: 'echo_text', arguments: { text: 'over the wire' } }] },
          { text: 'Done: {{last:echo_text}}' },
        ],
      },
      'echo_text',
    );
    const { actions, store, mcp } = playground;
    const group = store.getState().catalog.groups.find((g) => g.id.startsWith('mcp:'));
    expect(group?.label).toBe('MCP · Playground test server');
    expect(group?.tools.map((t) => t.name)).toContain('echo_text');
    expect(group?.tools.map((t) => t.name)).not.toContain('bad_schema');

    expect(actions.send()).toBe(true);
    await actions.runToEnd();
    const state = store.getState();
    expect(state.run.loop.phase).toBe('done');
    const [outcome] = finished(state.run.events);
    expect(outcome?.result.text).toContain('over the wire');
    const record = callRecordOf(outcome?.result.metadata);
    expect(record?.server).toMatchObject({ name: 'tlp-test-server', version: '1.2.3', url: server.url });
    expect(record?.tool.name).toBe('echo_text');
    expect(record?.tool.digest).toBe(state.mcp.servers[0]!.tools.find((t) => t.name === 'echo_text')!.digest);
    expect(state.run.loop.finished?.finalAnswer).toContain('over the wire');
    const methods = Object.values(state.mcp.logs)[0]!.entries.map((e) => e.method);
    expect(methods).toEqual(expect.arrayContaining(['initialize', 'tools/list', 'tools/call']));
    expect(server.calls).toContain('echo_text');
    await mcp.closeAll();

    // Exported and imported (the session closed), the run shows the server's answer and its record from the log.
    const built = buildRunFile({
      run: { runId: state.run.loop.runId!, title: '', createdAt: 0, events: state.run.events },
      now: 0,
    });
    if (!built.ok) throw new Error(built.error);
    const imported = parseRunFile(built.value.text);
    if (!imported.ok) throw new Error(imported.error);
    const entry = transcript(imported.value.file.run.events).find((e) => e.kind === 'tool');
    const replayed = entry?.kind === 'tool' && entry.outcome?.kind === 'result' ? entry.outcome.result : undefined;
    expect(replayed?.text).toContain('over the wire');
    expect(callRecordOf(replayed?.metadata)?.blocks).toEqual([
      { kind: 'text', text: expect.stringContaining('over the wire') },
    ]);
  }, 20_000);

  it('Stop during a slow call shows its progress, then sends notifications/cancelled to the server', async () => {
    const playground = await playgroundWith(
      { steps: [{ toolCalls: [{ name: 'slow_count', arguments: { steps: 50, delayMs: 100 } }] }, { text: 'ok' }] },
      'slow_count',
    );
    const { actions, store, mcp } = playground;
    actions.send();
    const running = actions.runToEnd();
    for (let i = 0; i < 100 && Object.keys(store.getState().mcp.calls).length === 0; i += 1) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const [inFlight] = Object.values(store.getState().mcp.calls);
    expect(inFlight?.tool).toBe('slow_count');
    await new Promise((r) => setTimeout(r, 250));
    expect(Object.values(store.getState().mcp.calls)[0]?.progress).not.toBeNull();
    actions.stop();
    await running;
    for (let i = 0; i < 100 && server.cancelled.length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(server.cancelled.map((c) => c.tool)).toContain('slow_count');
    expect(store.getState().mcp.calls).toEqual({});
    await mcp.closeAll();
  });

  it('remembers its servers: a reload lists their last tools at once and reconnects', async () => {
    const first = createTestPlayground();
    await first.playground.actions.init();
    await first.playground.mcp.connect(server.url, 'secret-token', 2_000);
    await first.playground.mcp.closeAll();

    const second = createTestPlayground();
    await second.playground.actions.init();
    const [remembered] = second.playground.store.getState().mcp.servers;
    expect(remembered).toMatchObject({ url: server.url, hasToken: true, timeoutMs: 2_000 });
    expect(remembered?.tools.map((t) => t.name)).toContain('echo_text');
    for (let i = 0; i < 200 && second.playground.store.getState().mcp.servers[0]?.status !== 'connected'; i += 1) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(second.playground.store.getState().mcp.servers[0]?.status).toBe('connected');
    await second.playground.mcp.remove(remembered!.id);
    expect(second.playground.store.getState().catalog.groups.some((g) => g.id.startsWith('mcp:'))).toBe(false);
  });
});
