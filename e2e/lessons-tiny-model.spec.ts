/**
 * The lessons of #16 on a real model: the CPU runtime (wllama) runs the tiny random test model the app generates,
 * its replies constrained by the tool grammar. Its text and its arguments are nonsense, so each test checks only
 * the structure a lesson promises whatever the model says: the augmented schema sent and the fields stripped
 * before the tool runs, one call per turn with parallel calls off, the logger outside the loop logging once, the
 * token budget stopping the run, and the policy workspace answering every call with its ToolResult JSON. Tool
 * choice is "required" so every turn calls a tool; max rounds keep each run short. One page (one model load) for
 * the whole file. The memory lesson needs a model that reads its history, so it stays with the scripted replay.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { StoredEvent } from './helpers';
import { button, openScenario, storedRuns } from './helpers';

test.describe.configure({ timeout: 60_000 });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await openScenario(page, 'policy-workspace');
  await page.getByLabel('Runtime', { exact: true }).selectOption({ label: 'CPU (wllama, GGUF)' });
  await button(page, 'Generate tiny random test model').click();
  await expect(page.getByRole('region', { name: 'Loaded model' }).getByRole('status')).toHaveText(
    /^Ready: tiny random test model/,
    { timeout: 30_000 },
  );
});

test.afterAll(async () => {
  await page.close();
});

/** Opens a lesson scenario on the loaded tiny model: tool choice required, at most `maxRounds` model calls. */
async function openLesson(id: string, maxRounds: number): Promise<void> {
  await page.getByLabel('Scenario').selectOption(id);
  await expect(page.getByLabel('Runtime', { exact: true })).toHaveValue('wllama');
  await page.getByLabel('Max rounds').fill(String(maxRounds));
  await page.getByLabel('Tool choice').selectOption({ label: 'required (at least one call)' });
}

const seenRuns = new Set<string>();

/** Runs to the end; the run's event log as the app stored it. */
async function runToEnd(): Promise<StoredEvent[]> {
  await expect(page.getByTestId('run-end')).toHaveCount(0);
  await button(page, 'Run to end').click();
  await expect(page.getByTestId('run-end')).toBeVisible({ timeout: 30_000 });
  let found: StoredEvent[] | undefined;
  await expect
    .poll(async () => {
      const run = (await storedRuns(page)).find(
        (r) => !seenRuns.has(r.runId) && r.events.some((e) => e.type === 'run-finished'),
      );
      if (run) {
        seenRuns.add(run.runId);
        found = run.events;
      }
      return found !== undefined;
    })
    .toBe(true);
  const events = found!;
  // Every turn came from the tiny model through llama.cpp.
  for (const e of events) if (e.type === 'model-responded') expect(e.response.backend).toMatch(/^wllama/);
  return events;
}

function responses(events: readonly StoredEvent[]) {
  return events.flatMap((e) => (e.type === 'model-responded' ? [e] : []));
}

function finishReason(events: readonly StoredEvent[]): string | undefined {
  const finished = events.find((e) => e.type === 'run-finished');
  return finished?.type === 'run-finished' ? finished.reason : undefined;
}

test('augmented-arguments: the schema sent carries innerThought and confidence; the tool receives only its own', async () => {
  await openLesson('augmented-arguments', 1);
  await expect(page.getByLabel('Augment arguments')).toBeChecked();
  const events = await runToEnd();
  const turns = responses(events);
  expect(turns.length).toBeGreaterThanOrEqual(1);
  for (const turn of turns) {
    // The prompt's tool list and the grammar both carry the augmented schema.
    expect(turn.response.trace?.promptText).toContain('"innerThought"');
    expect(turn.response.trace?.promptText).toContain('"confidence"');
    expect(String((turn.response.trace?.requestJson as { grammar?: unknown }).grammar)).toContain('innerThought');
  }
  const calls = turns.flatMap((t) => t.message.toolCalls);
  expect(calls.length).toBeGreaterThanOrEqual(1);
  for (const call of calls) {
    // innerThought is required in the augmented schema, so the grammar made the model write it.
    expect(Object.keys(JSON.parse(call.argumentsText) as object)).toContain('innerThought');
  }
  // What each tool that ran received, as the augmentation wrapper recorded it in the result's metadata.
  const received = events.flatMap((e) => {
    if (e.type !== 'call-finished' || e.outcome.kind !== 'result') return [];
    const record = e.outcome.result.metadata.augmentation as { toolReceived?: string } | undefined;
    return record?.toolReceived !== undefined ? [{ callId: e.outcome.callId, text: record.toolReceived }] : [];
  });
  expect(received.length).toBeGreaterThanOrEqual(1);
  for (const { callId, text } of received) {
    const own = JSON.parse(text) as Record<string, unknown>;
    expect(own).not.toHaveProperty('innerThought');
    expect(own).not.toHaveProperty('confidence');
    // On screen: beside the call, what the tool received, without the augmented fields.
    await expect(page.getByTestId(`tool-received-${callId}`)).toHaveText(text);
  }
});

