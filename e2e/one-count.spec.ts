/**
 * Issue 28, item 6: one count per prompt and source. "Seoul, Run to end: transcript 491/582/632, Prompt tab
 * 464/570/620, Metrics bars 519/603/666" — now every view shows the same figure per model call, labelled an
 * estimate (the scripted replay counts none of its own), and the Prompt tab's parts add up to its total.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { button, openScenario } from './helpers';

test.describe.configure({ timeout: 120_000 });

const count = (text: string) => Number(text.replace(/,/g, ''));

async function transcriptFigures(page: Page, rounds: number): Promise<{ prompt: number; completion: number }[]> {
  const out = [];
  for (let round = 1; round <= rounds; round++) {
    // The tokenizer is 7 MB of JavaScript, fetched and built on first use: slow on a busy machine.
    const figure = page.getByTestId(`assistant-${round}`).getByTestId('turn-tokens');
    await expect(figure).toHaveText(/^[\d,]+ → [\d,]+ tokens \(estimated\)$/, { timeout: 90_000 });
    const [prompt, completion] = [...(await figure.innerText()).matchAll(/[\d,]+/g)].map((m) => count(m[0]));
    out.push({ prompt: prompt!, completion: completion! });
  }
  return out;
}

test('Seoul: the transcript, the Prompt tab and the Metrics tab show one count per model call', async ({ page }) => {
  await openScenario(page, 'seoul-time-math');
  await button(page, 'Run to end').click();
  await expect(page.getByTestId('run-end')).toContainText('final answer');
  const transcript = await transcriptFigures(page, 3);

  await page.getByRole('tab', { name: 'Prompt' }).click();
  for (const [i, figure] of transcript.entries()) {
    await page.getByLabel('Model call').selectOption(String(i + 1));
    const parts = page.getByTestId('prompt-part-tokens');
    await expect(parts).toContainText(`prompt ${figure.prompt.toLocaleString('en')}`, { timeout: 90_000 });
    const [system, tools, history, fresh, prompt] = [...(await parts.innerText()).matchAll(/[\d,]+/g)].map((m) =>
      count(m[0]),
    );
    expect(system! + tools! + history! + fresh!).toBe(prompt);
    await expect(page.getByTestId('prompt-tokens-source')).toContainText(
      'estimated with the bundled Qwen3 tokenizer (this runtime reports no counts of its own); the parts add up',
    );
  }

  await page.getByRole('tab', { name: 'Metrics' }).click();
  const bars = page.getByTestId('token-bars');
  await expect(bars.getByTestId('bar-round-3')).toBeVisible({ timeout: 90_000 });
  for (const [i, figure] of transcript.entries()) {
    const bar = bars.getByTestId(`bar-round-${i + 1}`);
    // A part of 0 tokens draws nothing.
    const drawn = async (part: string) => {
      const rect = bar.locator(`[data-part="${part}"]`);
      return (await rect.count()) === 0 ? 0 : Number(await rect.getAttribute('data-tokens'));
    };
    let prompt = 0;
    for (const part of ['system', 'tools', 'history', 'new']) prompt += await drawn(part);
    const completion = await drawn('completion');
    expect({ prompt, completion }, `bar ${i + 1}`).toEqual(figure);
    const row = page.getByTestId(`metrics-round-${i + 1}`).getByRole('cell');
    await expect(row.nth(1)).toHaveText(figure.prompt.toLocaleString('en'));
    await expect(row.nth(2)).toHaveText(figure.completion.toLocaleString('en'));
  }
  await expect(page.getByTestId('metric-prompt-tokens')).toHaveText(
    transcript.reduce((n, f) => n + f.prompt, 0).toLocaleString('en'),
  );
});
