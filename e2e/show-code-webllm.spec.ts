/**
 * Issue 28, item 14: Show the code → TypeScript · web-llm, as the page shows it, must survive its first request.
 * The program is copied out of the page and run in Node with every request put through web-llm 0.2.86's own
 * `postInitAndCheckFieldsChatCompletion` (the old program, a system message beside `tools` for Hermes-3, threw
 * `CustomSystemPromptError` there), then answered with a call and a final answer.
 */
import { expect, test } from '@playwright/test';
import { PROGRAM_CALL, removeRunPrograms, runProgram } from '../src/runtimes/webllm/generated-program.test-support';
import { openScenario } from './helpers';

test.afterAll(removeRunPrograms);

test('the web-llm program the page shows passes web-llm’s request checks on every request', async ({ page }) => {
  await openScenario(page, 'seoul-time-math');
  await page.getByRole('tab', { name: 'Code' }).click();
  await page.getByTestId('code-target').selectOption('webllm-ts');
  const source = page.getByTestId('show-code-source');
  await expect(source).toContainText('"type": "structural_tag"');
  const code = (await source.textContent()) ?? '';

  const run = await runProgram(code, [PROGRAM_CALL, 'It is 21:04 in Seoul; (128 × 7) − 19 = 877.']);
  expect(run.refusals).toEqual([]);
  expect(run.requests).toHaveLength(2);
  const [first, second] = run.requests;
  // The user's own system prompt is kept, with the tools rendered after it; no `tools` field.
  expect(first!.messages[0]).toMatchObject({ role: 'system' });
  expect(first!.messages[0]!.content).toMatch(/^You are a helpful assistant\.[\s\S]*<tools>/);
  expect(first!.tools).toBeUndefined();
  expect(second!.messages.at(-1)).toEqual({
    role: 'user',
    content: '<tool_response>\nUnknown tool: lookup\n</tool_response>',
  });
});
