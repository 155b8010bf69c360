/**
 * The endpoint runtime against a REAL llama.cpp `llama-server` (built from node-llama-cpp 3.21.1's llama.cpp
 * source, see scripts/llama-server/build.mjs) serving the project's tiny random GGUF. Its text is nonsense by
 * design, so the tests assert structure: the models are listed and the server detected; SSE is streamed and
 * assembled; usage and timings come back; the Request tab holds the exact body and the raw stream; the mode of
 * each call is recorded in the run; Stop aborts mid-stream, the server stops generating and the next request
 * works; with a JSON schema every app-protocol call is schema-valid and executes; in server-tools mode
 * llama.cpp's own tool-call parser (the LFM2 template) answers `tool_calls` that are assembled, and their invalid
 * arguments are flagged, never crashed on; CORS refused, a server that is down and a wrong API key get their
 * messages; the compare view shows both modes side by side.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { jsonSchemaValidator } from '../src/engine';
import { axeBuilder } from './axe';
import type { StoredEvent } from './helpers';
import { button, openScenario, storedRuns } from './helpers';
import type { RunningServer } from './llama-server';
import { TINY_ALIAS, TOOL_CALL_START_TOKEN, startLlamaServer } from './llama-server';

test.describe.configure({ timeout: 90_000 });

const servers: RunningServer[] = [];
async function serve(options: Parameters<typeof startLlamaServer>[0] = {}): Promise<RunningServer> {
  const server = await startLlamaServer(options);
  servers.push(server);
  return server;
}
test.afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

function panelOf(page: Page): Locator {
  return page.getByRole('region', { name: 'OpenAI-compatible endpoint' });
}

/** Opens the Seoul scenario on the endpoint runtime and checks the connection to `baseUrl`. */
async function connect(page: Page, baseUrl: string): Promise<Locator> {
  await openScenario(page, 'seoul-time-math');
  await page.getByLabel('Runtime', { exact: true }).selectOption({ label: 'OpenAI-compatible endpoint' });
  const panel = panelOf(page);
  await panel.getByLabel('Base URL').fill(baseUrl);
  await button(panel, 'Check connection').click();
  return panel;
}

async function expectConnected(panel: Locator): Promise<void> {
  await expect(panel.getByTestId('endpoint-connection')).toContainText(
    /Connected: llama\.cpp server at http:\/\/127\.0\.0\.1:\d+\/v1 answered in \d+ ms with 1 model\./,
  );
  await expect(panel.getByLabel('Model', { exact: true })).toHaveValue(TINY_ALIAS);
}

async function requestOption(panel: Locator, label: string, value: string): Promise<void> {
  const details = panel.locator('details.endpoint-options');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator('summary').click();
  await panel.getByLabel(label, { exact: true }).fill(value);
}

/**
 * The newest run's event log as the app persisted it to IndexedDB, polled until `done` holds. Runs in `older`
 * are passed over, so reading right after New run never returns the previous run.
 */
async function runEvents(
  page: Page,
  done: (events: StoredEvent[]) => boolean,
  older: readonly string[] = [],
): Promise<{ runId: string; events: StoredEvent[] }> {
  let run: { runId: string; events: StoredEvent[] } | undefined;
  await expect
    .poll(async () => {
      const runs = await storedRuns(page);
      run = runs.filter((r) => !older.includes(r.runId)).sort((a, b) => b.updatedAt - a.updatedAt)[0];
      return run !== undefined && done(run.events);
    })
    .toBe(true);
  return run!;
}

const responses = (events: StoredEvent[]) => events.flatMap((e) => (e.type === 'model-responded' ? [e] : []));

