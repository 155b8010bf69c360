/**
 * The CPU runtime's offline cache: a GGUF loaded from a URL is kept in Cache Storage (`tlp-gguf`), listed in the
 * Model panel and the footer with its size, loads again with the network off (the URL itself failing), and can be
 * deleted; once deleted, an offline load gets the clear download message. The model is the tiny random test
 * model, built in Node and served by the test itself.
 */
import { expect, test } from '@playwright/test';
import { buildTinyModel } from '../src/runtimes/wllama/gguf/tiny-model';
import { button, openScenario } from './helpers';

// The service worker is the subject here (the other specs block it to save each test a precache).
test.use({ serviceWorkers: 'allow' });

test.describe.configure({ timeout: 120_000 });

function kib(bytes: number): string {
  return `${Math.round(bytes / 1024)} KiB`;
}

test('a GGUF loaded from a URL is cached, listed, loads again offline, and can be deleted', async ({
  page,
  context,
}) => {
  const tiny = Buffer.from(buildTinyModel({ seed: 1 }));
  let served = 0;
  // context.route also sees requests that pass through the app's service worker.
  await context.route('**/models/tiny.gguf', (route) => {
    served++;
    return route.fulfill({ status: 200, contentType: 'application/octet-stream', body: tiny });
  });

  await openScenario(page, 'seoul-time-math');
  // Offline, llama.cpp's wasm comes from the service worker's precache: wait until the app is cached.
  await expect(page.getByTestId('shell-status')).toHaveAttribute('data-shell', 'ready', { timeout: 30_000 });
  await page.getByLabel('Runtime').selectOption({ label: 'CPU (wllama, GGUF)' });
  const panel = page.getByRole('region', { name: 'CPU runtime (wllama)' });
  const cacheRegion = panel.getByRole('region', { name: 'Offline GGUF cache' });
  const loaded = panel.getByRole('region', { name: 'Loaded model' });
  const footerEntry = page.getByTestId('gguf-cache-entry');
  const url = new URL('/models/tiny.gguf', page.url()).href;

  await expect(cacheRegion).toContainText('No GGUF files cached');
  await panel.getByLabel('Model URL').fill(url);
  await expect(panel.getByTestId('wllama-url-cache')).toContainText('Not cached');

  // 1. First load: downloaded, then stored.
  await button(panel, 'Load from URL').click();
  await expect(loaded.getByRole('status')).toHaveText(`Ready: ${url}`, { timeout: 30_000 });
  await expect(loaded.getByTestId('wllama-cache-outcome')).toHaveText(
    `Downloaded and saved for offline use (${kib(tiny.byteLength)})`,
  );
  expect(served).toBe(1);

  // Listed in the panel (URL, size, delete) and in the footer (name, size; the URL as its title).
  const item = cacheRegion.getByRole('listitem', { name: url });
  await expect(item).toContainText('tiny.gguf');
  await expect(item.getByTestId('wllama-cache-size')).toHaveText(kib(tiny.byteLength));
  await expect(panel.getByTestId('wllama-url-cache')).toHaveText(
    `Cached for offline use (${kib(tiny.byteLength)}): loads without the network.`,
  );
  await expect(footerEntry).toHaveCount(1);
  await expect(footerEntry).toContainText(`tiny.gguf (GGUF, ${Math.round(tiny.byteLength / 1e3)} kB)`);
  await expect(footerEntry).toHaveAttribute('title', url);
  const stored = await page.evaluate(async (key) => {
    const response = await (await caches.open('tlp-gguf')).match(key);
    return response ? (await response.arrayBuffer()).byteLength : null;
  }, url);
  expect(stored).toBe(tiny.byteLength);

  // 2. The URL now fails and the browser is offline: the same URL still loads, from the cache.
  await context.unroute('**/models/tiny.gguf');
  await context.route('**/models/tiny.gguf', (route) => {
    served++;
    return route.abort('internetdisconnected');
  });
  await context.setOffline(true);
  await expect(page.getByTestId('network-status')).toHaveText('Offline');
  await button(panel, 'Unload').click();
  await button(panel, 'Load from URL').click();
  await expect(loaded.getByRole('status')).toHaveText(`Ready: ${url}`, { timeout: 30_000 });
  await expect(loaded.getByTestId('wllama-cache-outcome')).toHaveText(
    `Loaded from the offline cache (${kib(tiny.byteLength)}), no download`,
  );
  expect(served).toBe(1);

  // The model it loaded really runs: one round of the loop on it.
  await page.getByLabel('Max rounds').fill('1');
  await button(page, 'Run to end').click();
  await expect(page.getByTestId('run-end')).toHaveClass(/run-end-(final-answer|max-rounds)/, { timeout: 60_000 });

  // 3. Delete from cache: gone from the panel, the footer and Cache Storage.
  await button(item, 'Delete from cache').click();
  await expect(cacheRegion).toContainText('No GGUF files cached');
  await expect(footerEntry).toHaveCount(0);
  await expect(panel.getByTestId('wllama-url-cache')).toContainText('Not cached');
  expect(await page.evaluate(async (key) => !!(await (await caches.open('tlp-gguf')).match(key)), url)).toBe(false);

  // 4. Not cached and offline: the download fails with the clear message, nothing is stored, the page is usable.
  await button(panel, 'Load from URL').click();
  await expect(panel.getByRole('alert')).toContainText('The download failed');
  await expect(cacheRegion).toContainText('No GGUF files cached');
  await context.setOffline(false);
});
