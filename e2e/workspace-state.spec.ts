/**
 * One workspace state (issue 11): what the page shows is exactly what the loop sends. One test per defect, each
 * reproducing it as a new user would meet it, in the real app on Chromium.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { assistantTurn, button, callCard, openScenario } from './helpers';

const ready = (page: Page) => expect(page.locator('.app[data-ready="true"]')).toBeVisible();

/** The next request as the harness records it before the call (the Request tab's internal record, one click away). */
async function nextRequest(page: Page): Promise<{ tools: { name: string }[]; toolChoice: unknown }> {
  await page.getByRole('tab', { name: 'Request', exact: true }).click();
  const details = page.getByTestId('next-request-internal-details');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator('summary').click();
  const json = page.getByTestId('next-request-internal');
  await expect(json).toBeVisible();
  return JSON.parse((await json.textContent()) ?? '{}');
}

/** Saves a user tool through the studio: "+ New tool", a name and code, Save, Close. */
async function saveUserTool(page: Page, name: string, code: string, timeLimitMs?: string): Promise<void> {
  await button(page, '+ New tool').click();
  const dialog = page.getByRole('dialog', { name: 'Tool editor' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  if (timeLimitMs) await dialog.getByLabel('Time limit (ms)').fill(timeLimitMs);
  const editor = dialog.getByTestId('code-editor').locator('.cm-content');
  await editor.fill(code);
  await expect(editor).toContainText(code.split('\n')[0]!);
  await button(dialog, 'Save tool').click();
  await expect(page.getByText(`Saved ${name}.`)).toBeVisible();
  await button(dialog, 'Close editor').click();
  await expect(dialog).toBeHidden();
}

/** Plays the model: one response with these calls (or text), with a finish reason. */
async function answerAsModel(
  page: Page,
  turn: { calls?: { name: string; args: string }[]; text?: string; finish: string },
): Promise<void> {
  const composer = page.getByRole('region', { name: 'You are the model' });
  await expect(composer).toBeVisible();
  for (const [i, call] of (turn.calls ?? []).entries()) {
    await button(composer, 'Add tool call').click();
    await composer.getByLabel(`Call ${i + 1} tool name`).fill(call.name);
    await composer.getByLabel(`Call ${i + 1} arguments`).fill(call.args);
  }
  if (turn.text) await composer.getByLabel('Assistant text').fill(turn.text);
  await composer.getByLabel('Finish reason').selectOption(turn.finish);
  await button(composer, 'Send as the model').click();
}

function turnTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Turn table' });
}

test.describe('what the page shows is what the loop sends', () => {
  test('a ticked preset and a ticked user tool in a preset scenario are sent and executed', async ({ page }) => {
    await openScenario(page, 'seoul-time-math');
    await saveUserTool(page, 'add_two', 'const { a, b } = args;\nreturn a + b;');
    await page.getByLabel('Expose discount').check();
    await page.getByLabel('Expose add_two').check();
    await expect(page.getByTestId('tools-exposed-count')).toContainText('(4 of ');
    await expect(page.getByLabel('Tool choice').locator('option', { hasText: 'only add_two' })).toHaveCount(1);
    const request = await nextRequest(page);
    expect(request.tools.map((t) => t.name)).toEqual(['current_time', 'calculate', 'discount', 'add_two']);

    // A model that calls them: both run, neither is an "Unknown tool".
    await page.getByLabel('Runtime').selectOption({ label: 'You are the model' });
    await button(page, 'Step').click();
    await answerAsModel(page, {
      calls: [
        { name: 'discount', args: '{"price": 35000, "percent": 18}' },
        { name: 'add_two', args: '{"a": 2, "b": 3}' },
      ],
      finish: 'tool_calls',
    });
    await button(page, 'Step').click();
    const results = page.locator('[data-testid^="tool-result-"]');
    await expect(results).toHaveCount(2);
    await expect(results.nth(0)).toContainText('28700');
    await expect(results.nth(1)).toContainText('5');
    await expect(page.locator('.transcript')).not.toContainText('Unknown tool');
  });

  test('after a scenario switch the Tool choice shown is the one the request carries', async ({ page }) => {
    await openScenario(page, 'seoul-time-math');
    await page.getByLabel('Tool choice').selectOption({ label: 'only calculate' });
    expect((await nextRequest(page)).toolChoice).toEqual({ name: 'calculate' });
    await page.getByLabel('Scenario').selectOption('reserve-and-todo');
    await expect(page.getByLabel('Tool choice')).toHaveValue('auto');
    expect((await nextRequest(page)).toolChoice).toBe('auto');

    // Unticking the tool a choice names resets the choice, visibly.
    await page.getByLabel('Tool choice').selectOption({ label: 'only add_todo' });
    await page.getByLabel('Expose add_todo').uncheck();
    await expect(page.getByLabel('Tool choice')).toHaveValue('auto');
    await expect(page.getByTestId('loop-notice')).toContainText(
      'Tool choice was “only add_todo”; that tool is not exposed now: auto.',
    );
    expect((await nextRequest(page)).toolChoice).toBe('auto');
    await button(page, 'Step').click();
    await expect(page.getByTestId('phase-caption')).toContainText('Phase: approve');
  });

  test('?scenario= after an existing run opens a clean run of that scenario', async ({ page }) => {
    await openScenario(page, 'seoul-time-math');
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');

    await openScenario(page, 'reserve-and-todo');
    await expect(page.getByLabel('Scenario')).toHaveValue('reserve-and-todo');
    await expect(page.getByText('The transcript appears here, message by message.')).toBeVisible();
    await expect(page.getByLabel('User message')).toHaveValue('Reserve 2 of SKU-100 and add it to my to-do list');
    await expect(page.getByTestId('loop-notice')).toContainText('Your previous run “What time is it in Seoul');
    await expect(page.getByTestId('loop-notice')).toContainText('is in the Runs tab');
    await button(page, 'Run to end').click();
    await button(callCard(page, 'call_1'), 'Approve').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    await expect(assistantTurn(page, 1)).toContainText('reserve_inventory');
    await expect(page.locator('.transcript')).not.toContainText('Seoul');
    await page.getByRole('tab', { name: 'Runs' }).click();
    await expect(page.locator('.run-list li')).toHaveCount(2);
  });

  test('at the end of a run Step and Run to end send nothing, by button or key, and say why', async ({ page }) => {
    await openScenario(page, 'seoul-time-math');
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    await expect(button(page, 'Step')).toBeDisabled();
    await expect(button(page, 'Run to end')).toBeDisabled();
    await expect(page.getByTestId('run-ended-reason')).toHaveText(
      'The run has ended: write a new message and Send to continue the conversation, or start a new run.',
    );
    for (const key of ['s', 'F10', 'r', 'F8']) await page.keyboard.press(key);
    await expect(turnTable(page).locator('tbody tr')).toHaveCount(3);
    await expect(page.locator('.message-user')).toHaveCount(1);

    // Send with a new message continues the conversation as a new turn.
    await page.getByLabel('User message', { exact: true }).fill('And what is 877 + 1?');
    await button(page, 'Send').click();
    await expect(page.locator('.message-user')).toHaveCount(2);
    await expect(page.getByTestId('phase-caption')).toContainText('Phase: prompt');
  });

  test('a cancelled "+ New tool" is not saved, nor exposed', async ({ page }) => {
    await page.goto('/?speed=instant');
    await ready(page);
    await button(page, '+ New tool').click();
    const dialog = page.getByRole('dialog', { name: 'Tool editor' });
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('my_tool');
    await button(dialog, 'Close editor').click();
    await expect(page.getByLabel('Expose my_tool')).toHaveCount(0);
    await page.reload();
    await ready(page);
    await page.getByLabel('Scenario').selectOption('');
    await expect(page.getByRole('region', { name: 'Tool studio' })).not.toContainText('my_tool');
    await expect(page.getByLabel('Expose my_tool')).toHaveCount(0);
  });

  test('Shift+F8 stops the run', async ({ page }) => {
    await page.goto('/?scenario=seoul-time-math&speed=5');
    await ready(page);
    await button(page, 'Send').click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('F10');
    await expect(page.getByTestId('streaming-text')).toBeVisible();
    await page.keyboard.press('Shift+F8');
    await expect(page.getByTestId('run-end')).toContainText('aborted');
    await expect(turnTable(page).locator('tbody tr')).toHaveCount(1);
  });

  test('finish reason length with a complete tool call is flagged, not run, and the ending says so', async ({
    page,
  }) => {
    await openScenario(page, 'seoul-time-math');
    await page.getByLabel('Runtime').selectOption({ label: 'You are the model' });
    await button(page, 'Step').click();
    await answerAsModel(page, {
      calls: [{ name: 'calculate', args: '{"operation": "add", "a": 1, "b": 2}' }],
      finish: 'length',
    });
    await expect(assistantTurn(page, 1).getByLabel('Anomalies')).toContainText(
      'The response was cut by the token limit; its 1 complete call was not run.',
    );
    await expect(page.getByTestId('run-end')).toContainText('cut by the token limit');
    await expect(page.getByTestId('run-end')).not.toContainText('final answer');
    await expect(page.locator('[data-testid^="tool-result-"]')).toHaveCount(0);
  });

  test('the Advisors tab shows a finished manual run’s diagram and counts', async ({ page }) => {
    await openScenario(page, 'seoul-time-math');
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    await page.getByRole('tab', { name: 'Advisors' }).click();
    await expect(page.getByTestId('advisors-model-calls')).toHaveText('3 model calls');
    await expect(page.getByText('The sequence diagram appears once the run has started.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Show Mermaid' })).toBeVisible();
  });
});

