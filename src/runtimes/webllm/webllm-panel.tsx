/**
 * The WebLLM Model panel: capability report (with a warning on software adapters), model catalog (download
 * by part, GPU memory, f16 need, cached, runnable here, recommended), load with progress / cancel / unload,
 * delete from cache, storage estimate, the prompt format of the current model, import from local files,
 * options (Qwen3 thinking, native Hermes tools), and clear errors with the alternatives.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { CATALOG, WEBLLM_VERSION, canRun, recommend } from './catalog';
import type { CatalogModel } from './catalog';
import { formatBytes } from './download-size';
import { FormatControl } from './format-control';
import { FORMAT_NAMES } from './prompt-format';
import { PHASE_LABELS } from './progress';
import type { CacheEntry } from './worker-protocol';
import { formatTarget, modelFormat, webllmActions, webllmStore } from './webllm-store';
import './webllm-panel.css';

/** Shown on a software (fallback) adapter, where web-llm's sampling kernels were seen to misbehave. */
export const SOFTWARE_ADAPTER_WARNING =
  "This is a software WebGPU adapter (no real GPU). WebLLM runs very slowly here, and its results may be wrong: web-llm's sampling kernels assume real GPU lanes and were seen to pick tokens the tool-call constraint forbids. For correct results on this machine, use the CPU runtime (wllama).";

const mb = (n: number) => (n >= 1024 ? `${(n / 1024).toFixed(1)} GB` : `${Math.round(n)} MB`);

