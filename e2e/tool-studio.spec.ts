/**
 * The tool studio in the real app: build a tool with the form, test-run it in the sandbox, expose it and have
 * a run call it ("You are the model"); import an MCP tool and write its result by hand at the pause; and every
 * kind of bad tool code or schema gets a clear result while the app keeps working.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { button, callCard, setToolCode } from './helpers';

async function openApp(page: Page): Promise<void> {
  await page.goto('/?speed=instant');
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tool studio' })).toBeVisible();
}

function editor(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Tool editor' });
}

async function newTool(page: Page): Promise<Locator> {
  await button(page, '+ New tool').click();
  const dialog = editor(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function testRun(dialog: Locator, args?: string): Promise<Locator> {
  if (args !== undefined) await dialog.getByLabel('Sample arguments (JSON)').fill(args);
  await button(dialog, 'Run test').click();
  const result = dialog.getByTestId('test-run-result');
  await expect(result.getByTestId('test-run-outcome')).toBeVisible({ timeout: 15_000 });
  return result;
}

/** No scenario (a scenario limits the tools to its own), the human runtime, and only `tool` exposed. */
async function useHumanRuntime(page: Page, tool: string, message: string): Promise<void> {
  await page.getByLabel('Scenario').selectOption('');
  await page.getByLabel('Runtime').selectOption({ label: 'You are the model' });
  const tools = page.getByRole('complementary', { name: 'Model and tools' });
  for (const box of await tools.getByRole('checkbox', { name: /^Expose / }).all()) await box.uncheck();
  await page.getByLabel(`Expose ${tool}`).check();
  await page.getByLabel('User message').fill(message);
}

async function composeCall(page: Page, name: string, args: string): Promise<void> {
  const composer = page.getByRole('region', { name: 'You are the model' });
  await button(composer, 'Add tool call').click();
  await composer.getByLabel('Call 1 tool name').fill(name);
  await composer.getByLabel('Call 1 arguments').fill(args);
  await composer.getByLabel('Finish reason').selectOption('tool_calls');
  await button(composer, 'Send as the model').click();
}

async function composeAnswer(page: Page, text: string): Promise<void> {
  const composer = page.getByRole('region', { name: 'You are the model' });
  await expect(composer).toContainText('turn 2');
  await composer.getByLabel('Assistant text').fill(text);
  await button(composer, 'Send as the model').click();
}

