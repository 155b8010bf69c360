/**
 * Which runtimes run with the network off, and "Make everything available offline": the footer shows one line
 * and the button; the Model panel lists each runtime with what it needs. The button fetches every runtime asset
 * not cached yet (offline-state.ts) with a progress bar in bytes, cancellable, with the error and a retry. Model
 * weights are not app files: the CPU runtime keeps a GGUF loaded from a URL, web-llm keeps its own weights.
 */
import { useFormat, useT } from '../../i18n';
import { selectOffline } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { formatBytes } from './bytes';

/** The footer's line: the runtimes ready offline and those not yet. */
export function RuntimesOffline() {
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

/** The Model panel's list: each runtime, whether it is ready offline, and what it keeps itself. */
export function RuntimeReadinessList() {
  const { t } = useT('offline');
  const format = useFormat();
  const { runtimesOffline: ready, modelCache } = usePlayground(selectOffline);
  const gguf = modelCache?.ggufModels ?? [];
  const weights = modelCache?.models ?? [];
  const row = (name: string, ok: boolean | null, text: string, extra?: string) => (
    <li data-ready={ok === null ? 'depends' : String(ok)}>
      <span className={`badge ${ok === true ? 'badge-accent' : ok === false ? 'badge-warn' : ''}`}>{name}</span>{' '}
      <span className="small">{text}</span>
      {extra && <span className="small muted offline-readiness-extra">{extra}</span>}
    </li>
  );
  return (
    <section className="offline-readiness" aria-label={t('readiness.title')} data-testid="offline-readiness">
      <h3 className="offline-readiness-title">{t('readiness.title')}</h3>
      <ul>
        {row(t('readiness.scripted'), true, t('readiness.always'))}
        {row(t('readiness.human'), true, t('readiness.always'))}
        {row(
          t('wllama'),
          ready?.wllama ?? false,
          ready?.wllama ? t('readiness.wllamaReady') : t('readiness.wllamaMissing'),
          gguf.length === 0
            ? t('readiness.ggufNone')
            : t('readiness.ggufList', {
                list: gguf.map((g) => `${g.name} (${formatBytes(format, g.bytes)})`).join(', '),
              }),
        )}
        {row(
          t('webllm'),
          ready?.webllm ?? false,
          ready?.webllm ? t('readiness.webllmReady') : t('readiness.webllmMissing'),
          t('readiness.webllmWeights', {
            list: weights.length === 0 ? t('readiness.webllmNoWeights') : weights.join(', '),
          }),
        )}
        {row(t('readiness.endpoint'), null, t('readiness.endpointNote'))}
      </ul>
      <MakeAvailableOffline />
    </section>
  );
}

/** The button, its progress bar (bytes done / total), Cancel, and the outcome with a retry. */
export function MakeAvailableOffline() {
  const { t } = useT('offline');
  const format = useFormat();
  const { offline } = usePlaygroundApi();
  const { prefetch, runtimesOffline: ready } = usePlayground(selectOffline);
  const size = (bytes: number) => formatBytes(format, bytes);
  const allReady = ready !== null && ready.webllm && ready.wllama;
  const start = () => void offline.makeAvailableOffline();

  const fraction = prefetch.status !== 'idle' && prefetch.totalBytes > 0 ? prefetch.doneBytes / prefetch.totalBytes : 0;
  // The bar stays after the fetch ends, at the figure it reached.
  const bar = prefetch.status !== 'idle' && (prefetch.status === 'running' || prefetch.totalBytes > 0) && (
    <>
      <progress aria-label={t('prefetch.progressLabel')} max={1} value={fraction} />
      <span className="small" data-testid="offline-prefetch-progress">
        {prefetch.totalBytes === 0
          ? t('prefetch.checking')
          : t('prefetch.progress', {
              done: size(prefetch.doneBytes),
              total: size(prefetch.totalBytes),
              // Rounded down: 100 % only once every byte is in.
              percent: format.number(Math.floor(fraction * 100) / 100, { style: 'percent' }),
            })}
      </span>
    </>
  );

  if (prefetch.status === 'running') {
    return (
      <div className="offline-prefetch" data-testid="offline-prefetch" data-status="running">
        {bar}
        <button type="button" className="button button-quiet small" onClick={() => offline.cancelPrefetch()}>
          {t('prefetch.cancel')}
        </button>
      </div>
    );
  }

  let outcome: { text: string; error: boolean } | null = null;
  if (prefetch.status === 'done') {
    outcome = {
      text:
        prefetch.totalBytes === 0
          ? t('prefetch.nothingMissing')
          : t('prefetch.done', { total: size(prefetch.totalBytes) }),
      error: false,
    };
  } else if (prefetch.status === 'cancelled') {
    outcome = {
      text: t('prefetch.cancelled', { done: size(prefetch.doneBytes), total: size(prefetch.totalBytes) }),
      error: false,
    };
  } else if (prefetch.status === 'error') {
    const e = prefetch.error;
    outcome = {
      text:
        e.kind === 'unsupported'
          ? t('prefetch.unsupported')
          : e.kind === 'manifest'
            ? t('prefetch.errorManifest', { detail: e.detail })
            : t('prefetch.errorFile', { path: e.path, detail: e.detail }),
      error: true,
    };
  }
  const showButton = !allReady || prefetch.status === 'error' || prefetch.status === 'cancelled';
  return (
    <div className="offline-prefetch" data-testid="offline-prefetch" data-status={prefetch.status}>
      {showButton ? (
        <button type="button" className="button small" onClick={start}>
          {prefetch.status === 'error' ? t('prefetch.retry') : t('prefetch.button')}
        </button>
      ) : (
        prefetch.status === 'idle' && <span className="small muted">{t('prefetch.allReady')}</span>
      )}
      {bar}
      {outcome && (
        <span
          className={`small ${outcome.error ? 'offline-prefetch-error' : 'muted'}`}
          role={outcome.error ? 'alert' : undefined}
          data-testid="offline-prefetch-outcome"
        >
          {outcome.text}
        </span>
      )}
    </div>
  );
}
