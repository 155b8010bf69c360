/** Shared steps for the end-to-end specs. */
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from '@playwright/test';
import type { EventWithFullTrace, LoopEvent } from '../src/engine';
import { withFullTraces } from '../src/engine';
import { expect } from '@playwright/test';

/** A stored event with its prompt trace in full (the log stores each trace as a change from the previous one). */
export type StoredEvent = EventWithFullTrace;

/** Opens the app on a scenario with instant scripted streaming and waits until it is ready. */
export async function openScenario(page: Page, scenario: string, extra = ''): Promise<void> {
  await page.goto(`/?scenario=${scenario}&speed=instant${extra}`);
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
}

/** Opens a scenario with "Pause before executing tools" on, sends its message and steps: its first calls wait. */
export async function openAtPause(page: Page, scenario: string): Promise<void> {
  await openScenario(page, scenario);
  await page.getByLabel('Pause before executing tools').check();
  await button(page, 'Send').click();
  await button(page, 'Step').click();
}

export function button(page: Page | Locator, name: string): Locator {
  return page.getByRole('button', { name, exact: true });
}

export function assistantTurn(page: Page, round: number): Locator {
  return page.getByTestId(`assistant-${round}`);
}

export function callCard(page: Page, callId: string): Locator {
  return page.getByTestId(`call-${callId}`);
}

export async function expectStop(turn: Locator, raw: string, derived: string): Promise<void> {
  const badge = turn.getByTestId('stop-badge').first();
  await expect(badge).toHaveAttribute('data-raw', raw);
  await expect(badge).toHaveAttribute('data-derived', derived);
}

/**
 * Every stored run, newest first, with its event log as the app persisted it to IndexedDB (a header per run in
 * `runs`, one record per event in `events`), each prompt trace read back in full.
 */
export async function storedRuns(page: Page): Promise<{ runId: string; updatedAt: number; events: StoredEvent[] }[]> {
  const runs = await storedRunRecords(page);
  return runs.map((run) => ({ ...run, events: withFullTraces(run.events) }));
}

/** The stored runs exactly as IndexedDB holds them (traces after the first stored as changes). */
export function storedRunRecords(page: Page): Promise<{ runId: string; updatedAt: number; events: LoopEvent[] }[]> {
  return page.evaluate(
    () =>
      new Promise<{ runId: string; updatedAt: number; events: LoopEvent[] }[]>((resolve, reject) => {
        const open = indexedDB.open('tool-loop-playground');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['runs', 'events']);
          const headers = tx.objectStore('runs').getAll();
          const events = tx.objectStore('events').getAll();
          tx.onerror = () => reject(tx.error);
          tx.oncomplete = () => {
            const runs = headers.result as { runId: string; updatedAt: number }[];
            const all = events.result as { runId: string; seq: number; event: LoopEvent }[];
            open.result.close();
            resolve(
              runs
                .sort((a, b) => b.updatedAt - a.updatedAt)
                .map((run) => ({
                  runId: run.runId,
                  updatedAt: run.updatedAt,
                  events: all
                    .filter((e) => e.runId === run.runId)
                    .sort((a, b) => a.seq - b.seq)
                    .map((e) => e.event),
                })),
            );
          };
        };
      }),
  );
}

/**
 * Brings a transcript entry that may be scrolled away into the page. A long run's transcript is virtualized: only
 * the entries near the screen exist in the DOM, so a test first searches for a text the entry shows; the search
 * scrolls it in and focuses it. On a short run (every entry rendered) this only checks the text is there.
 */
export async function revealInTranscript(page: Page, text: string): Promise<void> {
  const search = page.getByRole('searchbox', { name: 'Search the transcript' });
  if ((await search.count()) === 0) {
    await expect(page.locator('.transcript').getByText(text).first()).toBeAttached();
    return;
  }
  await search.fill(text);
  await search.press('Enter');
  await expect(page.locator('.transcript-item:focus').getByText(text).first()).toBeVisible();
}

/** Replaces the code in the tool studio's editor. */
export async function setToolCode(dialog: Locator, code: string): Promise<void> {
  const content = dialog.getByTestId('code-editor').locator('.cm-content');
  // Typed as input events (not a DOM fill, which CodeMirror reads back a frame later): the draft has the new code
  // before the next click, as it would for a person typing.
  await content.click();
  await content.press('ControlOrMeta+a');
  await content.page().keyboard.insertText(code);
  await expect(content).toContainText(code.split('\n')[0]!.trim());
}

/**
 * Exports the open run from the Runs tab (without tool code) and imports the file into a fresh browser context:
 * the page there, with the imported run open, and the file's text.
 */
export async function exportToFreshBrowser(page: Page, browser: Browser): Promise<{ other: Page; text: string }> {
  await page.getByRole('tab', { name: 'Runs' }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), button(page, 'Export run').click()]);
  const text = await readFile((await file.path())!, 'utf8');
  const other = await (await browser.newContext()).newPage();
  await other.goto('/?speed=instant');
  await expect(other.locator('.app[data-ready="true"]')).toBeVisible();
  await other.getByRole('tab', { name: 'Runs' }).click();
  await other
    .getByLabel('Import run file')
    .setInputFiles({ name: 'run.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(other.getByTestId('runs-notice')).toContainText('Imported');
  return { other, text };
}
