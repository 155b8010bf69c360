// Offline in every tab (issue 29, item 10) and the Korean font on a machine without one (item 8): one visit, Prompt
// and Metrics never opened, the network off, a reload, Run to end — both tabs count tokens with the tokenizer the
// service worker precached with the shell, and the Korean page draws Hangul with the app's own font, from the cache.
import { expect, test } from '@playwright/test';
import { button, openScenario } from './helpers';

test.use({ serviceWorkers: 'allow' });

test('after one visit Prompt and Metrics count tokens offline, never opened online', async ({ page, context }) => {
  test.setTimeout(120_000);
  const tokenizer: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/main-[^/]+\.js$/.test(new URL(request.url()).pathname)) tokenizer.push(request.url());
  });
  await openScenario(page, 'seoul-time-math');
  await expect(page.getByTestId('shell-status')).toHaveAttribute('data-shell', 'ready', { timeout: 60_000 });
  // The page itself never asked for the tokenizer: the service worker's install fetched it with the shell.
  expect(tokenizer).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.getByTestId('network-status')).toHaveText('Offline');
  await button(page, 'Run to end').click();
  await expect(page.getByTestId('run-end')).toContainText('final answer');

  await page.getByRole('tab', { name: 'Prompt' }).click();
  await expect(page.getByTestId('prompt-part-tokens').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('prompt-tokens-source').first()).not.toContainText('could not be loaded');

  await page.getByRole('tab', { name: 'Metrics' }).click();
  await expect(page.getByTestId('bars-source')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await context.setOffline(false);
});

test('a Korean page draws Hangul with the bundled font, offline too, on a machine without Korean fonts', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await openScenario(page, 'seoul-time-math-ko', '&lang=ko');
  await expect(page.getByTestId('shell-status')).toHaveAttribute('data-shell', 'ready', { timeout: 60_000 });
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  const faces = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((face) => face.family.replace(/"/g, '') === 'Tool Loop Hangul')
      .map((face) => ({ status: face.status, range: face.unicodeRange }));
  });
  // One face, for Korean text only, loaded (from the service worker's cache: the network is off).
  expect(faces).toHaveLength(1);
  expect(faces[0]!.status).toBe('loaded');
  expect(faces[0]!.range).toContain('U+AC00-D7A3');
  expect(faces[0]!.range).not.toMatch(/U\+0-|U\+0000|U\+20-/);
  // The face has every syllable the page shows: each draws at the bundled font's width, not a fallback box.
  const text = await page.locator('.header').innerText();
  const drawn = await page.evaluate((sample) => {
    const hangul = [...new Set(sample.match(/[\uAC00-\uD7A3]/g) ?? [])];
    const canvas = document.createElement('canvas').getContext('2d')!;
    const width = (font: string, ch: string) => {
      canvas.font = font;
      return canvas.measureText(ch).width;
    };
    return {
      count: hangul.length,
      // A glyph the face lacks falls back to the next font: drawn as wide as without the face at all.
      bundled: hangul.filter((ch) => width('40px "Tool Loop Hangul", monospace', ch) !== width('40px monospace', ch))
        .length,
    };
  }, text);
  expect(drawn.count).toBeGreaterThan(5);
  expect(drawn.bundled).toBe(drawn.count);
  await context.setOffline(false);
});
