/**
 * Nothing lost, under load too (issue 28, items 10 and 11). Every test runs with the CPU throttled 6× through the
 * DevTools protocol and repeats what it checks, so it cannot depend on the machine being idle: a reload at any
 * moment after Send shows the user's message, and a run storage cannot take says so — and keeps saying so until
 * its own events are written — with "Export now" to keep it.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { assistantTurn, button } from './helpers';

const ready = (page: Page) => expect(page.locator('.app[data-ready="true"]')).toBeVisible({ timeout: 30_000 });

/** Slows the page's CPU 6× (the DevTools protocol), again after each navigation so it holds on the new document. */
async function throttled(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  const throttle = async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  };
  await throttle();
  return throttle;
}

/** The moments after Send a reload may come: at once, once the model call streams, at once after Step. */
const MOMENTS = ['right after Send', 'right after Step', 'while the model streams'] as const;
const REPEATS = 3;

test.describe('a reload at any moment after Send shows the message (CPU 6× slower, repeated)', () => {
  test(`${MOMENTS.join(', ')} — ${REPEATS} times each`, async ({ page }) => {
    test.setTimeout(360_000);
    const throttle = await throttled(page);
    for (let repeat = 0; repeat < REPEATS; repeat += 1) {
      for (const moment of MOMENTS) {
        await page.goto('/?scenario=seoul-time-math&speed=3');
        await throttle();
        await ready(page);
        const message = `Round ${repeat + 1}, ${moment}: what time is it in Seoul?`;
        await page.getByLabel('User message').fill(message);
        await button(page, moment === 'right after Send' ? 'Send' : 'Step').click();
        if (moment === 'while the model streams') await expect(page.getByTestId('streaming-text')).toBeVisible();
        await page.reload();
        await throttle();
        await ready(page);
        await expect(page.locator('.message-user').first(), `${moment}, round ${repeat + 1}`).toContainText(message);
      }
    }
  });
});

/**
 * Keeps IndexedDB's `events` store busy for `ms` from a second connection (a read-write transaction that keeps
 * issuing requests), so the app's writes of the run wait behind it — storage as slow as on a busy machine.
 */
async function holdEventsStore(page: Page, ms: number): Promise<void> {
  await page.evaluate(
    (holdMs) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('tool-loop-playground');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('events', 'readwrite');
          const store = tx.objectStore('events');
          const until = Date.now() + holdMs;
          const spin = () => {
            if (Date.now() < until) store.count().onsuccess = spin;
          };
          spin();
          tx.oncomplete = () => db.close();
          resolve();
        };
      }),
    ms,
  );
}

test.describe('storage slower than the page (CPU 6× slower, repeated)', () => {
  test('a reload while the run waits on a slow disk keeps the message and the model call (the page’s journal)', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const throttle = await throttled(page);
    for (let repeat = 1; repeat <= 3; repeat += 1) {
      await page.goto('/?scenario=seoul-time-math&speed=3');
      await throttle();
      await ready(page);
      const message = `Slow disk ${repeat}: what time is it in Seoul?`;
      await page.getByLabel('User message').fill(message);
      // The run's writes wait behind another transaction: the model call waits for them, and the reload comes
      // before they could finish. What the page could not confirm is written synchronously as it goes away.
      await holdEventsStore(page, 1500);
      await button(page, 'Step').click();
      await expect(page.getByTestId('streaming-text')).toBeVisible({ timeout: 30_000 });
      await page.reload();
      await throttle();
      await ready(page);
      await expect(page.locator('.message-user').first(), `round ${repeat}`).toContainText(message);
      await expect(page.getByTestId('run-interrupted')).toContainText('was interrupted by a reload');
    }
  });
});

test.describe('a run storage cannot take is never lost silently (CPU 6× slower, repeated)', () => {
  test('it says it is not saved, storage stays full until its events are written, Export now keeps it', async ({
    page,
  }) => {
    test.setTimeout(360_000);
    const throttle = await throttled(page);
    for (let repeat = 1; repeat <= 2; repeat += 1) {
      await page.goto('/?scenario=seoul-time-math&speed=instant');
      await throttle();
      await ready(page);
      // The disk fills up for the run's events; small writes (the workspace, settings) still go through, and
      // each of them used to clear the "full" status.
      await page.evaluate(() => {
        const put = IDBObjectStore.prototype.put;
        const held = window as unknown as { realPut?: typeof put };
        held.realPut = put;
        IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
          if (this.name === 'events') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          return put.apply(this, args);
        };
      });
      await button(page, 'Run to end').click();
      await expect(assistantTurn(page, 3).getByTestId('assistant-text')).toContainText('877');
      const status = page.getByTestId('storage-status');
      const unsaved = page.getByTestId('run-unsaved');
      await expect(status).toHaveAttribute('data-kind', 'full');
      await expect(unsaved).toContainText('This run is not saved in this browser');
      // A write that succeeds elsewhere (the workspace) does not clear the failure.
      await page.getByLabel('Expose discount').check();
      await page.getByLabel('Expose discount').uncheck();
      await expect(status).toHaveAttribute('data-kind', 'full');
      await expect(unsaved).toBeVisible();

      const [file] = await Promise.all([page.waitForEvent('download'), button(unsaved, 'Export now').click()]);
      const exported = JSON.parse(await readFile((await file.path())!, 'utf8'));
      expect(exported).toMatchObject({ format: 'tool-loop-playground/run' });
      expect(exported.run.events.at(-1).type).toBe('run-finished');

      // Space is freed: the next write of the run's events (the writer retries) stores it and clears both.
      await page.evaluate(() => {
        const held = window as unknown as { realPut?: IDBObjectStore['put'] };
        if (held.realPut) IDBObjectStore.prototype.put = held.realPut;
      });
      await expect(unsaved).toHaveCount(0, { timeout: 20_000 });
      await expect(status).toHaveCount(0);
      await page.reload();
      await throttle();
      await ready(page);
      await expect(assistantTurn(page, 3).getByTestId('assistant-text'), `round ${repeat}`).toContainText('877');
    }
  });
});
