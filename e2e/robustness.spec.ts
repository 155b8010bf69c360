/**
 * Robustness against hostile tool code, files and models (issue 19): a memory bomb ends as a tool error while the
 * tab and the unsaved draft survive; a thrown value that cannot be turned into text is reported at once; hostile
 * schemas are refused at import with a reason; bad GGUF files are never shown as Ready; files say what they are;
 * a tools file with code asks for trust. Storage cannot lock anyone out: a damaged record is set aside (listed,
 * exportable, deletable) and the app starts; another tab's upgrade, a blocked open and a full disk are announced in
 * the main view, and Export still works after a quota error.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ggufWithoutHyperparameters, ggufWithUnknownArchitecture } from '../src/runtimes/wllama/gguf/test-fixtures';
import { assistantTurn, button, openScenario, setToolCode, storedRuns } from './helpers';

async function openApp(page: Page): Promise<void> {
  await page.goto('/?speed=instant');
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tool studio' })).toBeVisible();
}

async function newTool(page: Page): Promise<Locator> {
  await button(page, '+ New tool').click();
  const dialog = page.getByRole('dialog', { name: 'Tool editor' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function testRun(dialog: Locator): Promise<Locator> {
  await button(dialog, 'Run test').click();
  const result = dialog.getByTestId('test-run-result');
  await expect(result.getByTestId('test-run-outcome')).toBeVisible({ timeout: 20_000 });
  return result;
}

test.describe('tool code cannot take the tab down', () => {
  test('a memory bomb ends as a tool error; the tab stays alive and the draft is kept', async ({ page }) => {
    let crashed = false;
    page.on('crash', () => (crashed = true));
    await openApp(page);
    const dialog = await newTool(page);
    await dialog.getByLabel('Name', { exact: true }).fill('bomb_tool');
    const bomb = 'const a = [];\nfor (;;) a.push(new Array(1e7).fill(1.5));';
    await setToolCode(dialog, bomb);
    await dialog.getByLabel('Time limit (ms)').fill('20000');
    const result = await testRun(dialog);
    await expect(result.getByTestId('test-run-outcome')).toHaveAttribute('data-outcome', 'out-of-memory');
    await expect(result.getByTestId('test-run-text')).toHaveText(/bomb_tool exceeded its memory limit \(64 MB\)/);
    expect(crashed).toBe(false);
    // The tab is alive and responsive, the unsaved draft is intact, and the sandbox runs the next code.
    expect(await page.evaluate(() => 6 * 7)).toBe(42);
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('bomb_tool');
    await expect(dialog.getByTestId('code-editor').locator('.cm-content')).toContainText('new Array(1e7).fill(1.5)');
    await dialog.getByLabel('Memory limit (MB)').fill('16');
    await expect((await testRun(dialog)).getByTestId('test-run-text')).toHaveText(/memory limit \(16 MB\)/);
    await setToolCode(dialog, 'return args.a + args.b;');
    await expect((await testRun(dialog)).getByTestId('test-run-text')).toHaveText('5');
  });

  test('a thrown object whose toJSON and toString both throw is reported at once, by what it is', async ({ page }) => {
    await openApp(page);
    const dialog = await newTool(page);
    await setToolCode(dialog, 'throw { code: 7, toJSON() { throw 1 }, toString() { throw 2 } };');
    // It used to end as a timeout after the whole limit: now it is reported as what it is.
    await dialog.getByLabel('Time limit (ms)').fill('60000');
    const result = await testRun(dialog);
    await expect(result.getByTestId('test-run-outcome')).toHaveAttribute('data-outcome', 'threw');
    await expect(result.getByTestId('test-run-text')).toHaveText(
      /an object with keys code, toJSON, toString that cannot be turned into text/,
    );
  });
});

test.describe('the CPU runtime tells the truth', () => {
  test('a GGUF of an unknown architecture, or without its hyperparameters, is never shown as Ready', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openScenario(page, 'seoul-time-math');
    await page.getByLabel('Runtime').selectOption({ label: 'CPU (wllama, GGUF)' });
    const panel = page.getByRole('region', { name: 'CPU runtime (wllama)' });
    const fileInput = panel.getByLabel('GGUF file');
    const alert = panel.getByRole('alert');

    // The header is whole; llama.cpp itself refuses the architecture, and says so only in its log.
    await fileInput.setInputFiles({
      name: 'frobnicator.gguf',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(ggufWithUnknownArchitecture()),
    });
    await expect(alert).toContainText(
      'llama.cpp does not know the model architecture "frobnicator", so it cannot load this file.',
      { timeout: 30_000 },
    );
    await expect(panel.getByRole('region', { name: 'Loaded model' })).toHaveCount(0);
    await expect(panel).not.toContainText('Ready');

    // Missing hyperparameters are seen in the header, before llama.cpp is asked.
    await fileInput.setInputFiles({
      name: 'no-hparams.gguf',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(ggufWithoutHyperparameters()),
    });
    await expect(alert).toContainText(
      'This GGUF file lacks hyperparameters llama.cpp needs to build the model: llama.context_length, llama.embedding_length, llama.block_count.',
    );
    await expect(panel).not.toContainText('Ready');

    // The runtime still loads a good model afterwards.
    await button(page, 'Generate tiny random test model').click();
    await expect(panel.getByRole('region', { name: 'Loaded model' }).getByRole('status')).toHaveText(
      'Ready: tiny random test model (seed 1)',
      { timeout: 30_000 },
    );
  });
});

test.describe('hostile schemas and files', () => {
  test('a 4,000-deep schema and a structureless $ref cycle are refused at import with the reason', async ({ page }) => {
    await openApp(page);
    await button(page, 'Import MCP tools…').click();
    const dialog = page.getByRole('dialog', { name: 'Import MCP tools' });
    const deep = `${'{"type":"object","properties":{"a":'.repeat(4000)}{"type":"string"}${'}}'.repeat(4000)}`;
    const cyclic = JSON.stringify({
      type: 'object',
      properties: { x: { $ref: '#/$defs/a' } },
      $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
    });
    const tree = JSON.stringify({
      type: 'object',
      properties: { root: { $ref: '#/$defs/node' } },
      $defs: {
        node: {
          type: 'object',
          properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } },
        },
      },
    });
    await dialog
      .getByLabel('tools/list result (JSON)')
      .fill(
        `{"tools":[{"name":"deep","inputSchema":${deep}},{"name":"cyclic","inputSchema":${cyclic}},{"name":"plant","inputSchema":${tree}}]}`,
      );
    await button(dialog, 'Import').click();
    const message = dialog.getByTestId('mcp-import-message');
    await expect(message).toContainText('Imported 1 tool.');
    await expect(message).toContainText('Tool 1 ("deep"): inputSchema — The schema is nested more than 64 levels deep');
    await expect(message).toContainText(
      'Tool 2 ("cyclic"): inputSchema — The schema\'s $ref chain #/$defs/a → #/$defs/b → #/$defs/a loops without any structure',
    );
    await button(dialog, 'Close').click();
    // The recursive one is a working tool of the workspace.
    await expect(page.getByLabel('Expose plant')).toHaveCount(1);
  });

  test('a PNG imported as a run is named as an image, not as a cut-off run', async ({ page }) => {
    await openApp(page);
    await page.getByRole('tab', { name: 'Runs' }).click();
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0,
    ]);
    await page
      .getByLabel('Import run file')
      .setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: png });
    const notice = page.getByTestId('runs-notice');
    await expect(notice).toContainText(
      'This is a PNG image, not JSON. A run file is the JSON document that "Export run" writes',
    );
    await expect(notice).not.toContainText('truncated');
  });

  test('a tools file that carries code asks for trust before anything of it is added', async ({ page }) => {
    await openApp(page);
    const file = {
      format: 'tool-loop-playground/user-tools',
      version: 1,
      exportedAt: '2026-01-01T00:00:00.000Z',
      tools: [
        {
          id: 'tool-shared-1',
          name: 'shout',
          description: 'Upper-cases a text.',
          parameters: null,
          jsonSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
          code: 'return String(args.text).toUpperCase(); // <script>alert(1)</script>',
          returnDirect: false,
          needsApproval: false,
          allowNetwork: true,
          kind: 'code',
          timeoutMs: 1000,
          sampleArgs: '{"text":"hi"}',
          updatedAt: 0,
        },
      ],
    };
    const input = page.getByLabel('Import tools file');
    await input.setInputFiles({
      name: 'shared.tlp-tools.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    const prompt = page.getByRole('region', { name: 'Tools file code' });
    await expect(prompt).toContainText('This tools file carries code for 1 tool');
    await expect(prompt).toContainText('Some of them ask for network access.');
    await expect(prompt.getByLabel('Code of shout')).toHaveText(
      'return String(args.text).toUpperCase(); // <script>alert(1)</script>',
    );
    await expect(page.getByLabel('Expose shout')).toHaveCount(0);
    await button(prompt, 'Don’t trust').click();
    await expect(prompt).toBeHidden();
    await expect(page.getByText('The tools file was not imported; none of its code ran.')).toBeVisible();
    await expect(page.getByLabel('Expose shout')).toHaveCount(0);

    await input.setInputFiles({
      name: 'shared.tlp-tools.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await button(page.getByRole('region', { name: 'Tools file code' }), 'Trust and add to My tools').click();
    await expect(page.getByLabel('Expose shout')).toHaveCount(1);
    await expect(page.getByText('Imported 1 tool.')).toBeVisible();
  });
});

async function runSeoulToEnd(page: Page): Promise<void> {
  await openScenario(page, 'seoul-time-math');
  await button(page, 'Run to end').click();
  await expect(assistantTurn(page, 3).getByTestId('assistant-text')).toContainText('877');
}

test.describe('storage cannot lock anyone out', () => {
  test('a damaged record: the app starts, the run is set aside with its reason, exported raw and deleted', async ({
    page,
  }) => {
    await runSeoulToEnd(page);
    const [run] = await storedRuns(page);
    expect(run).toBeDefined();
    // Damage it as a flaky disk or an old bug would: a model response without its response.
    const damagedAt = await page.evaluate(
      (runId) =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('tool-loop-playground');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('events', 'readwrite');
            const request = tx.objectStore('events').openCursor(IDBKeyRange.bound([runId, 0], [runId, Infinity]));
            let seq = -1;
            request.onsuccess = () => {
              const cursor = request.result;
              if (!cursor) return;
              const record = cursor.value as { seq: number; event: { type: string; response?: unknown } };
              if (seq < 0 && record.event.type === 'model-responded') {
                seq = record.seq;
                delete record.event.response;
                cursor.update(record);
              }
              cursor.continue();
            };
            tx.oncomplete = () => {
              open.result.close();
              resolve(seq);
            };
          };
        }),
      run!.runId,
    );
    expect(damagedAt).toBeGreaterThan(0);

    await page.reload();
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    const banner = page.getByTestId('storage-damaged');
    await expect(banner).toHaveText(/1 saved run is damaged and was set aside: the app works without it\./);
    await page.screenshot({ path: '/work/notes/screens/19/damaged-banner-1440.png' });
    await button(banner, 'Show damaged runs').click();
    const item = page.getByTestId(`damaged-${run!.runId}`);
    await expect(item.getByTestId('damage-reason')).toContainText(
      `Event ${damagedAt + 1} (model-responded) is malformed: response`,
    );
    await expect(page.getByTestId(`run-${run!.runId}`)).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({ path: '/work/notes/screens/19/damaged-runs-1280.png' });

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('button', { name: /^Export damaged run .* as raw JSON$/ }).click(),
    ]);
    const raw = JSON.parse(await readFile((await file.path())!, 'utf8'));
    expect(raw).toMatchObject({
      format: 'tool-loop-playground/damaged-run',
      runId: run!.runId,
      damage: { kind: 'event' },
    });
    expect(raw.events).toHaveLength(run!.events.length);
    expect(raw.events[damagedAt].event.response).toBeUndefined();

    await item.getByRole('button', { name: /^Delete damaged run/ }).click();
    await expect(page.getByTestId('damaged-runs')).toHaveCount(0);
    await expect(page.getByTestId('storage-banner')).toHaveCount(0);
    expect((await storedRuns(page)).map((r) => r.runId)).not.toContain(run!.runId);
  });

  test('another tab upgrading the database: this page lets go and asks for a reload', async ({ page }) => {
    await openApp(page);
    // Another tab of a newer app opens version 3: the page's connection closes at once, so the upgrade proceeds.
    const upgraded = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('tool-loop-playground', 3);
          open.onblocked = () => reject(new Error('blocked by the page'));
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const version = open.result.version;
            open.result.close();
            resolve(version);
          };
        }),
    );
    expect(upgraded).toBe(3);
    const status = page.getByTestId('storage-status');
    await expect(status).toHaveAttribute('data-kind', 'replaced');
    await expect(status).toContainText('This app was updated in another tab: reload to go on saving.');
    await expect(button(status, 'Reload')).toBeVisible();
  });

  test('an open that stays blocked: the app starts without saving and says so in the main view', async ({ page }) => {
    // An old connection (version 1) that never lets go, as a stuck tab would hold it.
    await page.addInitScript(() => {
      const open = indexedDB.open('tool-loop-playground', 1);
      open.onupgradeneeded = () => {
        open.result.createObjectStore('runs', { keyPath: 'runId' });
        open.result.createObjectStore('settings');
      };
      (window as unknown as { heldOpen: unknown }).heldOpen = open;
    });
    await page.goto('/?scenario=seoul-time-math&speed=instant');
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible({ timeout: 20_000 });
    const status = page.getByTestId('storage-status');
    await expect(status).toHaveAttribute('data-kind', 'blocked');
    await expect(status).toContainText('Storage is blocked');
    await expect(status).toContainText('The app runs without saving');
    await page.screenshot({ path: '/work/notes/screens/19/storage-blocked-1440.png' });
    await button(page, 'Run to end').click();
    await expect(assistantTurn(page, 3).getByTestId('assistant-text')).toContainText('877');
    await expect(page.getByTestId('loop-notice')).toHaveCount(0);
  });

  test('after a quota error the page says storage is full, and Export still writes the run', async ({ page }) => {
    await openScenario(page, 'seoul-time-math');
    // The disk fills up: every write from now on fails the way the browser fails it.
    await page.evaluate(() => {
      IDBObjectStore.prototype.put = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await button(page, 'Run to end').click();
    await expect(assistantTurn(page, 3).getByTestId('assistant-text')).toContainText('877');
    const status = page.getByTestId('storage-status');
    await expect(status).toHaveAttribute('data-kind', 'full');
    await expect(status).toContainText('Storage is full: new events are not saved');
    await page.getByRole('tab', { name: 'Runs' }).click();
    const [file] = await Promise.all([page.waitForEvent('download'), button(page, 'Export run').click()]);
    const exported = JSON.parse(await readFile((await file.path())!, 'utf8'));
    expect(exported).toMatchObject({ format: 'tool-loop-playground/run' });
    expect(exported.run.events.at(-1).type).toBe('run-finished');
    await expect(page.getByTestId('runs-notice')).not.toContainText('send a message first');
  });
});
