/**
 * WebLLM prompt formats and imports in Chromium with a SwiftShader WebGPU adapter. No model can be downloaded
 * here, so the tests stop before a model call: they import MLC model folders from disk (written into web-llm's
 * real caches, read back by the real worker), check the format the panel shows and where it came from, the
 * request that format builds, the question asked when the files do not tell, the download counted by part, the
 * footer's cache line, and the software-adapter warning.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { formatBytes } from '../src/runtimes/webllm/download-size';
import { axeBuilder } from './axe';
import { openScenario } from './helpers';

test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--enable-unsafe-webgpu',
      '--use-webgpu-adapter=swiftshader',
      '--enable-features=Vulkan',
      '--use-angle=swiftshader',
    ],
  },
});

const WEIGHTS = 1_048_576;
const LIBRARY = 300_000;
const TOKENIZER = JSON.stringify({ version: '1.0', added_tokens: [{ id: 0, content: '<unk>', special: true }] });

/** An MLC model folder: config, tensor-cache.json with one shard, the shard, a tokenizer and a (dummy) library. */
function modelFolder(root: string, name: string, config: unknown): string {
  const dir = join(root, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'mlc-chat-config.json'), JSON.stringify(config));
  writeFileSync(
    join(dir, 'tensor-cache.json'),
    JSON.stringify({
      metadata: {},
      records: [{ dataPath: 'params_shard_0.bin', format: 'raw-shard', nbytes: WEIGHTS, records: [] }],
    }),
  );
  writeFileSync(join(dir, 'params_shard_0.bin'), Buffer.alloc(WEIGHTS));
  writeFileSync(join(dir, 'tokenizer.json'), TOKENIZER);
  writeFileSync(join(dir, `${name}-webgpu.wasm`), Buffer.alloc(LIBRARY));
  return dir;
}

const chatConfig = (convTemplate: string, modelType: string) => ({
  model_type: modelType,
  quantization: 'q4f32_1',
  context_window_size: 4096,
  tokenizer_files: ['tokenizer.json'],
  conv_template: { name: convTemplate, roles: { user: '<|im_start|>user', assistant: '<|im_start|>assistant' } },
});

let root = '';
test.beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'tlp-webllm-'));
});
test.afterAll(() => rmSync(root, { recursive: true, force: true }));

async function openWebLLM(page: Page): Promise<void> {
  await openScenario(page, 'seoul-time-math');
  await page.getByLabel('Runtime').selectOption({ label: 'WebLLM (WebGPU)' });
  await expect(page.getByRole('region', { name: 'WebGPU capability' })).toContainText('Worker: ready', {
    timeout: 30_000,
  });
}

/** With SCREENSHOT_DIR set, saves the Model panel at the two reference sizes (for looking at, not for asserting). */
async function shoot(page: Page, name: string): Promise<void> {
  const out = process.env.SCREENSHOT_DIR;
  if (!out) return;
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page
      .getByRole('region', { name: 'Prompt format' })
      .or(page.getByLabel('WebLLM model'))
      .first()
      .scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(out, `${name}-${width}x${height}.png`) });
  }
}

async function importFolder(page: Page, dir: string): Promise<void> {
  await page.getByLabel('Import model files').setInputFiles(dir);
}

