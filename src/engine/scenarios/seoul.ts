/**
 * The Seoul scenario, in English and as the Korean tutorial asks it: two tool calls in one response (paired by
 * id), a call that uses the first result, then the answer. One script, worded per language, so both replay the
 * same turns; the Korean one also opens with the tools described in Korean (switchable, see tool-language.ts).
 */
import type { Condition, Script } from '../model-port/script';
import type { Scenario } from './scenario';
import { koreanToolOverrides } from './tool-language';

/** What the scripted model says at each ending: `{{last:<tool>}}` is that tool's latest result. */
interface SeoulWords {
  readonly neitherProduct: string;
  readonly productFailed: string;
  readonly neitherResult: string;
  readonly resultFailed: string;
  readonly timeFailed: string;
  readonly answer: string;
}

const bothFailed: Condition = {
  kind: 'all',
  conditions: [
    { kind: 'tool-failed', tool: 'calculate' },
    { kind: 'tool-failed', tool: 'current_time' },
  ],
};

function seoulScript(words: SeoulWords): Script {
  return {
    steps: [
      {
        toolCalls: [
          { name: 'current_time', arguments: { timezone: 'Asia/Seoul' } },
          { name: 'calculate', arguments: { operation: 'multiply', a: 128, b: 7 } },
        ],
      },
      {
        branches: [
          { when: bothFailed, turn: { text: words.neitherProduct } },
          { when: { kind: 'tool-failed', tool: 'calculate' }, turn: { text: words.productFailed } },
        ],
        otherwise: {
          toolCalls: [{ name: 'calculate', arguments: { operation: 'subtract', a: '{{last:calculate}}', b: 19 } }],
        },
      },
      {
        branches: [
          { when: bothFailed, turn: { text: words.neitherResult } },
          { when: { kind: 'tool-failed', tool: 'calculate' }, turn: { text: words.resultFailed } },
          { when: { kind: 'tool-failed', tool: 'current_time' }, turn: { text: words.timeFailed } },
        ],
        otherwise: { text: words.answer },
      },
    ],
  };
}

export const SEOUL_TIME_MATH: Scenario = {
  id: 'seoul-time-math',
  title: 'Time in Seoul and a calculation',
  description:
    'Two tool calls in one response (executed in order, paired by id), then a call that uses the first result, ' +
    'then the answer. Edit the multiplication at a pause and watch the new number flow through.',
  tryThis:
    'Tick “Pause before executing tools” and press Step; at turn 1 edit the multiply call (b: 7 → 8), then Step on and watch 1005 become the answer.',
  system: 'You are a helpful assistant. Use the tools for facts and arithmetic; never guess.',
  user: 'What time is it in Seoul, and what is (128 × 7) − 19?',
  toolNames: ['current_time', 'calculate'],
  script: seoulScript({
    neitherProduct:
      'Sorry, I could get neither the time in Seoul (“{{last:current_time}}”) nor the product ' +
      '(“{{last:calculate}}”), so I cannot answer.',
    productFailed:
      'It is {{last:current_time}} in Seoul, but I could not compute (128 × 7) − 19: the calculator ' +
      'answered “{{last:calculate}}”.',
    neitherResult:
      'Sorry, I could get neither the time in Seoul (“{{last:current_time}}”) nor the result ' +
      '(“{{last:calculate}}”).',
    resultFailed:
      'It is {{last:current_time}} in Seoul, but I could not finish the calculation: the calculator ' +
      'answered “{{last:calculate}}”.',
    timeFailed:
      'I could not get the time in Seoul (“{{last:current_time}}”). The calculation comes to ' + '{{last:calculate}}.',
    answer: 'It is {{last:current_time}} in Seoul, and the calculation comes to {{last:calculate}}.',
  }),
};

/** The tutorial's own question, word for word, with a Korean system prompt and Korean tool descriptions. */
export const SEOUL_TIME_MATH_KO: Scenario = {
  id: 'seoul-time-math-ko',
  title: '서울 시간과 계산 (한국어)',
  description:
    '튜토리얼의 질문 그대로: 한 응답에 도구 호출 두 개(차례로 실행, id로 짝지음), 첫 결과를 쓰는 호출, 그리고 답. ' +
    '도구 설명을 English / 한국어로 바꿔 가며 요청이 어떻게 달라지는지 비교해 보세요.',
  tryThis:
    '“도구 실행 전에 멈춤”을 켜고 한 단계를 누르세요. 1번째 턴에서 곱셈 호출을 고치고(b: 7 → 8) 계속 진행하면 답이 1005가 됩니다. 요청 탭에서 도구 설명의 언어도 확인해 보세요.',
  system: '당신은 친절한 어시스턴트입니다. 사실과 계산은 반드시 도구를 쓰고, 추측하지 마세요.',
  user: '지금 서울은 몇 시야? 그리고 (128 * 7) 에서 19 를 뺀 값도 알려줘. 계산은 반드시 도구를 써서 해.',
  toolNames: ['current_time', 'calculate'],
  toolOverrides: koreanToolOverrides(['current_time', 'calculate']),
  script: seoulScript({
    neitherProduct:
      '죄송합니다. 서울 시간(“{{last:current_time}}”)도, 곱셈 결과(“{{last:calculate}}”)도 얻지 못해 답할 수 없습니다.',
    productFailed:
      '서울은 지금 {{last:current_time}}입니다. 하지만 (128 * 7) - 19는 계산하지 못했습니다. 계산기의 응답: “{{last:calculate}}”.',
    neitherResult:
      '죄송합니다. 서울 시간(“{{last:current_time}}”)도, 계산 결과(“{{last:calculate}}”)도 얻지 못했습니다.',
    resultFailed:
      '서울은 지금 {{last:current_time}}입니다. 하지만 계산을 끝내지 못했습니다. 계산기의 응답: “{{last:calculate}}”.',
    timeFailed: '서울 시간을 가져오지 못했습니다(“{{last:current_time}}”). 계산 결과는 {{last:calculate}}입니다.',
    answer: '서울은 지금 {{last:current_time}}이고, (128 * 7) 에서 19 를 뺀 값은 {{last:calculate}}입니다.',
  }),
};
