/**
 * The page in a real browser (#13's goals): Chromium through Playwright (the same binary and flags as
 * playwright.config.ts), on a production build served by `vite preview` on a free port.
 *
 * - Time to a usable Send: from navigation start (performance.now() is measured from it) to the Send button
 *   enabled with the scenario loaded (its system prompt in place), over fresh browser contexts (nothing cached).
 * - A 1,000-message run (system, user, 499 × assistant + tool, the final answer: bench/long-run.ts, the real loop
 *   and scripted replay) imported through the Runs tab as a person would, then one more user message sent: the
 *   app's scripted replay streams the scenario's first turn at 40 tok/s (`?speed=40`, the app's default) — the
 *   same runtime, transcript and inspector code a user's turn goes through. Long tasks (PerformanceObserver
 *   'longtask') and total blocking time are taken from the click on Send until the turn has streamed.
 * - DOM elements under the transcript after that turn.
 * - Scroll frame p95: the transcript scrolled top to bottom, a step every animation frame, the frame intervals.
 *
 * Set BENCH_DIST to a built folder to skip the build. Bytes per chunk and the precache: see bench/bundle.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { chromium } from '@playwright/test';
import config from '../playwright.config';
import { longRun, longRunFileText } from './long-run';
import type { BenchTable } from './table';
import { median } from './table';

const SCENARIO = 'seoul-time-math';
/** 499 rounds of assistant + tool, with the system prompt, the user message and the final answer: 1,000. */
const ROUNDS = 499;
const LOADS = 5;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const verdict = (met: boolean) => (met ? 'met' : 'not met');

/**
 * The layout shift of a load (the Cumulative Layout Shift score of everything that moved without input, from
 * navigation start to now): 0 when the skeleton's boxes are where the app draws its own.
 */
const LAYOUT_SHIFT = `new Promise((resolve) => {
  new PerformanceObserver((list, observer) => {
    observer.disconnect();
    resolve(list.getEntries().reduce((sum, e) => sum + (e.hadRecentInput ? 0 : e.value), 0));
  }).observe({ type: 'layout-shift', buffered: true });
  setTimeout(() => resolve(0), 500);
})`;

interface Load {
  /** Navigation start → Send enabled with the scenario's system prompt in place. */
  readonly usableMs: number;
  readonly layoutShift: number;
}

/** One fresh load (a new context: nothing cached): when Send is usable, and how far the page moved meanwhile. */
async function freshLoad(browser: Browser, base: string): Promise<Load> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/?scenario=${SCENARIO}&speed=40`, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      () => {
        const send = [...document.querySelectorAll<HTMLButtonElement>('[role="toolbar"] button')].find(
          (b) => b.textContent?.trim() === 'Send',
        );
        const system = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="System prompt"]');
        const ready = document.querySelector('.app[data-ready="true"]');
        return ready && send && !send.disabled && system && system.value.trim() !== '' ? performance.now() : false;
      },
      null,
      { polling: 'raf', timeout: 30_000 },
    );
    const usableMs = (await handle.jsonValue()) as number;
    // A string, not a function: tsx would wrap a named callback in a helper the page does not have.
    return { usableMs, layoutShift: (await page.evaluate(LAYOUT_SHIFT)) as number };
  } finally {
    await context.close();
  }
}

/** Scrolls the transcript's scroll container (the list or the first scrolling ancestor) to the bottom. */
function scrollTranscriptToEnd(page: Page): Promise<void> {
  return page.evaluate(async () => {
    let scroller = document.querySelector<HTMLElement>('[data-testid="transcript-virtual"]');
    while (
      scroller &&
      !(scroller.scrollHeight > scroller.clientHeight + 10 && /auto|scroll/.test(getComputedStyle(scroller).overflowY))
    ) {
      scroller = scroller.parentElement;
    }
    const target = scroller ?? document.scrollingElement!;
    // The virtual list measures rows as they appear: scroll until the end stays the end.
    for (let i = 0; i < 20; i++) {
      target.scrollTop = target.scrollHeight;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      if (Math.abs(target.scrollTop + target.clientHeight - target.scrollHeight) < 2) break;
    }
  });
}

/**
 * The transcript scrolled from top to bottom, 240 px every animation frame (up to 600 frames): the intervals
 * between frames, in ms.
 */
const SCROLL_FRAMES = `(async () => {
  let scroller = document.querySelector('[data-testid="transcript-virtual"]');
  while (scroller && !(scroller.scrollHeight > scroller.clientHeight + 10 && /auto|scroll/.test(getComputedStyle(scroller).overflowY))) {
    scroller = scroller.parentElement;
  }
  const target = scroller || document.scrollingElement;
  target.scrollTop = 0;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const deltas = [];
  return new Promise((resolve) => {
    let last = -1;
    const tick = (now) => {
      if (last >= 0) deltas.push(now - last);
      last = now;
      const before = target.scrollTop;
      target.scrollTop = before + 240;
      if (target.scrollTop === before || deltas.length >= 600) resolve(deltas);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
})()`;

/**
 * `BENCH_PROFILE=1`: a CPU profile of the streamed turn, the functions with the most self time (build with
 * `vite build --minify false` and pass it as BENCH_DIST for readable names).
 */
async function startProfile(page: Page): Promise<() => Promise<string>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    const self = new Map<string, number>();
    const dt = new Map<number, number>();
    profile.samples?.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
    for (const node of profile.nodes) {
      const f = node.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + (dt.get(node.id) ?? 0) / 1000);
    }
    return [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`)
      .join('\n');
  };
}

