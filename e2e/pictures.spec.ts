/**
 * The pictures (#21): tokens per round as stacked bars and the per-round timeline on the Metrics tab, exportable;
 * the Prompt tab's diff of each round against the previous one, with tokens per segment (#15 item 6).
 * SCREENS_DIR=<folder> also saves screenshots of those screens at 1440×900 and 1280×720.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { button, openScenario } from './helpers';

const SCREENS = process.env.SCREENS_DIR;

async function screens(page: Page, name: string, top: Locator): Promise<void> {
  if (!SCREENS) return;
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    await top.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${SCREENS}/${name}-${width}x${height}.png` });
  }
}

test.describe('pictures', () => {
  test.describe.configure({ timeout: 180_000 });

  test('Metrics draws tokens per round as stacked bars, shows what tool search saved, and a timeline per round', async ({
    page,
  }) => {
    await openScenario(page, 'tool-search-landsmeer');
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer', { timeout: 30_000 });
    await page.getByRole('tab', { name: 'Metrics' }).click();

    // The tokenizer is 7 MB of JavaScript, fetched and built on first use: slow on a busy machine.
    const bars = page.getByTestId('token-bars');
    await expect(bars.getByTestId('bar-round-5')).toBeVisible({ timeout: 90_000 });
    await expect(bars.locator('[data-testid^="bar-round-"]')).toHaveCount(5);
    await expect(page.getByTestId('bars-source')).toContainText('Estimated with the bundled Qwen3 tokenizer');
    // Every bar has a system part, tool definitions and a completion; the prompt grows round by round.
    const tokensOf = async (round: number, part: string) =>
      Number(
        (await bars.getByTestId(`bar-round-${round}`).locator(`[data-part="${part}"]`).getAttribute('data-tokens')) ??
          0,
      );
    for (const round of [1, 2, 3, 4, 5]) {
      expect(await tokensOf(round, 'system')).toBeGreaterThan(0);
      expect(await tokensOf(round, 'completion')).toBeGreaterThan(0);
    }
    expect(await tokensOf(5, 'history')).toBeGreaterThan(await tokensOf(2, 'history'));
    // Tool search: the tool definitions sent grow as tools are found, and every bar is outlined with what
    // sending all 28 tools would have cost.
    expect(await tokensOf(4, 'tools')).toBeGreaterThan(await tokensOf(1, 'tools'));
    await expect(bars.locator('[data-testid^="bar-all-tools-"]')).toHaveCount(5);
    const saving = await page.getByTestId('bars-saving').innerText();
    const [sent, all] = [...saving.matchAll(/([\d,]+) tokens|cost ([\d,]+)/g)].map((m) =>
      Number((m[1] ?? m[2])!.replace(/,/g, '')),
    );
    expect(sent).toBeGreaterThan(0);
    expect(all!).toBeGreaterThan(sent! * 2);

    // The timeline: one strip per round, each with time to first token and decode; tools ran in rounds 1–4.
    const timeline = page.getByTestId('timeline-strip');
    await expect(timeline.locator('[data-testid^="timeline-round-"]')).toHaveCount(5);
    await expect(timeline.getByTestId('timeline-round-1').locator('[data-kind="tool"]')).not.toHaveCount(0);

    // Export: the SVG is saved, and the page says so.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export SVG of the tokens-per-round chart' }).click();
    expect((await download).suggestedFilename()).toBe('tokens-per-round.svg');
    await expect(page.getByTestId('export-said').first()).toContainText('Saved tokens-per-round.svg');
    const png = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export PNG of the round timeline' }).click();
    expect((await png).suggestedFilename()).toBe('round-timeline.png');

    await screens(page, 'metrics-charts', page.getByRole('heading', { name: 'Tokens per round' }));
  });

  test('the Prompt tab shows round 2 as a diff against round 1: the added turns highlighted, tokens per segment', async ({
    page,
  }) => {
    await openScenario(page, 'seoul-time-math');
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    await page.getByRole('tab', { name: 'Prompt' }).click();
    await page.getByLabel('Model call').selectOption('2');

    await expect(page.getByTestId('prompt-diff-summary')).toContainText('extends turn 1');
    // Unchanged segments stay; the model's reply and the tool results are added, highlighted.
    await expect(page.getByTestId('segment-system')).toHaveAttribute('data-status', 'same');
    const added = page.locator('[data-status="added"]');
    await expect(added).not.toHaveCount(0);
    await expect(added.getByTestId('added-text').first()).toBeVisible();
    await expect(page.locator('[data-status="added"] ins', { hasText: '<tool_response>' })).not.toHaveCount(0);
    // Tokens per segment from the bundled tokenizer, labelled an estimate.
    await expect(page.getByTestId('prompt-tokens-source')).toContainText('estimated', { timeout: 90_000 });
    await expect(page.getByTestId('segment-system').getByTestId('segment-tokens')).toContainText(/\d+ tokens/);
    await expect(page.getByTestId('prompt-part-tokens')).toContainText('added');

    await screens(page, 'prompt-diff', page.getByTestId('prompt-diff-summary'));
  });

  test('the runs list shows each run’s scenario, runtime, model calls and outcome; order is by creation and an import keeps its date', async ({
    page,
  }) => {
    await openScenario(page, 'seoul-time-math');
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    await page.getByRole('tab', { name: 'Runs' }).click();
    const items = page.locator('.runs-item');
    await expect(items).toHaveCount(1);
    const first = items.first();
    await expect(first.getByTestId('run-scenario')).toContainText('Time in Seoul and a calculation');
    await expect(first.getByTestId('run-runtime')).toContainText(/scripted/i);
    await expect(first.getByTestId('run-model-calls')).toHaveText('3 model calls');
    await expect(first.getByTestId('run-outcome')).toHaveText('final answer');
    const firstTitle = await first.locator('.runs-title').innerText();

    // Export it, move the whole run back to 15 January 2024, and import it: the copy keeps that date.
    const [saved] = await Promise.all([page.waitForEvent('download'), button(page, 'Export run').click()]);
    const file = JSON.parse(await readFile((await saved.path())!, 'utf8'));
    const shift = file.run.createdAt - Date.UTC(2024, 0, 15, 9, 30);
    file.run.createdAt -= shift;
    file.run.title = 'Imported from January';
    for (const event of file.run.events) event.at -= shift;
    await page
      .getByLabel('Import run file')
      .setInputFiles({ name: 'old.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await expect(page.getByTestId('runs-notice')).toContainText('Imported');
    await expect(items).toHaveCount(2);
    // Newest created first: the import (created in 2024) comes second although it was written last and is open.
    await expect(items.nth(1)).toContainText('Imported from January');
    await expect(items.nth(1).getByTestId('run-created')).toContainText('2024');
    await expect(items.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(items.nth(1).getByTestId('run-outcome')).toHaveText('final answer');

    // Opening a run does not reorder the list.
    await items.first().locator('.runs-title').click();
    await expect(items.first()).toHaveAttribute('aria-current', 'true');
    await expect(items.first().locator('.runs-title')).toHaveText(firstTitle);
    await expect(items.nth(1)).toContainText('Imported from January');

    await screens(page, 'runs-list', page.getByRole('tab', { name: 'Runs' }));
  });

  test('the sequence diagram opens full screen with every lifeline in view and no clipped label; branch compare is side by side', async ({
    page,
  }) => {
    await openScenario(page, 'seoul-time-math');
    await page.getByRole('tab', { name: 'Advisors' }).click();
    await page.getByLabel(/^Advisor-controlled/).check();
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');

    const inline = page.getByTestId('sequence-svg-inline');
    const lifelines = await inline.getByTestId('sequence-lifeline').count();
    expect(lifelines).toBeGreaterThan(3);
    await button(page, 'Full screen').click();
    const dialog = page.getByRole('dialog', { name: 'Sequence diagram' });
    await expect(dialog).toBeVisible();
    const full = dialog.getByTestId('sequence-svg-full');
    await expect(full.getByTestId('sequence-lifeline')).toHaveCount(lifelines);
    // Every lifeline's head lies inside the viewport, and no label is clipped.
    const viewport = page.viewportSize()!;
    for (const head of await full.getByTestId('sequence-lifeline').locator('rect').all()) {
      const box = (await head.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    // Full screen, every label shows its whole text (its lines joined are its tooltip); inline, some are clipped.
    const shown = (svg: Locator) =>
      svg.locator('text').evaluateAll((texts) =>
        texts.map((text) => ({
          lines: [...text.querySelectorAll('tspan')].map((t) => t.textContent).join(' '),
          whole: (text.querySelector('title')?.textContent ?? '').split(/\s+/).filter(Boolean).join(' '),
        })),
      );
    const fullLabels = await shown(full);
    expect(fullLabels.length).toBeGreaterThan(10);
    for (const label of fullLabels) expect(label.lines).toBe(label.whole);
    expect((await shown(inline)).some((label) => label.lines !== label.whole)).toBe(true);
    // Exports from the dialog are confirmed on the page.
    const saved = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export SVG of the sequence diagram' }).click();
    expect((await saved).suggestedFilename()).toMatch(/^sequence-.*\.svg$/);
    await expect(dialog.getByTestId('export-said')).toContainText('Saved sequence-');
    await screens(page, 'sequence-full-screen', dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // A second run, then the two compared: the dialog fills the screen and the transcripts sit side by side.
    await page.setViewportSize({ width: 1280, height: 720 });
    await button(page, 'New run').click();
    await expect(page.getByTestId('run-end')).toHaveCount(0);
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    await page.getByRole('tab', { name: 'Runs' }).click();
    // The Runs tab loads on first open: wait for both runs before ticking them.
    await expect(page.locator('.runs-item input[type="checkbox"]')).toHaveCount(2);
    for (const box of await page.locator('.runs-item input[type="checkbox"]').all()) await box.check();
    await button(page, 'Compare selected (2/2)').click();
    const compare = page.getByRole('dialog', { name: 'Compare runs' });
    await expect(compare).toBeVisible();
    expect((await compare.boundingBox())!.width).toBeGreaterThan(1200);
    const a = (await compare.getByTestId('compare-row-1').locator('[data-side="a"]').boundingBox())!;
    const b = (await compare.getByTestId('compare-row-1').locator('[data-side="b"]').boundingBox())!;
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    expect(b.x).toBeGreaterThan(a.x + a.width - 1);
  });

  test('tool studio: parameter rows carry visible labels, a running test shows its elapsed time, unsaved changes are marked', async ({
    page,
  }) => {
    await page.goto('/?speed=instant');
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    await button(page, '+ New tool').click();
    const dialog = page.getByRole('dialog', { name: 'Tool editor' });
    await expect(dialog).toBeVisible();
    const row = dialog.locator('fieldset', { has: page.getByLabel('Name of parameter a') });
    for (const caption of ['name', 'type', 'required', 'description']) {
      await expect(row.locator('.tool-studio-caption, .tool-studio-required', { hasText: caption })).toBeVisible();
    }
    await dialog.getByLabel('Name', { exact: true }).fill('slow_tool');
    await button(dialog, 'Save tool').click();
    await expect(dialog.getByTestId('tool-unsaved')).toHaveCount(0);
    await dialog.getByLabel("Description (the model's API doc)").fill('Takes its time.');
    await expect(dialog.getByTestId('tool-unsaved')).toHaveText('unsaved changes');

    const content = dialog.getByTestId('code-editor').locator('.cm-content');
    // Spins until the sandbox's time limit stops it: long enough to watch the indicator tick.
    await content.fill('while (true) {}');
    await expect(content).toContainText('while (true)');
    await button(dialog, 'Run test').click();
    const running = dialog.getByTestId('test-run-running');
    await expect(running).toContainText(/Running… \d/);
    await expect(dialog.getByTestId('test-run-outcome')).toHaveAttribute('data-outcome', 'timeout', {
      timeout: 15_000,
    });
    await expect(running).toHaveCount(0);
    await button(dialog, 'Save tool').click();
    await expect(dialog.getByTestId('tool-unsaved')).toHaveCount(0);
  });

  test('“You are the model”: no streaming while it waits for you, the tools offered are shown, the turn is authored not timed', async ({
    page,
  }) => {
    await openScenario(page, 'seoul-time-math');
    await page.getByLabel('Runtime').selectOption({ label: 'You are the model' });
    await button(page, 'Step').click();
    await expect(page.getByTestId('streaming-label')).toContainText('waiting for you to write the reply');
    await expect(page.getByTestId('streaming-label')).not.toContainText('streaming');
    await page.getByRole('tab', { name: 'Request' }).click();
    await page.getByLabel('Model call').selectOption('1');
    await expect(page.getByTestId('request-tools-offered')).toContainText('2 tools offered: current_time, calculate');

    const composer = page.getByRole('region', { name: 'You are the model' });
    await composer.getByLabel('Assistant text').fill('I would rather not say.');
    await button(composer, 'Send as the model').click();
    await expect(page.getByTestId('run-end')).toContainText('final answer');
    await page.getByRole('tab', { name: 'Metrics' }).click();
    await expect(page.getByTestId('metrics-round-1').getByTestId('authored-by-you')).toContainText('authored by you');
    await expect(page.getByTestId('timeline-round-1').locator('[data-kind="authored"]')).toHaveCount(1);
  });

  test('CPU runtime: recommended real models load with one click when online; offline, a URL load says offline, not CORS', async ({
    page,
    context,
  }) => {
    await openScenario(page, 'seoul-time-math');
    await page.getByLabel('Runtime').selectOption({ label: 'CPU (wllama, GGUF)' });
    const panel = page.getByRole('region', { name: 'CPU runtime (wllama)' });
    const recommended = panel.getByRole('region', { name: 'Recommended real models' });
    await expect(recommended.locator('li')).toHaveCount(3);
    const qwen = recommended.getByTestId('recommended-qwen2.5-0.5b');
    await expect(qwen).toContainText('Apache-2.0');
    await expect(qwen.getByRole('link', { name: 'model card' })).toHaveAttribute(
      'href',
      'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF',
    );
    await expect(qwen.getByRole('button', { name: /^Load .* · Qwen2.5 0.5B/ })).toBeEnabled();

    await context.setOffline(true);
    await expect(qwen.getByRole('button', { name: /^Load .* · Qwen2.5 0.5B/ })).toBeDisabled();
    await expect(qwen.getByTestId('recommended-offline')).toContainText('Offline');
    await panel.getByLabel('Model URL').fill('https://example.invalid/model-q4_k_m.gguf');
    await button(panel, 'Load from URL').click();
    await expect(panel.getByRole('alert')).toContainText('this browser is offline');
    await expect(panel.getByRole('alert')).not.toContainText('CORS');
    await context.setOffline(false);

    // Online, a host that cannot be reached is named as such — not blamed on CORS.
    await expect(qwen.getByRole('button', { name: /^Load .* · Qwen2.5 0.5B/ })).toBeEnabled();
    await panel.getByLabel('Model URL').fill('http://127.0.0.1:9/model-q4_k_m.gguf');
    await button(panel, 'Load from URL').click();
    await expect(panel.getByRole('alert')).toContainText('could not be reached');
    await expect(panel.getByRole('alert')).not.toContainText('CORS');
  });
});
