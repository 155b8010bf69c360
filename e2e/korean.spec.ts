// The Seoul scenario in Korean, as the tutorial asks it, in the Korean page: the tools go out described in Korean,
// switch to English and back (the next request shows each), and the run ends with the tutorial's answer.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { callCard, openScenario } from './helpers';

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
    await page.getByRole('tab', { name: '실행 기록' }).click();
    await expect(page.getByTestId('run-scenario').first()).toContainText('정책이 적용된 작업 공간');
  });

  test('the runtime panels, the composer and the shortcuts dialog speak Korean, none of their English left', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const shoot = async (name: string) => {
      for (const [width, height] of [
        [1440, 900],
        [1280, 720],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.screenshot({ path: test.info().outputPath(`korean-${name}-${width}.png`) });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    };
    await openScenario(page, 'seoul-time-math-ko', '&lang=ko');
    const runtime = page.getByLabel('런타임', { exact: true });
    await expect(page.getByTestId('header-status')).toHaveText(/준비됨/);

    // The CPU runtime: its panel in Korean, and the tiny model loaded (the ready facts too).
    await runtime.selectOption({ label: 'CPU (wllama, GGUF)' });
    const cpu = page.getByRole('region', { name: 'CPU 런타임 (wllama)' });
    await expect(cpu).toBeVisible();
    await expect(cpu).toContainText('GGUF 모델을 CPU에서 실행합니다');
    await expect(cpu.getByRole('region', { name: '오프라인 GGUF 캐시' })).toBeVisible();
    await cpu.getByLabel('시드 (Seed)').fill('1');
    await cpu.getByRole('button', { name: '작은 무작위 테스트 모델 만들기', exact: true }).click();
    const loaded = cpu.getByRole('region', { name: '불러온 모델' });
    await expect(loaded.getByRole('status')).toHaveText('준비됨: 작은 무작위 테스트 모델 (시드 1)', {
      timeout: 30_000,
    });
    await expect(loaded).toContainText('출력 텍스트는 의도적으로 무의미합니다');
    await expect(loaded).toContainText('백엔드');
    await expect(loaded.getByTestId('wllama-backend')).toHaveText('wllama · CPU wasm · 스레드 1개');
    for (const english of [
      'Runs a GGUF model on the CPU',
      'Generate tiny random test model',
      'Cached for offline use',
      'Ready: tiny random test model',
      'its text is nonsense by design',
      'Load time',
      '1 thread',
    ])
      await expect(cpu).not.toContainText(english);
    await shoot('cpu');
    await loaded.getByRole('button', { name: '내리기', exact: true }).click();
    await expect(cpu.getByRole('status')).toHaveText('모델을 내렸습니다.');
    await expect(page.getByTestId('header-status')).toContainText('먼저 모델 패널에서 GGUF 모델을 불러오거나');

    // WebLLM: headless Chromium has no usable WebGPU here, so the panel says so, in Korean.
    await runtime.selectOption({ label: 'WebLLM (WebGPU)' });
    const webllm = page.getByRole('region', { name: 'WebLLM 모델' });
    await expect(webllm).toBeVisible();
    const capability = webllm.getByRole('region', { name: 'WebGPU 지원 현황' });
    await expect(capability.getByRole('alert')).toContainText(/WebGPU가 없어|GPU 어댑터를 찾지 못했습니다/);
    await expect(capability).toContainText('워커: 준비됨', { timeout: 30_000 });
    await expect(page.getByTestId('header-status')).toContainText('불러온 모델 없음');
    await expect(page.getByTestId('header-status')).not.toContainText('no model loaded');
    const catalog = webllm.getByRole('table', { name: '모델 목록' });
    await expect(catalog.getByRole('columnheader', { name: '실행 가능' })).toBeVisible();
    await expect(catalog).toContainText('도구를 안정적으로 호출하는 가장 작은 모델입니다');
    await expect(catalog).toContainText('아니요 — 위의 안내를 보세요');
    await expect(webllm.getByRole('button', { name: 'Qwen3-0.6B-q4f32_1-MLC 불러오기' })).toBeDisabled();
    for (const english of [
      'Checking WebGPU',
      'WebGPU is not available',
      'Worker: ',
      'Runs here',
      'Smallest model that calls tools reliably',
      'see the message above',
      'Import a model from local files',
      'Use web-llm native tools',
    ])
      await expect(webllm).not.toContainText(english);
    await shoot('webllm');

    // "You are the model": the panel's note, then the composer once the loop calls the model.
    await runtime.selectOption({ label: '내가 모델 (You are the model)' });
    await expect(page.locator('.runtime-note')).toContainText('내가 모델 역할을 합니다');
    await page.getByRole('button', { name: '끝까지 실행', exact: true }).click();
    const composer = page.getByRole('region', { name: '내가 모델', exact: true });
    await expect(composer.getByRole('heading')).toHaveText('내가 모델 — 1번째 턴');
    await expect(composer).toContainText('요청에는 메시지');
    await composer.getByRole('button', { name: '도구 호출 추가', exact: true }).click();
    await expect(composer.getByLabel('호출 1의 도구 이름')).toBeVisible();
    await composer.getByLabel('호출 1의 도구 이름').fill('');
    await composer.getByRole('button', { name: '모델로서 보내기', exact: true }).click();
    await expect(composer.getByRole('alert')).toHaveText('도구 호출 1에 이름이 없습니다.');
    for (const english of ['You are the model — turn', 'The request carries', 'Add tool call', 'Send as the model'])
      await expect(composer).not.toContainText(english);
    await shoot('human');

    // The shortcuts dialog, opened by its button in the footer.
    await page.getByRole('button', { name: /키보드 단축키/ }).click();
    const dialog = page.getByRole('dialog', { name: '키보드 단축키' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('끝까지 실행 (일시 정지에서 기다림)');
    await expect(dialog).toContainText('S 또는 F10');
    for (const english of ['Run to end', 'Single keys work', 'Show this list of shortcuts'])
      await expect(dialog).not.toContainText(english);
    await shoot('shortcuts');
    await dialog.getByRole('button', { name: '닫기', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  test('the last English strings: refusals and notices with values, tool_choice, invalid arguments, the compare view and the advisors, in Korean', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const shoot = async (name: string, show?: Locator) => {
      for (const [width, height] of [
        [1440, 900],
        [1280, 720],
      ] as const) {
        await page.setViewportSize({ width, height });
        await show?.scrollIntoViewIfNeeded();
        await page.screenshot({ path: test.info().outputPath(`ko-rest-${name}-${width}.png`) });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    };
    const ko = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
    const notice = page.getByTestId('loop-notice');

    // A scenario the app does not have: the store's notice, its id quoted.
    await page.goto('/?scenario=nope&speed=instant&lang=ko');
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    await expect(notice).toContainText('“nope” 시나리오가 없습니다.');
    await expect(notice).not.toContainText('There is no scenario');
    await shoot('no-scenario');

    // The tool choice: its label, and the notice when the chosen tool is unticked.
    await openScenario(page, 'seoul-time-math', '&lang=ko');
    const choice = page.getByLabel('도구 선택 방식 (tool_choice)');
    await expect(choice).toBeVisible();
    await expect(page.getByLabel('Tool choice', { exact: true })).toHaveCount(0);
    await choice.selectOption({ label: 'calculate만' });
    await page.getByLabel('calculate 노출').uncheck();
    await expect(notice).toContainText(
      '도구 선택 방식이 “calculate만”이었지만 그 도구가 이제 노출되어 있지 않아 auto로 바꿨습니다.',
    );
    await expect(notice).not.toContainText('Tool choice was');
    await shoot('tool-choice', notice);
    await page.getByLabel('calculate 노출').check();

    // Edited arguments the loop refuses: not JSON, then not the schema — each in Korean beside the field.
    await page.getByLabel('도구 실행 전에 멈춤').check();
    await ko(page, '보내기').click();
    await ko(page, '한 단계').click();
    await expect(page.getByTestId('phase-caption')).toContainText('approve (승인)');
    const math = callCard(page, 'call_2');
    await ko(math, '인수 편집').click();
    await math.getByLabel('call_2의 인수').fill('{"operation": ');
    await ko(math, '저장하고 승인').click();
    await expect(math).toContainText('올바른 JSON이 아닙니다:');
    await expect(math).not.toContainText('Not valid JSON');
    await math.getByLabel('call_2의 인수').fill('{"operation": "power", "a": 1, "b": 2}');
    await ko(math, '저장하고 승인').click();
    await expect(math).toContainText('인수가 스키마와 맞지 않습니다:');
    await expect(math).not.toContainText('Arguments do not match');
    await shoot('edit-refused', math.getByText('인수가 스키마와 맞지 않습니다:'));
    await ko(math, '취소').click();

    // At most one model call: the next Step ends the run at the max-rounds guard.
    await ko(page, '모두 승인').click();
    await ko(page, '한 단계').click();
    await expect(page.getByTestId('phase-caption')).toContainText('prompt (프롬프트)');
    await page.getByLabel('최대 라운드').fill('1');
    await ko(page, '한 단계').click();
    await expect(page.getByTestId('run-finished')).toBeVisible();
    // How the run ended, in the transcript: the stored English sentence is worded in the page's language.
    const runEnd = page.getByTestId('run-end');
    await expect(runEnd).toContainText('최대 라운드 제한이 모델 호출 1번 뒤에 루프를 멈췄습니다.');
    await expect(runEnd).not.toContainText('guard stopped');

    // A second run, then the Runs tab: the export notice and the compare view's values.
    await ko(page, '새 실행').click();
    await page.getByLabel('도구 실행 전에 멈춤').uncheck();
    await page.getByLabel('최대 라운드').fill('10');
    await ko(page, '끝까지 실행').click();
    await expect(page.getByTestId('run-finished')).toBeVisible();
    await page.getByRole('tab', { name: '실행 기록' }).click();
    await Promise.all([page.waitForEvent('download'), ko(page, '실행 내보내기').click()]);
    const runsNotice = page.getByTestId('runs-notice');
    await expect(runsNotice).toContainText('을(를) 내보냈습니다.');
    await expect(runsNotice).not.toContainText('Exported');
    await shoot('exported', runsNotice);
    const picks = page.getByRole('checkbox', { name: /비교 대상으로 선택$/ });
    await picks.nth(0).check();
    await picks.nth(1).check();
    await ko(page, '선택한 실행 비교(2/2)').click();
    const compare = page.getByRole('dialog', { name: '실행 비교' });
    await expect(compare).toBeVisible();
    const ended = compare.getByTestId('metric-Ended');
    await expect(ended).toContainText('최대 라운드');
    await expect(ended).toContainText('최종 답변');
    for (const english of ['max-rounds guard', 'final answer', 'not finished', '(est.)'])
      await expect(compare.locator('.runs-compare-metrics')).not.toContainText(english);
    await shoot('compare');
    await ko(compare, '닫기').click();

    // The advisors: memory moved inside the loop lands beside the metrics advisor without a tie.
    await page.locator('#tab-advisors').click();
    await ko(page, '채팅 메모리을(를) 루프 안쪽으로 옮기기').click();
    await expect(page.getByTestId('lane-inside').getByTestId('advisor-memory')).toBeVisible();
    await expect(page.getByLabel('채팅 메모리의 order')).toHaveValue('H+390');
    await expect(page.getByTestId('advisors-tie')).toHaveCount(0);
    await shoot('advisors', page.getByTestId('lane-inside').getByTestId('advisor-memory'));

    // Invalid arguments from the model, tools described in Korean: the harness's result speaks Korean.
    await openScenario(page, 'seoul-time-math-ko', '&lang=ko');
    await page.getByLabel('런타임', { exact: true }).selectOption({ label: '내가 모델 (You are the model)' });
    await ko(page, '끝까지 실행').click();
    const composer = page.getByRole('region', { name: '내가 모델', exact: true });
    await ko(composer, '도구 호출 추가').click();
    await composer.getByLabel('호출 1의 도구 이름').fill('calculate');
    await composer.getByLabel('호출 1의 인자').fill('{"operation": "power", "a": 1, "b": 2}');
    await composer.getByLabel('종료 이유 (finish reason)').selectOption('tool_calls');
    await ko(composer, '모델로서 보내기').click();
    const transcript = page.locator('.transcript');
    await expect(transcript).toContainText('calculate의 인수가 올바르지 않습니다:');
    await expect(transcript).not.toContainText('Invalid arguments for');
    await shoot('invalid-arguments', transcript.getByText('calculate의 인수가 올바르지 않습니다:'));
  });

  test('the Tools panel’s source badge, the Runs tab’s runtime and a refused run file read in Korean', async ({
    page,
  }) => {
    await openScenario(page, 'seoul-time-math', '&lang=ko');
    await expect(page.locator('.tools-panel .badge', { hasText: '프리셋' }).first()).toBeVisible();
    await expect(page.locator('.tools-panel .badge', { hasText: /^preset$/ })).toHaveCount(0);
    await page.getByRole('button', { name: '끝까지 실행', exact: true }).click();
    await expect(page.getByTestId('run-finished')).toBeVisible();
    await page.getByRole('tab', { name: '실행 기록' }).click();
    await expect(page.getByTestId('run-runtime').first()).toHaveText('스크립트 재생 (Scripted replay)');
    await page.getByLabel('실행 파일 가져오기').setInputFiles({
      name: 'cut.tlp-run.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"format": "tool-loop-playground/run", "version": 2, "run": {'),
    });
    const notice = page.getByTestId('runs-notice');
    await expect(notice).toContainText('가져오지 못했습니다: 파일이 잘려 있습니다');
    await expect(notice).not.toContainText('Import failed');
    await expect(notice.locator('[lang="en"]')).toHaveCount(1);
    for (const [width, height] of [
      [1440, 900],
      [1280, 720],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: test.info().outputPath(`korean-runs-refusal-${width}.png`) });
    }
  });
  test('an English scenario on the Korean page: the tools, the groups and the message labels read in Korean, the model still reads English', async ({
    page,
  }) => {
    await openScenario(page, 'reserve-and-todo', '&lang=ko');
    await expect(page.getByRole('textbox', { name: '시스템 프롬프트', exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: '사용자 메시지', exact: true })).toBeVisible();
    await expect(page.locator('.loop-prompts')).not.toContainText('System');
    const panel = page.locator('.tools-panel');
    await expect(panel).toContainText('수업 도구');
    await expect(panel).not.toContainText('Lessons');
    // What a person reads is Korean; what the model reads stays the scenario's English, one click away.
    const inventory = panel.locator('.tool-item', { hasText: 'check_inventory' });
    await expect(inventory.locator('.tool-description').first()).toHaveText('상품(SKU)의 현재 재고 수량을 돌려줍니다.');
    await inventory.getByText('모델이 읽는 설명 (영어)').click();
    await expect(inventory.getByTestId('model-reads-check_inventory')).toHaveText(
      'Returns how many units of a product (by SKU) are in stock right now.',
    );
    await page.getByRole('tab', { name: '요청 (Request)' }).click();
    await expect(page.getByRole('tabpanel')).toContainText(
      'Returns how many units of a product (by SKU) are in stock right now.',
    );
    await expect(page.getByRole('tabpanel')).not.toContainText('상품(SKU)의 현재 재고 수량을 돌려줍니다.');
    for (const [width, height] of [
      [1440, 900],
      [1280, 720],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: test.info().outputPath(`korean-tools-reading-${width}.png`) });
    }
  });
});
