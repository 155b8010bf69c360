import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { assistantTurn, button, callCard, openScenario } from './helpers';

async function finishSeoul(page: Page): Promise<void> {
  await openScenario(page, 'seoul-time-math');
  await button(page, 'Run to end').click();
  await expect(assistantTurn(page, 3).getByTestId('assistant-text')).toContainText('877');
}

async function download(page: Page, name: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), button(page, name).click()]);
  return readFile((await file.path())!, 'utf8');
}

async function exportedRun(page: Page): Promise<string> {
  await finishSeoul(page);
  await page.getByRole('tab', { name: 'Runs' }).click();
  return download(page, 'Export run');
}

async function importText(page: Page, text: string, name = 'run.json'): Promise<void> {
  await page.getByRole('tab', { name: 'Runs' }).click();
  await page
    .getByLabel('Import run file')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

test.describe('runs as files', () => {
  test('export a finished run, import it into a fresh browser context, and see the same transcript', async ({
    page,
    browser,
  }) => {
    const text = await exportedRun(page);
    const file = JSON.parse(text);
    expect(file).toMatchObject({ format: 'tool-loop-playground/run', version: 3, runtime: { kind: 'scripted' } });
    expect(file.tools.map((t: { name: string }) => t.name)).toEqual(['current_time', 'calculate']);

    const transcript = JSON.parse(await download(page, 'Export transcript'));
    expect(transcript.messages.map((m: { role: string }) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(transcript.messages[2].tool_calls[1]).toMatchObject({
      id: 'call_2',
      type: 'function',
      function: { name: 'calculate' },
    });
    const original = await page.locator('.transcript').innerText();

    const context = await browser.newContext();
    const fresh = await context.newPage();
    await fresh.goto('/?speed=instant');
    await expect(fresh.locator('.app[data-ready="true"]')).toBeVisible();
    await importText(fresh, text);
    await expect(fresh.getByTestId('runs-notice')).toContainText('Imported');
    await expect(assistantTurn(fresh, 3).getByTestId('assistant-text')).toContainText('877');
    expect(await fresh.locator('.transcript').innerText()).toBe(original);
    await fresh.getByRole('tab', { name: 'Turns' }).click();
    await expect(fresh.getByRole('table', { name: 'Turn table' }).locator('tbody tr')).toHaveCount(3);
    await context.close();
  });

  test('fork at turn 2, change a tool result, continue, and compare the branches', async ({ page }) => {
    await finishSeoul(page);
    await page.getByRole('tab', { name: 'Turns' }).click();
    await button(page, 'Fork here at turn 2').click();
    await expect(page.getByTestId('phase-caption')).toContainText('Phase: approve');
    await expect(assistantTurn(page, 3)).toHaveCount(0);
    const call = callCard(page, 'call_3');
    await button(call, 'Write result').click();
    await call.getByLabel('Result for call_3').fill('1000');
    await button(call, 'Send result').click();
    await button(page, 'Run to end').click();
    await expect(assistantTurn(page, 3).getByTestId('assistant-text')).toContainText('1000');

    await page.getByRole('tab', { name: 'Runs' }).click();
    const items = page.locator('.runs-tree li');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toHaveAttribute('data-depth', '0');
    await expect(items.nth(1)).toHaveAttribute('data-depth', '1');
    await expect(items.nth(1)).toContainText('fork at turn 2');
    await items
      .nth(1)
      .getByRole('button', { name: /Compare .* with its parent/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Compare runs' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('compare-divergence')).toContainText('differ from message 7');
    const answer = dialog.getByTestId('metric-Final answer');
    await expect(answer.locator('td').nth(0)).toContainText('877');
    await expect(answer.locator('td').nth(1)).toContainText('1000');
    await expect(dialog.getByTestId('compare-row-7').locator('[data-side="b"]')).toContainText('1000');
    await expect(dialog.getByTestId('compare-row-7').locator('[data-side="a"]')).toContainText('877');
    await button(dialog, 'Close').click();
    await expect(dialog).toBeHidden();
  });

  test('bad files get a clear message, and HTML in messages stays text', async ({ page }) => {
    const text = await exportedRun(page);
    const notice = page.getByTestId('runs-notice');

    await importText(page, text.slice(0, Math.floor(text.length * 0.6)));
    await expect(notice).toContainText('truncated');

    await importText(page, JSON.stringify({ ...JSON.parse(text), version: 99 }));
    await expect(notice).toContainText('format version 99, newer than this app reads');

    const duplicate = JSON.parse(text);
    duplicate.tools.push(duplicate.tools[1]);
    await importText(page, JSON.stringify(duplicate));
    await expect(notice).toContainText('"calculate" appears twice');
    await expect(page.locator('.runs-tree li')).toHaveCount(1);

    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs += 1;
      void d.dismiss();
    });
    const hostile = JSON.parse(text);
    const payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold?</b>';
    hostile.run.events[1].content = payload;
    hostile.run.events.at(-2).response.raw = `It is late. ${payload}`;
    hostile.run.events.at(-2).message.content = `It is late. ${payload}`;
    await importText(page, JSON.stringify(hostile));
    await expect(page.getByTestId('runs-warning')).toContainText('looks like HTML or script');
    await expect(page.getByTestId('runs-warning')).toContainText('shown as plain text and never run');
    await expect(page.locator('.transcript')).toContainText(payload);
    await expect(page.locator('.transcript img, .transcript script, .transcript b')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toBe(0);
  });

  test('imported tool code is shown and added only after the user trusts it', async ({ page }) => {
    const file = JSON.parse(await exportedRun(page));
    file.toolCode = [
      {
        id: 'tool-imported-1',
        name: 'shout',
        description: 'Upper-cases a text.',
        parameters: null,
        jsonSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        code: 'return String(args.text).toUpperCase(); // <script>alert(1)</script>',
        returnDirect: false,
        needsApproval: false,
        allowNetwork: false,
        kind: 'code',
        timeoutMs: 1000,
        sampleArgs: '{"text":"hi"}',
        updatedAt: 0,
      },
    ];
    await importText(page, JSON.stringify(file));
    const prompt = page.getByRole('region', { name: 'Imported tool code' });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByLabel('Code of shout')).toHaveText(
      'return String(args.text).toUpperCase(); // <script>alert(1)</script>',
    );
    await expect(page.getByLabel('Expose shout')).toHaveCount(0);
    await button(prompt, 'Don’t trust').click();
    await expect(prompt).toBeHidden();
    await expect(page.getByLabel('Expose shout')).toHaveCount(0);

    await importText(page, JSON.stringify(file));
    await button(page.getByRole('region', { name: 'Imported tool code' }), 'Trust and add to My tools').click();
    await expect(page.getByLabel('Expose shout')).toHaveCount(1);
  });
});
