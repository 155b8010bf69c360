/**
 * Issue 28, item 15: Show the code → TypeScript · Anthropic, as the page shows it. Its tool-runner variant used to
 * return a tool error as ordinary text, so the SDK never marked it `is_error`. The program is copied out of the page
 * and both variants run on the real `@anthropic-ai/sdk` against a local Messages API server: the unimplemented
 * tool's error goes back as a `tool_result` with `is_error: true` from each.
 */
import { expect, test } from '@playwright/test';
import type { MessagesServer } from '../src/engine/codegen/anthropic-program.test-support';
import { sentResults, startMessagesServer } from '../src/engine/codegen/anthropic-program.test-support';
import { openScenario } from './helpers';

let server: MessagesServer;
test.beforeAll(async () => {
  server = await startMessagesServer();
});
test.afterAll(() => server.close());

test('both Anthropic variants the page shows send a tool error with is_error: true', async ({ page }) => {
  await openScenario(page, 'seoul-time-math');
  await page.getByRole('tab', { name: 'Code' }).click();
  await page.getByTestId('code-target').selectOption('anthropic-ts');
  const source = page.getByTestId('show-code-source');
  await expect(source).toContainText('throw new ToolError(result.text)');
  const code = (await source.textContent()) ?? '';
  for (const variant of ['manualLoop', 'withToolRunner'] as const) {
    const requests = await server.run(code, variant);
    expect(requests, variant).toHaveLength(2);
    expect(sentResults(requests), variant).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_1',
        content: 'calculate is not implemented yet{"operation":"multiply","a":128,"b":7}',
        is_error: true,
      },
    ]);
  }
});