test.describe('nothing appended is lost', () => {
  test('a reload 50 ms after the final answer shows the final answer', async ({ page }) => {
    await openScenario(page, 'seoul-time-math');
    await button(page, 'Run to end').click();
    await expect(assistantTurn(page, 3).getByTestId('assistant-text')).toContainText('877');
    await page.waitForTimeout(50);
    await page.reload();
    await ready(page);
    await expect(assistantTurn(page, 3).getByTestId('assistant-text')).toContainText('877');
    await expect(page.getByTestId('run-end')).toContainText('final answer');
  });

  test('a reload keeps the runtime choice and the exposed tools along with the run', async ({ page }) => {
    await openScenario(page, 'seoul-time-math');
    await page.getByLabel('Expose discount').check();
    await page.getByLabel('Runtime').selectOption({ label: 'You are the model' });
    await page.getByLabel('Max rounds').fill('4');
    await button(page, 'Send').click();
    await page.reload();
    await ready(page);
    await expect(page.getByLabel('Runtime')).toHaveValue('human');
    await expect(page.getByLabel('Expose discount')).toBeChecked();
    await expect(page.getByLabel('Expose calculate', { exact: true })).toBeChecked();
    await expect(page.getByLabel('Max rounds')).toHaveValue('4');
    await expect(page.locator('.message-user')).toHaveCount(1);
  });

  test('a reload during a model call says so, and Step calls the model again', async ({ page }) => {
    await page.goto('/?scenario=seoul-time-math&speed=3');
    await ready(page);
    await button(page, 'Step').click();
    await expect(page.getByTestId('streaming-text')).toBeVisible();
    await page.reload();
    await ready(page);
    await expect(page.getByTestId('run-interrupted')).toContainText(
      'The last model call (turn 1) was interrupted by a reload: Step calls the model again.',
    );
    await expect(page.getByTestId('phase-caption')).toContainText('Phase: prompt');
    await button(page, 'Step').click();
    await expect(page.getByTestId('streaming-text')).toBeVisible();
    await button(page, 'Stop').click();
    await expect(page.getByTestId('run-end')).toContainText('aborted');
  });

  test('a page closed in the middle of a tool batch reopens with every event before it', async ({ page, context }) => {
    test.setTimeout(120_000);
    await openScenario(page, 'seoul-time-math');
    await saveUserTool(
      page,
      'slow_add',
      'await new Promise((resolve) => setTimeout(resolve, 20000));\nreturn args.a + args.b;',
      '30000',
    );
    await page.getByLabel('Expose slow_add').check();
    await page.getByLabel('Runtime').selectOption({ label: 'You are the model' });
    await button(page, 'Step').click();
    await answerAsModel(page, {
      calls: [
        { name: 'calculate', args: '{"operation": "multiply", "a": 128, "b": 7}' },
        { name: 'slow_add', args: '{"a": 2, "b": 3}' },
      ],
      finish: 'tool_calls',
    });
    await button(page, 'Step').click();
    // calculate finished; slow_add is running.
    await expect(turnTable(page)).toContainText('ran calculate');
    await page.close();

    const reopened = await context.newPage();
    await reopened.goto('/?speed=instant');
    await ready(reopened);
    await expect(turnTable(reopened)).toContainText('ran calculate');
    await expect(reopened.getByTestId('run-interrupted')).toContainText(
      'A reload interrupted the tool calls of turn 1: 1 call had finished and was kept; 1 did not finish.',
    );
    // The composer named the calls call_1_1 and call_1_2.
    const slow = callCard(reopened, 'call_1_2');
    await expect(slow.getByTestId('interrupted-call_1_2')).toContainText(
      'interrupted — run again / skip with an error result / write the result',
    );
    await expect(button(slow, 'Run again')).toBeVisible();
    await button(slow, 'Skip with an error result').click();
    await button(reopened, 'Step').click();
    await expect(reopened.getByTestId('tool-result-call_1_1')).toContainText('896');
    await expect(reopened.getByTestId('tool-result-call_1_2')).toContainText('interrupted by a reload');
    // calculate ran once, before the page closed: its result was kept, not run again.
    const row = turnTable(reopened).locator('tbody tr').first();
    await expect(row).toContainText('appended 2 tool results');
    expect((await row.innerText()).match(/ran calculate/g)).toHaveLength(1);
  });
});