interface StreamFigures {
  readonly longTasks: number;
  readonly longestTaskMs: number;
  readonly totalBlockingMs: number;
  readonly streamMs: number;
  readonly domElements: number;
  readonly frameP95: number;
  readonly frameMedian: number;
  readonly frames: number;
  readonly importMs: number;
}

async function streamOnLongRun(page: Page, base: string, fileText: string): Promise<StreamFigures> {
  await page.goto(`${base}/?scenario=${SCENARIO}&speed=40`);
  await page.locator('.app[data-ready="true"]').waitFor();
  await page.getByRole('tab', { name: 'Runs' }).click();
  const importStart = Date.now();
  await page
    .getByLabel('Import run file')
    .setInputFiles({ name: 'long.json', mimeType: 'application/json', buffer: Buffer.from(fileText) });
  await page.getByTestId('runs-notice').filter({ hasText: 'Imported' }).waitFor({ timeout: 120_000 });
  await page.getByTestId('transcript-virtual').waitFor();
  const importMs = Date.now() - importStart;
  // Let the page settle after the import (the run is written to IndexedDB, the inspector catches up).
  await page.waitForTimeout(1500);

  // The run's `echo` is a bench tool, not in this page's workspace: untick it, as the Tools panel offers.
  await page.getByRole('button', { name: 'Untick echo' }).click();
  await page.getByRole('textbox', { name: 'User message' }).fill('And now: what time is it in Seoul?');
  const controls = page.getByRole('toolbar', { name: 'Debugger controls' });
  const send = controls.getByRole('button', { name: 'Send', exact: true });
  const step = controls.getByRole('button', { name: 'Step', exact: true });
  if (!(await send.isEnabled())) throw new Error('Send is not enabled after the import: the run cannot continue.');
  // Send adds the user message; Step makes the model call, which the scripted replay streams.
  await send.click();
  await step.waitFor({ state: 'visible' });
  if (!(await step.isEnabled())) throw new Error('Step is not enabled after Send.');
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
  // Where a person continuing the run is: at its end, where the new turn streams in.
  await scrollTranscriptToEnd(page);
  const stopDisabled = (disabled: boolean) =>
    page.waitForFunction(
      (want) =>
        [...document.querySelectorAll<HTMLButtonElement>('[role="toolbar"] button')].find(
          (b) => b.textContent?.trim() === 'Stop',
        )?.disabled === want,
      disabled,
      { polling: 'raf', timeout: 60_000 },
    );
  const profiler = process.env.BENCH_PROFILE ? await startProfile(page) : null;
  const streamStart = await page.evaluate(() => performance.now());
  await step.click();
  // Streaming: Stop is enabled while the model call is in flight, and disabled once the turn has ended.
  await stopDisabled(false);
  await stopDisabled(true);
  const streamMs = (await page.evaluate(() => performance.now())) - streamStart;
  if (profiler) console.log(await profiler());
  // A long task is reported after it ends: give the observer a frame.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
  const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  const round = ROUNDS + 2;
  await scrollTranscriptToEnd(page);
  if (process.env.BENCH_DEBUG) {
    await page.screenshot({ path: '/tmp/pb-debug.png' });
    console.log(
      await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid^="assistant-"]')]
          .map((e) => e.getAttribute('data-testid'))
          .join(' '),
      ),
    );
  }
  if ((await page.getByTestId(`assistant-${round}`).count()) === 0) {
    throw new Error(`The new turn (assistant-${round}) is not in the transcript after streaming.`);
  }
  const domElements = await page.evaluate(
    () => document.querySelector('section.transcript')?.querySelectorAll('*').length ?? -1,
  );

  // A string, not a function: tsx would wrap the named callback in a helper the page does not have.
  const frames = (await page.evaluate(SCROLL_FRAMES)) as number[];
  return {
    longTasks: tasks.filter((d) => d > 50).length,
    longestTaskMs: Math.max(0, ...tasks),
    totalBlockingMs: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
    streamMs,
    domElements,
    frameP95: p95(frames),
    frameMedian: median(frames.length ? frames : [0]),
    frames: frames.length,
    importMs,
  };
}

