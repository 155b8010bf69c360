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

test('"Make everything available offline" fetches every runtime file; a runtime never used then loads offline', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openScenario(page, 'seoul-time-math');
  await expect(page.getByTestId('shell-status')).toHaveAttribute('data-shell', 'ready', { timeout: 30_000 });
  const footer = page.getByRole('contentinfo', { name: 'Status' });
  await expect(footer.getByTestId('runtimes-offline')).toHaveText(
    'Ready offline: scripted replay, You are the model · not yet: WebLLM, CPU (wllama) (use once online to cache)',
  );

  // 1. A file that fails: the message names it, what came before stays, and Retry fetches the rest.
  await context.route('**/assets/lib-*.js', (route) => route.abort('internetdisconnected'));
  await button(footer, 'Make everything available offline').click();
  await expect(footer.getByRole('alert')).toContainText(/Could not fetch assets\/lib-[^ ]+\.js: .+ retry when online/);
  await context.unroute('**/assets/lib-*.js');
  await button(footer, 'Retry').click();
  await expect(footer.getByTestId('offline-prefetch-progress')).toContainText('(100%)', { timeout: 60_000 });
  await expect(footer.getByTestId('offline-prefetch-outcome')).toContainText('Done: every runtime’s files are cached');
  await expect(footer.getByRole('progressbar', { name: 'Offline download progress' })).toHaveAttribute('value', '1');
  await expect(footer.getByTestId('runtimes-offline')).toHaveText(
    'Ready offline: scripted replay, You are the model, WebLLM, CPU (wllama)',
  );

  // 2. Offline, a fresh page load, and the CPU runtime (never used in this browser) loads llama.cpp's wasm.
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.getByTestId('network-status')).toHaveText('Offline');
  await page.getByLabel('Runtime').selectOption({ label: 'CPU (wllama, GGUF)' });
  const panel = page.getByRole('region', { name: 'CPU runtime (wllama)' });
  await expect(page.getByRole('region', { name: 'Ready offline' })).toContainText('ready: llama.cpp’s wasm is cached');
  await button(panel, 'Generate tiny random test model').click();
  await expect(panel.getByRole('region', { name: 'Loaded model' }).getByRole('status')).toContainText('Ready', {
    timeout: 60_000,
  });
  await context.setOffline(false);
});
