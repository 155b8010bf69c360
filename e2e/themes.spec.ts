// Themes (issue 29, item 14): light, dark (the system's, or the header's switch) and the projector's high contrast.
// Each passes axe's colour-contrast rule on the loop, the turn table, the charts and the sequence diagram; the
// switch is saved in the workspace and survives a reload; every colour comes from the design tokens.
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { button, openScenario } from './helpers';

test.describe.configure({ timeout: 180_000 });

async function contrastProblems(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withRules(['color-contrast'])
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${where}: ${n.target.join(' ')} — ${n.any[0]?.message ?? v.help}`),
  );
}

const THEMES = [
  { name: 'light', pick: 'Light', scheme: 'light' },
  { name: 'dark (the system’s)', pick: null, scheme: 'dark' },
  { name: 'dark', pick: 'Dark', scheme: 'light' },
  { name: 'high contrast', pick: 'High contrast', scheme: 'light' },
] as const;

for (const { name, pick, scheme } of THEMES) {
  test(`${name}: axe's colour contrast passes on the loop, the turns, the charts and the diagram`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1440, height: 900 });
    await openScenario(page, 'seoul-time-math');
    if (pick) await page.getByLabel('Theme', { exact: true }).selectOption({ label: pick });
    const expected = pick === 'Light' ? 'light' : pick === 'Dark' ? 'dark' : pick ? 'contrast' : undefined;
    if (expected) await expect(page.locator('html')).toHaveAttribute('data-theme', expected);
    else await expect(page.locator('html')).not.toHaveAttribute('data-theme');
    // The page's background is the theme's: dark is dark.
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const dark = scheme === 'dark' || pick === 'Dark';
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect((r! + g! + b!) / 3 < 80).toBe(dark);

    await page.getByLabel('Pause before executing tools').check();
    await button(page, 'Send').click();
    await button(page, 'Step').click();
    const problems = await contrastProblems(page, 'pause');
    await button(page, 'Approve all').click();
    await page.getByLabel('Pause before executing tools').uncheck();
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toBeVisible();
    problems.push(...(await contrastProblems(page, 'turns')));
    for (const tab of ['Metrics', 'Advisors', 'Prompt']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.locator('.inspector-skeleton')).toHaveCount(0);
      problems.push(...(await contrastProblems(page, tab)));
    }
    expect(problems).toEqual([]);
  });
}

test('the switch is saved in the workspace: a reload paints the chosen theme', async ({ page }) => {
  await openScenario(page, 'seoul-time-math');
  await page.getByLabel('Theme', { exact: true }).selectOption({ label: 'Dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // Saved with the workspace (the store writes it a moment later), then read back on a reload.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<unknown>((resolve) => {
            const open = indexedDB.open('tool-loop-playground');
            open.onsuccess = () => {
              const get = open.result.transaction('settings').objectStore('settings').get('workspace');
              get.onsuccess = () => {
                open.result.close();
                resolve((get.result as { theme?: string } | undefined)?.theme);
              };
            };
          }),
      ),
    )
    .toBe('dark');
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByLabel('Theme', { exact: true })).toHaveValue('dark');
  // The charts draw with the theme's tokens: the token bars' background is the dark panel, not white.
  await button(page, 'Run to end').click();
  await page.getByRole('tab', { name: 'Metrics' }).click();
  const chartBg = await page
    .getByTestId('timeline-svg')
    .or(page.locator('.inspector svg').first())
    .first()
    .evaluate((svg) => svg.querySelector(':scope > rect')?.getAttribute('fill'));
  // The token as the page resolves it for the theme in use (it is a light-dark() pair).
  const token = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--chart-bg)';
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });
  expect(chartBg).toBe(token);
  expect(token).not.toBe('rgb(255, 255, 255)');
});
