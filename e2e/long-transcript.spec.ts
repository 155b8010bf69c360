/**
 * A classroom-scale run: a 120-round run (360 transcript entries) imported from a run file. The transcript keeps
 * only the entries near the screen in the page, the search finds entries scrolled away, the arrow keys move the
 * focus from entry to entry, and the turn table still lists every turn.
 */
import { expect, test } from '@playwright/test';
import { longRun, longRunFileText } from '../bench/long-run';
import { revealInTranscript } from './helpers';

test('a 120-round run: virtualized transcript, search, keyboard, and every turn in the table', async ({ page }) => {
  const { events } = await longRun(120);
  const text = longRunFileText(events);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?speed=instant');
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await page.getByRole('tab', { name: 'Runs' }).click();
  await page
    .getByLabel('Import run file')
    .setInputFiles({ name: 'long.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.getByTestId('runs-notice')).toContainText('Imported');

  const list = page.getByTestId('transcript-virtual');
  await expect(list).toBeVisible();
  const rendered = await list.locator('.transcript-item').count();
  expect(rendered).toBeGreaterThan(3);
  expect(rendered).toBeLessThan(40);
  // Far down the run, not in the page until searched for.
  await expect(page.getByTestId('assistant-97')).toHaveCount(0);
  await revealInTranscript(page, 'Round 97: echoing once more.');
  await expect(page.getByTestId('assistant-97')).toBeVisible();
  await expect(page.getByRole('search').getByText('1 of 1')).toBeVisible();

  // ↓ moves to the next entry (the tool result of round 97); End to the last one, Home back to the first.
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.transcript-item:focus').getByText('round 97', { exact: true })).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.locator('.transcript-item:focus [data-testid="run-end"]')).toBeVisible();
  await page.keyboard.press('Home');
  await expect(page.locator('.transcript-item:focus')).toContainText('You echo.');
  await expect(page.getByTestId('assistant-120')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Turns' }).click();
  await expect(page.getByRole('table', { name: 'Turn table' }).locator('tbody tr')).toHaveCount(120);
});
