/**
 * The first paint does not jump (#13): the skeleton drawn before the playground's code arrives puts the header,
 * the first minute's banner or card, the model band and the columns where the app then draws them. The
 * composition root's chunk is held back until the skeleton has been measured, so the test never depends on how
 * fast the machine loads it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

/** Holds every request for the composition root's chunk until the returned function is called. */
async function holdAppRoot(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const pattern = /\/assets\/app-root-[^/]+\.js$/;
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    await page.unroute(pattern);
  };
}

/** Where the intro, the model band and the columns start, measured from the header's bottom edge. */
async function layout(page: Page) {
  const box = async (selector: string) => {
    const found = await page.locator(selector).first().boundingBox();
    if (!found) throw new Error(`${selector} is not on screen.`);
    return found;
  };
  const header = await box('header');
  const below = async (selector: string) => (await box(selector)).y - (header.y + header.height);
  return {
    header: header.height,
    below: { band: await below('.model-band'), columns: await below('.app-columns') },
  };
}

/**
 * Loads `url` with the app held back and checks the app draws the intro, the band and the columns where the
 * skeleton drew them. The header's height is compared where the runtime is ready: a runtime's long status (e.g.
 * "this scenario has no script") may wrap the app's header onto a second line, which the skeleton cannot know.
 */
async function skeletonThenApp(page: Page, url: string, intro: 'scenario-banner' | 'intro-card') {
  const release = await holdAppRoot(page);
  await page.goto(url);
  const skeleton = page.locator('.app-skeleton');
  await expect(skeleton.getByTestId(intro)).toBeVisible();
  const drawn = await layout(page);
  const text = (await skeleton.getByTestId(intro).innerText()).trim();
  await release();
  const app = await layout(page);
  expect(app.below).toEqual(drawn.below);
  if (intro === 'scenario-banner') expect(app.header).toBe(drawn.header);
  expect((await page.getByTestId(intro).innerText()).trim()).toBe(text);
}

test('the skeleton draws the first minute and the columns where the app draws them', async ({ page, browser }) => {
  // A class link: ?scenario= names the banner.
  await skeletonThenApp(page, '/?scenario=seoul-time-math&speed=instant', 'scenario-banner');
  // A reload without it: the scenario is read from IndexedDB after the skeleton; the skeleton remembered it.
  await skeletonThenApp(page, '/?speed=instant', 'scenario-banner');

  // The same in Korean, whose taller line height makes the header's buttons taller.
  await skeletonThenApp(page, '/?scenario=seoul-time-math&speed=instant&lang=ko', 'scenario-banner');
  await page.goto('/?lang=en');
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();

  // No scenario open (the person chose "none"): the "do this first" card, in both.
  await page.getByLabel('Scenario').selectOption('');
  await expect(page.getByTestId('intro-card')).toBeVisible();
  await skeletonThenApp(page, '/?speed=instant', 'intro-card');

  // A first visit in a fresh browser: the first scenario's banner, in both.
  const context = await browser.newContext();
  try {
    await skeletonThenApp(await context.newPage(), '/?speed=instant', 'scenario-banner');
  } finally {
    await context.close();
  }
});
