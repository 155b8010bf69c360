/**
 * The CPU runtime's Model panel: pick a GGUF file, enter a URL, or generate the tiny random test model; see
 * load progress with Cancel; once ready, what was loaded, which backend ran and Unload; errors as clear text.
 * Everything shown is plain text (file names and URLs are untrusted); every control has an accessible name.
 */
import { backendWords } from './backend-words';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useFormat, useT, type Formatters } from '../../i18n';
import type { CachedGguf } from './gguf-cache';
import { cacheKey, fileNameFromUrl } from './gguf-cache';
import type { BudgetWhy, LoadText } from './load-text';
import type { UrlCacheOutcome } from './wllama-loader';
import { RecommendedModels } from './recommended-models-list';
import { threadSupport } from './wllama-loader';
import type { WllamaStore } from './wllama-store';
import './wllama-panel.css';

/** The cache entry for the URL typed in the field, if any (matching how the cache keys it). */
function entryFor(url: string, entries: readonly CachedGguf[] | null): CachedGguf | null {
  if (!entries || url.trim() === '') return null;
  try {
    const key = cacheKey(url.trim());
    return entries.find((e) => e.url === key) ?? null;
  } catch {
    return null;
  }
}

function cacheOutcomeText(outcome: UrlCacheOutcome, t: TFunction<'cpu'>, format: Formatters): string {
  switch (outcome.kind) {
    case 'hit':
    case 'stored':
      return t(`cacheOutcome.${outcome.kind}`, { size: format.bytes(outcome.bytes, { binary: true }) });
    case 'not-stored':
      return t('cacheOutcome.not-stored', { reason: outcome.reason });
    default: {
      const never: never = outcome;
      return never;
    }
  }
}

function budgetText(budget: BudgetWhy, t: TFunction<'cpu'>, format: Formatters): string {
  return budget.kind === 'device'
    ? t('failure.budgetDevice', { gb: format.number(budget.gb) })
    : t('failure.budgetWasm');
}

/** Why a model did not load, in the page's language (sizes through the page's number format). */
function failureText(text: LoadText, t: TFunction<'cpu'>, format: Formatters): string {
  const size = (bytes: number) => format.bytes(bytes, { binary: true });
  switch (text.key) {
    case 'empty':
    case 'truncatedHeader':
    case 'noArchitecture':
    case 'offline':
      return t(`failure.${text.key}`);
    case 'notGguf':
      return t('failure.notGguf', { start: text.start });
    case 'unsupportedVersion':
      return t('failure.unsupportedVersion', { version: text.version });
    case 'truncatedData':
      return t('failure.truncatedData', { described: size(text.describedBytes), file: size(text.fileBytes) });
    case 'tooLarge':
      return t('failure.tooLarge', {
        needs: size(text.needsBytes),
        weights: size(text.weightsBytes),
        kvCache: size(text.kvCacheBytes),
        nCtx: text.nCtx,
        budget: budgetText(text.budget, t, format),
        allows: size(text.allowsBytes),
      });
    case 'tooLargeFile':
      return t('failure.tooLargeFile', {
        file: size(text.fileBytes),
        budget: budgetText(text.budget, t, format),
        allows: size(text.allowsBytes),
      });
    case 'tooLargeStream':
      return t('failure.tooLargeStream', {
        allows: size(text.allowsBytes),
        budget: budgetText(text.budget, t, format),
      });
    case 'missingHyperparameters':
      return t('failure.missingHyperparameters', { count: text.keys.length, keys: text.keys.join(', ') });
    case 'notUrl':
      return t('failure.notUrl', { url: text.url });
    case 'httpStatus':
      return t('failure.httpStatus', { status: text.status, statusText: text.statusText });
    case 'cors':
      return t('failure.cors', { host: text.host });
    case 'unreachable':
      return t('failure.unreachable', { host: text.host, detail: text.detail });
    case 'interrupted':
    case 'library':
    case 'failed':
      return t(`failure.${text.key}`, { detail: text.detail });
    default: {
      const never: never = text;
      return never;
    }
  }
}

