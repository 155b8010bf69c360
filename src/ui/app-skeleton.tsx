/**
 * The page's first paint, drawn by the entry (main.tsx) before the playground's code has arrived: the header with
 * the app's title, the model band and the three columns, at the sizes the real ones take, so nothing jumps when
 * the app replaces it — with the first minute's banner or card when the last visit (or `?scenario=`) says which. It
 * imports React and the i18n layer only — nothing of the store, the engine or a runtime.
 */
import { useT } from '../i18n';
import type { FirstPaintIntro } from './first-minute/first-paint';
import { IntroBanner, IntroCard } from './first-minute/intro-view';
import { useCataloguedScenarioText } from './scenarios/scenario-text';

export interface AppSkeletonProps {
  /** Why the playground's code could not load; absent while it loads. */
  readonly error?: string;
  /** The first minute as the app will draw it (first-paint.ts); none when absent. */
  readonly intro?: FirstPaintIntro;
}

export function AppSkeleton({ error, intro = { kind: 'none' } }: AppSkeletonProps) {
  const { t } = useT('common');
  const shell = useT('shell').t;
  const scenarioText = useCataloguedScenarioText();
  return (
    <div className="app app-skeleton" data-ready="false" aria-busy={error === undefined}>
      <header className="header">
        <h1 className="header-title">{t('appTitle')}</h1>
        {/* Boxes with a button's font and padding: as tall as the header's own buttons in either language. */}
        <span className="button skeleton-control" aria-hidden="true">
          {'\u00a0'}
        </span>
        <span className="button skeleton-control" aria-hidden="true">
          {'\u00a0'}
        </span>
      </header>
      {intro.kind === 'banner' && <IntroBanner text={scenarioText(intro.scenarioId)} />}
      {intro.kind === 'card' && <IntroCard />}
      {/* One empty line: as tall as the closed band's summary in either language. */}
      <div className="model-band" aria-hidden="true">
        {'\u00a0'}
      </div>
      {error === undefined ? (
        <p className="visually-hidden" role="status">
          {shell('loading')}
        </p>
      ) : (
        <p className="skeleton-failed" role="alert">
          {shell('failed', { error })}
        </p>
      )}
      <main className="app-columns">
        <div className="panel skeleton-panel" />
        <div className="panel skeleton-panel" />
        <div className="panel skeleton-panel" />
      </main>
    </div>
  );
}
