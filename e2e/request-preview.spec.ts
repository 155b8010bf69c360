/**
 * Issue 28, item 7: the Request tab's preview is exactly the body the selected runtime will send. Before Step it
 * showed the harness's internal record (`toolCallId`, `argumentsText`, `isError`, `inputSchema`, `needsApproval`,
 * `source`, `raw`, `round`…) and after Step OpenAI JSON; now the preview is the wire body, byte for byte the
 * request the same call records, and the internal record is one click away.
 */
import { expect, test } from '@playwright/test';
import { button, callCard, openAtPause } from './helpers';

const INTERNAL = [
  'toolCallId',
  'argumentsText',
  'isError',
  'inputSchema',
  'needsApproval',
  '"source"',
  '"raw"',
  '"round"',
];

test('Seoul at turn 2: the preview is OpenAI chat-completions JSON, byte for byte what Step sends', async ({
  page,
}) => {
  await openAtPause(page, 'seoul-time-math');
  await button(callCard(page, 'call_1'), 'Approve').click();
  await button(callCard(page, 'call_2'), 'Approve').click();
  await button(page, 'Step').click();
  await expect(page.getByTestId('phase-caption')).toContainText('Phase: prompt');

  await page.getByRole('tab', { name: 'Request', exact: true }).click();
  await expect(page.getByTestId('next-request-wire')).toHaveText(
    'The body Scripted replay sends: OpenAI chat-completions JSON.',
  );
  const preview = (await page.getByTestId('next-request-json').textContent()) ?? '';
  for (const name of INTERNAL) expect(preview, name).not.toContain(name);
  expect(preview).toContain('"tool_call_id": "call_1"');
  expect(preview).toContain('"parameters"');
  // The harness's own record is one click away, with its own field names.
  await page.getByTestId('next-request-internal-details').locator('summary').click();
  await expect(page.getByTestId('next-request-internal')).toContainText('"toolCallId": "call_1"');

  await button(page, 'Step').click();
  await expect(page.getByTestId('assistant-2')).toBeVisible();
  await page.getByLabel('Model call').selectOption('2');
  await expect(page.getByTestId('request-json')).toHaveText(preview);
});
