/**
 * The WebLLM Model panel: capability report (with a warning on software adapters), model catalog (download
 * by part, GPU memory, f16 need, cached, runnable here, recommended), load with progress / cancel / unload,
 * delete from cache, storage estimate, the prompt format of the current model, import from local files,
 * options (Qwen3 thinking, native Hermes tools), and clear errors with the alternatives.
 */
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { SLOT, splice, useFormat, useT, type Formatters } from '../../i18n';
import type { Capability } from './capability';
import { CATALOG, WEBLLM_VERSION, canRun, recommend } from './catalog';
import type { CatalogModel, RunProblem } from './catalog';
import type { MappedError } from './errors';
import { FormatControl, formatName } from './format-control';
import type { CacheEntry } from './worker-protocol';
import type { WebLLMNotice } from './webllm-store';
import type { WebLLM } from './webllm-store';
import { formatTarget, modelFormat } from './webllm-store';
import './webllm-panel.css';

const MB = 2 ** 20;

export function WebLLMPanel({ webllm }: { webllm: WebLLM }) {
  const { t } = useT('webllm');
  const format = useFormat();
  const s = useStore(webllm.store);
  const actions = webllm.actions;
  const folderInput = useRef<HTMLInputElement>(null);
  const [onlyRunnable, setOnlyRunnable] = useState(false);
  useEffect(() => {
    void actions.initialize();
  }, [actions]);
  const cap = s.capability;
  const recommended = cap ? recommend(cap) : null;
  const busy = s.load.kind === 'loading';
  const importedModels: (CatalogModel & { readonly importedNote: string })[] = s.importedIds.map((id) => {
    const chosen = modelFormat(s, id).effective;
    return {
      id,
      family: 'other',
      params: '?',
      vramMB: 0,
      downloadMB: 0,
      needsF16: /f16/.test(id),
      contextWindow: 4096,
      nativeTools: false,
      note: null,
      importedNote: t('catalog.imported', {
        format: chosen ? formatName(chosen.id, t) : t('catalog.formatUnknown'),
      }),
    };
  });
  const formatModel = formatTarget(s);
  const everyModel: (CatalogModel & { readonly importedNote?: string })[] = [...CATALOG, ...importedModels];
  // "Only what runs here": rows whose model this GPU cannot run (no shader-f16, too little memory) are hidden.
  const shown = onlyRunnable && cap ? everyModel.filter((m) => canRun(m, cap).ok) : everyModel;
  const hidden = everyModel.length - shown.length;
  const mb = (n: number) => format.bytes(n * MB);

  return (
    <section className="webllm-panel" aria-label={t('panelLabel')}>
      <h3 className="webllm-title">{t('title', { version: WEBLLM_VERSION })}</h3>
      <div className="webllm-capability" role="region" aria-label={t('capability.label')}>
        {cap === null ? (
          <p>{t('capability.checking')}</p>
        ) : cap.kind === 'unavailable' ? (
          <p className="webllm-error" role="alert">
            {capabilityText(cap, t)}
          </p>
        ) : (
          <ul>
            <li>
              {t(cap.fallbackAdapter ? 'capability.adapterSoftware' : 'capability.adapter', {
                adapter:
                  [cap.adapter.vendor, cap.adapter.architecture, cap.adapter.description].filter(Boolean).join(' · ') ||
                  t('capability.unknown'),
              })}
            </li>
            <li>{cap.shaderF16 ? t('capability.f16Yes') : t('capability.f16No')}</li>
            <li>
              {t('capability.limits', {
                buffer: format.bytes(cap.limits.maxBufferSize),
                binding: format.bytes(cap.limits.maxStorageBufferBindingSize),
              })}
            </li>
            {recommended && (
              <li>{splice(t('capability.recommended', { model: SLOT }), <strong>{recommended.id}</strong>)}</li>
            )}
          </ul>
        )}
        {cap?.kind === 'available' && cap.fallbackAdapter && (
          <p className="webllm-warning" role="note" aria-label={t('capability.softwareLabel')}>
            {t('capability.software')}
          </p>
        )}
        <p className="webllm-worker">{t('capability.worker', { state: t(`capability.workerState.${s.worker}`) })}</p>
        {s.storage && (
          <p>
            {t('capability.storage', { used: format.bytes(s.storage.usage), quota: format.bytes(s.storage.quota) })}
          </p>
        )}
      </div>

      {s.load.kind === 'error' && (
        <div className="webllm-error" role="alert">
          <p>{errorText(s.load.error, t)}</p>
          <details>
            <summary>{t('details')}</summary>
            <pre>{s.load.error.detail}</pre>
          </details>
        </div>
      )}
      {s.notice && (
        <p className="webllm-notice" role="status">
          {noticeText(s.notice, t)}
        </p>
      )}

      {s.load.kind === 'loading' && (
        <div className="webllm-progress" role="region" aria-label={t('load.label')}>
          <p>
            {t('load.loading', {
              model: s.load.modelId,
              phase: t(`phase.${s.load.progress?.phase ?? 'starting'}`),
            })}
            {s.load.progress && s.load.progress.fetchedMB !== null ? ` · ${mb(s.load.progress.fetchedMB)}` : ''}
            {s.load.progress
              ? ` · ${format.number(s.load.progress.fraction, { style: 'percent' })} · ${format.duration(
                  Math.round(s.load.progress.elapsedS) * 1000,
                )}`
              : ''}
          </p>
          <progress aria-label={t('load.bar')} max={1} value={s.load.progress?.fraction ?? 0} />
          <button type="button" onClick={() => void actions.unload()}>
            {t('load.cancel')}
          </button>
        </div>
      )}
      {s.load.kind === 'ready' && (
        <p className="webllm-ready" role="status">
          {t('load.ready', { model: s.load.modelId, gpu: s.load.gpu })}{' '}
          <button type="button" onClick={() => void actions.unload()}>
            {t('load.unload')}
          </button>
        </p>
      )}

      {/* Above the long catalog, so a question asked at import is seen at once. */}
      {formatModel && <FormatControl webllm={webllm} modelId={formatModel} />}

      <label className="webllm-runnable-filter">
        <input
          type="checkbox"
          checked={onlyRunnable}
          disabled={cap === null}
          onChange={(e) => setOnlyRunnable(e.target.checked)}
        />
        {t('onlyRunnable')}
      </label>
      {onlyRunnable && hidden > 0 && (
        <p className="webllm-note" data-testid="webllm-hidden-count">
          {t('hidden', { count: hidden })}
        </p>
      )}
      <div className="webllm-catalog-scroll">
        <table className="webllm-catalog" aria-label={t('catalog.label')}>
          <thead>
            <tr>
              <th scope="col">{t('catalog.model')}</th>
              <th scope="col">{t('catalog.download')}</th>
              <th scope="col">{t('catalog.gpuMemory')}</th>
              <th scope="col">{t('catalog.f16')}</th>
              <th scope="col">{t('catalog.cached')}</th>
              <th scope="col">{t('catalog.runsHere')}</th>
              <th scope="col">{t('catalog.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((m, _i, all) => {
              const entry = s.cache[m.id];
              const runnable = cap ? canRun(m, cap) : null;
              // When WebGPU itself is missing every row has the same reason: it is said once, above the table.
              const sharedReason =
                cap !== null &&
                runnable !== null &&
                !runnable.ok &&
                all.every((o) => {
                  const r = canRun(o, cap);
                  return !r.ok && r.error.kind === runnable.error.kind;
                });
              const note = m.note ? t(`note.${m.note}`) : m.importedNote;
              const reason = runnable && !runnable.ok ? problemText(runnable.error, cap, t, format) : '';
              return (
                <tr
                  key={m.id}
                  data-model={m.id}
                  className={m.id === recommended?.id ? 'webllm-recommended' : undefined}
                >
                  <th scope="row">
                    {m.id}
                    {m.id === recommended?.id && <span className="webllm-badge"> {t('catalog.recommended')}</span>}
                    {m.nativeTools && <span className="webllm-badge"> {t('catalog.nativeTools')}</span>}
                    {note && <div className="webllm-note">{note}</div>}
                  </th>
                  <td>
                    <DownloadCell entry={entry} estimateMB={m.downloadMB} />
                  </td>
                  <td>{m.vramMB ? mb(m.vramMB) : '?'}</td>
                  <td>{m.needsF16 ? t('catalog.needsF16') : t('catalog.no')}</td>
                  <td>{entry === undefined ? '…' : entry.cached ? t('catalog.isCached') : t('catalog.no')}</td>
                  <td>
                    {runnable === null ? (
                      '…'
                    ) : runnable.ok ? (
                      runnable.value.warning ? (
                        t('catalog.yesWarning', { warning: t('catalog.softwareWarning') })
                      ) : (
                        t('catalog.yes')
                      )
                    ) : (
                      // The reason can be long (and the same for every row when WebGPU is missing): clamp it, full text on hover.
                      <span className="webllm-reason" title={reason}>
                        {sharedReason ? t('catalog.noSeeAbove') : t('catalog.noBecause', { reason })}
                      </span>
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      aria-label={t('catalog.loadOf', { model: m.id })}
                      disabled={busy || runnable?.ok !== true}
                      onClick={() => void actions.load(m.id)}
                    >
                      {t('catalog.load')}
                    </button>
                    {entry?.cached && (
                      <button
                        type="button"
                        aria-label={t('catalog.deleteOf', { model: m.id })}
                        disabled={busy}
                        onClick={() => void actions.remove(m.id)}
                      >
                        {t('catalog.delete')}
                      </button>
                    )}
                    {s.importedIds.includes(m.id) && formatModel !== m.id && (
                      <button
                        type="button"
                        aria-label={t('catalog.formatOf', { model: m.id })}
                        onClick={() => actions.select(m.id)}
                      >
                        {t('catalog.format')}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <fieldset className="webllm-options">
        <legend>{t('options.legend')}</legend>
        <label>
          <input type="checkbox" checked={s.enableThinking} onChange={(e) => actions.setThinking(e.target.checked)} />{' '}
          {t('options.thinking')}
        </label>
        <label>
          <input type="checkbox" checked={s.nativeTools} onChange={(e) => actions.setNativeTools(e.target.checked)} />{' '}
          {t('options.nativeTools')}
        </label>
      </fieldset>

      <div className="webllm-import">
        <label>
          {t('import.label')}
          <input
            ref={folderInput}
            type="file"
            multiple
            aria-label={t('import.input')}
            {...({ webkitdirectory: '' } as Record<string, string>)}
            onChange={(e) => void actions.importFiles([...(e.target.files ?? [])])}
          />
        </label>
      </div>
    </section>
  );
}

/** Why WebGPU cannot be used, in the page's language. */
function capabilityText(cap: Extract<Capability, { kind: 'unavailable' }>, t: TFunction<'webllm'>): string {
  switch (cap.reason) {
    case 'no-webgpu':
    case 'no-adapter':
      return t(`capability.${cap.reason}`);
    case 'probe-failed':
      return t('capability.probe-failed', { detail: cap.detail ?? '' });
  }
}

function problemText(problem: RunProblem, cap: Capability | null, t: TFunction<'webllm'>, format: Formatters): string {
  switch (problem.kind) {
    case 'unavailable':
      return cap?.kind === 'unavailable' ? capabilityText(cap, t) : '';
    case 'needs-f16':
      return t('catalog.needsF16Reason');
    case 'binding-limit':
      return t('catalog.bindingReason', { size: `${format.number(Math.round(problem.bindingMB))} MB` });
  }
}

/** A mapped web-llm error in the page's language (the English one is stored in the run). */
function errorText(error: MappedError, t: TFunction<'webllm'>): string {
  return t(`error.${error.key}`, error.params);
}

function noticeText(notice: WebLLMNotice, t: TFunction<'webllm'>): string {
  switch (notice.kind) {
    case 'error':
      return errorText(notice.error, t);
    case 'cache-unreadable':
      return t('notice.cacheUnreadable', { error: errorText(notice.error, t) });
    case 'cancelled':
      return t('notice.cancelled');
    case 'deleted':
      return t('notice.deleted', { model: notice.modelId });
    case 'not-imported':
      return notice.checked ? t('notice.notImported', { error: notice.reason }) : notice.reason;
    case 'import-failed':
      return t('notice.importFailed', { error: errorText(notice.error, t) });
    case 'imported':
      return t(notice.askFormat ? 'notice.importedAsk' : 'notice.imported', { model: notice.modelId });
  }
}

/** The exact size on disk once cached (with its parts), else the estimate for the weights. */
function DownloadCell({ entry, estimateMB }: { entry: CacheEntry | undefined; estimateMB: number }) {
  const { t } = useT('webllm');
  const format = useFormat();
  if (entry?.bytes) {
    const p = entry.parts;
    return (
      <>
        {format.bytes(entry.bytes)}
        {p && (
          <div className="webllm-note">
            {t(p.other ? 'catalog.partsConfigs' : 'catalog.parts', {
              weights: format.bytes(p.weights),
              library: p.library ? format.bytes(p.library) : t('catalog.notCached'),
              tokenizer: format.bytes(p.tokenizer),
              configs: format.bytes(p.other),
            })}
          </div>
        )}
      </>
    );
  }
  return <>{estimateMB ? t('catalog.estimate', { size: format.bytes(estimateMB * MB) }) : '?'}</>;
}
