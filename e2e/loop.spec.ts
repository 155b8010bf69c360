import { expect, test } from '@playwright/test';
import { assistantTurn, button, callCard, expectStop, openAtPause, openScenario } from './helpers';

test.describe('the manual loop on seoul-time-math', () => {
  test('run to end shows three turns, their stop reasons and the answer 877', async ({ page }) => {
    await openScenario(page, 'seoul-time-math');
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    await expectStop(assistantTurn(page, 1), 'stop', 'tool_calls');
    await expectStop(assistantTurn(page, 2), 'stop', 'tool_calls');
    await expectStop(assistantTurn(page, 3), 'stop', 'stop');
    await expect(assistantTurn(page, 3).getByTestId('assistant-text')).toContainText('877');
    // Turn 1 asked for two tools in one response; both results come back paired by id.
    await expect(assistantTurn(page, 1).locator('.call-card')).toHaveCount(2);
    await expect(page.getByTestId('tool-result-call_2')).toContainText('896');
    await expect(page.getByRole('table', { name: 'Turn table' }).locator('tbody tr')).toHaveCount(3);
    // What the model saw: the prompt of turn 2 extends turn 1's prompt plus the exact output (KV-cache reuse).
    await page.getByRole('tab', { name: 'Prompt' }).click();
    await page.getByLabel('Model call').selectOption('2');
    await expect(page.getByRole('tab', { name: 'Prompt' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('prompt-text')).toContainText('<tool_response>');
    await expect(page.getByTestId('prefix-check')).toContainText('extends');
  });

  test('stepped with pause on: approve one call, edit another and see the new number flow through', async ({
    page,
  }) => {
    await openScenario(page, 'seoul-time-math');
    await page.getByLabel('Pause before executing tools').check();
    await button(page, 'Send').click();
    await expect(page.getByTestId('phase-caption')).toContainText('Phase: prompt');
    await button(page, 'Step').click();
    await expect(page.getByTestId('phase-caption')).toContainText('Phase: approve');
    const timeCall = callCard(page, 'call_1');
    const mathCall = callCard(page, 'call_2');
    await expect(timeCall).toContainText('current_time');
    await expect(mathCall).toContainText('calculate');
    await button(timeCall, 'Approve').click();
    await button(mathCall, 'Edit arguments').click();
    const editor = mathCall.getByLabel('Arguments for call_2');
    // A value the schema refuses is rejected beside the field, and nothing runs.
    await editor.fill('{"operation": "multiply", "a": "lots", "b": 8}');
    await button(mathCall, 'Save and approve').click();
    await expect(mathCall.getByRole('alert')).toContainText('schema');
    await editor.fill('{"operation": "multiply", "a": 128, "b": 8}');
    await button(mathCall, 'Save and approve').click();
    await expect(page.getByTestId('phase-caption')).toContainText('Phase: execute');
    await button(page, 'Step').click();
    await expect(page.getByTestId('tool-result-call_2')).toContainText('1024');
    await button(page, 'Step').click();
    await expect(page.getByTestId('phase-caption')).toContainText('Phase: approve');
    await expect(callCard(page, 'call_3')).toContainText('1024');
    await button(callCard(page, 'call_3'), 'Approve').click();
    await button(page, 'Step').click();
    await expect(page.getByTestId('tool-result-call_3')).toContainText('1005');
    await button(page, 'Step').click();
    await expect(assistantTurn(page, 3).getByTestId('assistant-text')).toContainText('1005');
    await expect(page.getByTestId('run-end')).toContainText('final answer');
  });

  test('deny: the model receives a denial result', async ({ page }) => {
    await openAtPause(page, 'seoul-time-math');
    await button(callCard(page, 'call_1'), 'Approve').click();
    await button(callCard(page, 'call_2'), 'Deny').click();
    await callCard(page, 'call_2').getByLabel('Reason for denying call_2').fill('no maths today');
    await button(callCard(page, 'call_2'), 'Send denial').click();
    await button(page, 'Step').click();
    const denial = page.getByTestId('tool-result-call_2');
    await expect(denial).toContainText('denied');
    await expect(denial).toContainText('no maths today');
    await expect(denial.getByText('is_error')).toBeVisible();
    await page.getByLabel('Pause before executing tools').uncheck();
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toBeVisible();
  });

  test('write result: a hand-written result flows into the next turn', async ({ page }) => {
    await openAtPause(page, 'seoul-time-math');
    await button(callCard(page, 'call_1'), 'Approve').click();
    await button(callCard(page, 'call_2'), 'Write result').click();
    await callCard(page, 'call_2').getByLabel('Result for call_2').fill('900');
    await button(callCard(page, 'call_2'), 'Send result').click();
    await button(page, 'Step').click();
    await expect(page.getByTestId('tool-result-call_2')).toContainText('900');
    await button(page, 'Step').click();
    await expect(callCard(page, 'call_3')).toContainText('900');
    await page.getByLabel('Pause before executing tools').uncheck();
    await button(callCard(page, 'call_3'), 'Approve').click();
    await button(page, 'Run to end').click();
    await expect(assistantTurn(page, 3).getByTestId('assistant-text')).toContainText('881');
  });

  test('a reload keeps the run', async ({ page }) => {
    await openScenario(page, 'seoul-time-math');
    await button(page, 'Run to end').click();
    await expect(assistantTurn(page, 3).getByTestId('assistant-text')).toContainText('877');
    // Saving is debounced; the Runs tab lists the run once it is stored.
    await page.getByRole('tab', { name: 'Runs' }).click();
    await expect(page.locator('.run-list li')).toHaveCount(1);
    await page.reload();
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    await expect(assistantTurn(page, 3).getByTestId('assistant-text')).toContainText('877');
    await expect(page.getByRole('table', { name: 'Turn table' }).locator('tbody tr')).toHaveCount(3);
  });

  test('Stop during generation aborts with finish reason abort, and the app stays usable', async ({ page }) => {
    await page.goto('/?scenario=seoul-time-math&speed=5');
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    await button(page, 'Send').click();
    await button(page, 'Step').click();
    await expect(page.getByTestId('streaming-text')).toBeVisible();
    await button(page, 'Stop').click();
    await expectStop(assistantTurn(page, 1), 'abort', 'abort');
    await expect(page.getByTestId('run-end')).toContainText('aborted');
    await button(page, 'New run').click();
    await expect(button(page, 'Send')).toBeEnabled();
  });
});