test('parallel-lookups: with parallel calls off, every turn has at most one call', async () => {
  await openLesson('parallel-lookups', 2);
  await expect(page.getByLabel('Parallel tool calls')).not.toBeChecked();
  const events = await runToEnd();
  const turns = responses(events);
  expect(turns.length).toBe(2);
  for (const turn of turns) {
    // The adapter passed the option to the grammar: its calls rule allows exactly one call (with parallel calls on
    // it reads `calls ::= call ("\n" call)?` for the tiny model's limit of two).
    const grammar = String((turn.response.trace?.requestJson as { grammar?: unknown }).grammar);
    expect(grammar).toMatch(/^calls ::= call$/m);
    expect(turn.message.toolCalls.length).toBeLessThanOrEqual(1);
    await expect(page.getByTestId(`assistant-${turn.round}`).locator('.call-card')).toHaveCount(
      turn.message.toolCalls.length,
    );
  }
  // Tool choice required: each turn made exactly its one call, and the run ended at the max-rounds guard.
  expect(turns.every((t) => t.message.toolCalls.length === 1)).toBe(true);
  expect(finishReason(events)).toBe('max-rounds');
});

test('large-tool-result: the logger outside the loop logs once, the think trace inside every round', async () => {
  await openLesson('large-tool-result', 2);
  await page.getByRole('tab', { name: 'Advisors' }).click();
  await page.getByLabel(/^Advisor-controlled/).check();
  const order = page.getByLabel('Order of Logger');
  await order.fill('H+250');
  await order.press('Enter');
  await page.getByLabel('Think trace', { exact: true }).check();
  // A huge result would not fit the tiny model's 2,048-token context: the lesson's hook shortens it.
  await page.getByLabel(/doGetNextInstructionsForToolCall/).check();
  const events = await runToEnd();
  expect(responses(events)).toHaveLength(2);
  await expect(page.getByTestId('lane-outside').getByTestId('advisor-count-logger')).toHaveText('1×');
  await expect(page.getByTestId('lane-inside').getByTestId('advisor-count-think-trace')).toHaveText('2×');
  await page.getByLabel(/^Manual/).check();
});

test('large-tool-result: a token budget the first request passes stops the run before its call runs', async () => {
  await openLesson('large-tool-result', 2);
  const lab = page.locator('.lab-panel');
  if ((await lab.getAttribute('open')) === null) await lab.locator('> summary').click();
  // The tiny model's byte-level vocabulary makes the first prompt alone well over 500 tokens.
  await lab.getByLabel('Tokens: budget (stop)').fill('500');
  const events = await runToEnd();
  expect(responses(events)).toHaveLength(1);
  expect(responses(events)[0]!.message.toolCalls).toHaveLength(1);
  expect(events.filter((e) => e.type === 'call-started')).toHaveLength(0);
  expect(finishReason(events)).toBe('loop-guard');
  await expect(page.getByTestId('run-end')).toContainText(
    /The token budget stopped the loop: the run has used \d+ tokens \(budget 500\)/,
  );
  await expect(lab.getByTestId('meter-tokens')).toContainText('hard cap: stopped');
  await lab.getByLabel('Tokens: budget (stop)').fill('0');
});

test('policy-workspace: every call is answered with the ToolResult JSON {text, error, metadata}', async () => {
  await openLesson('policy-workspace', 1);
  await expect(page.getByLabel('Allow write')).not.toBeChecked();
  const events = await runToEnd();
  const results = events.flatMap((e) => (e.type === 'results-appended' ? e.messages : []));
  const calls = responses(events).flatMap((t) => t.message.toolCalls);
  expect(calls.length).toBeGreaterThanOrEqual(1);
  expect(results.map((m) => m.toolCallId)).toEqual(calls.map((c) => c.id));
  for (const result of results) {
    const parsed = JSON.parse(result.content) as Record<string, unknown>;
    expect(Object.keys(parsed).sort(), result.content).toEqual(['error', 'metadata', 'text']);
    expect(typeof parsed.text).toBe('string');
    expect(typeof parsed.error).toBe('boolean');
    expect(typeof parsed.metadata).toBe('object');
  }
  await expect(page.locator('.message-tool')).toHaveCount(results.length);
  // A write_file call, whatever its path, is refused while "Allow write" is off.
  const writes = calls.filter((c) => c.name === 'write_file').map((c) => c.id);
  for (const result of results.filter((m) => writes.includes(m.toolCallId))) {
    expect((JSON.parse(result.content) as { error: boolean }).error).toBe(true);
  }
});