test('steps the Seoul scenario in both modes; the Request tab shows the exact body and the raw SSE stream', async ({
  page,
}) => {
  const server = await serve();
  const panel = await connect(page, server.origin);
  await expectConnected(panel);
  await expect(panel.getByTestId('endpoint-key-note')).toContainText('kept in this browser only');

  // Turn 1 in the app's own protocol: tools in the prompt, the reply constrained by the harness's GBNF grammar.
  await panel.getByRole('radio', { name: /App protocol/ }).check();
  await panel.getByLabel('Output constraint').selectOption('grammar');
  await expect(panel.getByTestId('endpoint-format-line')).toHaveText(
    'Prompt format: Qwen2.5 (Hermes-style <tool_call>), guessed from the model name.',
  );
  await requestOption(panel, 'Seed', '1');
  await page.getByLabel('Tool choice').selectOption('required');
  await button(page, 'Send').click();
  await button(page, 'Step').click();
  await expect(page.getByTestId('assistant-1')).toBeVisible();
  await button(page, 'Step').click(); // runs the calls and appends their results

  // Turn 2 with the server parsing tools: the same history, sent as OpenAI messages with `tools`.
  await panel.getByRole('radio', { name: /Server tools/ }).check();
  await page.getByLabel('Tool choice').selectOption('auto');
  await button(page, 'Step').click();
  await expect(page.getByTestId('assistant-2')).toBeVisible();

  const { events } = await runEvents(page, (e) => responses(e).length === 2);
  const [first, second] = responses(events);
  // Turn 1: schema-valid calls the app parsed, executed and fed back.
  expect(first!.response.backend).toBe('llama.cpp server · App protocol (Qwen2.5, GBNF)');
  expect(first!.response.trace?.promptBuiltBy).toBe('app');
  expect(first!.message.toolCalls.length).toBeGreaterThanOrEqual(1);
  expect(first!.stop.derived).toBe('tool_calls');
  expect(
    events.filter(
      (e) =>
        e.type === 'call-finished' &&
        e.round === 1 &&
        e.outcome.kind === 'result' &&
        e.outcome.disposition === 'executed',
    ),
  ).toHaveLength(first!.message.toolCalls.length);
  // Turn 2: the server built the prompt; the tools went in the `tools` field.
  expect(second!.response.backend).toBe('llama.cpp server · Server tools');
  expect(second!.response.trace?.promptBuiltBy).toBe('server');
  const body = second!.response.trace?.requestJson as { tools?: unknown[]; messages: { role: string }[] };
  expect(body.tools).toHaveLength(2);
  expect(body.messages.map((m) => m.role)).toEqual([
    'system',
    'user',
    'assistant',
    ...first!.message.toolCalls.map(() => 'tool'),
  ]);
  for (const r of [first!, second!]) {
    expect(r.response.usage?.estimated).toBe(false);
    expect(r.response.usage?.completionTokens).toBeGreaterThan(0);
    expect(r.response.timings?.decodeTokensPerSecond).toBeGreaterThan(0);
    expect(r.response.trace?.http?.responseText).toContain('data: [DONE]');
  }

  // The Request tab: the exact HTTP body and the raw stream; the Prompt tab says who built the prompt.
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByLabel('Model call').selectOption('1');
  await expect(page.getByTestId('http-request')).toContainText(`POST ${server.baseUrl}/chat/completions`);
  await expect(page.getByTestId('http-request')).toContainText('"grammar":"root ::=');
  await expect(page.getByTestId('http-response')).toContainText('data: {"choices":[{');
  await page.getByRole('tab', { name: 'Prompt' }).click();
  await expect(page.getByTestId('prompt-text')).toContainText('<tools>');
  await page.getByLabel('Model call').selectOption('2');
  await expect(page.getByTestId('prompt-text')).toHaveText(/^Built by the server from its chat template/);
});

