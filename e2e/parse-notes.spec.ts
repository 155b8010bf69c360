// The parser's notes in the transcript: small-model-glitches walked end to end, under both settings of
// "Malformed calls", with the raw text beside every note, the turn's anomaly summary and the prompt's date.
import type { Locator } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { axeBuilder } from './axe';
import { assistantTurn, button, callCard, expectStop, openScenario } from './helpers';

const note = (scope: Locator, kind: string) => scope.locator(`[data-testid="parse-note"][data-kind="${kind}"]`);

test.describe('parser notes on small-model-glitches', () => {
  test('every glitch is shown as a note beside its call or text, with the raw output beside it', async ({ page }) => {
    await openScenario(page, 'small-model-glitches');
    await expect(page.getByLabel('Malformed calls')).toHaveValue('error-result');
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');

    // Turn 1: "<tool_call>" named in prose (no call), and a block with a missing brace (text kept).
    const turn1 = assistantTurn(page, 1);
    const prose = note(turn1.getByRole('list', { name: 'Parser notes on the text' }), 'prose_mention');
    await expect(prose).toHaveAttribute('data-recovered', 'false');
    await expect(prose).toContainText('literal text, not a call');
    await expect(prose).toContainText('Let me check the inventory with a <tool_call> for you.');
    const errorCall = callCard(page, 'call_1');
    const invalid = note(errorCall, 'invalid_json');
    await expect(invalid).toContainText('flagged');
    await expect(invalid).toContainText('kept in the text as written');
    await expect(invalid).toContainText('The loop answers it with an error result (call_1)');
    await expect(invalid.locator('pre')).toContainText('{"name": "check_inventory", "arguments": {"sku": "SKU-300"}');
    // The broken block is still in the parsed text, and the raw output is beside it.
    await expect(turn1.getByTestId('assistant-text')).toContainText('<tool_call>');
    await expect(turn1.getByTestId('raw-text')).toContainText('{"name": "check_inventory"');
    await expect(page.getByTestId('tool-result-call_1')).toContainText('Could not parse the tool call');
    await expectStop(turn1, 'stop', 'tool_calls');

    // Turn 2: "parameters" for "arguments", forgiven on the call.
    const parameters = note(callCard(page, 'call_2'), 'parameters_key');
    await expect(parameters).toContainText('forgiven');
    await expect(parameters).toContainText(
      'The model wrote "parameters" instead of "arguments"; read as the arguments.',
    );
    await expect(assistantTurn(page, 2).getByTestId('raw-text')).toContainText('"parameters": {"sku": "SKU-300"}');
    await expect(page.getByTestId('tool-result-call_2')).toContainText('3 in stock');

    // Turn 3: a block never closed (recovered) with arguments as a JSON string (decoded).
    const reserve = callCard(page, 'call_3');
    await expect(note(reserve, 'unterminated_tool_call')).toHaveAttribute('data-recovered', 'true');
    await expect(note(reserve, 'unterminated_tool_call')).toContainText('its JSON is complete: read as a call');
    await expect(note(reserve, 'arguments_as_string')).toContainText('decoded');
    await expect(reserve.locator('pre.code-block')).toContainText('"quantity": 1');
    await expect(page.getByTestId('tool-result-call_3')).toContainText('Reserved 1 × SKU-300');
    await expect(assistantTurn(page, 4).getByTestId('assistant-text')).toContainText('2 left in stock');

    // The turn's anomaly summary lists the notes too.
    await expect(turn1.getByRole('list', { name: 'Anomalies' })).toContainText(
      'Parser notes: prose_mention (flagged), invalid_json (flagged).',
    );
    await page.getByRole('tab', { name: 'Stop reasons' }).click();
    await page.getByLabel('Turn', { exact: true }).selectOption('3');
    const summary = page.getByRole('region', { name: 'Anomalies of turn 3' });
    await expect(summary).toContainText('unterminated_tool_call (forgiven: read as a call)');
    await expect(note(summary, 'arguments_as_string')).toBeVisible();
  });

  test('the notes, the anomaly summary and the setting pass an accessibility audit', async ({ page }) => {
    await openScenario(page, 'small-model-glitches');
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    await page.getByRole('tab', { name: 'Stop reasons' }).click();
    const axe = await axeBuilder(page).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  });

  test('"treat as text": the broken block is text only, not answered, and the turn is the final answer', async ({
    page,
  }) => {
    await openScenario(page, 'small-model-glitches');
    await page.getByLabel('Malformed calls').selectOption('text');
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    const turn1 = assistantTurn(page, 1);
    await expectStop(turn1, 'stop', 'stop');
    await expect(turn1.locator('.call-card')).toHaveCount(0);
    const invalid = note(turn1.getByRole('list', { name: 'Parser notes on the text' }), 'invalid_json');
    await expect(invalid).toContainText('Not answered: malformed calls are treated as text.');
    await expect(assistantTurn(page, 2)).toHaveCount(0);
    await expect(turn1.getByRole('list', { name: 'Anomalies' })).toContainText('treat malformed calls as text');
  });

  test("the Prompt view shows the date Llama prompts print: the run's own, editable", async ({ page }) => {
    await openScenario(page, 'small-model-glitches');
    await button(page, 'Send').click();
    await button(page, 'Step').click();
    await page.getByRole('tab', { name: 'Prompt' }).click();
    const field = page.getByLabel('Today Date printed in Llama 3.2 prompts');
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await expect(field).toHaveValue(today);
    await expect(page.getByTestId('prompt-date')).toContainText('the day this run started');
    await field.fill('2025-05-01');
    await expect(page.getByTestId('prompt-date')).toContainText('Today Date: 01 May 2025');
    await button(page, 'Use the run’s date').click();
    await expect(field).toHaveValue(today);
  });
});
