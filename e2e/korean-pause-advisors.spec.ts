// Issue #18 in Korean: the pause with its four decisions (approve, edit, deny, write the result) taken through the
// Korean page, each one's effect in the transcript, the turn table and the next request; then the Advisors tab in
// Korean, an advisor toggled and moved across the loop boundary. Screenshots at 1440×900 and 1280×720 of both.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { callCard, openScenario } from './helpers';

const SIZES = [
  [1440, 900],
  [1280, 720],
] as const;

function koButton(scope: Page | ReturnType<Page['locator']>, name: string) {
  return scope.getByRole('button', { name, exact: true });
}

/** Both sizes, with `focus` scrolled into view at each (the layout reflows when the viewport changes). */
async function screens(page: Page, name: string, focus: Locator, block: 'start' | 'end'): Promise<void> {
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await focus.evaluate((el, at) => el.scrollIntoView({ block: at }), block);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('한국어: 일시 정지와 advisor', () => {
  test('the pause in Korean: approve, edit the arguments, write the result, deny — each reaches the model', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openScenario(page, 'seoul-time-math', '&lang=ko');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await page.getByLabel('도구 실행 전에 멈춤').check();
    await koButton(page, '보내기').click();
    await koButton(page, '한 단계').click();
    await expect(page.getByTestId('phase-caption')).toContainText('approve (승인)');

    // Approve the clock, edit the multiplication: 128 × 8 instead of what the model wrote.
    const time = callCard(page, 'call_1');
    const math = callCard(page, 'call_2');
    await expect(time.getByText('결정 대기')).toBeVisible();
    await screens(page, 'ko-pause', math, 'end');
    await koButton(time, '승인').click();
    await koButton(math, '인수 편집').click();
    await math.getByLabel('call_2의 인수').fill('{"operation": "multiply", "a": 128, "b": 8}');
    await koButton(math, '저장하고 승인').click();
    await expect(page.getByTestId('phase-caption')).toContainText('execute (실행)');
    await koButton(page, '한 단계').click();
    const edited = page.getByTestId('tool-result-call_2');
    await expect(edited).toContainText('1024');
    await expect(edited).toContainText('인수 편집됨');
    await expect(edited).toContainText('실행됨');

    // The model's next call computes on the edited result; write its result by hand.
    await koButton(page, '한 단계').click();
    await expect(page.getByTestId('phase-caption')).toContainText('approve (승인)');
    const last = callCard(page, 'call_3');
    await expect(last).toContainText('1024');
    await expect(koButton(last, '거부')).toBeVisible();
    await expect(koButton(last, '결과 직접 작성')).toBeVisible();

    await koButton(last, '결과 직접 작성').click();
    await last.getByRole('textbox', { name: 'call_3의 결과', exact: true }).fill('999');
    await koButton(last, '결과 보내기').click();
    await koButton(page, '한 단계').click();
    const written = page.getByTestId('tool-result-call_3');
    await expect(written).toContainText('999');
    await expect(written).toContainText('직접 작성됨');
    // The next request carries the hand-written result to the model.
    await page.locator('#tab-request').click();
    await expect(page.getByTestId('next-request-json')).toContainText('999');

    await koButton(page, '한 단계').click();
    await expect(page.getByTestId('run-end')).toContainText('루프 종료: 최종 답변(도구 호출 없음).');

    // The turn table says what our code did, in Korean.
    await page.locator('#tab-turns').click();
    const table = page.getByRole('table', { name: '턴 표' });
    await expect(table.getByRole('columnheader', { name: '우리 코드가 한 일' })).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(3);
    await expect(table.locator('tbody tr').nth(0)).toContainText('call_2의 인수 편집');
    await expect(table.locator('tbody tr').nth(0)).toContainText('호출 2개의 승인을 기다리며 일시 정지');
    await expect(table.locator('tbody tr').nth(1)).toContainText('call_3의 결과를 직접 작성');
    await expect(table.locator('tbody tr').nth(2)).toContainText('종료: 최종 답변');

    // A new run: deny the multiplication with a reason; the model receives the denial as an error result.
    await koButton(page, '새 실행').click();
    await koButton(page, '보내기').click();
    await koButton(page, '한 단계').click();
    await koButton(callCard(page, 'call_1'), '승인').click();
    const denied = callCard(page, 'call_2');
    await koButton(denied, '거부').click();
    await denied.getByLabel('call_2 거부 이유').fill('오늘은 계산하지 않습니다');
    await koButton(denied, '거부 보내기').click();
    await koButton(page, '한 단계').click();
    const denial = page.getByTestId('tool-result-call_2');
    await expect(denial).toContainText('오늘은 계산하지 않습니다');
    await expect(denial).toContainText('거부됨');
    await expect(denial.getByText('is_error')).toBeVisible();
    await expect(page.getByRole('table', { name: '턴 표' }).locator('tbody tr').nth(0)).toContainText('call_2 거부');
    await page.locator('#tab-request').click();
    await expect(page.getByTestId('next-request-json')).toContainText('오늘은 계산하지 않습니다');
  });

  test('the Advisors tab in Korean: lanes, the boundary, a toggled advisor and one moved inside', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openScenario(page, 'seoul-time-math', '&lang=ko');
    await page.locator('#tab-advisors').click();
    await page.getByLabel(/^Advisor 제어/).check();
    await expect(page.getByRole('group', { name: '루프 제어' })).toBeVisible();

    await koButton(page, '끝까지 실행').click();
    await expect(page.getByTestId('run-end')).toContainText('루프 종료: 최종 답변');
    await expect(page.getByTestId('advisors-model-calls')).toHaveText('모델 호출 3회');

    // The inside/outside boundary, worded in Korean.
    await expect(page.getByRole('region', { name: '루프 바깥' }).getByRole('heading')).toHaveText('루프 바깥');
    await expect(page.getByTestId('lane-caption-outside')).toContainText('order가 루프 advisor보다 낮아');
    await expect(page.getByTestId('lane-caption-inside')).toContainText('order가 루프 advisor보다 높아');
    await expect(page.getByTestId('internal-history')).toContainText('내부 대화 기록');
    await expect(page.getByTestId('internal-history')).toContainText('켜짐');
    await expect(page.getByTestId('lane-outside').getByTestId('advisor-count-memory')).toHaveText('1×');
    await expect(page.getByTestId('lane-inside').getByTestId('advisor-count-trace')).toHaveText('3×');
    await expect(page.getByTestId('advisor-hooks-trace')).toContainText('before(요청 전) 3×');

    // Toggle the think trace on and the logger off: the checkboxes carry the Korean names.
    const think = page.getByTestId('advisor-think-trace').getByRole('checkbox', { name: '생각(think) 추적' });
    await think.check();
    await expect(think).toBeChecked();
    const logger = page.getByTestId('advisor-logger').getByRole('checkbox', { name: '로거' });
    await logger.uncheck();
    await expect(page.getByTestId('advisor-logger')).toHaveClass(/advisors-card-off/);

    // Move the memory inside the loop: it changes lanes and the loop's internal history switches off.
    await koButton(page, '채팅 메모리을(를) 루프 안쪽으로 옮기기').click();
    await expect(page.getByTestId('lane-inside').getByTestId('advisor-memory')).toBeVisible();
    await expect(page.getByTestId('internal-history')).toContainText('꺼짐(메모리 advisor가 루프 안쪽에 있음)');

    // A bad order is refused in Korean.
    const order = page.getByLabel('로거의 order');
    await order.fill('H++');
    await order.press('Enter');
    await expect(page.getByTestId('advisor-logger').getByRole('alert')).toContainText('order는 정수로 쓰거나');
    await order.press('Escape');

    await koButton(page, '새 실행').click();
    await koButton(page, '끝까지 실행').click();
    await expect(page.getByTestId('advisor-count-memory')).toHaveText('3×');
    await expect(page.getByTestId('memory-stored')).toContainText('assistant (도구 호출: current_time call_1');
    await expect(page.getByRole('heading', { name: '채팅 메모리가 저장한 내용' })).toBeVisible();
    await screens(page, 'ko-advisors', page.getByTestId('internal-history'), 'start');
  });
});
