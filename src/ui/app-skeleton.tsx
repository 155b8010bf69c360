/**
 * The page's first paint, drawn by the entry (main.tsx) before the playground's code has arrived: the header with
 * the app's title, the model band and the three columns, at the sizes the real ones take, so nothing jumps when
 * the app replaces it. It imports React and the i18n layer only — nothing of the store, the engine or a runtime.
 */
import { useT } from '../i18n';

export function AppSkeleton({ error }: { readonly error?: string }) {
  const { t } = useT('common');
  const shell = useT('shell').t;
  return (
    <div className="app app-skeleton" data-ready="false" aria-busy={error === undefined}>
      <header className="header">
        <h1 className="header-title">{t('appTitle')}</h1>
        <span className="skeleton-control" />
        <span className="skeleton-control" />
      </header>
      <div className="model-band skeleton-band" />
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