export function WebLLMPanel() {
  const { t } = useT('webllm');
  const s = useStore(webllmStore);
  const folderInput = useRef<HTMLInputElement>(null);
  const [onlyRunnable, setOnlyRunnable] = useState(false);
  useEffect(() => {
    void webllmActions.initialize();
  }, []);
  const cap = s.capability;
  const recommended = cap ? recommend(cap) : null;
  const busy = s.load.kind === 'loading';
  const importedModels: CatalogModel[] = s.importedIds.map((id) => {
    const format = modelFormat(s, id).effective;
    return {
      id,
      family: 'other',
      params: '?',
      vramMB: 0,
      downloadMB: 0,
      needsF16: /f16/.test(id),
      contextWindow: 4096,
      nativeTools: false,
      note: `Imported from local files · prompt format: ${format ? FORMAT_NAMES[format.id] : 'not known — choose it under "Format"'}.`,
    };
  });
  const formatModel = formatTarget(s);
  const everyModel = [...CATALOG, ...importedModels];
  // "Only what runs here": rows whose model this GPU cannot run (no shader-f16, too little memory) are hidden.
  const shown = onlyRunnable && cap ? everyModel.filter((m) => canRun(m, cap).ok) : everyModel;
  const hidden = everyModel.length - shown.length;

  return (
    <section className="webllm-panel" aria-label="WebLLM model">
      <h3 className="webllm-title">WebLLM · web-llm {WEBLLM_VERSION} in a worker</h3>
      <div className="webllm-capability" role="region" aria-label="WebGPU capability">
        {cap === null ? (
          <p>Checking WebGPU…</p>
        ) : cap.kind === 'unavailable' ? (
          <p className="webllm-error" role="alert">
            {cap.message}
          </p>
        ) : (
          <ul>
            <li>
              Adapter:{' '}
              {[cap.adapter.vendor, cap.adapter.architecture, cap.adapter.description].filter(Boolean).join(' · ') ||
                'unknown'}
              {cap.fallbackAdapter ? ' (software, no real GPU)' : ''}
            </li>
            <li>shader-f16: {cap.shaderF16 ? 'yes' : 'no — q4f16 models cannot run here; use q4f32'}</li>
            <li>
              Max buffer {mb(cap.limits.maxBufferSize / 2 ** 20)}, storage binding{' '}
              {mb(cap.limits.maxStorageBufferBindingSize / 2 ** 20)}
            </li>
            {recommended && (
              <li>
                Recommended here: <strong>{recommended.id}</strong>
              </li>
            )}
          </ul>
        )}
        {cap?.kind === 'available' && cap.fallbackAdapter && (
          <p className="webllm-warning" role="note" aria-label="Software adapter">
            {SOFTWARE_ADAPTER_WARNING}
          </p>
        )}
        <p className="webllm-worker">Worker: {s.worker}</p>
        {s.storage && (
          <p>
            Storage: {mb(s.storage.usage / 2 ** 20)} used of {mb(s.storage.quota / 2 ** 20)} available to this site
          </p>
        )}
      </div>

      {s.load.kind === 'error' && (
        <div className="webllm-error" role="alert">
          <p>{s.load.error.message}</p>
          <details>
            <summary>Details</summary>
            <pre>{s.load.error.detail}</pre>
          </details>
        </div>
      )}
      {s.notice && (
        <p className="webllm-notice" role="status">
          {s.notice}
        </p>
      )}

      {s.load.kind === 'loading' && (
        <div className="webllm-progress" role="region" aria-label="Load progress">
          <p>
            Loading {s.load.modelId}: {s.load.progress ? PHASE_LABELS[s.load.progress.phase] : 'starting'}
            {s.load.progress && s.load.progress.fetchedMB !== null ? ` · ${mb(s.load.progress.fetchedMB)}` : ''}
            {s.load.progress
              ? ` · ${Math.round(s.load.progress.fraction * 100)}% · ${s.load.progress.elapsedS.toFixed(0)} s`
              : ''}
          </p>
          <progress aria-label="Model load progress" max={1} value={s.load.progress?.fraction ?? 0} />
          <button type="button" onClick={() => void webllmActions.unload()}>
            Cancel load
          </button>
        </div>
      )}
      {s.load.kind === 'ready' && (
        <p className="webllm-ready" role="status">
          Ready: {s.load.modelId} on {s.load.gpu}{' '}
          <button type="button" onClick={() => void webllmActions.unload()}>
            Unload
          </button>
        </p>
      )}

      {/* Above the long catalog, so a question asked at import is seen at once. */}
      {formatModel && <FormatControl modelId={formatModel} />}

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
        <table className="webllm-catalog" aria-label="Model catalog">
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">Download</th>
              <th scope="col">GPU memory</th>
              <th scope="col">f16</th>
              <th scope="col">Cached</th>
              <th scope="col">Runs here</th>
              <th scope="col">Actions</th>
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
                  return !r.ok && r.error === runnable.error;
                });
              return (
                <tr
                  key={m.id}
                  data-model={m.id}
                  className={m.id === recommended?.id ? 'webllm-recommended' : undefined}
                >
                  <th scope="row">
                    {m.id}
                    {m.id === recommended?.id && <span className="webllm-badge"> recommended</span>}
                    {m.nativeTools && <span className="webllm-badge"> native tools</span>}
                    {m.note && <div className="webllm-note">{m.note}</div>}
                  </th>
                  <td>
                    <DownloadCell entry={entry} estimateMB={m.downloadMB} />
                  </td>
                  <td>{m.vramMB ? mb(m.vramMB) : '?'}</td>
                  <td>{m.needsF16 ? 'needs shader-f16' : 'no'}</td>
                  <td>{entry === undefined ? '…' : entry.cached ? 'cached' : 'no'}</td>
                  <td>
                    {runnable === null ? (
                      '…'
                    ) : runnable.ok ? (
                      runnable.value.warning ? (
                        `yes (${runnable.value.warning})`
                      ) : (
                        'yes'
                      )
                    ) : (
                      // The reason can be long (and the same for every row when WebGPU is missing): clamp it, full text on hover.
                      <span className="webllm-reason" title={runnable.error}>
                        {sharedReason ? 'no — see the message above' : `no: ${runnable.error}`}
                      </span>
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      aria-label={`Load ${m.id}`}
                      disabled={busy || runnable?.ok !== true}
                      onClick={() => void webllmActions.load(m.id)}
                    >
                      Load
                    </button>
                    {entry?.cached && (
                      <button
                        type="button"
                        aria-label={`Delete ${m.id} from cache`}
                        disabled={busy}
                        onClick={() => void webllmActions.remove(m.id)}
                      >
                        Delete
                      </button>
                    )}
                    {s.importedIds.includes(m.id) && formatModel !== m.id && (
                      <button
                        type="button"
                        aria-label={`Prompt format of ${m.id}`}
                        onClick={() => webllmActions.select(m.id)}
                      >
                        Format
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
        <legend>Options</legend>
        <label>
          <input
            type="checkbox"
            checked={s.enableThinking}
            onChange={(e) => webllmActions.setThinking(e.target.checked)}
          />{' '}
          Qwen3 thinking (&lt;think&gt; shown, stripped from history)
        </label>
        <label>
          <input
            type="checkbox"
            checked={s.nativeTools}
            onChange={(e) => webllmActions.setNativeTools(e.target.checked)}
          />{' '}
          Use web-llm native tools (Hermes 8B only)
        </label>
      </fieldset>

      <div className="webllm-import">
        <label>
          Import a model from local files (MLC weights folder + model library .wasm)
          <input
            ref={folderInput}
            type="file"
            multiple
            aria-label="Import model files"
            {...({ webkitdirectory: '' } as Record<string, string>)}
            onChange={(e) => void webllmActions.importFiles([...(e.target.files ?? [])])}
          />
        </label>
      </div>
    </section>
  );
}

/** The exact size on disk once cached (with its parts), else the estimate for the weights. */
function DownloadCell({ entry, estimateMB }: { entry: CacheEntry | undefined; estimateMB: number }) {
  if (entry?.bytes) {
    const p = entry.parts;
    return (
      <>
        {formatBytes(entry.bytes)}
        {p && (
          <div className="webllm-note">
            weights {formatBytes(p.weights)} · library {p.library ? formatBytes(p.library) : 'not cached'} · tokenizer{' '}
            {formatBytes(p.tokenizer)}
            {p.other ? ` · configs ${formatBytes(p.other)}` : ''}
          </div>
        )}
      </>
    );
  }
  return <>{estimateMB ? `≈ ${mb(estimateMB)}` : '?'}</>;
}
