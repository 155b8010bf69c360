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
