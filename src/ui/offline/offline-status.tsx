/** The footer's offline and cache status: app shell cached or not, network on or off, models in the cache. */
import { useEffect } from 'react';
import { selectOffline } from '../../store/selectors';
import { useT } from '../../i18n';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import './offline-status.css';

const SHELL_TEXT = {
  unsupported: 'Offline use unavailable',
  dev: 'Offline cache off (dev server)',
  installing: 'Caching the app for offline use…',
  ready: 'App cached: works offline',
  error: 'Offline cache failed',
} as const;

export function OfflineStatus() {
  const { offline } = usePlaygroundApi();
  const { shell, shellDetail: detail, online, modelCache } = usePlayground(selectOffline);
  useEffect(() => offline.start(), [offline]);
  const models = modelCache?.models ?? [];
  const ggufModels = modelCache?.ggufModels ?? [];
  return (
    <div className="offline-status" role="status" aria-label="Offline and cache status">
      <span className={`badge ${online ? 'badge-accent' : 'badge-warn'}`} data-testid="network-status">
        {online ? 'Online' : 'Offline'}
      </span>
      <span
        className={`badge ${shell === 'ready' ? 'badge-accent' : shell === 'error' ? 'badge-error' : ''}`}
        data-testid="shell-status"
        data-shell={shell}
        title={detail || undefined}
      >
        {SHELL_TEXT[shell]}
      </span>
      <span className="small muted" data-testid="model-cache-status">
        {modelCache === null
          ? 'Model cache: checking…'
          : modelCache.error
            ? `Model cache unreadable: ${modelCache.error}`
            : models.length === 0 && ggufModels.length === 0
              ? 'Model cache: no model weights stored (scripted replay needs none)'
              : `Model cache: ${models.map((m) => `${m} (web-llm)`).join(', ')}`}
        {ggufModels.map((g, i) => (
          <span key={g.url} className="offline-gguf" data-testid="gguf-cache-entry" title={g.url}>
            {models.length > 0 || i > 0 ? ', ' : ''}
            {g.name} (GGUF, {formatBytes(g.bytes)})
          </span>
        ))}
        {modelCache?.usageBytes !== null &&
          modelCache?.usageBytes !== undefined &&
          ` · ${formatBytes(modelCache.usageBytes)} stored`}
      </span>
      <RuntimesOffline />
      <button type="button" className="button button-quiet small" onClick={() => void offline.refresh()}>
        Refresh cache status
      </button>
    </div>
  );
}

/** Which runtimes run with the network off: the built-in ones always, the others once their assets are cached. */
function RuntimesOffline() {
  const { t } = useT('offline');
  const ready = usePlayground((s) => selectOffline(s).runtimesOffline);
  if (ready === null) return null;
  const runtimes = ['webllm', 'wllama'] as const;
  const yes = [t('alwaysReady'), ...runtimes.filter((r) => ready[r]).map((r) => t(r))];
  const no = runtimes.filter((r) => !ready[r]).map((r) => t(r));
  return (
    <span className="small muted" data-testid="runtimes-offline">
      {t('runtimesReady', { list: yes.join(', ') })}
      {no.length > 0 && ` · ${t('runtimesNotYet', { list: no.join(', ') })}`}
    </span>
  );
}

function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${Math.round(bytes / 1e3)} kB`;
}
