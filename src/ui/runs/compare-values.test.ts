/** The compare view's values: in English as the engine writes them, in Korean with no English left. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { MetricValue } from '../../engine/run-file/compare';
import { englishValue } from '../../engine/run-file/compare';
import { createI18n, formatters } from '../../i18n';
import { englishT } from '../../i18n/english';
import { finishLabel } from '../engine-text/engine-text';
import { metricValueText } from './compare-view';

const VALUES: MetricValue[] = [
  { kind: 'count', n: 3 },
  { kind: 'tokens', n: 120, estimated: true },
  { kind: 'tokens', n: 95, estimated: false },
  { kind: 'ms', ms: 15 },
  { kind: 'ended', reason: 'final-answer' },
  { kind: 'ended', reason: 'max-rounds' },
  { kind: 'unfinished', phase: 'approve' },
  { kind: 'text', text: 'It is 3 pm.' },
  { kind: 'text', text: null },
];

let ko: { runs: TFunction<'runs'>; engine: TFunction<'engine'>; phase: TFunction<'phase'> };
beforeAll(async () => {
  const i18n = await createI18n('ko');
  ko = {
    runs: i18n.getFixedT('ko', 'runs'),
    engine: i18n.getFixedT('ko', 'engine'),
    phase: i18n.getFixedT('ko', 'phase'),
  };
});

describe('compare values', () => {
  it('read in English as the engine writes them', () => {
    const engine = englishT('engine');
    const phase = englishT('phase');
    for (const value of VALUES) {
      const text = metricValueText(value, {
        t: englishT('runs'),
        format: formatters('en'),
        finish: (r) => finishLabel(engine, r),
        phase: (p) => (p === 'idle' ? p : phase(`step.${p}`)),
      });
      // The English page names a phase by its step label ("approve"), as the engine does.
      expect(text, value.kind).toBe(englishValue(value));
    }
  });

  it('read in Korean: estimated tokens, a finish reason and an unfinished run', () => {
    const words = {
      t: ko.runs,
      format: formatters('ko'),
      finish: (r: Parameters<typeof finishLabel>[1]) => finishLabel(ko.engine, r),
      phase: (p: string) => ko.phase(`step.${p as 'approve'}`),
    };
    expect(metricValueText({ kind: 'tokens', n: 1200, estimated: true }, words)).toBe('1,200 (추정)');
    expect(metricValueText({ kind: 'unfinished', phase: 'approve' }, words)).toBe('끝나지 않음 (단계: approve (승인))');
    expect(metricValueText({ kind: 'ended', reason: 'final-answer' }, words)).toMatch(/[가-힣]/);
    for (const value of VALUES.filter((v) => v.kind !== 'text')) {
      expect(metricValueText(value, words), value.kind).not.toMatch(/est\.|not finished|final answer|guard/);
    }
  });
});