export function WllamaPanel({ wllama }: { wllama: WllamaStore }) {
  const { t } = useT('cpu');
  const format = useFormat();
  const size = (bytes: number) => format.bytes(bytes, { binary: true });
  const { status, settings, cached } = useStore(wllama.store);
  const { actions } = wllama;
  const [url, setUrl] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { file: useId(), url: useId(), threads: useId(), ctx: useId(), seed: useId() };
  const busy = status.kind === 'loading';
  const threads = threadSupport();
  const hasWebGpu = typeof navigator !== 'undefined' && 'gpu' in navigator;
  const typedEntry = entryFor(url, cached.entries);
  useEffect(() => void actions.refreshCache(), [actions]);

  return (
    <section className="wllama-panel" aria-label={t('panelLabel')}>
      <h3 className="wllama-title">{t('title')}</h3>
      <p className="wllama-intro">{t('intro')}</p>

      <div className="wllama-sources" role="group" aria-label={t('source')}>
        <div className="wllama-row">
          <label htmlFor={ids.file}>{t('file')}</label>
          <input
            id={ids.file}
            ref={fileInput}
            type="file"
            accept=".gguf,application/octet-stream"
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void actions.load({ kind: 'file', file, name: file.name });
              e.target.value = '';
            }}
          />
        </div>
        <form
          className="wllama-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (url.trim() !== '') void actions.load({ kind: 'url', url: url.trim() });
          }}
        >
          <label htmlFor={ids.url}>{t('url')}</label>
          <input
            id={ids.url}
            type="url"
            placeholder={t('urlPlaceholder')}
            value={url}
            disabled={busy}
            onChange={(e) => setUrl(e.target.value)}
          />
          <button type="submit" disabled={busy || url.trim() === ''}>
            {t('loadUrl')}
          </button>
          {url.trim() !== '' && cached.available && (
            <p className="wllama-note wllama-url-cache" data-testid="wllama-url-cache">
              {typedEntry ? t('urlCached', { size: size(typedEntry.bytes) }) : t('urlNotCached')}
            </p>
          )}
        </form>
        <RecommendedModels
          busy={busy}
          isCached={(modelUrl) => entryFor(modelUrl, cached.entries) !== null}
          onLoad={(model) => {
            setUrl(model.url);
            void actions.load({ kind: 'url', url: model.url });
          }}
        />
        <div className="wllama-row wllama-tiny">
          <button
            type="button"
            disabled={busy}
            onClick={() => void actions.load({ kind: 'tiny', seed: settings.tinySeed })}
          >
            {t('tiny')}
          </button>
          <label htmlFor={ids.seed}>{t('seed')}</label>
          <input
            id={ids.seed}
            className="wllama-seed"
            type="number"
            min={0}
            step={1}
            value={settings.tinySeed}
            disabled={busy}
            onChange={(e) => {
              const seed = Number(e.target.value);
              if (Number.isInteger(seed) && seed >= 0) actions.updateSettings({ tinySeed: seed });
            }}
          />
          <p className="wllama-note">{t('tinyNote')}</p>
        </div>
      </div>

      <div className="wllama-cache" role="region" aria-label={t('cache.label')}>
        <h4 className="wllama-subtitle">{t('cache.title')}</h4>
        {!cached.available ? (
          <p className="wllama-note">{t('cache.unavailable')}</p>
        ) : cached.entries === null ? (
          <p className="wllama-note">{t('cache.reading')}</p>
        ) : cached.entries.length === 0 ? (
          <p className="wllama-note">{t('cache.empty')}</p>
        ) : (
          <ul className="wllama-cache-list" aria-label={t('cache.listLabel')}>
            {cached.entries.map((entry) => (
              <li key={entry.url} aria-label={entry.url}>
                <span className="wllama-cache-name" title={entry.url}>
                  {fileNameFromUrl(entry.url)}
                </span>{' '}
                <span className="wllama-cache-size" data-testid="wllama-cache-size">
                  {size(entry.bytes)}
                </span>
                <span className="wllama-cache-url">{entry.url}</span>
                <span className="wllama-cache-actions">
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => {
                      setUrl(entry.url);
                      void actions.load({ kind: 'url', url: entry.url });
                    }}
                  >
                    {t('cache.load')}
                  </button>
                  <button type="button" disabled={busy} onClick={() => void actions.deleteCached(entry.url)}>
                    {t('cache.delete')}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
        {cached.error && (
          <p className="wllama-error" role="alert">
            {t(cached.error.action === 'read' ? 'cache.readFailed' : 'cache.deleteFailed', {
              detail: cached.error.detail,
            })}
          </p>
        )}
      </div>

      <details className="wllama-options">
        <summary>{t('options.title')}</summary>
        <div className="wllama-row">
          <label htmlFor={ids.threads}>{t('options.threads')}</label>
          <select
            id={ids.threads}
            value={settings.threads}
            disabled={busy}
            onChange={(e) => actions.updateSettings({ threads: Number(e.target.value) })}
          >
            {Array.from({ length: threads.maxThreads }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <span className="wllama-note">
            {threads.isolated
              ? t('options.isolated', { max: threads.maxThreads, recommended: threads.recommended })
              : t('options.oneThread')}
          </span>
        </div>
        <div className="wllama-row">
          <label htmlFor={ids.ctx}>{t('options.context')}</label>
          <select
            id={ids.ctx}
            value={settings.nCtx}
            disabled={busy}
            onChange={(e) => actions.updateSettings({ nCtx: Number(e.target.value) })}
          >
            {[2048, 4096, 8192, 16384].map((n) => (
              <option key={n} value={n}>
                {format.number(n)}
              </option>
            ))}
          </select>
        </div>
        <label className="wllama-row">
          <input
            type="checkbox"
            checked={settings.gpuOffload}
            disabled={busy || !hasWebGpu}
            onChange={(e) => actions.updateSettings({ gpuOffload: e.target.checked })}
          />
          {hasWebGpu ? t('options.offload') : t('options.offloadNone')}
        </label>
      </details>

      {status.kind === 'loading' && (
        <div className="wllama-progress" role="region" aria-label={t('progress.label')}>
          <p role="status">
            {t('progress.line', {
              phase: t(`phase.${status.progress.phase}`),
              source: status.sourceLabel || t('tinySource'),
            })}
            {status.progress.loadedBytes !== undefined && status.progress.phase === 'downloading'
              ? status.progress.totalBytes
                ? t('progress.bytesOf', {
                    loaded: size(status.progress.loadedBytes),
                    total: size(status.progress.totalBytes),
                  })
                : t('progress.bytes', { loaded: size(status.progress.loadedBytes) })
              : ''}
          </p>
          <progress
            aria-label={t('progress.bar')}
            max={
              status.progress.totalBytes && status.progress.phase === 'downloading'
                ? status.progress.totalBytes
                : undefined
            }
            value={
              status.progress.totalBytes && status.progress.phase === 'downloading'
                ? status.progress.loadedBytes
                : undefined
            }
          />
          <button type="button" onClick={() => actions.cancel()}>
            {t('progress.cancel')}
          </button>
        </div>
      )}

      {status.kind === 'ready' && (
        <div className="wllama-ready" role="region" aria-label={t('ready.label')}>
          <p role="status" className="wllama-ready-line">
            {t('ready.line', {
              source:
                status.model.tinySeed !== undefined
                  ? t('tinySourceSeed', { seed: status.model.tinySeed })
                  : status.model.sourceLabel,
            })}
          </p>
          {status.model.isTinyModel && <p className="wllama-nonsense">{t('ready.nonsense')}</p>}
          <dl className="wllama-facts">
            <dt>{t('ready.backend')}</dt>
            <dd data-testid="wllama-backend">{backendWords(t, status.model.backendFacts)}</dd>
            <dt>{t('ready.model')}</dt>
            <dd>
              {status.model.summary.name ?? t('ready.unnamed')} · {status.model.summary.architecture} ·{' '}
              {status.model.summary.tensorTypes.join(', ')}
            </dd>
            <dt>{t('ready.size')}</dt>
            <dd>
              {t('ready.sizeValue', {
                file: size(status.model.summary.fileBytes),
                memory: size(status.model.summary.memory.totalBytes),
              })}
            </dd>
            <dt>{t('ready.context')}</dt>
            <dd>
              {status.model.summary.contextLength !== null
                ? t('ready.contextTrained', {
                    tokens: format.number(status.model.nCtx),
                    trained: format.number(status.model.summary.contextLength),
                  })
                : t('ready.contextValue', { tokens: format.number(status.model.nCtx) })}
            </dd>
            <dt>{t('ready.loadTime')}</dt>
            <dd>{format.duration(status.model.loadMs)}</dd>
            {status.model.cache && (
              <>
                <dt>{t('ready.offline')}</dt>
                <dd data-testid="wllama-cache-outcome">{cacheOutcomeText(status.model.cache, t, format)}</dd>
              </>
            )}
          </dl>
          {status.model.log.length > 0 && (
            <details>
              <summary>{t('ready.log', { count: status.model.log.length })}</summary>
              <pre className="wllama-log">{status.model.log.join('\n')}</pre>
            </details>
          )}
          <button type="button" onClick={() => void actions.unload()}>
            {t('ready.unload')}
          </button>
        </div>
      )}

      {status.kind === 'error' && (
        <p className="wllama-error" role="alert">
          {status.text ? failureText(status.text, t, format) : status.message}
        </p>
      )}
      {status.kind === 'idle' && status.note && (
        <p className="wllama-note" role="status">
          {t(`note.${status.note}`)}
        </p>
      )}
    </section>
  );
}
