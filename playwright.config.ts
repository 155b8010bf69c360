import { defineConfig } from '@playwright/test';

/** Debian's Chromium (CI installs it with apt); Playwright's own browser download cannot reach its host here. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** E2E_PORT lets several people (or agents) run the suite side by side without sharing a server or a build. */
const port = Number(process.env.E2E_PORT ?? 4173);
const outDir = port === 4173 ? 'dist' : `dist-e2e-${port}`;

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  // One worker by default: on the shared 2-core machine two measured no faster (six slow specs: 313 s with one
  // worker, 311 s with two, each test about 1.8x slower). Where cores are free, E2E_WORKERS=2 runs two; the whole
  // suite passed with two (135/135), each spec file staying in one worker.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  forbidOnly: !!process.env.CI,
  outputDir: `test-results/playwright-${port}`,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    serviceWorkers: 'block',
    headless: true,
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `npx vite build --outDir ${outDir} && npx vite preview --outDir ${outDir} --port ${port} --strictPort --bypass-lock`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  },
});
