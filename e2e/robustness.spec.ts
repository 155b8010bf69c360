/**
 * Robustness against hostile tool code, files and models (issue 19): a memory bomb ends as a tool error while the
 * tab and the unsaved draft survive; a thrown value that cannot be turned into text is reported at once; hostile
 * schemas are refused at import with a reason; bad GGUF files are never shown as Ready; files say what they are;
 * a tools file with code asks for trust.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ggufWithoutHyperparameters, ggufWithUnknownArchitecture } from '../src/runtimes/wllama/gguf/test-fixtures';
import { button, openScenario } from './helpers';

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

async function setCode(dialog: Locator, code: string): Promise<void> {
  const content = dialog.getByTestId('code-editor').locator('.cm-content');
  await content.fill(code);
  await expect(content).toContainText(code.split('\n')[0]!.trim());
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
    await setCode(dialog, bomb);
    await dialog.getByLabel('Time limit (ms)').fill('20000');
    const result = await testRun(dialog);
    await expect(result.getByTestId('test-run-outcome')).toHaveText('out-of-memory');
    await expect(result.getByTestId('test-run-text')).toHaveText(/bomb_tool exceeded its memory limit \(64 MB\)/);
    expect(crashed).toBe(false);
    // The tab is alive and responsive, the unsaved draft is intact, and the sandbox runs the next code.
    expect(await page.evaluate(() => 6 * 7)).toBe(42);
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('bomb_tool');
    await expect(dialog.getByTestId('code-editor').locator('.cm-content')).toContainText('new Array(1e7).fill(1.5)');
    await dialog.getByLabel('Memory limit (MB)').fill('16');
    await expect((await testRun(dialog)).getByTestId('test-run-text')).toHaveText(/memory limit \(16 MB\)/);
    await setCode(dialog, 'return args.a + args.b;');
    await expect((await testRun(dialog)).getByTestId('test-run-text')).toHaveText('5');
  });

  test('a thrown object whose toJSON and toString both throw is reported at once, by what it is', async ({ page }) => {
    await openApp(page);
    const dialog = await newTool(page);
    await setCode(dialog, 'throw { code: 7, toJSON() { throw 1 }, toString() { throw 2 } };');
    // It used to end as a timeout after the whole limit: now it is reported as what it is.
    await dialog.getByLabel('Time limit (ms)').fill('60000');
    const result = await testRun(dialog);
    await expect(result.getByTestId('test-run-outcome')).toHaveText('threw');
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
    await expect(message).toContainText('Imported 1 tool(s).');
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
    await expect(prompt).toContainText('This tools file carries code for 1 tool(s)');
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
    await expect(page.getByText('Imported 1 tool(s).')).toBeVisible();
  });
});
