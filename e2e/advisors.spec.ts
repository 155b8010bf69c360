import { expect, test } from '@playwright/test';
import { button, openScenario } from './helpers';

test.describe('advisors: inside vs outside the loop on seoul-time-math', () => {
  test('memory 1× and trace 3×; memory moved inside runs 3× and stores the tool calls; Mermaid lists every call', async ({
    page,
  }) => {
    await openScenario(page, 'seoul-time-math');
    await page.getByRole('tab', { name: 'Advisors' }).click();
    await page.getByLabel(/^Advisor-controlled/).check();

    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    await expect(page.getByTestId('advisors-model-calls')).toHaveText('3 model calls');
    await expect(page.getByTestId('lane-outside').getByTestId('advisor-count-memory')).toHaveText('1×');
    await expect(page.getByTestId('lane-inside').getByTestId('advisor-count-trace')).toHaveText('3×');
    await expect(page.getByTestId('memory-stored')).not.toContainText('tool calls');

    // The sequence diagram's Mermaid export names every model call and every tool call of the run.
    await button(page, 'Show Mermaid').click();
    const mermaid = await page.getByTestId('mermaid-text').inputValue();
    expect(mermaid.startsWith('sequenceDiagram')).toBe(true);
    for (const round of [1, 2, 3]) expect(mermaid).toContain(`model call ${round} (`);
    for (const id of ['call_1', 'call_2', 'call_3']) expect(mermaid).toContain(`tool call ${id}`);
    await expect(page.getByRole('img', { name: /Sequence diagram/ })).toBeVisible();

    // Move the memory above the loop advisor: it crosses into the inside lane and the internal history goes off.
    const order = page.getByLabel('Order of Chat memory');
    await order.fill('HIGHEST_PRECEDENCE + 400');
    await order.press('Enter');
    await expect(page.getByTestId('lane-inside').getByTestId('advisor-memory')).toBeVisible();
    await expect(page.getByTestId('internal-history')).toContainText('off');

    await button(page, 'New run').click();
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    await expect(page.getByTestId('advisor-count-memory')).toHaveText('3×');
    const stored = page.getByTestId('memory-stored');
    await expect(stored).toContainText('assistant (tool calls: current_time call_1, calculate call_2)');
    await expect(stored).toContainText('tool calculate (call_3)');
  });

  test('a custom output schema the answer fails: the run shows 1 + retries calls, each rejection, and ends as validation failed', async ({
    page,
  }) => {
    await openScenario(page, 'seoul-time-math');
    await page.getByRole('tab', { name: 'Advisors' }).click();
    await page.getByLabel(/^Advisor-controlled/).check();

    const field = page.getByLabel('Output schema of Structured-output validation');
    await field.fill('{"type": "object", "properties": {"answer": {"type": "numbr"}}}');
    await expect(page.getByTestId('validation-schema-error')).toContainText('Not a valid JSON Schema');
    await field.fill('{"type": "object", "properties": {"answer": {"type": "number"}}, "required": ["answer"]}');
    await expect(page.getByTestId('validation-schema-status')).toContainText('applies to the next request');
    await page.getByLabel('Retries of Structured-output validation').fill('2');
    await page.getByLabel('Structured-output validation', { exact: true }).check();

    await button(page, 'Run to end').click();
    // The run ends as what it was (issue 28, item 8), not as a final answer.
    const end = page.getByTestId('run-end');
    await expect(end).toContainText('Loop ended: structured-output validation failed.');
    await expect(end).toContainText('Validation failed after 2 retries; the last answer still fails the schema');
    await expect(end).not.toContainText('final answer');
    // Each rejected answer is marked in the transcript with the errors it got.
    for (const [round, attempt] of [
      [3, 1],
      [4, 2],
    ] as const) {
      const mark = page.getByTestId(`validation-rejected-${round}`);
      await expect(mark).toContainText(`Rejected by structured-output validation (attempt ${attempt} of 3)`);
      await expect(mark).toContainText('Invalid JSON');
      await expect(mark).toContainText('sent again with these errors appended');
    }
    await expect(page.getByTestId('validation-rejected-5')).toContainText('No retries left');
    // Two tool rounds, then the prose answer checked 1 + 2 times.
    await expect(page.getByTestId('advisors-model-calls')).toHaveText('5 model calls');
    await expect(page.getByTestId('advisor-count-validation')).toHaveText('5×');
    await expect(page.getByTestId('validation-ran-schema')).toContainText('"type": "number"');
    const attempts = page.getByTestId('validation-attempts');
    await expect(attempts.locator('li')).toHaveCount(3);
    await expect(attempts).toContainText('attempt 3: invalid');
    await expect(attempts).toContainText(
      'appended to the user message for the retry: Output JSON validation failed because of: Invalid JSON',
    );
    // The turn table says the same on each rejected answer's row.
    await page.getByRole('tab', { name: 'Turns', exact: true }).click();
    const table = page.getByRole('table', { name: 'Turn table' });
    await expect(table.getByRole('row').nth(3)).toContainText(
      'validation rejected the answer (attempt 1 of 3): Invalid JSON',
    );
    await expect(table.getByRole('row').nth(5)).toContainText(
      'no retries left; ended: structured-output validation failed',
    );
  });
});
