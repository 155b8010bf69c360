// An automated accessibility audit (axe) of the main screens: names, roles, labels, contrast.
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { SCENARIOS } from '../src/engine';
import { axeBuilder, experimentalAxeBuilder } from './axe';
import { button, callCard, openAtPause, openScenario } from './helpers';

// axe walks the whole page for each screen; on a busy machine a full audit of every tab takes minutes.
test.describe.configure({ timeout: 240_000 });

async function audit(page: Page) {
  const results = await axeBuilder(page).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.help} — ${v.nodes[0]?.target.join(' ')}`,
  );
}

test('the loop screen at a pause has no axe violations', async ({ page }) => {
  await openAtPause(page, 'seoul-time-math');
  await expect(page.getByTestId('phase-caption')).toContainText('Phase: approve');
  expect(await audit(page)).toEqual([]);
});

test('a finished run and every inspector tab have no axe violations', async ({ page }) => {
  await openScenario(page, 'seoul-time-math');
  await button(page, 'Run to end').click();
  await expect(page.getByTestId('run-end')).toBeVisible();
  const problems: string[] = [];
  for (const tab of [
    'Turns',
    'Request',
    'Prompt',
    'Stop reasons',
    'Metrics',
    'Advisors',
    'Tool search',
    'MCP',
    'Runs',
    'Code',
  ]) {
    await page.getByRole('tab', { name: tab }).click();
    problems.push(...(await audit(page)).map((p) => `${tab}: ${p}`));
  }
  expect(problems).toEqual([]);
});

test('the model panels, the tool studio and the human composer have no axe violations', async ({ page }) => {
  await openScenario(page, 'seoul-time-math');
  const problems: string[] = [];
  // Each panel is audited once what it fills in after opening is there: the cache listing, the WebGPU probe.
  const runtimes = [
    {
      label: 'CPU (wllama, GGUF)',
      settled: page
        .getByRole('region', { name: 'CPU runtime (wllama)' })
        .getByRole('region', { name: 'Offline GGUF cache' }),
      pending: 'Reading the cache…',
    },
    {
      label: 'WebLLM (WebGPU)',
      settled: page.getByRole('region', { name: 'WebGPU capability' }),
      pending: 'Checking WebGPU…',
    },
  ];
  for (const { label, settled, pending } of runtimes) {
    await page.getByLabel('Runtime', { exact: true }).selectOption({ label });
    await expect(settled).toBeVisible();
    await expect(settled).not.toContainText(pending);
    problems.push(...(await audit(page)).map((p) => `${label}: ${p}`));
  }
  await page.getByLabel('Runtime', { exact: true }).selectOption({ label: 'You are the model' });
  await button(page, 'Send').click();
  await button(page, 'Step').click();
  await button(page, 'Add tool call').click();
  problems.push(...(await audit(page)).map((p) => `composer: ${p}`));
  await page.getByRole('button', { name: '+ New tool' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  problems.push(...(await audit(page)).map((p) => `tool studio: ${p}`));
  expect(problems).toEqual([]);
});

/** Runs the open scenario to its end, approving every pause on the way. */
async function runToItsEnd(page: Page) {
  await button(page, 'Run to end').click();
  const end = page.getByTestId('run-end');
  const approveAll = button(page, 'Approve all');
  for (let i = 0; i < 40; i += 1) {
    // Whichever comes first: the end of the run, or a pause waiting for its decisions.
    await expect(end.or(approveAll).first()).toBeVisible();
    if (await end.isVisible()) break;
    await approveAll.click();
  }
  await expect(end).toBeVisible();
}

/**
 * Every scenario in one page, one test each: the first opens the page with `?scenario=`, the next ones pick
 * their scenario from the Scenario menu (a new run, the previous one stays in the Runs tab), so no test pays for
 * a fresh page load. A failed test ends its worker; the next one starts a page of its own.
 */
test.describe('every scenario, one after the other in one page', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
  });
  test.afterAll(async () => {
    await page.close();
  });

  for (const scenario of SCENARIOS) {
    test(`${scenario.id}: its banner and its whole run have no axe violations`, async () => {
      if (page.url() === 'about:blank') await openScenario(page, scenario.id);
      else await page.getByLabel('Scenario', { exact: true }).selectOption(scenario.id);
      await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue(scenario.id);
      await expect(page.getByTestId('scenario-banner')).toBeVisible();
      await expect(page.getByTestId('run-end')).toBeHidden();
      await runToItsEnd(page);
      expect(await audit(page)).toEqual([]);
    });
  }
});

test('the first-minute card, decisions at a pause, a dangling-call choice and the presenter view pass axe', async ({
  page,
}) => {
  const problems: string[] = [];
  await page.goto('/?speed=instant');
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await page.getByLabel('Scenario', { exact: true }).selectOption('');
  await expect(page.getByTestId('intro-card')).toBeVisible();
  problems.push(...(await audit(page)).map((p) => `intro card: ${p}`));

  await openScenario(page, 'seoul-time-math');
  await page.getByLabel('Pause before executing tools').check();
  await page.locator('body').press('f');
  await expect(page.locator('.app[data-presenter="true"]')).toBeVisible();
  // Step, not Run to end: a driving run would resume (and run the batch) at the last decision.
  await button(page, 'Send').click();
  await button(page, 'Step').click();
  const two = callCard(page, 'call_2');
  await button(callCard(page, 'call_1'), 'Deny').click();
  await button(callCard(page, 'call_1'), 'Send denial').click();
  await button(two, 'Edit arguments').click();
  await two.getByLabel('Arguments for call_2').fill('{"operation": "multiply", "a": 128, "b": 8}');
  await button(two, 'Save and approve').click();
  await expect(page.getByTestId('decision-call_2')).toBeVisible();
  problems.push(...(await audit(page)).map((p) => `presenter, decisions: ${p}`));
  await page.locator('body').press('f');

  await openScenario(page, 'seoul-time-math');
  await page.getByLabel('Pause before executing tools').check();
  await button(page, 'Run to end').click();
  await expect(page.getByTestId('phase-caption')).toContainText('Phase: approve');
  await button(page, 'Stop').click();
  await expect(page.getByTestId('dangling')).toBeVisible();
  problems.push(...(await audit(page)).map((p) => `dangling calls: ${p}`));
  expect(problems).toEqual([]);
});

test('an advisor-controlled run has no axe violations', async ({ page }) => {
  await openScenario(page, 'seoul-time-math');
  await page.getByRole('tab', { name: 'Advisors' }).click();
  await page.getByLabel(/^Advisor-controlled/).check();
  await button(page, 'Run to end').click();
  await expect(page.getByTestId('run-end')).toContainText('final answer');
  expect(await audit(page)).toEqual([]);
});

// Label-in-name (WCAG 2.5.3) and the other experimental rules of e2e/axe.ts, after a run of every scenario, on
// every inspector tab, in English and in Korean (a name must contain the visible text in both).
for (const language of ['en', 'ko'] as const) {
  test(`every scenario and every tab (${language}): label-in-name and the other experimental rules`, async ({
    page,
  }) => {
    test.setTimeout(420_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openScenario(page, SCENARIOS[0]!.id, `&lang=${language}`);
    const problems: string[] = [];
    const check = async (where: string) => {
      const results = await experimentalAxeBuilder(page).analyze();
      for (const v of results.violations) {
        for (const node of v.nodes) problems.push(`${where}: ${v.id} — ${node.target.join(' ')} — ${node.html}`);
      }
    };
    const scenario = page.locator('header.header select').first();
    for (const { id } of SCENARIOS) {
      await scenario.selectOption(id);
      await page.locator('#tab-turns').click();
      await page.locator('#loop-controls button').nth(2).click();
      await expect(page.locator('[data-testid="run-end"], [data-call-approve]').first()).toBeVisible();
      await check(`${id} · turns`);
      for (const tab of (await page.getByRole('tab').all()).slice(1)) {
        await tab.click();
        await expect(page.locator('.inspector-skeleton')).toHaveCount(0);
        await check(`${id} · ${await tab.getAttribute('id')}`);
      }
    }
    expect(problems).toEqual([]);
  });
}
