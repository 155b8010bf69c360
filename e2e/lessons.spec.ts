/** The tutorials' remaining lessons (#16), each checked on screen with the scripted replay. */
import { expect, test } from '@playwright/test';
import { assistantTurn, button, openScenario, storedRuns } from './helpers';

test.describe('lessons', () => {
  test('policy-workspace: denials come back as JSON; with Allow write on, the same write succeeds', async ({
    page,
  }) => {
    await openScenario(page, 'policy-workspace');
    await expect(page.getByLabel('Allow write')).not.toBeChecked();
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    const results = page.locator('.message-tool');
    const secret = results.filter({ hasText: 'secret file' });
    await expect(secret).toContainText('"error":true');
    await expect(secret).toContainText('"policyDenied":true');
    await expect(secret.getByTestId(/^lesson-notes-/)).toContainText('call denied');
    await expect(results.filter({ hasText: 'path escapes the workspace' })).toHaveCount(1);
    await expect(results.filter({ hasText: 'truncated' }).first()).toBeVisible();
    const writes = results.filter({ hasText: 'write_file' });
    await expect(writes.first()).toContainText('tool requires allowWrite=true: write');

    await page.getByLabel('Allow write').check();
    await page.getByRole('textbox', { name: 'User message' }).fill('OK, go ahead.');
    await button(page, 'Send').click();
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end').last()).toContainText('final answer');
    await expect(writes).toHaveCount(2);
    await expect(writes.nth(1)).toContainText('"error":false');
    await expect(writes.nth(1).getByTestId(/^lesson-notes-/)).toContainText('call finished');
  });

  test('augmented-arguments: innerThought shown beside the call, stripped before the tool runs', async ({ page }) => {
    await openScenario(page, 'augmented-arguments');
    await expect(page.getByLabel('Augment arguments')).toBeChecked();
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    await expect(assistantTurn(page, 1).locator('.call-card')).toContainText('"innerThought"');
    await expect(page.getByTestId('augmentation-call_1')).toContainText('confidence: high');
    await expect(page.getByTestId('tool-received-call_1')).toHaveText('{"price":35000,"percent":18}');
    await expect(assistantTurn(page, 2).getByTestId('assistant-text')).toContainText('28700');
  });

  test('large-tool-result: the logger outside (+250) logs once, think trace inside, the hook saves tokens', async ({
    page,
  }) => {
    await openScenario(page, 'large-tool-result');
    await page.getByRole('tab', { name: 'Advisors' }).click();
    await page.getByLabel(/^Advisor-controlled/).check();
    const order = page.getByLabel('Order of Logger');
    await order.fill('H+250');
    await order.press('Enter');
    await page.getByLabel('Think trace', { exact: true }).check();
    await page.getByLabel(/doGetNextInstructionsForToolCall/).check();
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    await expect(page.getByTestId('lane-outside').getByTestId('advisor-count-logger')).toHaveText('1×');
    await expect(page.getByTestId('lane-inside').getByTestId('advisor-count-think-trace')).toHaveText('2×');
    await expect(page.getByTestId('advisor-tool-calling')).toContainText('tokens saved');
  });

  for (const control of ['advisor', 'manual'] as const) {
    test(`large-tool-result: a token budget the run passes stops it before the calls run (${control} loop)`, async ({
      page,
    }) => {
      await openScenario(page, 'large-tool-result');
      if (control === 'advisor') {
        // The hook example: the loop advisor's doAfterCall checks the run's total against the budget.
        await page.getByRole('tab', { name: 'Advisors' }).click();
        await page.getByLabel(/^Advisor-controlled/).check();
      }
      const lab = page.locator('.lab-panel');
      if ((await lab.getAttribute('open')) === null) await lab.locator('> summary').click();
      // The first request alone (system, user, the order_history schema) is well over 100 tokens.
      await lab.getByLabel('Tokens: budget (stop)').fill('100');
      await button(page, 'Run to end').click();
      const end = page.getByTestId('run-end');
      await expect(end).toContainText('loop guard (hard cap)');
      await expect(end).toContainText(/The token budget stopped the loop: the run has used \d+ tokens \(budget 100\)/);
      await expect(page.getByTestId('run-ended-reason')).toBeVisible();
      await expect(lab.getByTestId('meter-tokens')).toContainText('hard cap: stopped');
      // One model call, its order_history call never ran, and no second call was made.
      await expect(assistantTurn(page, 1).locator('.call-card')).toHaveCount(1);
      await expect(page.locator('.message-tool')).toHaveCount(0);
      await expect(assistantTurn(page, 2)).toHaveCount(0);
      const runs = await storedRuns(page);
      const events = runs[0]!.events;
      expect(events.filter((e) => e.type === 'model-called')).toHaveLength(1);
      expect(events.filter((e) => e.type === 'call-started')).toHaveLength(0);
      const finished = events.find((e) => e.type === 'run-finished');
      expect(finished?.type === 'run-finished' && finished.reason).toBe('loop-guard');
    });
  }

  test('parallel-lookups: with parallel calls off, one call per turn', async ({ page }) => {
    await openScenario(page, 'parallel-lookups');
    await expect(page.getByLabel('Parallel tool calls')).not.toBeChecked();
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    await expect(assistantTurn(page, 1).locator('.call-card')).toHaveCount(1);
    await expect(assistantTurn(page, 2).locator('.call-card')).toHaveCount(1);
    await expect(assistantTurn(page, 3).getByTestId('assistant-text')).toContainText('amelia.clarke@example.com');

    await page.getByRole('tab', { name: 'Code' }).click();
    await expect(page.getByTestId('show-code-source')).toContainText('parallel_tool_calls: false');
    await page.getByTestId('code-target').selectOption('spring-ai-java');
    await expect(page.getByTestId('show-code-source')).toContainText('toolCallingManager.executeToolCalls');
  });

  test('memory-followup: the second question is answered from the memory outside the loop', async ({ page }) => {
    await openScenario(page, 'memory-followup');
    await page.getByRole('tab', { name: 'Advisors' }).click();
    await page.getByLabel(/^Advisor-controlled/).check();
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    await page.getByRole('textbox', { name: 'User message' }).fill('What was the product I just reserved?');
    await button(page, 'Send').click();
    await button(page, 'Run to end').click();
    await expect(assistantTurn(page, 3).getByTestId('assistant-text')).toContainText(
      'You just reserved the Mechanical keyboard (SKU-300)',
    );
  });
});
