/**
 * The recommended real models, each loadable with one click (the load shows its progress bar in the panel). Offline,
 * a model not in the offline cache cannot download: its button says so instead of failing.
 */
import { useSyncExternalStore } from 'react';
import { useT } from '../../i18n';
import { formatBytes } from './gguf/model-check';
import type { RecommendedModel } from './recommended-models';
import { RECOMMENDED_MODELS } from './recommended-models';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function RecommendedModels({
  busy,
  isCached,
  onLoad,
}: {
  readonly busy: boolean;
  readonly isCached: (url: string) => boolean;
  readonly onLoad: (model: RecommendedModel) => void;
}) {
  const { t } = useT('cpu');
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const loadText = (model: RecommendedModel) =>
    isCached(model.url) ? t('recommended.loadCached') : t('recommended.load', { size: formatBytes(model.approxBytes) });
  return (
    <section className="wllama-recommended" aria-label={t('recommended.title')}>
      <h4 className="wllama-subtitle">{t('recommended.title')}</h4>
      <p className="wllama-note">{t('recommended.intro')}</p>
      <ul className="wllama-recommended-list">
        {RECOMMENDED_MODELS.map((model) => {
          const cached = isCached(model.url);
          const blocked = !online && !cached;
          return (
            <li key={model.id} data-testid={`recommended-${model.id}`}>
              <div>
                <strong>{model.name}</strong>{' '}
                <span className="wllama-note">
                  {t('recommended.facts', { size: formatBytes(model.approxBytes), licence: model.licence })}
                </span>{' '}
                <a href={model.page} target="_blank" rel="noreferrer noopener">
                  {t('recommended.page')}
                </a>
              </div>
              <p className="wllama-note">{t(`recommended.expect.${model.expect}`)}</p>
              <button
                type="button"
                disabled={busy || blocked}
                aria-label={t('recommended.loadOf', { name: model.name, action: loadText(model) })}
                onClick={() => onLoad(model)}
              >
                {loadText(model)}
              </button>
              {blocked && (
                <span className="wllama-note" data-testid="recommended-offline">
                  {' '}
                  {t('recommended.offline')}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
