import { expect, test } from '@playwright/test';
import { assistantTurn, button, openScenario } from './helpers';

// The service worker is the subject here (the other specs block it to save each test a precache).
test.use({ serviceWorkers: 'allow' });

test('after one visit the app loads and runs the Seoul scenario with the network off', async ({ page, context }) => {
  await openScenario(page, 'seoul-time-math');
  // The service worker has precached the app shell, scripts, styles and wasm files.
  await expect(page.getByTestId('shell-status')).toHaveAttribute('data-shell', 'ready', { timeout: 30_000 });
  await expect(page.getByTestId('model-cache-status')).toContainText('Model cache');

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.getByTestId('network-status')).toHaveText('Offline');
  await expect(page.getByTestId('shell-status')).toHaveAttribute('data-shell', 'ready');
  await button(page, 'Run to end').click();
  await expect(page.getByTestId('run-end')).toContainText('final answer');
  await expect(assistantTurn(page, 3).getByTestId('assistant-text')).toContainText('877');
  await context.setOffline(false);
});
