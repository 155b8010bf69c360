/**
 * The footer's offline and cache status: app shell cached or not, network on or off, models in the cache, which
 * runtimes are ready offline, and "Make everything available offline".
 */
import { useEffect } from 'react';
import { selectOffline, selectReady } from '../../store/selectors';
import { useFormat, useT } from '../../i18n';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { formatBytes } from './bytes';
import { MakeAvailableOffline, RuntimesOffline } from './offline-readiness';
import './offline-status.css';

export function OfflineStatus() {
  const { t } = useT('offline');
  const format = useFormat();
  const { offline } = usePlaygroundApi();
  const { shell, shellDetail: detail, online, modelCache } = usePlayground(selectOffline);
  const ready = usePlayground(selectReady);
  // The service worker and the cache reads wait until the playground is usable: none of them is needed for Send.
  useEffect(() => {
    if (ready) offline.start();
  }, [offline, ready]);
  const models = modelCache?.models ?? [];
  const ggufModels = modelCache?.ggufModels ?? [];
  return (
    <div className="offline-status" role="status" aria-label={t('statusLabel')}>
      <span className={`badge ${online ? 'badge-accent' : 'badge-warn'}`} data-testid="network-status">
        {online ? t('online') : t('offline')}
      </span>
      <span
        className={`badge ${shell === 'ready' ? 'badge-accent' : shell === 'error' ? 'badge-error' : ''}`}
        data-testid="shell-status"
        data-shell={shell}
        title={detail || undefined}
      >
        {t(`shell.${shell}`)}
      </span>
      <span className="small muted" data-testid="model-cache-status">
        {modelCache === null
          ? t('modelCache.checking')
          : modelCache.error
            ? t('modelCache.unreadable', { error: modelCache.error })
            : models.length === 0 && ggufModels.length === 0
              ? t('modelCache.none')
              : t('modelCache.list', {
                  list: models.map((model) => t('modelCache.webllmModel', { model })).join(', '),
                })}
        {ggufModels.map((g, i) => (
          <span key={g.url} className="offline-gguf" data-testid="gguf-cache-entry" title={g.url}>
            {models.length > 0 || i > 0 ? ', ' : ''}
            {t('modelCache.gguf', { name: g.name, size: formatBytes(format, g.bytes) })}
          </span>
        ))}
        {modelCache?.usageBytes !== null &&
          modelCache?.usageBytes !== undefined &&
          t('modelCache.stored', { size: formatBytes(format, modelCache.usageBytes) })}
      </span>
      <RuntimesOffline />
      <MakeAvailableOffline />
      <button type="button" className="button button-quiet small" onClick={() => void offline.refresh()}>
        {t('refresh')}
      </button>
    </div>
  );
}
