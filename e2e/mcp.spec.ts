/**
 * Live MCP servers in the real app, against the project's own MCP test server (the SDK's server classes over
 * Streamable HTTP on a free localhost port, started here): connect, list (paginated, one tool refused for its
 * schema), expose, have a run call the server's tool ("You are the model"), see the server's result in the
 * transcript and every JSON-RPC message in the MCP tab; cancel a slow call with Stop; a result over the size cap;
 * and each way connecting fails explained by its cause.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { freePort } from '../scripts/mcp/everything-server';
import type { TestServer, TestServerOptions } from '../scripts/mcp/test-server';
import { startTestMcpServer } from '../scripts/mcp/test-server';
import { axeBuilder } from './axe';
import { button } from './helpers';

const started: TestServer[] = [];
async function startServer(options: TestServerOptions = {}): Promise<TestServer> {
  const server = await startTestMcpServer(options);
  started.push(server);
  return server;
}
test.afterAll(async () => {
  for (const server of started) await server.close().catch(() => undefined);
});

async function openApp(page: Page): Promise<void> {
  await page.goto('/?speed=instant');
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
}

async function connect(page: Page, url: string, token = ''): Promise<void> {
  const panel = page.locator('details.mcp-servers');
  if (!(await panel.evaluate((d: HTMLDetailsElement) => d.open))) await panel.locator('summary').first().click();
  await page.getByLabel('Server URL').fill(url);
  await page.getByLabel('Bearer token (optional)').fill(token);
  await button(page, 'Connect').click();
}

function serverItem(page: Page, label: string): Locator {
  return page.getByTestId(`mcp-server-${label}`);
}

/** No scenario, "You are the model", and only `tool` (of the MCP group) exposed. */
async function exposeOnly(page: Page, tool: string): Promise<void> {
  await page.getByLabel('Scenario').selectOption('');
  await page.getByLabel('Runtime').selectOption({ label: 'You are the model' });
  const group = page.locator('details.tool-group', { has: page.locator('summary', { hasText: 'MCP · ' }) });
  if (!(await group.evaluate((d: HTMLDetailsElement) => d.open))) await group.locator('summary').first().click();
  for (const box of await page.getByRole('checkbox', { name: /^Expose / }).all()) {
    if (await box.isVisible()) await box.uncheck();
  }
  await page.getByLabel(`Expose ${tool}`).check();
  await page.getByLabel('User message').fill(`Use ${tool}.`);
  await button(page, 'Send').click();
  await button(page, 'Run to end').click();
}

async function composeCall(page: Page, name: string, args: string): Promise<void> {
  const composer = page.getByRole('region', { name: 'You are the model' });
  await button(composer, 'Add tool call').click();
  await composer.getByLabel('Call 1 tool name').fill(name);
  await composer.getByLabel('Call 1 arguments').fill(args);
  await composer.getByLabel('Finish reason').selectOption('tool_calls');
  await button(composer, 'Send as the model').click();
}

test('connect, list, expose, a run calls the MCP tool; the result in the transcript and the JSON-RPC log', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const server = await startServer();
  await openApp(page);
  await connect(page, server.url);
  const item = serverItem(page, 'Playground test server');
  await expect(item.getByTestId('mcp-status')).toHaveText('connected');
  await expect(item.getByTestId('mcp-identity')).toContainText('tlp-test-server 1.2.3');
  // 8 tools, 2 a page: 4 pages of tools/list; bad_schema refused with its reason, the other 7 usable.
  await expect(item.getByTestId('mcp-tool-count')).toHaveText('7 tools · listed in 4 pages');
  await expect(item.getByTestId('mcp-refused')).toContainText('bad_schema');
  // The annotations are shown: add_tool is not marked safe, so it pauses for approval.
  await item.getByText('Tools and the server’s annotations').click();
  await expect(item.getByTestId('mcp-tool-hints').locator('li', { hasText: 'add_tool' })).toContainText(
    'may be destructive: needs approval',
  );
  await expect(item.getByTestId('mcp-tool-hints').locator('li', { hasText: 'echo_text' })).toContainText('read-only');

  await exposeOnly(page, 'echo_text');
  await composeCall(page, 'echo_text', '{"text": "hello over MCP"}');
  const result = page.locator('[data-testid^="tool-result-"]').first();
  await expect(result).toContainText('hello over MCP');
  await expect(result.getByTestId('mcp-record')).toContainText('answered by MCP Playground test server 1.2.3');
  expect(server.calls).toContain('echo_text');

  await page.getByRole('tab', { name: 'MCP' }).click();
  const log = page.getByTestId('mcp-log');
  await expect(log).toContainText('initialize');
  await expect(log).toContainText('tools/list');
  await expect(log).toContainText('tools/call');
  await expect(log).toContainText('notifications/initialized');

  // The servers panel, the MCP record on the result and the MCP tab pass an axe audit.
  const audit = await axeBuilder(page).analyze();
  expect(audit.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
});