test('build a tool with the form, test-run it, expose it and have a run call it', async ({ page }) => {
  await openApp(page);
  const dialog = await newTool(page);
  await dialog.getByLabel('Name', { exact: true }).fill('rectangle_area');
  await dialog.getByLabel("Description (the model's API doc)").fill('Area of a rectangle.');
  await dialog.getByLabel('Name of parameter a').fill('width');
  await dialog.getByLabel('Name of parameter b').fill('height');
  await dialog.getByLabel('Type of height').selectOption('integer');
  await button(dialog, '+ Add parameter').click();
  await dialog.getByLabel('Name of parameter param3').fill('unit');
  await dialog.getByLabel('Allowed values of unit').fill('cm, m');
  await dialog
    .locator('fieldset', { has: page.getByLabel('Name of parameter unit') })
    .getByLabel('required')
    .uncheck();
  // A nested object with an array inside, to show the form builds nested schemas.
  await button(dialog, '+ Add parameter').click();
  await dialog.getByLabel('Name of parameter param4').fill('meta');
  await dialog.getByLabel('Type of meta').selectOption('object');
  await button(dialog, '+ Add property to meta').click();
  await dialog.getByLabel('Type of meta.param1').selectOption('array');
  await dialog
    .locator('fieldset', { has: page.getByLabel('Name of parameter meta', { exact: true }) })
    .getByLabel('required')
    .first()
    .uncheck();

  const zod = dialog.getByTestId('zod-source');
  await expect(zod).toContainText('height: z.int().describe("The second number")');
  await expect(zod).toContainText('unit: z.enum(["cm", "m"]).optional()');
  await expect(zod).toContainText('param1: z.array(z.string())');
  const schema = dialog.getByTestId('json-schema-preview');
  await expect(schema).toContainText('"enum": [');
  await expect(schema).toContainText('"required": [\n    "width",\n    "height"\n  ]');

  await setToolCode(
    dialog,
    "console.log('computing', args.width, args.height);\nreturn { area: args.width * args.height, unit: args.unit ?? 'm' };",
  );
  const result = await testRun(dialog, '{"width": 3, "height": 4}');
  await expect(result.getByTestId('test-run-outcome')).toHaveAttribute('data-outcome', 'returned');
  await expect(result.getByTestId('test-run-text')).toHaveText('{"area":12,"unit":"m"}');
  await expect(result.getByTestId('test-run-console')).toHaveText('computing 3 4');
  await expect(result.getByTestId('test-run-duration')).toContainText('ms');
  await expect(result.getByTestId('test-run-events')).toContainText('started');
  await expect(result.getByTestId('test-run-events')).toContainText('finished');
  // Arguments the schema refuses never reach the code.
  await dialog.getByLabel('Sample arguments (JSON)').fill('{"width": 3, "height": 4.5}');
  await button(dialog, 'Run test').click();
  await expect(dialog.getByTestId('test-run-result').getByRole('alert')).toContainText('height');

  await button(dialog, 'Save tool').click();
  await expect(page.getByText('Saved rectangle_area.')).toBeVisible();
  await button(dialog, 'Close editor').click();
  await expect(dialog).toBeHidden();

  await useHumanRuntime(page, 'rectangle_area', 'What is the area of a 3 by 4 rectangle?');
  await button(page, 'Send').click();
  await button(page, 'Run to end').click();
  await composeCall(page, 'rectangle_area', '{"width": 3, "height": 4}');
  await expect(page.locator('[data-testid^="tool-result-"]').first()).toContainText('"area":12');
  await composeAnswer(page, 'The area is 12 m².');
  await expect(page.getByTestId('run-end')).toContainText('final answer');

  // The tool survives a reload (IndexedDB).
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  // Saved tools are listed once, in the Tools panel's "My tools" group, with Edit there.
  await expect(page.getByTestId('tool-group-user-tools').getByText('rectangle_area')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit rectangle_area' })).toBeVisible();
});

test('import an MCP tools/list result and write its result by hand at the pause', async ({ page }) => {
  await openApp(page);
  await button(page, 'Import MCP tools…').click();
  const dialog = page.getByRole('dialog', { name: 'Import MCP tools' });
  await dialog.getByLabel('tools/list result (JSON)').fill(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      result: {
        tools: [
          {
            name: 'get_weather',
            description: 'Current weather for a city',
            inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
          { name: 'calculate', description: 'clashes with the preset', inputSchema: { type: 'object' } },
          { name: 'broken', inputSchema: { type: 'object', properties: 5 } },
        ],
      },
    }),
  );
  await button(dialog, 'Import').click();
  const message = dialog.getByTestId('mcp-import-message');
  await expect(message).toContainText('Imported 1 tool.');
  await expect(message).toContainText('"calculate" already exists');
  await expect(message).toContainText('Not a valid JSON Schema');
  await button(dialog, 'Close').click();

  await useHumanRuntime(page, 'get_weather', 'Weather in Seoul?');
  await button(page, 'Send').click();
  await button(page, 'Run to end').click();
  await composeCall(page, 'get_weather', '{"city": "Seoul"}');
  // An MCP tool has no code here: the loop pauses on it even with "pause before executing tools" off.
  const card = page.locator('[data-testid^="call-"]').filter({ hasText: 'get_weather' }).first();
  const callId = ((await card.getAttribute('data-testid')) ?? '').replace(/^call-/, '');
  await button(callCard(page, callId), 'Write result').click();
  await callCard(page, callId).getByLabel(`Result for ${callId}`).fill('Sunny, 21 °C');
  await button(callCard(page, callId), 'Send result').click();
  await expect(page.getByTestId(`tool-result-${callId}`)).toContainText('Sunny, 21 °C');
  await composeAnswer(page, 'It is sunny and 21 °C in Seoul.');
  await expect(page.getByTestId('run-end')).toContainText('final answer');
});