export async function run(): Promise<BenchTable> {
  const { build, preview } = await import('vite');
  const outDir = process.env.BENCH_DIST ?? mkdtempSync(join(tmpdir(), 'bench-browser-'));
  const port = await freePort();
  const { events } = await longRun(ROUNDS, false, { finalAnswer: { headroom: 10 }, scenarioId: SCENARIO });
  const fileText = longRunFileText(events);
  let server: Awaited<ReturnType<typeof preview>> | null = null;
  let browser: Browser | null = null;
  try {
    if (!process.env.BENCH_DIST) await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    server = await preview({
      logLevel: 'silent',
      build: { outDir },
      preview: { host: '127.0.0.1', port, strictPort: true },
    });
    const base = `http://127.0.0.1:${port}`;
    browser = await chromium.launch({ ...config.use?.launchOptions, headless: true });
    const loads: Load[] = [];
    for (let i = 0; i < LOADS; i++) loads.push(await freshLoad(browser, base));
    const sends = loads.map((l) => l.usableMs);
    const shift = Math.max(...loads.map((l) => l.layoutShift));

    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const figures = await streamOnLongRun(page, base, fileText);
    await context.close();

    const send = median(sends);
    return {
      title: `Browser: a 1,000-message run in Chromium (goals from #13)`,
      columns: ['figure', 'measured', 'goal'],
      rows: [
        [
          'long tasks > 50 ms while streaming a turn at 40 tok/s',
          `${figures.longTasks} (longest ${ms(figures.longestTaskMs)}; turn ${ms(figures.streamMs)})`,
          `0 (${verdict(figures.longTasks === 0)})`,
        ],
        ['total blocking time while streaming that turn', ms(figures.totalBlockingMs), '—'],
        [
          'DOM elements in the transcript',
          figures.domElements,
          `≤ 2,000 (${verdict(figures.domElements >= 0 && figures.domElements <= 2000)})`,
        ],
        [
          'scroll frame p95 (transcript top to bottom)',
          `${ms(figures.frameP95)} (median ${ms(figures.frameMedian)}, ${figures.frames} frames)`,
          `≤ 20 ms (${verdict(figures.frameP95 <= 20)})`,
        ],
        [
          `time to a usable Send (median of ${LOADS} fresh loads)`,
          `${ms(send)} (${sends.map((s) => s.toFixed(0)).join(', ')})`,
          `≤ 600 ms (${verdict(send <= 600)})`,
        ],
        [
          `layout shift while loading (CLS, the worst of ${LOADS} fresh loads)`,
          shift.toFixed(3),
          `0: no layout jump (${verdict(shift < 0.001)})`,
        ],
        ['importing the 1,000-message run file (to the transcript shown)', ms(figures.importMs), '—'],
      ],
      notes: [
        `Chromium ${browser.version()} headless, ${config.use?.launchOptions?.args?.includes('--disable-gpu') ? 'no GPU' : 'GPU'}, viewport 1440×900, the production build on vite preview.`,
        'The streamed turn is the Seoul scenario’s first turn, played by the app’s scripted replay at 40 tok/s after the imported run.',
        'Initial JS per chunk and the precache bytes: the bundle table.',
      ],
    };
  } finally {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.httpServer.close(() => resolve()) : resolve()));
    if (!process.env.BENCH_DIST) rmSync(outDir, { recursive: true, force: true });
  }
}
