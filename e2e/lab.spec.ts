/**
 * The teaching lab (#15) used the way a class would: predict the Seoul turns and get a score, inject a timeout and
 * watch the model recover, flag a schema-violating call at the pause and send its error, stop runaway-loop with
 * the repeated-call guard, read "uses 896 from call_2", and send a result with a wrong id to see the API errors.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { axeBuilder } from './axe';
import { assistantTurn, button, callCard, openAtPause, openScenario, storedRuns } from './helpers';

async function openLab(page: Page) {
  const summary = page.locator('.lab-panel > summary');
  if ((await page.locator('.lab-panel').getAttribute('open')) === null) await summary.click();
}

async function predictCalls(page: Page, calls: { tool: string; args: string }[]) {
  const form = page.locator('form.lab-predict');
  for (const [i, call] of calls.entries()) {
    if (i > 0) await button(form, 'Add a call').click();
    await form.getByLabel(`Tool of predicted call ${i + 1}`).selectOption(call.tool);
    await form.getByLabel(`Arguments of predicted call ${i + 1} (JSON)`).fill(call.args);
  }
  await button(form, 'Lock in prediction').click();
}

test.describe('the teaching lab', () => {
  test('opened while its controls load, the lab arrives open with them', async ({ page }) => {
    // The lab's chunk is held back until its closed line has been opened.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/lab-panel-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await openScenario(page, 'seoul-time-math');
    const lab = page.locator('.lab-panel');
    await expect(lab).toHaveAttribute('aria-busy', 'true');
    await lab.locator('> summary').click();
    release();
    await expect(lab.getByLabel('Predict mode')).toBeVisible();
    await expect(lab).toHaveAttribute('open', '');
  });

  test('predict mode: the class predicts the three Seoul turns and gets a score, saved with the run', async ({
    page,
  }) => {
    await openScenario(page, 'seoul-time-math');
    await openLab(page);
    await page.getByLabel('Predict mode').check();
    await button(page, 'Send').click();
    // Step waits for the prediction.
    await button(page, 'Step').click();
    await expect(page.getByTestId('loop-notice')).toContainText('Predict turn 1 first');
    await expect(page.getByRole('form', { name: 'Predict turn 1' })).toBeVisible();
    await button(page, 'Run to end').click();
    await predictCalls(page, [
      { tool: 'current_time', args: '{"timezone": "Asia/Seoul"}' },
      { tool: 'calculate', args: '{"operation": "multiply", "a": 128, "b": 7}' },
    ]);
    await expect(page.getByTestId('prediction-score-1')).toHaveText('3 / 3 points');
    // Turn 2: many guess the answer comes now — "why three turns, not two".
    await expect(page.getByRole('form', { name: 'Predict turn 2' })).toBeVisible();
    await page.getByRole('form', { name: 'Predict turn 2' }).getByLabel('answer (no tool call)').check();
    await button(page, 'Lock in prediction').click();
    await expect(page.getByTestId('prediction-score-2')).toHaveText('0 / 3 points');
    await expect(page.getByTestId('prediction-2')).toContainText('wrong kind');
    await page.getByRole('form', { name: 'Predict turn 3' }).getByLabel('answer (no tool call)').check();
    await button(page, 'Lock in prediction').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    await expect(page.getByTestId('prediction-total')).toHaveText('Score: 6 / 9 over 3 turns (2 perfect)');
    await expect
      .poll(async () => (await storedRuns(page))[0]?.events.filter((e) => e.type === 'prediction-made').length)
      .toBe(3);
  });

  test('fault injection: a timeout at the pause, marked in the transcript and the turn table, and the recovery', async ({
    page,
  }) => {
    await openAtPause(page, 'seoul-time-math');
    const math = callCard(page, 'call_2');
    await math.getByText('Break this call (lab)').click();
    await math.getByLabel('Inject a fault into call_2').selectOption('timeout');
    await button(math, 'Inject').click();
    await expect(math.getByTestId('injected-call_2')).toContainText('injected: timeout');
    await button(page, 'Approve all').click();
    await button(page, 'Step').click();
    const result = page.getByTestId('tool-result-call_2');
    await expect(result).toContainText('did not answer within 2000 ms', { timeout: 10_000 });
    await expect(result.getByTestId('injected-mark')).toContainText('injected: timeout');
    await button(page, 'Step').click();
    await expect(assistantTurn(page, 2).getByTestId('assistant-text')).toContainText('could not compute');
    await expect(page.getByRole('table', { name: 'Turn table' })).toContainText('injected: timeout');
  });

  test('schema check at the pause: the mistyped field is flagged with its schema path, and its error is sent', async ({
    page,
  }) => {
    await openAtPause(page, 'tool-error');
    const math = callCard(page, 'call_2');
    const check = math.getByTestId('schema-call_2');
    await expect(check).toContainText('/a: expected number, got "twelve"');
    await expect(check).toContainText('#/properties/a/type');
    await expect(callCard(page, 'call_1').getByTestId('schema-call_1')).toContainText('match the schema');
    // Repair opens an editor prefilled with what can be fixed; the class cancels and sends the error instead.
    await button(check, 'Repair…').click();
    await expect(math.getByLabel('Repaired arguments for call_2')).toHaveValue(/"a"/);
    await button(check, 'Cancel').click();
    await button(check, 'Send the validation error as the result').click();
    await button(callCard(page, 'call_1'), 'Approve').click();
    await button(page, 'Step').click();
    const result = page.getByTestId('tool-result-call_2');
    await expect(result).toContainText('Invalid arguments for calculate');
    await expect(result).toContainText('[#/properties/a/type]');
    await expect(result).toContainText('is_error');
  });

  test('a schema-violating call sent to the harness anyway: the card, the result and the turn say it was refused', async ({
    page,
  }) => {
    await openAtPause(page, 'tool-error');
    const math = callCard(page, 'call_2');
    await button(
      math.getByTestId('schema-call_2'),
      'Send to the harness anyway (it will refuse these arguments)',
    ).click();
    // The decision says what will happen, not "runs as the model wrote it".
    await expect(math).toContainText('sent to the harness as written');
    await expect(math.getByTestId('refusal-call_2')).toContainText('invalid-arguments error (/a against the schema)');
    await expect(math).not.toContainText('runs as the model wrote it');
    await button(callCard(page, 'call_1'), 'Approve').click();
    await button(page, 'Step').click();
    const result = page.getByTestId('tool-result-call_2');
    await expect(result).toContainText('Invalid arguments for calculate');
    await expect(result).toContainText('is_error');
  });

  test('runaway-loop: the repeated-call guard warns at 3 and stops the loop at 5', async ({ page }) => {
    await openScenario(page, 'runaway-loop');
    await openLab(page);
    await expect(page.getByLabel('Repeated call: stop at')).toHaveValue('5');
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('loop guard');
    await expect(page.getByTestId('guard-repeat-warn')).toContainText('the model is asked to answer now');
    await expect(page.getByTestId('guard-repeat-stop')).toContainText('the loop stopped');
    await expect(page.getByTestId('meter-repeat')).toContainText('hard cap: stopped');
    await expect(page.getByTestId('meter-repeat')).toContainText('5 (soft 3, hard 5)');
    // The fifth call never ran.
    await expect(page.locator('[data-testid^="tool-result-"]')).toHaveCount(4);
  });

  test('why these turns: "uses 896 from call_2" and the parallel calls of turn 1', async ({ page }) => {
    await openScenario(page, 'seoul-time-math');
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    await expect(page.getByTestId('why-call_3')).toHaveText('uses 896 from call_2');
    await expect(page.getByTestId('why-call_1')).toContainText('parallel 1 of 2');
    await expect(page.getByTestId('turn-why-1')).toContainText('2 calls in parallel');
    await expect(page.getByTestId('turn-why-2')).toContainText('uses 896 from call_2');
  });

  test('why these turns after a timeout: the answer uses the date and time whole, and nothing from "2000 ms"', async ({
    page,
  }) => {
    // Issue 28, item 9: the final turn said "uses 2026 / 12 / 3 / 21 from call_1" and "uses 2000 from call_2".
    await openAtPause(page, 'seoul-time-math');
    const math = callCard(page, 'call_2');
    await math.getByText('Break this call (lab)').click();
    await math.getByLabel('Inject a fault into call_2').selectOption('timeout');
    await button(math, 'Inject').click();
    await button(page, 'Approve all').click();
    await button(page, 'Step').click();
    await expect(page.getByTestId('tool-result-call_2')).toContainText('did not answer within 2000 ms', {
      timeout: 10_000,
    });
    await button(page, 'Step').click();
    await expect(assistantTurn(page, 2).getByTestId('assistant-text')).toContainText('within 2000 ms');
    const why = page.getByTestId('turn-why-2');
    await expect(why).toContainText(/uses \d{4}-\d{2}-\d{2} from call_1; uses \d{2}:\d{2} from call_1/);
    await expect(why).not.toContainText('from call_2');
    await expect(why).not.toContainText(/uses \d{1,4} from call_1/);
  });

  test('the id-pairing lesson: a wrong tool_call_id and what the APIs and templates do with it', async ({ page }) => {
    await openScenario(page, 'seoul-time-math');
    await openLab(page);
    await page.getByLabel('Pause before executing tools').check();
    await button(page, 'Send').click();
    await button(page, 'Step').click();
    await callCard(page, 'call_2').getByText('Break this call (lab)').click();
    await callCard(page, 'call_2')
      .getByLabel('Send the result of call_2 with')
      .selectOption({ label: 'a wrong id (call_0)' });
    await button(page, 'Approve all').click();
    await button(page, 'Step').click();
    await expect(page.getByTestId('tool-result-call_2').getByTestId('sent-id-mark')).toHaveText('sent as call_0');
    const report = page.getByTestId('id-pairing-report');
    await expect(report.getByTestId('api-openai-responses')).toContainText(
      'No tool call found for function call output with call_id call_0.',
    );
    await expect(report.getByTestId('api-anthropic')).toContainText('`tool_use` ids were found without `tool_result`');
    await expect(report.getByTestId('api-openai-chat')).toContainText('400');
    await expect(report.locator('[data-testid^="template-qwen"]').first()).toContainText('pairs by order');
    // The request the runtime receives carries the wrong id too.
    await page.getByRole('tab', { name: 'Request' }).click();
    await expect(page.getByTestId('next-request-json')).toContainText('"tool_call_id": "call_0"');
  });

  test('the open lab, the predict form and a paused call with its lab controls have no axe violations', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await openScenario(page, 'tool-error');
    await openLab(page);
    await page.getByLabel('Predict mode').check();
    await page.getByLabel('Pause before executing tools').check();
    await button(page, 'Send').click();
    await predictCalls(page, [{ tool: 'reserve_inventory', args: '{"sku": "SKU-999", "quantity": 1}' }]);
    await button(page, 'Step').click();
    await expect(page.getByTestId('schema-call_2')).toBeVisible();
    await callCard(page, 'call_2').getByText('Break this call (lab)').click();
    await expect(callCard(page, 'call_2').getByLabel('Inject a fault into call_2')).toBeVisible();
    const results = await axeBuilder(page).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  });
});