test('an imported folder whose config names Qwen3: the format, where it came from, the request it builds, the sizes', async ({
  page,
}) => {
  const dir = modelFolder(root, 'my-model', chatConfig('qwen3', 'qwen3'));
  await openWebLLM(page);
  await importFolder(page, dir);
  await expect(page.getByRole('status').filter({ hasText: 'Imported local/my-model' })).toBeVisible();

  const format = page.getByRole('region', { name: 'Prompt format' });
  await expect(format).toContainText('Prompt format of local/my-model');
  await expect(format.getByRole('combobox')).toHaveValue('qwen3');
  await expect(format).toContainText('From conv_template "qwen3" in mlc-chat-config.json.');

  // The request this format builds: the tools in the system prompt, the structural tag on <tool_call>.
  await format.getByText('Example request in this format').click();
  const json = format.getByLabel('Example request', { exact: true });
  await expect(json).toContainText('"type": "structural_tag"');
  await expect(json).toContainText('"triggers": [');
  await expect(json).toContainText('<tool_call>\\n{\\"name\\": \\"calculate\\", \\"arguments\\": ');
  await expect(json).toContainText('<tools>');
  await expect(format).toContainText('1 tool sent');
  await shoot(page, 'webllm-format-qwen3');

  // Overriding it: ChatML without tools sends no tools and no constraint, and says what the files say.
  await format.getByRole('combobox').selectOption({ label: 'ChatML without tools' });
  await expect(format).toContainText(
    'Your choice. Its files say Qwen3 (conv_template "qwen3" in mlc-chat-config.json).',
  );
  await expect(format).toContainText('No tools are sent in this format');
  await expect(json).toContainText('none: the output is not constrained');
  await expect(json).not.toContainText('calculate');
  await expect(format).toContainText('0 tools sent');
  await format.getByRole('button', { name: 'Use the detected one (Qwen3)' }).click();
  await expect(format.getByRole('combobox')).toHaveValue('qwen3');

  // The catalog row: the format, and the download counted by part (weights, library, tokenizer).
  const row = page.locator('tr[data-model="local/my-model"]');
  await expect(row).toContainText('prompt format: Qwen3');
  await expect(row).toContainText('cached');
  await expect(row).toContainText(
    `weights ${formatBytes(WEIGHTS)} · library ${formatBytes(LIBRARY)} · tokenizer ${formatBytes(TOKENIZER.length)}`,
  );
  // The footer lists it decoded, refreshed after the import without a reload.
  await expect(page.getByTestId('model-cache-status')).toContainText('local/my-model (web-llm)');
  await expect(page.getByTestId('model-cache-status')).not.toContainText('%2F');

  // Delete: gone from the catalog and the footer.
  await page.getByRole('button', { name: 'Delete local/my-model from cache' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('model-cache-status')).not.toContainText('local/my-model');
});

test('a folder whose files do not tell the format: the panel asks, and the choice sticks across a reload', async ({
  page,
}) => {
  test.slow(); // axe over the long catalog takes a while
  const dir = modelFolder(root, 'tiny-llama-rand', chatConfig('chatml', 'llama'));
  await openWebLLM(page);
  await importFolder(page, dir);
  const format = page.getByRole('region', { name: 'Prompt format' });
  const question = format.getByRole('alert');
  await expect(question).toContainText('Which prompt format was local/tiny-llama-rand trained on?');
  await expect(question).toContainText(
    'conv_template "chatml", model_type "llama", no tool-call tokens in the tokenizer',
  );
  await expect(page.locator('tr[data-model="local/tiny-llama-rand"]')).toContainText('prompt format: not known');
  await expect(page.getByRole('status').filter({ hasText: 'Imported local/tiny-llama-rand' })).toContainText(
    'choose its prompt format below, then load it',
  );
  await shoot(page, 'webllm-format-ask');

  // The question, the select, the buttons and the rows have names and pass axe (WCAG 2 A/AA).
  const axe = await axeBuilder(page).include('.webllm-panel').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

  await format.getByRole('combobox').selectOption({ label: 'Llama 3.2' });
  await expect(question).toHaveCount(0);
  await expect(format).toContainText('Your choice.');
  await format.getByText('Example request in this format').click();
  await expect(format.getByLabel('Example request', { exact: true })).toContainText('Environment: ipython');

  await page.reload();
  await page.getByLabel('Runtime').selectOption({ label: 'WebLLM (WebGPU)' });
  await expect(page.locator('tr[data-model="local/tiny-llama-rand"]')).toContainText('prompt format: Llama 3.2');
  await page.getByRole('button', { name: 'Prompt format of local/tiny-llama-rand' }).click();
  await expect(format.getByRole('combobox')).toHaveValue('llama-3.2');
  await expect(format).toContainText('Your choice.');
});

test('the software adapter is named, with the warning that results may be wrong and the CPU runtime', async ({
  page,
}) => {
  await openWebLLM(page);
  const capability = page.getByRole('region', { name: 'WebGPU capability' });
  await expect(capability).toContainText('(software, no real GPU)');
  const warning = capability.getByRole('note', { name: 'Software adapter' });
  await expect(warning).toContainText('results may be wrong');
  await expect(warning).toContainText('use the CPU runtime (wllama)');
  await shoot(page, 'webllm-software-adapter');
});
