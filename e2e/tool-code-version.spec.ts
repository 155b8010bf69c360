/**
 * Tool code saved mid-run (issue 28, item 4): a user tool's code edited and saved at a pause runs from the next
 * execution, the card says so before it runs ("code changed since the last call: v2"), every result names the
 * version it ran, and a run file carries the versions to another browser.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { button, callCard, exportToFreshBrowser, setToolCode } from './helpers';

async function saveCode(page: Page, code: string): Promise<void> {
  await button(page, '+ New tool').click();
  const dialog = page.getByRole('dialog', { name: 'Tool editor' });
  await dialog.getByLabel('Name', { exact: true }).fill('combine');
  await setToolCode(dialog, code);
  await button(dialog, 'Save tool').click();
  await expect(page.getByText('Saved combine.')).toBeVisible();
  await button(dialog, 'Close editor').click();
}

async function editCode(page: Page, code: string): Promise<void> {
  await page.getByRole('button', { name: 'Edit combine' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tool editor' });
  await setToolCode(dialog, code);
  await button(dialog, 'Save tool').click();
  await expect(page.getByText('Saved combine.')).toBeVisible();
  await button(dialog, 'Close editor').click();
}

/** Writes the run's `count`-th call of `combine` as the model and returns its id, once the loop pauses on it. */
async function composeCall(page: Page, args: string, count: number): Promise<string> {
  const composer = page.getByRole('region', { name: 'You are the model' });
  await button(composer, 'Add tool call').click();
  await composer.getByLabel('Call 1 tool name').fill('combine');
  await composer.getByLabel('Call 1 arguments').fill(args);
  await composer.getByLabel('Finish reason').selectOption('tool_calls');
  await button(composer, 'Send as the model').click();
  const cards = page.getByRole('group', { name: /^Tool call \S+ combine$/ });
  await expect(cards).toHaveCount(count);
  const waiting = cards.last();
  await expect(waiting.getByRole('button', { name: 'Approve' })).toBeVisible();
  return ((await waiting.getAttribute('data-testid')) ?? '').replace(/^call-/, '');
}

test('a code edit saved at a pause runs from the next call; results name their version; a run file keeps them', async ({
  page,
  browser,
}) => {
  await page.goto('/?speed=instant');
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await saveCode(page, 'const { a, b } = args;\nreturn a + b;');

  await page.getByLabel('Scenario').selectOption('');
  await page.getByLabel('Runtime').selectOption({ label: 'You are the model' });
  const tools = page.getByRole('complementary', { name: 'Model and tools' });
  for (const box of await tools.getByRole('checkbox', { name: /^Expose / }).all()) await box.uncheck();
  await page.getByLabel('Expose combine').check();
  await page.getByLabel('Pause before executing tools').check();
  await page.getByLabel('User message').fill('Combine 2 and 3, then 4 and 5.');
  await button(page, 'Send').click();
  await button(page, 'Run to end').click();

  const first = await composeCall(page, '{"a":2,"b":3}', 1);
  // Nothing of this tool ran in the run yet: no change to note.
  await expect(page.getByTestId(`code-change-${first}`)).toHaveCount(0);
  await button(callCard(page, first), 'Approve').click();
  await expect(page.getByTestId(`tool-result-${first}`)).toContainText('5');
  await expect(page.getByTestId(`code-version-${first}`)).toHaveText('code v1');

  const second = await composeCall(page, '{"a":4,"b":5}', 2);
  await expect(page.getByTestId(`code-change-${second}`)).toHaveCount(0);
  // Saved mid-run, at the pause: the card says what will run before it runs.
  await editCode(page, 'const { a, b } = args;\nreturn a * b;');
  await expect(page.getByTestId(`code-change-${second}`)).toHaveText('code changed since the last call: v2 runs next');
  await button(callCard(page, second), 'Approve').click();
  const result = page.getByTestId(`tool-result-${second}`);
  await expect(result).toContainText('20');
  await expect(page.getByTestId(`code-version-${second}`)).toHaveText('code v2');
  await expect(page.getByTestId(`code-version-${first}`)).toHaveText('code v1');
  await expect(page.getByTestId(`code-change-${second}`)).toHaveCount(0);

  const composer = page.getByRole('region', { name: 'You are the model' });
  await composer.getByLabel('Assistant text').fill('5, then 20.');
  await button(composer, 'Send as the model').click();
  await expect(page.getByTestId('run-end')).toContainText('final answer');

  // Exported without the code (no consent asked for here), the run still says which version each call ran.
  const { other, text } = await exportToFreshBrowser(page, browser);
  expect(text).not.toContain('return a * b');
  await expect(other.getByTestId(`code-version-${first}`)).toHaveText('code v1');
  await expect(other.getByTestId(`code-version-${second}`)).toHaveText('code v2');
});