test('app protocol with a JSON schema: every call is schema-valid and executes', async ({ page }) => {
  // Llama 3.2's prompt (tools as indented JSON) is ~2000 tokens in the tiny model's character-level vocabulary.
  const server = await serve({ context: 8192 });
  const panel = await connect(page, server.baseUrl);
  await expectConnected(panel);
  await panel.getByRole('radio', { name: /App protocol/ }).check();
  await panel.getByLabel('Prompt format').selectOption('llama-3.2');
  // GBNF writes <tool_call> blocks: not offered for Llama's bare-JSON calls.
  await panel.getByLabel('Output constraint').selectOption('grammar');
  await expect(panel.getByRole('alert')).toContainText('bare-JSON calls need the JSON schema');
  await panel.getByLabel('Output constraint').selectOption('json-schema');
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await requestOption(panel, 'Seed', '1');
  await page.getByLabel('Tool choice').selectOption('tool:calculate');
  await page.getByLabel('Max rounds').fill('3');
  await button(page, 'Run to end').click();
  await expect(page.getByTestId('run-end')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('run-end')).toHaveClass(/run-end-max-rounds/, { timeout: 60_000 });

  const { events } = await runEvents(page, (e) => e.some((x) => x.type === 'run-finished'));
  const started = events.find((e) => e.type === 'run-started');
  if (started?.type !== 'run-started') throw new Error('no run-started event');
  const schema = started.config.tools.find((t) => t.name === 'calculate')!.inputSchema;
  const validator = jsonSchemaValidator(schema);
  if (!validator.ok) throw new Error(validator.error);
  const turns = responses(events);
  expect(turns).toHaveLength(3);
  for (const turn of turns) {
    const format = (turn.response.trace?.requestJson as { response_format?: { type: string } }).response_format;
    expect(format?.type).toBe('json_schema');
    expect(turn.response.backend).toBe('llama.cpp server · App protocol (Llama 3.2, JSON schema)');
    expect(turn.message.toolCalls).toHaveLength(1);
    const call = turn.message.toolCalls[0]!;
    expect(call.name).toBe('calculate');
    expect(validator.value(JSON.parse(call.argumentsText)), call.argumentsText).toMatchObject({ ok: true });
  }
  const finished = events.flatMap((e) => (e.type === 'call-finished' ? [e.outcome] : []));
  expect(finished).toHaveLength(3);
  for (const outcome of finished) expect(outcome).toMatchObject({ kind: 'result', disposition: 'executed' });
});

