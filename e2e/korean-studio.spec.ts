// The tool studio in the Korean page (#18): Korean labels, zod's Korean message for sample arguments that do not
// match the schema, the studio's own schema refusal in Korean, a test run, and the no-properties warning in Korean.
import type { Locator } from '@playwright/test';
import { expect, test } from '@playwright/test';

/** Types into a CodeMirror editor as input events (a DOM fill races CodeMirror's state; see tool-studio.spec.ts). */
async function setEditor(dialog: Locator, testId: string, text: string): Promise<void> {
  const content = dialog.getByTestId(testId).locator('.cm-content');
  await content.click();
  await content.press('ControlOrMeta+a');
  await content.page().keyboard.insertText(text);
  await expect(content).toContainText(text.split('\n')[0]!.trim());
}

test('the tool studio in Korean: labels, zod’s Korean errors, a test run, the no-properties warning', async ({
  page,
}) => {
  await page.goto('/?speed=instant&lang=ko');
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  const studio = page.getByRole('region', { name: '도구 스튜디오' });
  await expect(studio).toBeVisible();
  await expect(studio.getByRole('button', { name: 'MCP 도구 가져오기…' })).toBeVisible();

  await studio.getByRole('button', { name: '+ 새 도구' }).click();
  const dialog = page.getByRole('dialog', { name: '도구 편집기' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: /도구 편집/ })).toBeVisible();
  await expect(dialog.getByLabel('이름', { exact: true })).toHaveValue(/^my_tool/);
  await expect(dialog.getByLabel('설명 (모델이 읽는 API 문서)')).toBeVisible();
  await expect(dialog.getByRole('radiogroup', { name: '매개변수를 정의하는 방식' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '도구 저장' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: '구현 (JavaScript)' })).toBeVisible();

  // A generous time limit: the sandbox's first start is slow on a loaded machine (and the label is Korean).
  await dialog.getByLabel('시간 제한 (ms)').fill('20000');

  // Sample arguments that do not match the schema: the studio's line and zod's own Korean message.
  const args = dialog.getByLabel('예시 인자 (JSON)');
  await args.fill('{"a": "둘", "b": 3}');
  await dialog.getByRole('button', { name: '테스트 실행' }).click();
  const result = dialog.getByTestId('test-run-result');
  const refused = result.getByRole('alert');
  await expect(refused).toContainText('예시 인자가 스키마에 맞지 않습니다:');
  await expect(refused).toContainText('a: 잘못된 입력: 예상 타입은 number, 받은 타입은 string입니다');
  await expect(refused).not.toContainText('Invalid input');

  // A run that works: the result as the model gets it, the outcome explained in Korean.
  await args.fill('{"a": 2, "b": 3}');
  await dialog.getByRole('button', { name: '테스트 실행' }).click();
  await expect(result.getByTestId('test-run-outcome')).toHaveAttribute('data-outcome', 'returned', { timeout: 15_000 });
  await expect(result.getByTestId('test-run-outcome')).toHaveText('반환됨');
  await expect(result.getByTestId('test-run-outcome-text')).toHaveText('도구가 결과를 돌려주었습니다.');
  await expect(result.getByTestId('test-run-text')).toHaveText('5');
  await expect(result).toContainText('결과 (모델에 보내집니다)');
  await expect(result).toContainText('콘솔 출력이 없습니다.');

  // The schema as JSON Schema: the studio's own refusal in Korean, then a schema without properties.
  await dialog.getByRole('radio', { name: 'JSON Schema' }).check();
  await setEditor(dialog, 'schema-editor', '{"type": "array"}');
  await expect(dialog.getByTestId('schema-error')).toHaveText(
    '도구 입력 스키마는 "array"이(가) 아니라 "type": "object"여야 합니다 (도구 인자는 객체입니다).',
  );
  await dialog.getByRole('button', { name: '도구 저장' }).click();
  await expect(dialog.getByTestId('tool-save-error')).toContainText('저장하지 않았습니다: 도구 입력 스키마는');

  await setEditor(dialog, 'schema-editor', '{"type": "object"}');
  await expect(dialog.getByTestId('schema-error')).toHaveCount(0);
  await expect(dialog.getByTestId('tool-save-error')).toHaveCount(0);
  const warning = dialog.getByTestId('no-properties-warning');
  await expect(warning).toContainText('이 스키마에는 “properties”가 없습니다.');
  await setEditor(dialog, 'code-editor', 'return "없음: " + JSON.stringify(args);');
  await args.fill('{}');
  await dialog.getByRole('button', { name: '테스트 실행' }).click();
  await expect(result.getByTestId('test-run-text')).toHaveText('없음: {}', { timeout: 15_000 });
  await expect(warning).toBeVisible();

  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    await warning.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`ko-studio-${width}.png`) });
  }
});