test('Stop cancels a slow call: progress on the call card, then notifications/cancelled', async ({ page }) => {
  const server = await startServer();
  await openApp(page);
  await connect(page, server.url);
  await expect(serverItem(page, 'Playground test server').getByTestId('mcp-status')).toHaveText('connected');
  await exposeOnly(page, 'slow_count');
  await composeCall(page, 'slow_count', '{"steps": 100, "delayMs": 100}');
  const progress = page.locator('[data-testid^="mcp-progress-"]');
  await expect(progress).toContainText('of 100');
  await button(page, 'Stop').click();
  await expect(progress).toHaveCount(0);
  await expect.poll(() => server.cancelled.map((c) => c.tool)).toContain('slow_count');
  await page.getByRole('tab', { name: 'MCP' }).click();
  await expect(page.getByTestId('mcp-log')).toContainText('notifications/cancelled');
});

test('a result over the size cap is truncated and flagged', async ({ page }) => {
  const server = await startServer();
  await openApp(page);
  await connect(page, server.url);
  await expect(serverItem(page, 'Playground test server').getByTestId('mcp-status')).toHaveText('connected');
  await exposeOnly(page, 'huge_result');
  await composeCall(page, 'huge_result', '{"chars": 100000}');
  const record = page.locator('[data-testid^="tool-result-"]').first().getByTestId('mcp-record');
  await expect(record.getByTestId('mcp-truncated')).toContainText('truncated');
  await expect(record.getByTestId('mcp-truncated')).toContainText('100,000');
});

test('each failure to connect is explained by its cause', async ({ page }) => {
  await openApp(page);
  const origin = new URL(page.url()).origin;

  const nothing = `http://127.0.0.1:${await freePort()}/mcp`;
  await connect(page, nothing);
  await expect(serverItem(page, new URL(nothing).host).getByTestId('mcp-problem')).toContainText('Nothing answered');

  const noCors = await startServer({ cors: false });
  await connect(page, noCors.url);
  const corsProblem = serverItem(page, new URL(noCors.url).host).getByTestId('mcp-problem');
  await expect(corsProblem).toContainText(`did not allow this page’s origin (${origin})`);
  await expect(corsProblem.getByTestId('mcp-cors-headers')).toContainText(`Access-Control-Allow-Origin: ${origin}`);

  const locked = await startServer({ token: 's3cret' });
  await connect(page, locked.url);
  const authProblem = serverItem(page, new URL(locked.url).host).getByTestId('mcp-problem');
  await expect(authProblem).toContainText('HTTP 401');
  await expect(authProblem).toContainText('Bearer realm="tlp-test"');

  const old = await startServer({ protocolVersion: '1999-01-01' });
  await connect(page, old.url);
  await expect(serverItem(page, new URL(old.url).host).getByTestId('mcp-problem')).toContainText(
    'protocol version 1999-01-01',
  );

  // The right token connects the locked server (the same entry, reconnected).
  await connect(page, locked.url, 's3cret');
  await expect(serverItem(page, 'Playground test server').getByTestId('mcp-status')).toHaveText('connected');
});

test('a server that dies mid-call: the model reads why, and the server shows as failed', async ({ page }) => {
  const server = await startServer();
  await openApp(page);
  await connect(page, server.url);
  const item = serverItem(page, 'Playground test server');
  await expect(item.getByTestId('mcp-status')).toHaveText('connected');
  await exposeOnly(page, 'die_mid_call');
  await composeCall(page, 'die_mid_call', '{}');
  const result = page.locator('[data-testid^="tool-result-"]').first();
  await expect(result).toContainText('closed the connection before answering');
  await expect(result.getByTestId('mcp-record')).toContainText('server died');
  await expect(item.getByTestId('mcp-status')).toHaveText('failed');
  await expect(item.getByTestId('mcp-problem')).toContainText('closed the connection before answering');
});
