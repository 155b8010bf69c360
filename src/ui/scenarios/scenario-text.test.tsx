// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Scenario } from '../../engine/scenarios';
import { getScenario, SCENARIOS } from '../../engine/scenarios';
import { createI18n, I18nRoot } from '../../i18n';
import { en } from '../../i18n/locales/en';
import { ko } from '../../i18n/locales/ko';
import { useScenarioText, useScenarioTitle } from './scenario-text';

afterEach(cleanup);

function Texts({ scenario }: { scenario: Scenario }) {
  const text = useScenarioText()(scenario);
  const title = useScenarioTitle()(scenario);
  return (
    <>
      <p data-testid="texts">
        {text.title} | {text.description} | {text.tryThis ?? '-'}
      </p>
      <p data-testid="title">{title}</p>
    </>
  );
}

describe('the scenarios catalog', () => {
  it('has every scenario, and its English equals the engine’s (the engine stays the source)', () => {
    expect(Object.keys(en.scenarios).sort()).toEqual(SCENARIOS.map((s) => s.id).sort());
    for (const scenario of SCENARIOS) {
      const entry = en.scenarios[scenario.id as keyof typeof en.scenarios];
      expect(entry, scenario.id).toEqual({
        title: scenario.title,
        description: scenario.description,
        tryThis: scenario.tryThis,
      });
    }
  });

  it('words every scenario in Korean (the Korean scenario as the engine words it)', () => {
    for (const scenario of SCENARIOS) {
      const entry = ko.scenarios[scenario.id as keyof typeof ko.scenarios];
      expect(entry.title, scenario.id).toMatch(/[가-힣]/);
      expect(entry.description, scenario.id).toMatch(/[가-힣]/);
      expect(entry.tryThis, scenario.id).toMatch(/[가-힣]/);
    }
    const korean = getScenario('seoul-time-math-ko')!;
    expect(ko.scenarios['seoul-time-math-ko']).toEqual({
      title: korean.title,
      description: korean.description,
      tryThis: korean.tryThis,
    });
  });

  it('useScenarioText and useScenarioTitle answer in the page’s language, and with the engine’s text for a scenario not catalogued', async () => {
    const seoul = getScenario('seoul-time-math')!;
    const { rerender } = render(
      <I18nRoot i18n={await createI18n('en')}>
        <Texts scenario={seoul} />
      </I18nRoot>,
    );
    expect(screen.getByTestId('texts').textContent).toBe(`${seoul.title} | ${seoul.description} | ${seoul.tryThis}`);
    const korean = await createI18n('ko');
    rerender(
      <I18nRoot i18n={korean}>
        <Texts scenario={seoul} />
      </I18nRoot>,
    );
    const k = ko.scenarios['seoul-time-math'];
    expect(screen.getByTestId('texts').textContent).toBe(`${k.title} | ${k.description} | ${k.tryThis}`);
    expect(screen.getByTestId('title').textContent).toBe(k.title);
    const own: Scenario = { ...seoul, id: 'not-catalogued', title: 'Own', description: 'Mine', tryThis: undefined };
    rerender(
      <I18nRoot i18n={korean}>
        <Texts scenario={own} />
      </I18nRoot>,
    );
    expect(screen.getByTestId('texts').textContent).toBe('Own | Mine | -');
    expect(screen.getByTestId('title').textContent).toBe('Own');
  });
});
