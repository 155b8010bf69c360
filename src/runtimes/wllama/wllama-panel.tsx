/**
 * The CPU runtime's Model panel: pick a GGUF file, enter a URL, or generate the tiny random test model; see
 * load progress with Cancel; once ready, what was loaded, which backend ran and Unload; errors as clear text.
 * Everything shown is plain text (file names and URLs are untrusted); every control has an accessible name.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { formatBytes } from './gguf/model-check';
import type { CachedGguf } from './gguf-cache';
import { cacheKey, fileNameFromUrl } from './gguf-cache';
import type { LoadProgress, UrlCacheOutcome } from './wllama-loader';
import { RecommendedModels } from './recommended-models-list';
import { threadSupport } from './wllama-loader';
import { wllamaStore } from './wllama-store';
import './wllama-panel.css';

const PHASE_TEXT: Record<LoadProgress['phase'], string> = {
  generating: 'Generating the tiny model',
  reading: 'Reading',
  downloading: 'Downloading',
  checking: 'Checking the GGUF header',
  loading: 'Loading into llama.cpp',
  caching: 'Saving for offline use',
};

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

function cacheOutcomeText(outcome: UrlCacheOutcome): string {
  switch (outcome.kind) {
    case 'hit':
      return `Loaded from the offline cache (${formatBytes(outcome.bytes)}), no download`;
    case 'stored':
      return `Downloaded and saved for offline use (${formatBytes(outcome.bytes)})`;
    case 'not-stored':
      return `Downloaded, but not saved for offline use: ${outcome.reason}`;
    default: {
      const never: never = outcome;
      return never;
    }
  }
}

export function WllamaPanel() {
  const { status, settings, cached } = useStore(wllamaStore.store);
  const { actions } = wllamaStore;
  const [url, setUrl] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { file: useId(), url: useId(), threads: useId(), ctx: useId(), seed: useId() };
  const busy = status.kind === 'loading';
  const threads = threadSupport();
  const hasWebGpu = typeof navigator !== 'undefined' && 'gpu' in navigator;
  const typedEntry = entryFor(url, cached.entries);
  useEffect(() => void actions.refreshCache(), [actions]);

  return (
    <section className="wllama-panel" aria-label="CPU runtime (wllama)">
      <h3 className="wllama-title">CPU · wllama (llama.cpp in WebAssembly)</h3>
      <p className="wllama-intro">
        Runs a GGUF model on the CPU, no WebGPU needed (Chrome or Edge 137+). Pick a small chat model in ChatML format,
        e.g. a Qwen2.5 0.5B–1.5B Instruct Q4 file. Tool calls use the app’s own protocol, constrained by a grammar so
        every call parses.
      </p>

      <div className="wllama-sources" role="group" aria-label="Model source">
        <div className="wllama-row">
          <label htmlFor={ids.file}>GGUF file</label>
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
          <label htmlFor={ids.url}>Model URL</label>
          <input
            id={ids.url}
            type="url"
            placeholder="https://…/model-q4_k_m.gguf"
            value={url}
            disabled={busy}
            onChange={(e) => setUrl(e.target.value)}
          />
          <button type="submit" disabled={busy || url.trim() === ''}>
            Load from URL
          </button>
          {url.trim() !== '' && cached.available && (
            <p className="wllama-note wllama-url-cache" data-testid="wllama-url-cache">
              {typedEntry
                ? `Cached for offline use (${formatBytes(typedEntry.bytes)}): loads without the network.`
                : 'Not cached: the first successful load downloads it and keeps it for offline use.'}
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
            Generate tiny random test model
          </button>
          <label htmlFor={ids.seed}>Seed</label>
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
          <p className="wllama-note">
            About 0.5 MB of random weights, built in your browser. Its text is nonsense by design: it exists to run the
            real inference path (load, tokenize, decode, grammar-constrained tool calls) anywhere.
          </p>
        </div>
      </div>

      <div className="wllama-cache" role="region" aria-label="Offline GGUF cache">
        <h4 className="wllama-subtitle">Cached for offline use</h4>
        {!cached.available ? (
          <p className="wllama-note">
            This page has no Cache Storage (it needs https or localhost): URL loads are not kept.
          </p>
        ) : cached.entries === null ? (
          <p className="wllama-note">Reading the cache…</p>
        ) : cached.entries.length === 0 ? (
          <p className="wllama-note">No GGUF files cached. A model loaded from a URL is kept here for offline use.</p>
        ) : (
          <ul className="wllama-cache-list" aria-label="Cached GGUF models">
            {cached.entries.map((entry) => (
              <li key={entry.url} aria-label={entry.url}>
                <span className="wllama-cache-name" title={entry.url}>
                  {fileNameFromUrl(entry.url)}
                </span>{' '}
                <span className="wllama-cache-size" data-testid="wllama-cache-size">
                  {formatBytes(entry.bytes)}
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
                    Load
                  </button>
                  <button type="button" disabled={busy} onClick={() => void actions.deleteCached(entry.url)}>
                    Delete from cache
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
        {cached.error && (
          <p className="wllama-error" role="alert">
            {cached.error}
          </p>
        )}
      </div>

      <details className="wllama-options">
        <summary>Options</summary>
        <div className="wllama-row">
          <label htmlFor={ids.threads}>Threads</label>
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
              ? `Cross-origin isolated: up to ${threads.maxThreads}; ${threads.recommended} recommended here.`
              : 'One thread: more need a cross-origin isolated page (and rarely help on few cores).'}
          </span>
        </div>
        <div className="wllama-row">
          <label htmlFor={ids.ctx}>Context (tokens)</label>
          <select
            id={ids.ctx}
            value={settings.nCtx}
            disabled={busy}
            onChange={(e) => actions.updateSettings({ nCtx: Number(e.target.value) })}
          >
            {[2048, 4096, 8192, 16384].map((n) => (
              <option key={n} value={n}>
                {n}
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
          Offload layers to WebGPU {hasWebGpu ? '(llama.cpp’s WebGPU backend)' : '(this browser has no WebGPU)'}
        </label>
      </details>

      {status.kind === 'loading' && (
        <div className="wllama-progress" role="region" aria-label="Load progress">
          <p role="status">
            {PHASE_TEXT[status.progress.phase]} {status.sourceLabel}
            {status.progress.loadedBytes !== undefined && status.progress.phase === 'downloading'
              ? ` · ${formatBytes(status.progress.loadedBytes)}${status.progress.totalBytes ? ` of ${formatBytes(status.progress.totalBytes)}` : ''}`
              : ''}
          </p>
          <progress
            aria-label="Model load progress"
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
            Cancel load
          </button>
        </div>
      )}

      {status.kind === 'ready' && (
        <div className="wllama-ready" role="region" aria-label="Loaded model">
          <p role="status" className="wllama-ready-line">
            Ready: {status.model.sourceLabel}
          </p>
          {status.model.isTinyModel && (
            <p className="wllama-nonsense">Tiny random test model: its text is nonsense by design.</p>
          )}
          <dl className="wllama-facts">
            <dt>Backend</dt>
            <dd data-testid="wllama-backend">{status.model.backend}</dd>
            <dt>Model</dt>
            <dd>
              {status.model.summary.name ?? 'unnamed'} · {status.model.summary.architecture} ·{' '}
              {status.model.summary.tensorTypes.join(', ')}
            </dd>
            <dt>Size</dt>
            <dd>
              {formatBytes(status.model.summary.fileBytes)} file · about{' '}
              {formatBytes(status.model.summary.memory.totalBytes)} in memory
            </dd>
            <dt>Context</dt>
            <dd>
              {status.model.nCtx} tokens
              {status.model.summary.contextLength !== null ? ` (trained ${status.model.summary.contextLength})` : ''}
            </dd>
            <dt>Load time</dt>
            <dd>{Math.round(status.model.loadMs)} ms</dd>
            {status.model.cache && (
              <>
                <dt>Offline</dt>
                <dd data-testid="wllama-cache-outcome">{cacheOutcomeText(status.model.cache)}</dd>
              </>
            )}
          </dl>
          {status.model.log.length > 0 && (
            <details>
              <summary>llama.cpp log ({status.model.log.length})</summary>
              <pre className="wllama-log">{status.model.log.join('\n')}</pre>
            </details>
          )}
          <button type="button" onClick={() => void actions.unload()}>
            Unload
          </button>
        </div>
      )}

      {status.kind === 'error' && (
        <p className="wllama-error" role="alert">
          {status.message}
        </p>
      )}
      {status.kind === 'idle' && status.note && (
        <p className="wllama-note" role="status">
          {status.note}
        </p>
      )}
    </section>
  );
}