test.describe('bad input gets a clear result and leaves the app working', () => {
  const cases: { name: string; code: string; outcome: string; text: RegExp; limit?: string }[] = [
    { name: 'a syntax error', code: 'return (1 +;', outcome: 'syntax-error', text: /SyntaxError/ },
    {
      name: 'a thrown error',
      code: "throw new Error('no such customer');",
      outcome: 'threw',
      text: /Error: no such customer/,
    },
    {
      name: 'an endless loop',
      code: 'while (true) {}',
      outcome: 'timeout',
      text: /did not finish within 500 ms/,
      limit: '500',
    },
    {
      name: 'a non-serializable return value',
      code: 'const o = {}; o.self = o; return o;',
      outcome: 'not-serializable',
      text: /cannot be sent to the model as JSON.*circular/i,
    },
    {
      name: 'document',
      code: 'return document.title;',
      outcome: 'threw',
      text: /document is not available to tool code.*no DOM/,
    },
    {
      name: 'localStorage',
      code: "return localStorage.getItem('x');",
      outcome: 'threw',
      text: /localStorage is not available to tool code/,
    },
    {
      name: 'indexedDB',
      code: "return indexedDB.open('tool-loop-playground');",
      outcome: 'threw',
      text: /indexedDB is not available to tool code/,
    },
    {
      name: 'fetch',
      code: "return await fetch('/');",
      outcome: 'threw',
      text: /fetch is not available to tool code: network access is off/,
    },
    {
      name: 'a dynamic import (stopped by the sandbox frame’s CSP)',
      code: "return await import('/index.html');",
      outcome: 'threw',
      text: /import|module|Content Security Policy/i,
    },
  ];

  test('each bad tool body, one after the other, in the same editor', async ({ page }) => {
    await openApp(page);
    const dialog = await newTool(page);
    for (const c of cases) {
      await test.step(c.name, async () => {
        if (c.limit) await dialog.getByLabel('Time limit (ms)').fill(c.limit);
        await setToolCode(dialog, c.code);
        const started = Date.now();
        const result = await testRun(dialog, '{"a": 1, "b": 2}');
        await expect(result.getByTestId('test-run-outcome')).toHaveAttribute('data-outcome', c.outcome);
        await expect(result.getByTestId('test-run-text')).toHaveText(c.text);
        if (c.outcome === 'timeout') expect(Date.now() - started).toBeLessThan(5000);
        if (c.name === 'a syntax error') await expect(dialog.locator('.cm-lintRange-error').first()).toBeVisible();
        if (/not available/.test(c.text.source))
          await expect(result.getByTestId('test-run-events')).toContainText('denied');
        await dialog.getByLabel('Time limit (ms)').fill('3000');
      });
    }
    await test.step('a huge output is truncated and flagged', async () => {
      await setToolCode(dialog, "return 'x'.repeat(2000000);");
      const result = await testRun(dialog);
      await expect(result.getByTestId('test-run-outcome')).toHaveAttribute('data-outcome', 'returned');
      await expect(result.getByText(/truncated: 2,000,000 characters/)).toBeVisible();
      await expect(result.getByTestId('test-run-text')).toContainText(
        '[output truncated: kept 16000 of 2000000 characters]',
      );
    });
    await test.step('network is there once granted', async () => {
      await dialog.getByLabel('Allow network').check();
      await setToolCode(dialog, 'return typeof fetch;');
      await expect((await testRun(dialog)).getByTestId('test-run-text')).toHaveText('function');
    });
    await test.step('the sandbox still works after all that', async () => {
      await setToolCode(dialog, 'return args.a + args.b;');
      await expect((await testRun(dialog, '{"a": 1, "b": 2}')).getByTestId('test-run-text')).toHaveText('3');
    });
    // No sandbox frame is left behind.
    await expect(page.locator('iframe.tool-sandbox-frame')).toHaveCount(0);
  });

  test("Allow network: the app's own origin is refused with the reason, another origin still works", async ({
    page,
    baseURL,
  }) => {
    // Issue 28, item 12: fetch('/') returned index.html and /sw.js answered 200 to tool code.
    const other = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' });
      res.end(`other origin: ${req.url}`);
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherUrl = `http://localhost:${(other.address() as AddressInfo).port}/data`;
    const app = new URL(baseURL!).origin;
    try {
      await openApp(page);
      const dialog = await newTool(page);
      await expect(dialog.getByTestId('network-rule')).toHaveText(
        'Network off: fetch() does not exist in this tool’s code.',
      );
      await dialog.getByLabel('Allow network').check();
      await expect(dialog.getByTestId('network-rule')).toContainText(`never this app's own origin (${app})`);
      for (const url of ['/', '/sw.js', `${app}/index.html`]) {
        await setToolCode(dialog, `const r = await fetch(${JSON.stringify(url)}); return await r.text();`);
        const result = await testRun(dialog);
        await expect(result.getByTestId('test-run-outcome')).toHaveAttribute('data-outcome', 'threw');
        await expect(result.getByTestId('test-run-text')).toContainText(
          `fetch refused: ${new URL(url, app).href} is the app's own origin (${app}).`,
        );
        await expect(result.getByTestId('test-run-events')).toContainText('denied');
      }
      await setToolCode(dialog, `const r = await fetch(${JSON.stringify(otherUrl)}); return await r.text();`);
      const result = await testRun(dialog);
      await expect(result.getByTestId('test-run-outcome')).toHaveAttribute('data-outcome', 'returned');
      await expect(result.getByTestId('test-run-text')).toHaveText('other origin: /data');
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  test('a duplicate name and an invalid JSON Schema are refused with the reason', async ({ page }) => {
    await openApp(page);
    const dialog = await newTool(page);
    await dialog.getByLabel('Name', { exact: true }).fill('calculate');
    await button(dialog, 'Save tool').click();
    await expect(dialog.getByTestId('tool-save-error')).toContainText('A preset tool is already named "calculate"');
    await dialog.getByLabel('Name', { exact: true }).fill('weird name!');
    await button(dialog, 'Save tool').click();
    await expect(dialog.getByTestId('tool-save-error')).toContainText('not a valid tool name');

    await dialog.getByLabel('Name', { exact: true }).fill('schema_tool');
    await dialog.getByLabel('JSON Schema').check();
    const schemaEditor = dialog.getByTestId('schema-editor').locator('.cm-content');
    await schemaEditor.fill('{"type": "object", "properties": {"a": {"type": "strnig"}}}');
    await expect(dialog.getByTestId('schema-error')).toContainText('"strnig" is not a JSON Schema type');
    await button(dialog, 'Save tool').click();
    await expect(dialog.getByTestId('tool-save-error')).toContainText('Not saved');
    await schemaEditor.fill('{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}');
    await expect(dialog.getByTestId('schema-error')).toHaveCount(0);
    await expect(dialog.getByTestId('json-schema-preview')).toContainText('"required"');
    await button(dialog, 'Save tool').click();
    await expect(page.getByText('Saved schema_tool.')).toBeVisible();
  });
});
