/**
 * Issue 28, item 13: Llama 3.2 output that is JSON with a "name" but no "parameters" is the answer, not a call.
 * A REAL llama.cpp `llama-server` serves the tiny random GGUF; the app speaks its own protocol in the Llama 3.2
 * format, and a GBNF grammar in "Extra body fields" makes the model write exactly the JSON a Llama model answers
 * with — so the real runtime, the real stream and the real parser decide, nothing faked.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { assistantTurn, button, expectStop, openScenario } from './helpers';
import type { RunningServer } from './llama-server';
import { startLlamaServer } from './llama-server';

test.describe.configure({ timeout: 90_000 });

const servers: RunningServer[] = [];
test.afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

/** A GBNF grammar whose only sentence is `text`. */
function exactly(text: string): string {
  return `root ::= ${JSON.stringify(text)}`;
}

/** The Seoul scenario on the endpoint runtime, app protocol in the Llama 3.2 format, the model held to `answer`. */
async function askLlama(page: Page, answer: string): Promise<void> {
  // Llama 3.2's prompt (tools as indented JSON) is ~2000 tokens in the tiny model's character-level vocabulary.
  const server = await startLlamaServer({ context: 8192 });
  servers.push(server);
  await openScenario(page, 'seoul-time-math');
  await page.getByLabel('Runtime', { exact: true }).selectOption({ label: 'OpenAI-compatible endpoint' });
  const panel = page.getByRole('region', { name: 'OpenAI-compatible endpoint' });
  await panel.getByLabel('Base URL').fill(server.baseUrl);
  await button(panel, 'Check connection').click();
  await expect(panel.getByTestId('endpoint-connection')).toContainText('Connected: llama.cpp server');
  await panel.getByRole('radio', { name: /App protocol/ }).check();
  await panel.getByLabel('Prompt format').selectOption('llama-3.2');
  await panel.getByLabel('Output constraint').selectOption('none');
  const details = panel.locator('details.endpoint-options');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator('summary').click();
  await panel.getByLabel('Extra body fields', { exact: true }).fill(JSON.stringify({ grammar: exactly(answer) }));
  await button(page, 'Run to end').click();
  await expect(page.getByTestId('run-end')).toBeVisible({ timeout: 60_000 });
}

for (const answer of ['{"name": "John", "age": 30, "city": "NY"}', '{"name": "f"}']) {
  test(`${answer} is the model's answer: no call, the text kept, the run ends with a final answer`, async ({
    page,
  }) => {
    await askLlama(page, answer);
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    const turn = assistantTurn(page, 1);
    await expect(turn.getByTestId('raw-text')).toHaveText(answer);
    // The content is the JSON as written, not emptied into a call John({}) / f({}).
    await expect(turn.getByTestId('assistant-text')).toHaveText(answer);
    await expect(turn.locator('.call-card')).toHaveCount(0);
    await expect(page.getByTestId('tool-result-call_1')).toHaveCount(0);
    await expectStop(turn, 'stop', 'stop');
    const note = turn
      .getByRole('list', { name: 'Parser notes on the text' })
      .locator('[data-testid="parse-note"][data-kind="json_not_a_call"]');
    await expect(note).toHaveAttribute('data-recovered', 'false');
    await expect(note).toContainText('in this format a call needs both');
    // Not a format problem, so "answer malformed calls with an error result" does not answer it either.
    await expect(assistantTurn(page, 2)).toHaveCount(0);
  });
}
