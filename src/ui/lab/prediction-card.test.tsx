// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scorePrediction } from '../../engine/lab/predict';
import type { PredictedCall } from '../../engine/lab/types';
import type { I18n } from '../../i18n';
import { createI18n, I18nRoot } from '../../i18n';
import { PredictionCard, predictionOutcome } from './prediction-card';

let en: I18n;
let ko: I18n;
beforeAll(async () => {
  en = await createI18n('en');
  ko = await createI18n('ko');
});
afterEach(cleanup);

const calls: PredictedCall[] = [
  { name: 'current_time', arguments: { timezone: 'Asia/Seoul' } },
  { name: 'calculate', arguments: { operation: 'multiply', a: 128, b: 7 } },
];
const actualCalls = {
  kind: 'calls',
  calls: calls.map((c, i) => ({ id: `call_${i + 1}`, name: c.name, argumentsText: JSON.stringify(c.arguments) })),
} as const;

describe('PredictionCard (issue 29, item 7): a score card, not a red banner', () => {
  it('a wrong guess is a surprise with the lesson, in the calm colours, never an alert', () => {
    const score = scorePrediction(1, { kind: 'answer' }, actualCalls);
    render(
      <I18nRoot i18n={en}>
        <PredictionCard round={1} prediction={{ kind: 'answer' }} score={score} />
      </I18nRoot>,
    );
    const card = screen.getByTestId('prediction-1');
    expect(card.getAttribute('role')).toBe('status');
    expect(card.className).toContain('lab-prediction-surprise');
    expect(card.className).not.toMatch(/error/);
    expect(screen.getByTestId('prediction-headline-1').textContent).toBe('A surprise: the model chose to call tools.');
    expect(screen.getByTestId('prediction-score-1').textContent).toBe('0 / 3 points');
    expect(card.textContent).toContain('You saida final answer');
    expect(card.textContent).toContain('wrong kind: the model chose to call tools');
    expect(card.textContent).toContain('Surprises are where the lesson is');
    expect(card.querySelectorAll('.lab-pip-full')).toHaveLength(0);
  });

  it('every point is "spot on" with three full pips; the right kind with a wrong argument is "close"', () => {
    const perfect = scorePrediction(1, { kind: 'calls', calls }, actualCalls);
    const wrongArg = scorePrediction(
      1,
      { kind: 'calls', calls: [calls[0]!, { ...calls[1]!, arguments: { operation: 'multiply', a: 128, b: 8 } }] },
      actualCalls,
    );
    expect(predictionOutcome(perfect)).toBe('perfect');
    expect(predictionOutcome(wrongArg)).toBe('close');
    render(
      <I18nRoot i18n={en}>
        <PredictionCard round={1} prediction={{ kind: 'calls', calls }} score={perfect} />
        <PredictionCard round={2} prediction={{ kind: 'calls', calls }} score={wrongArg} />
      </I18nRoot>,
    );
    expect(screen.getByTestId('prediction-headline-1').textContent).toBe('Spot on: every point of this turn.');
    expect(screen.getByTestId('prediction-1').querySelectorAll('.lab-pip-full')).toHaveLength(3);
    expect(screen.getByTestId('prediction-headline-2').textContent).toBe('Close: the right kind of turn.');
    expect(screen.getByTestId('prediction-2').textContent).toContain('tools 2/2');
    expect(screen.getByTestId('prediction-2').textContent).toContain('arguments 3/4');
  });

  it('reads in Korean, and an unscored prediction says so', () => {
    const score = scorePrediction(2, { kind: 'answer' }, actualCalls);
    render(
      <I18nRoot i18n={ko}>
        <PredictionCard round={2} prediction={{ kind: 'answer' }} score={score} />
        <PredictionCard round={3} prediction={{ kind: 'answer' }} score={null} />
      </I18nRoot>,
    );
    expect(screen.getByTestId('prediction-headline-2').textContent).toBe(
      '뜻밖의 결과: 모델은 도구 호출 쪽을 택했습니다.',
    );
    expect(screen.getByTestId('prediction-3').textContent).toContain('아직 채점 전');
    expect(screen.queryByTestId('prediction-headline-3')).toBeNull();
  });
});
