/**
 * How the first minute looks, with no store behind it: the scenario banner and the no-scenario card. The app
 * (first-minute.tsx) and its skeleton (app-skeleton.tsx) draw the same markup, so the page does not move when the
 * app replaces the skeleton.
 */
import { useT } from '../../i18n';
import type { ScenarioText } from '../scenarios/scenario-text';
import './first-minute.css';

export interface IntroActions {
  /** Absent in the skeleton: its buttons are drawn, inert, until the app arrives. */
  readonly onHide?: () => void;
  readonly onOpen?: () => void;
}

export function IntroBanner({ text, onHide }: { readonly text: ScenarioText } & IntroActions) {
  const { t } = useT('intro');
  return (
    <p className="intro-banner" data-testid="scenario-banner">
      <strong>{text.title}:</strong> {text.description}
      {text.tryThis !== undefined && (
        <>
          {' '}
          <strong>{t('try')}</strong> {text.tryThis}
        </>
      )}{' '}
      <button type="button" className="link-button" onClick={onHide} disabled={!onHide}>
        {t('hide')}
      </button>
    </p>
  );
}

export function IntroCard({ onHide, onOpen }: IntroActions) {
  const { t } = useT('intro');
  return (
    <section className="intro-card" aria-labelledby="intro-title" data-testid="intro-card">
      <h2 id="intro-title">{t('card.title')}</h2>
      <p>{t('card.what')}</p>
      <p>
        <strong>{t('card.firstLabel')}</strong> {t('card.first')}
      </p>
      <div className="call-buttons">
        <button type="button" className="button button-primary" onClick={onOpen} disabled={!onOpen}>
          {t('card.open')}
        </button>
        <button type="button" className="button button-quiet" onClick={onHide} disabled={!onHide}>
          {t('hide')}
        </button>
      </div>
    </section>
  );
}
