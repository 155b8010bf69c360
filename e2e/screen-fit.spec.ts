// The page fits the projector (issue 29, items 1–3): at 1440×900 and 1280×720, in English and Korean, in the normal
// and the presenter view, after a run of every scenario the page never scrolls sideways and the turn table's actions
// stay in view ("여기서 포크" on one line); after Fork here the inspector is not left scrolled; at a pause the
// presenter view shows the waiting calls, the pause switch and Step; a long runtime status keeps the header on one
// line. SCREENS_DIR=<folder> saves the screenshots into that folder (docs/screens holds the committed ones).
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { SCENARIOS } from '../src/engine/scenarios';
import { loop as enLoop } from '../src/i18n/locales/en/loop';
import { runs as enRuns } from '../src/i18n/locales/en/runs';
import { loop as koLoop } from '../src/i18n/locales/ko/loop';
import { runs as koRuns } from '../src/i18n/locales/ko/runs';
import { button, callCard, openScenario } from './helpers';

test.describe.configure({ timeout: 240_000 });

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;
const LANGUAGES = ['en', 'ko'] as const;
type Language = (typeof LANGUAGES)[number];
const WORDS = { en: { loop: enLoop, runs: enRuns }, ko: { loop: koLoop, runs: koRuns } } as const;

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENS_DIR;
  await page.screenshot({ path: dir ? `${dir}/${name}.png` : test.info().outputPath(`${name}.png`) });
}

/** How far the page and the inspector reach past their width (0 when they fit), and what sticks out. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const inspector = document.querySelector<HTMLElement>('.inspector')!;
    const right = window.innerWidth;
    const out = [...document.querySelectorAll<HTMLElement>('.app *')]
      .filter((el) => el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().right > right + 1)
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)}`);
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      inspector: inspector.scrollWidth - inspector.clientWidth,
      inspectorScrolled: inspector.scrollLeft,
      out,
    };
  });
}

async function expectFits(page: Page, where: string) {
  const measured = await overflow(page);
  expect(measured, where).toEqual({ page: 0, inspector: 0, inspectorScrolled: 0, out: [] });
}

/** Every Fork here button of the turn table is inside the page's width and on one line. */
async function expectForkButtonsFit(page: Page, language: Language, where: string) {
  const forks = page.getByRole('button', { name: new RegExp(WORDS[language].runs.fork.button) });
  const boxes = await forks.evaluateAll((buttons) =>
    buttons.map((b) => {
      const box = b.getBoundingClientRect();
      const lineHeight = parseFloat(getComputedStyle(b).lineHeight) || parseFloat(getComputedStyle(b).fontSize) * 1.6;
      return { right: box.right, lines: Math.round((b.clientHeight - 4) / lineHeight) };
    }),
  );
  expect(boxes.length, where).toBeGreaterThan(0);
  const width = page.viewportSize()!.width;
  for (const box of boxes) {
    expect(box.right, `${where}: Fork here inside the page`).toBeLessThanOrEqual(width);
    expect(box.lines, `${where}: Fork here on one line`).toBeLessThanOrEqual(1);
  }
}

async function runToEnd(page: Page, language: Language) {
  await button(page, WORDS[language].loop.runToEnd).click();
  // Every scenario's run ends (or waits at a pause it asks for).
  await expect(page.locator('[data-testid="run-end"], [data-call-approve]').first()).toBeVisible();
}

