/**
 * Issue 28, the loop-core items seen on the page: an edited call keeps original → edited after Step (5); more follow.
 */
import { expect, test } from '@playwright/test';
import { button, callCard, exportToFreshBrowser, openAtPause } from './helpers';

test('edited arguments stay visible after Step: transcript, turn table, and a run file imported elsewhere', async ({
  page,
  browser,
}) => {
  await openAtPause(page, 'seoul-time-math');
  await button(callCard(page, 'call_1'), 'Approve').click();
  const card = callCard(page, 'call_2');
  await button(card, 'Edit arguments').click();
  await card.getByLabel('Arguments for call_2').fill('{"operation": "multiply", "a": 128, "b": 8}');
  await button(card, 'Save and approve').click();
  await button(page, 'Step').click();
  await expect(page.getByTestId('phase-caption')).toContainText('Phase: prompt');

  // The executed call says why its result is 1024.
  const result = page.getByTestId('tool-result-call_2');
  await expect(result).toContainText('1024');
  await expect(result.getByTestId('edited-call_2')).toContainText('Ran with edited arguments:');
  await expect(result.getByTestId('edited-call_2').getByRole('list', { name: 'Changed arguments' })).toHaveText(
    'b: 7 → 8',
  );
  await page.getByRole('tab', { name: 'Turns', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Turn table' })).toContainText(
    'edited the arguments of call_2 (b: 7 → 8)',
  );

  // The run file carries both, so an import shows them again.
  const { other } = await exportToFreshBrowser(page, browser);
  await expect(other.getByTestId('edited-call_2').getByRole('list', { name: 'Changed arguments' })).toHaveText(
    'b: 7 → 8',
  );
});
