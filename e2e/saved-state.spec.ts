/**
 * What the page shows survives a reload (issue 28): a lesson link is the saved workspace the moment it is opened,
 * and the loop control shown is the loop that runs. Each test opens a fresh browser context, as a new user would.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

const ready = (page: Page) => expect(page.locator('.app[data-ready="true"]')).toBeVisible();

test.describe('a lesson link survives a reload', () => {
  for (const id of ['tool-error', 'runaway-loop', 'return-direct']) {
    test(`/?scenario=${id}, nothing changed, reloaded: still ${id}`, async ({ page }) => {
      await page.goto(`/?scenario=${id}`);
      await ready(page);
      const picker = page.getByLabel('Scenario', { exact: true });
      await expect(picker).toHaveValue(id);
      // The parameter is consumed once the workspace is stored: from then on the reload reads storage.
      await expect(page).not.toHaveURL(/scenario=/);
      await page.reload();
      await ready(page);
      await expect(picker).toHaveValue(id);
    });
  }
});

test.describe('the loop control shown is the loop that runs', () => {
  /** Run to end on the Advisors tab: the chain ran (counts above zero) and the diagram is the advisor loop's. */
  async function runsTheChain(page: Page): Promise<void> {
    await page.getByRole('tab', { name: 'Advisors' }).click();
    await expect(page.getByLabel(/^Advisor-controlled/)).toBeChecked();
    await page.getByRole('button', { name: 'Run to end', exact: true }).click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    await expect(page.getByTestId('advisors-model-calls')).toHaveText('3 model calls');
    await expect(page.getByTestId('advisor-count-tool-calling')).toHaveText('3×');
    await expect(page.getByTestId('lane-outside').getByTestId('advisor-count-memory')).toHaveText('1×');
    const diagram = page.getByRole('img', { name: /Sequence diagram/ });
    await expect(diagram).toBeVisible();
    await expect(diagram).not.toHaveAccessibleName(/Manual loop/);
    await expect(diagram).toHaveAccessibleName(/Tool calling/);
  }

  test('Advisor-controlled, reloaded: Run to end runs the chain', async ({ page }) => {
    await page.goto('/?scenario=seoul-time-math&speed=instant');
    await ready(page);
    await page.getByRole('tab', { name: 'Advisors' }).click();
    await page.getByLabel(/^Advisor-controlled/).check();
    await page.reload();
    await ready(page);
    await runsTheChain(page);
  });

  test('Advisor-controlled, then another scenario by link: Run to end runs the chain', async ({ page }) => {
    await page.goto('/?scenario=tool-error&speed=instant');
    await ready(page);
    await page.getByRole('tab', { name: 'Advisors' }).click();
    await page.getByLabel(/^Advisor-controlled/).check();
    await page.goto('/?scenario=seoul-time-math&speed=instant');
    await ready(page);
    await runsTheChain(page);
  });
});
