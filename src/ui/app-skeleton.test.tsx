// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, I18nRoot } from '../i18n';
import { EnglishRoot } from '../i18n/english-root';
import { ko } from '../i18n/locales/ko';
import { AppSkeleton } from './app-skeleton';

afterEach(cleanup);

describe('the first paint (app skeleton)', () => {
  it("shows the app's title and three empty columns, busy, and says it is loading to a screen reader", () => {
    const { container } = render(
      <EnglishRoot>
        <AppSkeleton />
      </EnglishRoot>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tool Loop Playground');
    expect(screen.getByRole('status').textContent).toBe('Loading the playground…');
    expect(container.querySelectorAll('.app-columns > .panel')).toHaveLength(3);
    expect(container.querySelector('.app')?.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('.app')?.getAttribute('data-ready')).toBe('false');
  });

  it('draws the first minute the app will draw: the scenario banner in the page language, or the card, inert', async () => {
    const { container, rerender } = render(
      <I18nRoot i18n={await createI18n('ko')}>
        <AppSkeleton intro={{ kind: 'banner', scenarioId: 'seoul-time-math' }} />
      </I18nRoot>,
    );
    const banner = screen.getByTestId('scenario-banner');
    expect(banner.textContent).toContain(ko.scenarios['seoul-time-math'].title);
    expect(banner.querySelector('button')?.disabled).toBe(true);
    // Between the header and the model band, where the app draws it.
    expect(container.querySelector('header + .intro-banner + .model-band')).not.toBeNull();
    rerender(
      <EnglishRoot>
        <AppSkeleton intro={{ kind: 'card' }} />
      </EnglishRoot>,
    );
    expect(screen.getByTestId('intro-card').textContent).toContain('Open');
    expect(screen.queryByTestId('scenario-banner')).toBeNull();
  });

  it('a failed load says why and what to do, in the page language (Korean here)', async () => {
    const i18n = await createI18n('ko');
    render(
      <I18nRoot i18n={i18n}>
        <AppSkeleton error="Failed to fetch dynamically imported module" />
      </I18nRoot>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      '플레이그라운드를 불러오지 못했습니다 (Failed to fetch dynamically imported module). 페이지를 새로 고쳐 다시 시도하세요.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
