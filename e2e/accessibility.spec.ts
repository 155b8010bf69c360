// An automated accessibility audit (axe) of the main screens: names, roles, labels, contrast.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { SCENARIOS } from '../src/engine/scenarios';
import { button, callCard, openScenario } from './helpers';

// axe walks the whole page for each screen; on a busy machine a full audit of every tab takes minutes.
test.describe.configure({ timeout: 240_000 });

async function audit(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.help} — ${v.nodes[0]?.target.join(' ')}`,
  );
}

test('the loop screen at a pause has no axe violations', async ({ page }) => {
  await openScenario(page, 'seoul-time-math');
  await page.getByLabel('Pause before executing tools').check();
  await button(page, 'Send').click();
  await button(page, 'Step').click();
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
  for (const runtime of ['CPU (wllama, GGUF)', 'WebLLM (WebGPU)']) {
    await page.getByLabel('Runtime', { exact: true }).selectOption({ label: runtime });
    await page.waitForTimeout(500);
    problems.push(...(await audit(page)).map((p) => `${runtime}: ${p}`));
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
  for (let i = 0; i < 40 && !(await end.isVisible()); i += 1) {
    if (await approveAll.isVisible()) await approveAll.click();
    else await page.waitForTimeout(150);
  }
  await expect(end).toBeVisible();
}

for (const scenario of SCENARIOS) {
  test(`${scenario.id}: its banner and its whole run have no axe violations`, async ({ page }) => {
    await openScenario(page, scenario.id);
    await expect(page.getByTestId('scenario-banner')).toBeVisible();
    await runToItsEnd(page);
    expect(await audit(page)).toEqual([]);
  });
}

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