test('server tools: llama.cpp assembles tool_calls, the harness flags invalid arguments; the compare view shows both modes', async ({
  page,
}) => {
  const server = await serve({ lfm2: true });
  const panel = await connect(page, server.baseUrl);
  await expectConnected(panel);
  // A push on LFM2's call-start token makes the random model open a call now and then; llama.cpp's LFM2 parser
  // reads it. Each seed is deterministic: the first seeds that answer with a call are tried in turn.
  await requestOption(panel, 'Extra body fields', JSON.stringify({ logit_bias: { [TOOL_CALL_START_TOKEN]: 8 } }));
  const older: string[] = [];
  let run: { runId: string; events: StoredEvent[] } | undefined;
  for (const seed of ['7', '2', '10', '11']) {
    await requestOption(panel, 'Seed', seed);
    await button(page, 'Send').click();
    await button(page, 'Step').click();
    await expect(page.getByTestId('assistant-1')).toBeVisible();
    run = await runEvents(page, (e) => responses(e).length === 1, older);
    if (responses(run.events)[0]!.message.toolCalls.length > 0) break;
    older.push(run.runId);
    await button(page, 'New run').click();
  }
  await button(page, 'Step').click();
  const { events } = await runEvents(page, (e) => e.some((x) => x.type === 'results-appended'), older);
  const [turn] = responses(events);
  expect(turn!.response.finishReason).toBe('tool_calls');
  expect(turn!.response.nativeToolCalls?.length).toBeGreaterThanOrEqual(1);
  expect(turn!.response.trace?.http?.responseText).toContain('"tool_calls":[{');
  const outcomes = events.flatMap((e) => (e.type === 'call-finished' ? [e.outcome] : []));
  expect(outcomes).toHaveLength(turn!.message.toolCalls.length);
  // The tiny model fills LFM2's Python-style arguments with anything: llama.cpp does not check them against the
  // schema, the harness does (seed 7: `calculate(b=76821090.3)`, no operation, no a). The model gets an error result.
  const flagged = outcomes.filter((o) => o.kind === 'result' && o.disposition === 'invalid-arguments');
  expect(flagged.length).toBeGreaterThanOrEqual(1);
  for (const o of flagged) await expect(page.getByTestId(`tool-result-${o.callId}`)).toContainText('invalid-arguments');

  // Compare: the same turn again, in both modes, side by side.
  await button(panel, 'Compare both modes on the last turn').click();
  const dialog = page.getByRole('dialog', { name: 'Protocol compare' });
  await expect(dialog.getByRole('button', { name: 'Run again' })).toBeVisible({ timeout: 30_000 });
  const serverSide = dialog.getByTestId('compare-server-tools');
  const appSide = dialog.getByTestId('compare-app-protocol');
  await expect(serverSide.getByTestId('compare-finish')).toContainText('server tool_calls');
  await expect(serverSide.getByLabel('Request body')).toContainText('"tools": [');
  await expect(appSide.getByLabel('Request body')).not.toContainText('"tools": [');
  await expect(appSide.getByLabel('Request body')).toContainText('<tools>');
  await expect(appSide.getByTestId('compare-finish')).toContainText(/server (stop|length)/);
  const axe = await axeBuilder(page).include('dialog').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('Stop aborts mid-stream, the server stops generating, and the next request works', async ({ page }) => {
  const server = await serve({ context: 8192 });
  const panel = await connect(page, server.baseUrl);
  await expectConnected(panel);
  await panel.getByRole('radio', { name: /App protocol/ }).check();
  await page.getByLabel('Tool choice').selectOption('none');
  await requestOption(panel, 'Max tokens', '7000');
  await requestOption(panel, 'Extra body fields', '{"ignore_eos": true}');
  // Press Stop the moment the first streamed token reaches the page (before it, the view shows "…").
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      const text = document.querySelector('[data-testid="streaming-text"]')?.textContent ?? '';
      if (text !== '' && text !== '…') {
        observer.disconnect();
        [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Stop')?.click();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await button(page, 'Run to end').click();
  await expect(page.getByTestId('run-end')).toHaveClass(/run-end-aborted/, { timeout: 30_000 });
  const first = await runEvents(page, (e) => e.some((x) => x.type === 'run-finished'));
  const aborted = responses(first.events);
  expect(aborted[0]!.response.finishReason).toBe('abort');
  expect(aborted[0]!.response.raw.length).toBeGreaterThan(0);
  // The server noticed the closed connection: its one slot is idle again long before 7000 tokens.
  await expect
    .poll(async () => {
      const slots = (await (await fetch(`${server.origin}/slots`)).json()) as { is_processing: boolean }[];
      return slots.every((s) => !s.is_processing);
    })
    .toBe(true);

  await requestOption(panel, 'Max tokens', '16');
  await requestOption(panel, 'Extra body fields', '');
  await button(page, 'New run').click();
  await button(page, 'Run to end').click();
  await expect(page.getByTestId('run-end')).toHaveClass(/run-end-(final-answer|max-rounds|truncated)/, {
    timeout: 30_000,
  });
  const next = responses(
    (await runEvents(page, (e) => e.some((x) => x.type === 'run-finished'), [first.runId])).events,
  );
  expect(next[0]!.response.finishReason).toMatch(/^(stop|length)$/);
  expect(next[0]!.response.usage?.completionTokens).toBeGreaterThan(0);
});

test('CORS refused, a server that is down and a wrong API key get clear messages', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const strict = await serve({ extraArgs: ['--cors-origins', 'http://example.invalid'] });
  const panel = await connect(page, strict.baseUrl);
  const status = panel.getByTestId('endpoint-connection');
  await expect(status).toContainText('CORS refused');
  await panel.getByLabel('Server', { exact: true }).selectOption('llama.cpp');
  await expect(status.getByLabel('How to fix it')).toContainText(`--cors-origins ${origin}`);
  const axe = await axeBuilder(page).include('section[aria-label="OpenAI-compatible endpoint"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Down: nothing listens any more.
  await strict.stop();
  await button(panel, 'Check connection').click();
  await expect(status).toContainText('Nothing answers at this address');
  await panel.getByLabel('Model', { exact: true }).fill(TINY_ALIAS);
  await button(page, 'Send').click();
  await button(page, 'Step').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing answers at this address' }).first()).toBeVisible();

  // A key: refused without it, accepted with it, and never recorded.
  const locked = await serve({ extraArgs: ['--api-key', 'sekret-123'] });
  await panel.getByLabel('Base URL').fill(locked.baseUrl);
  await button(panel, 'Check connection').click();
  await expect(status).toContainText('API key refused (401)');
  await panel.getByLabel('API key').fill('sekret-123');
  await button(panel, 'Check connection').click();
  await expectConnected(panel);
  const down = await runEvents(page, (e) => e.some((x) => x.type === 'run-finished'));
  await button(page, 'New run').click();
  await button(page, 'Send').click();
  await button(page, 'Step').click();
  await expect(page.getByTestId('assistant-1')).toBeVisible();
  await page.getByRole('tab', { name: 'Request' }).click();
  await expect(page.getByTestId('http-request')).toContainText('Authorization: Bearer ••••');
  const { events } = await runEvents(page, (e) => responses(e).length === 1, [down.runId]);
  expect(JSON.stringify(events)).not.toContain('sekret-123');
});