for (const { width, height } of SIZES) {
  for (const language of LANGUAGES) {
    for (const presenter of [false, true]) {
      const view = presenter ? 'presenter' : 'normal';
      test(`${width}×${height}, ${language}, ${view} view: no sideways scroll after a run of every scenario`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height });
        await openScenario(page, SCENARIOS[0]!.id, `&lang=${language}${presenter ? '&present' : ''}`);
        const scenario = page.locator('header.header select').first();
        for (const { id } of SCENARIOS) {
          await scenario.selectOption(id);
          await page.locator('#tab-turns').click();
          await runToEnd(page, language);
          await expectFits(page, `${id}: Turns`);
          await expectForkButtonsFit(page, language, id);
        }
        // Every inspector tab of the first scenario's run.
        await scenario.selectOption(SCENARIOS[0]!.id);
        await runToEnd(page, language);
        await shot(page, `fit-${width}-${language}-${view}`);
        for (const tab of await page.getByRole('tab').all()) {
          await tab.click();
          // A tab's chunk loads on first use: slow on a busy machine.
          await expect(page.locator('.inspector-skeleton')).toHaveCount(0, { timeout: 30_000 });
          await expectFits(page, `${SCENARIOS[0]!.id}: ${await tab.textContent()}`);
        }
        // Fork here: the new branch's inspector is not scrolled sideways, its tab names are whole.
        await page.locator('#tab-turns').click();
        await page
          .getByRole('button', { name: new RegExp(WORDS[language].runs.fork.button) })
          .first()
          .click();
        await expectFits(page, 'after Fork here');
        const tabs = await page.getByRole('tab').evaluateAll((all) =>
          all.map((tab) => {
            const box = tab.getBoundingClientRect();
            const panel = tab.closest('.inspector')!.getBoundingClientRect();
            return box.left >= panel.left && box.right <= panel.right;
          }),
        );
        expect(tabs.every(Boolean), 'every tab name inside the inspector').toBe(true);
      });
    }

    test(`${width}×${height}, ${language}: the presenter view at a pause shows the waiting calls, the pause switch and Step`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await openScenario(page, 'seoul-time-math', `&lang=${language}&present`);
      const words = WORDS[language].loop;
      const pause = page.getByRole('checkbox', { name: words.settings.pause });
      await expect(pause).toBeInViewport({ ratio: 1 });
      await pause.check();
      await button(page, words.send).click();
      await button(page, words.step).click();
      // The pause brings call_1's decisions into view; Step and the switch stay on screen above them.
      const card = callCard(page, 'call_1');
      await expect(card.locator('[data-call-approve]')).toBeInViewport({ ratio: 1 });
      for (const control of [button(page, words.step), pause, button(page, words.approveAll)]) {
        await expect(control).toBeInViewport({ ratio: 1 });
      }
      // Nothing is hidden under the sticky bar: call_1's head is below it.
      const barBottom = await page.locator('.loop-bar').evaluate((bar) => bar.getBoundingClientRect().bottom);
      const cardTop = await card.evaluate((c) => c.getBoundingClientRect().top);
      expect(cardTop).toBeGreaterThanOrEqual(barBottom);
      await expectFits(page, 'presenter pause');
      await shot(page, `presenter-pause-${width}-${language}`);
    });

    test(`${width}×${height}, ${language}: a long runtime status keeps the header on one line`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await openScenario(page, 'seoul-time-math', `&lang=${language}`);
      const header = page.locator('header.header');
      const oneLine = await header.evaluate((h) => h.getBoundingClientRect().height);
      // The CPU runtime without a model: the longest status the runtimes give before any load.
      await page.locator('header.header select').nth(1).selectOption('wllama');
      const status = page.getByTestId('header-status');
      await expect(status).toHaveAttribute('data-full', /.{40,}/);
      const full = (await status.getAttribute('data-full'))!;
      expect(await header.evaluate((h) => h.getBoundingClientRect().height)).toBeLessThanOrEqual(oneLine + 1);
      // Cut with an ellipsis: the text is wider than its box, and the presenter switch and the language stay in view.
      const cut = await status
        .locator('.header-status-text')
        .evaluate((t) => ({ overflow: getComputedStyle(t).textOverflow, clipped: t.scrollWidth > t.clientWidth }));
      expect(cut.overflow).toBe('ellipsis');
      await expect(page.getByTestId('presenter-toggle')).toBeInViewport({ ratio: 1 });
      await expect(page.locator('.header-language select')).toBeInViewport({ ratio: 1 });
      await expectFits(page, 'long status');
      // The whole text: the status's own text (what a screen reader reads), on focus, and in the Model band.
      await expect(status).toContainText(full);
      await status.focus();
      const shown = await status.evaluate((s) => getComputedStyle(s, '::after').content);
      expect(shown).toContain(full.slice(0, 20));
      await expect(page.getByTestId('runtime-status-full')).toContainText(full);
      await shot(page, `header-long-status-${width}-${language}${cut.clipped ? '' : '-whole'}`);
    });
  }
}
