/**
 * WebLLM in headless Chromium: without WebGPU the panel says so and the scripted fallback still works; with
 * --enable-unsafe-webgpu (SwiftShader, no shader-f16) the catalog marks f16 models not runnable here and
 * recommends a q4f32 one; the worker boots, and loading with no network fails with the download message
 * while the page stays responsive.
 */
import { chromium as playwrightChromium, expect, test } from '@playwright/test';
import { assistantTurn, button, openScenario } from './helpers';

const chromium = '/usr/bin/chromium';
const baseArgs = [
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

// The file's browser has WebGPU (SwiftShader); the no-WebGPU case launches its own browser without it.
test.use({
  launchOptions: {
    executablePath: chromium,
    args: [
      ...baseArgs,
      '--enable-unsafe-webgpu',
      '--use-webgpu-adapter=swiftshader',
      '--enable-features=Vulkan',
      '--use-angle=swiftshader',
    ],
  },
});

test.describe('without WebGPU', () => {
  test('WebLLM explains the missing WebGPU and the scripted replay still runs', async ({ baseURL }) => {
    const browser = await playwrightChromium.launch({
      executablePath: chromium,
      args: [...baseArgs, '--disable-gpu', '--disable-features=WebGPU'],
    });
    const page = await (await browser.newContext({ baseURL: baseURL! })).newPage();
    await openScenario(page, 'seoul-time-math');
    await page.getByLabel('Runtime').selectOption({ label: 'WebLLM (WebGPU)' });
    const panel = page.getByRole('region', { name: 'WebGPU capability' });
    await expect(panel.getByRole('alert')).toContainText(/WebGPU is (not available|present but no GPU adapter)/);
    await expect(panel.getByRole('alert')).toContainText('Scripted replay');
    await expect(page.getByRole('button', { name: 'Load Qwen3-0.6B-q4f32_1-MLC' })).toBeDisabled();
    await page.getByLabel('Runtime').selectOption({ label: 'Scripted replay' });
    await button(page, 'Run to end').click();
    await expect(assistantTurn(page, 3).getByTestId('assistant-text')).toContainText('877');
    await browser.close();
  });
});

test.describe('with a SwiftShader WebGPU adapter (no shader-f16)', () => {
  test('catalog marks f16 models not runnable, recommends q4f32; offline load fails clearly; page stays usable', async ({
    page,
    context,
  }) => {
    await context.route(/huggingface\.co|githubusercontent\.com|hf\.co/, (route) =>
      route.abort('internetdisconnected'),
    );
    await openScenario(page, 'seoul-time-math');
    await page.getByLabel('Runtime').selectOption({ label: 'WebLLM (WebGPU)' });
    const capability = page.getByRole('region', { name: 'WebGPU capability' });
    await expect(capability).toContainText('shader-f16: no');
    await expect(capability).toContainText('Worker: ready', { timeout: 30_000 });

    const catalog = page.getByRole('table', { name: 'Model catalog' });
    const f16Row = catalog.locator('tr[data-model="Qwen3-1.7B-q4f16_1-MLC"]');
    await expect(f16Row).toContainText('no: Needs shader-f16');
    await expect(page.getByRole('button', { name: 'Load Qwen3-1.7B-q4f16_1-MLC' })).toBeDisabled();
    const recommended = catalog.locator('tr.webllm-recommended');
    await expect(recommended).toHaveCount(1);
    await expect(recommended).toHaveAttribute('data-model', /q4f32_1-MLC$/);
    await expect(recommended).toContainText('no', { useInnerText: true });

    const model = await recommended.getAttribute('data-model');
    await page.getByRole('button', { name: `Load ${model}` }).click();
    const error = page.locator('.webllm-panel > .webllm-error[role="alert"]');
    await expect(error).toContainText('Downloading the model failed', { timeout: 30_000 });
    await expect(error).toContainText('import its files from disk');

    // The page stays responsive: the fallback runtime still works.
    await page.getByLabel('Runtime').selectOption({ label: 'Scripted replay' });
    await button(page, 'Run to end').click();
    await expect(assistantTurn(page, 3).getByTestId('assistant-text')).toContainText('877');
  });
});
