/**
 * The Tools panel (issues 19 and 21): 10,000 stored MCP tools reload to a working page with a virtualized,
 * searchable list; every count agrees with the others; "My tools" appears once; "+ New tool" is in view without
 * scrolling past the presets.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { UserToolSpec } from '../src/engine';
import { parseMcpToolsListText } from '../src/engine';
import { button, openScenario } from './helpers';

const COUNT = 10_000;

function mcpSpecs(): UserToolSpec[] {
  const tools = Array.from({ length: COUNT }, (_, i) => ({
    name: `svc_${i}_lookup`,
    description: `Looks up record ${i} in service ${i % 37}; returns its fields.`,
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
      required: ['id'],
    },
  }));
  let n = 0;
  const parsed = parseMcpToolsListText(JSON.stringify({ tools }), () => `mcp-${++n}`, 0);
  if (!parsed.ok) throw new Error(parsed.error);
  return [...parsed.value.tools];
}

/** Stores the tools as the app does (one record each in the user-tools database). */
async function storeTools(page: Page, specs: readonly UserToolSpec[]): Promise<void> {
  await page.evaluate(
    (records) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('tlp-user-tools', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('tools', { keyPath: 'id' });
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('tools', 'readwrite');
          for (const record of records) tx.objectStore('tools').put(record);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    specs,
  );
}

/** "(3 of 28 exposed)" → [3, 28]. */
async function counts(locator: Locator): Promise<[number, number]> {
  const text = (await locator.textContent()) ?? '';
  const numbers = text.replace(/[,\s]/g, '').match(/\d+/g)?.map(Number) ?? [];
  expect(numbers, text).toHaveLength(2);
  return [numbers[0]!, numbers[1]!];
}

/** The header's "N of M exposed" is the sum of the groups' counts. */
async function expectCountsAgree(page: Page): Promise<[number, number]> {
  const [exposed, total] = await counts(page.getByTestId('tools-exposed-count'));
  let sumExposed = 0;
  let sumTotal = 0;
  for (const group of await page.getByTestId('tool-group-count').all()) {
    const [e, t] = await counts(group);
    expect(e).toBeLessThanOrEqual(t);
    sumExposed += e;
    sumTotal += t;
  }
  expect([sumExposed, sumTotal]).toEqual([exposed, total]);
  return [exposed, total];
}

test.describe('the tools list', () => {
  test('10,000 stored MCP tools: the reload gets to ready, the list is virtualized, search finds one, counts agree', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/?speed=instant');
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    await storeTools(page, mcpSpecs());
    await page.reload();
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible({ timeout: 60_000 });

    const group = page.getByTestId('tool-group-user-tools');
    const [, mine] = await counts(group.getByTestId('tool-group-count'));
    expect(mine).toBe(COUNT);
    const [exposedBefore, total] = await expectCountsAgree(page);
    expect(total).toBeGreaterThan(COUNT);
    // Virtualized: a few dozen rows in the page, not 10,000.
    const rows = page.getByTestId('tool-rows-user-tools');
    await expect(rows).toBeVisible();
    expect(Number(await rows.getAttribute('data-rendered'))).toBeLessThan(40);
    expect(await page.getByRole('checkbox', { name: /^Expose svc_/ }).count()).toBeLessThan(40);
    // Scrolling to the end brings the last rows in.
    await rows.evaluate((box) => (box.scrollTop = box.scrollHeight));
    await expect(rows.locator(`li[aria-posinset="${COUNT}"]`).getByRole('checkbox')).toBeVisible();
    expect(Number(await rows.getAttribute('data-rendered'))).toBeLessThan(40);
    // A row's description and schema open below the list.
    const last = rows.locator(`li[aria-posinset="${COUNT}"]`);
    const name = await last.locator('code').textContent();
    await last.getByRole('button', { name: /^Show the description and schema of/ }).click();
    await expect(page.getByRole('region', { name: `Selected: ${name}` })).toContainText('"required"');

    // Search: one tool of 10,000, exposed from the search result; every count follows.
    await page.getByRole('searchbox', { name: 'Search tools' }).fill('svc_9876_');
    await expect(page.getByTestId('tools-search-status')).toHaveText('1 tool matches “svc_9876_”.');
    await page.getByLabel('Expose svc_9876_lookup').check();
    await expect(group.getByTestId('tool-group-count')).toHaveText(/\(1 of 10,000 exposed\)/);
    const [exposedAfter] = await expectCountsAgree(page);
    expect(exposedAfter).toBe(exposedBefore + 1);
    // A small result is shown as full cards, the schema inline.
    await page.getByText('JSON Schema the model receives').click();
    await expect(page.getByTestId('tool-group-user-tools').locator('pre')).toContainText('"required"');
    await page.screenshot({ path: '/work/notes/screens/19/tools-10000-search-1440.png' });
    await page.getByRole('searchbox', { name: 'Search tools' }).fill('no such tool anywhere');
    await expect(page.getByTestId('tools-search-status')).toHaveText('No tool matches “no such tool anywhere”.');
  });

  test('counts agree in the tool-search workspace; "My tools" once; "+ New tool" in view at 1280×720', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openScenario(page, 'tool-search-landsmeer');
    const tools = page.getByRole('complementary', { name: 'Tools' });
    const [exposed, total] = await expectCountsAgree(page);
    const [searchExposed, searchTotal] = await counts(
      page.getByTestId('tool-group-tool-search-28').getByTestId('tool-group-count'),
    );
    expect(searchTotal).toBe(29);
    expect(searchExposed).toBeGreaterThan(0);
    expect(exposed).toBeGreaterThanOrEqual(searchExposed);
    expect(total).toBeGreaterThan(searchTotal);
    await expect(tools.getByText(/^My tools/)).toHaveCount(1);
    await expect(button(page, '+ New tool')).toBeInViewport();
    await page.screenshot({ path: '/work/notes/screens/19/tools-panel-1280.png' });

    // A saved tool is listed once, in "My tools", with Edit and Delete there.
    await button(page, '+ New tool').click();
    const dialog = page.getByRole('dialog', { name: 'Tool editor' });
    await dialog.getByLabel('Name', { exact: true }).fill('my_lookup');
    await button(dialog, 'Save tool').click();
    await button(dialog, 'Close editor').click();
    await expect(page.getByLabel('Expose my_lookup')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Edit my_lookup' })).toHaveCount(1);
    await expectCountsAgree(page);
  });

  test('a request whose tools exceed the model’s context warns; with tool search on it does not', async ({ page }) => {
    test.setTimeout(120_000);
    await openScenario(page, 'tool-search-landsmeer');
    await page.getByLabel('Runtime').selectOption({ label: 'CPU (wllama, GGUF)' });
    // The tiny test model runs with a 2,048-token context.
    await page.getByLabel('Seed').fill('1');
    await button(page, 'Generate tiny random test model').click();
    await expect(page.getByRole('region', { name: 'Loaded model' }).getByRole('status')).toHaveText(
      'Ready: tiny random test model (seed 1)',
      { timeout: 60_000 },
    );
    // Search on: the request carries toolSearchTool alone, which fits.
    await expect(page.getByLabel('Expose toolSearchTool')).toBeChecked();
    await expect(page.getByTestId('tools-context-warning')).toHaveCount(0);
    // Search off: all 28 definitions go with every request.
    await page.getByLabel('Expose toolSearchTool').uncheck();
    const warning = page.getByTestId('tools-context-warning');
    await expect(warning).toHaveAttribute('data-kind', /^(near|over)$/);
    await expect(warning).toContainText('The 28 exposed tools take about');
    await expect(warning).toContainText('2,048 tokens');
    await page.screenshot({ path: '/work/notes/screens/19/context-warning-1280.png' });
  });
});
