/** WebLLM's catalog filter (#21): only the models this GPU can run. WebGPU here is SwiftShader's (no shader-f16). */
import { expect, test } from '@playwright/test';
import { openScenario } from './helpers';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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

test('WebLLM: the catalog can show only the models that run here', async ({ page, context }) => {
  await context.route(/huggingface\.co|githubusercontent\.com|hf\.co/, (route) => route.abort('internetdisconnected'));
  await openScenario(page, 'seoul-time-math');
  await page.getByLabel('Runtime').selectOption({ label: 'WebLLM (WebGPU)' });
  await expect(page.getByRole('region', { name: 'WebGPU capability' })).toContainText('shader-f16: no');
  const catalog = page.getByRole('table', { name: 'Model catalog' });
  const f16Row = catalog.locator('tr[data-model="Qwen3-1.7B-q4f16_1-MLC"]');
  await expect(f16Row).toHaveCount(1);
  const all = await catalog.locator('tbody tr[data-model]').count();
  await page.getByLabel('Show only models that run here').check();
  await expect(f16Row).toHaveCount(0);
  await expect(catalog.locator('tr.webllm-recommended')).toHaveCount(1);
  const shown = await catalog.locator('tbody tr[data-model]').count();
  expect(shown).toBeLessThan(all);
  await expect(page.getByTestId('webllm-hidden-count')).toContainText(`${all - shown} models hidden`);
  await page.getByLabel('Show only models that run here').uncheck();
  await expect(f16Row).toHaveCount(1);
});
