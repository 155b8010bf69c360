// The Seoul scenario in Korean, as the tutorial asks it, in the Korean page: the tools go out described in Korean,
// switch to English and back (the next request shows each), and the run ends with the tutorial's answer.
import { expect, test } from '@playwright/test';
import { openScenario } from './helpers';

test.describe('한국어', () => {
  test('the Korean Seoul scenario: Korean page, tool descriptions switched both ways, the answer 877', async ({
    page,
  }) => {
    await openScenario(page, 'seoul-time-math-ko', '&lang=ko');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('textbox').filter({ hasText: '계산은 반드시 도구를 써서 해' }).first()).toBeVisible();
    await expect(page.getByTestId('phase-caption')).toContainText('아직 실행이 없습니다');

    const languages = page.getByTestId('tool-language');
    await expect(languages.getByRole('radio', { name: '한국어' })).toBeChecked();
    // The Tools panel shows each tool as the next request describes it.
    const tools = page.locator('.tools-panel');
    await expect(tools).toContainText('두 수의 정확한 사칙연산');
    await page.getByRole('tab', { name: 'Request' }).click();
    const next = page.getByTestId('next-request-json');
    await expect(next).toContainText('두 수의 정확한 사칙연산');
    await expect(next).toContainText('IANA 시간대 이름');

    await languages.getByRole('radio', { name: 'English' }).check();
    await expect(next).toContainText('Does exact arithmetic on two numbers');
    await expect(next).not.toContainText('두 수의 정확한 사칙연산');
    await expect(tools).not.toContainText('두 수의 정확한 사칙연산');
    await languages.getByRole('radio', { name: '한국어' }).check();
    await expect(next).toContainText('두 수의 정확한 사칙연산');

    await page.getByRole('button', { name: '끝까지 실행', exact: true }).click();
    await expect(page.getByTestId('run-finished')).toContainText('최종 답변');
    await expect(page.getByTestId('run-finished')).toBeVisible();
    await expect(page.locator('.transcript')).toContainText('19 를 뺀 값은 877');
    for (const [width, height] of [
      [1440, 900],
      [1280, 720],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: test.info().outputPath(`korean-seoul-${width}.png`) });
    }
  });

  test('the switch is offered in the Korean page, not in the English page of an English scenario', async ({ page }) => {
    await openScenario(page, 'seoul-time-math', '&lang=en');
    await expect(page.getByTestId('tool-language')).toHaveCount(0);
    await openScenario(page, 'seoul-time-math', '&lang=ko');
    await expect(page.getByTestId('tool-language').getByRole('radio', { name: 'English' })).toBeChecked();
  });

  test('the scenario guide under the header reads in Korean, and so does the scenario in the Runs tab', async ({
    page,
  }) => {
    for (const [id, title, phrase] of [
      ['seoul-time-math', '서울 시간과 계산', '1005가 됩니다'],
      ['policy-workspace', '정책이 적용된 작업 공간', '“쓰기 허용”을 켜고'],
    ] as const) {
      await openScenario(page, id, '&lang=ko');
      const banner = page.getByTestId('scenario-banner');
      await expect(banner.locator('strong').first()).toHaveText(`${title}:`);
      await expect(banner).toContainText('해 보기:');
      await expect(banner).toContainText(phrase);
      for (const [width, height] of [
        [1440, 900],
        [1280, 720],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.screenshot({ path: test.info().outputPath(`korean-banner-${id}-${width}.png`) });
      }
    }
    await page.getByRole('button', { name: '끝까지 실행', exact: true }).click();
    await expect(page.getByTestId('run-finished')).toBeVisible();
    await page.getByRole('tab', { name: 'Runs' }).click();
    await expect(page.getByTestId('run-scenario').first()).toContainText('정책이 적용된 작업 공간');
  });
});
