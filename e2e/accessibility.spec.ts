// An automated accessibility audit (axe) of the main screens: names, roles, labels, contrast.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { button, openScenario } from './helpers';

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
  for (const tab of ['Turns', 'Request', 'Prompt', 'Stop reasons', 'Metrics', 'Advisors', 'Tool search', 'Runs']) {
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
