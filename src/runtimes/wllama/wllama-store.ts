/**
 * The CPU runtime's load state (a small zustand store): idle → loading (with phase and bytes) → ready, or an
 * error with a clear message; cancel and unload from any state. It owns the one loaded wllama instance and the
 * ChatRuntime built on it. A failed load or a crash never leaves the page stuck: the state says what happened and
 * every control works again. It also keeps the list of GGUF files in the offline cache (`gguf-cache.ts`), which
 * URL loads read first and fill after a successful load.
 */
import { createStore } from 'zustand/vanilla';
import type { ChatRuntime } from '../../engine';
import { TINY_TEST_MODEL } from '../../engine';
import { englishT } from '../../i18n/english';
import type { CachedGguf, GgufCache } from './gguf-cache';
import type { LoadText } from './load-text';
import type { LoadedModel, LoadProgress, ModelSource } from './wllama-loader';
import { threadSupport } from './threads';
import type * as LoaderModule from './wllama-loader';
import { createWllamaRuntime, DEFAULT_PROFILE, TINY_MODEL_PROFILE } from './wllama-runtime';

export interface WllamaSettings {
  readonly threads: number;
  readonly gpuOffload: boolean;
  /** Context to allocate for real models; the tiny model always gets its 2048. */
  readonly nCtx: number;
  /** Seed of the tiny random test model's weights. */
  readonly tinySeed: number;
}

/** What the panel shows of a loaded model: everything the loader reports but the wllama instance. */
export type ReadyModel = Omit<LoadedModel, 'wllama'>;

/** The offline cache of URL-loaded GGUF files, as last read. */
export interface GgufCacheView {
  readonly available: boolean;
  /** Null until first read. */
  readonly entries: readonly CachedGguf[] | null;
  /** Why the last read or delete failed (the panel words it). */
  readonly error?: { readonly action: 'read' | 'delete'; readonly detail: string };
}

export type WllamaStatus =
  | { readonly kind: 'idle'; readonly note?: 'cancelled' | 'unloaded' }
  | {
      readonly kind: 'loading';
      /** A file name or URL; empty for the tiny random test model (the panel names it). */
      readonly sourceLabel: string;
      readonly progress: LoadProgress;
    }
  | { readonly kind: 'ready'; readonly model: ReadyModel }
  | {
      readonly kind: 'error';
      /** In English (a crash's message is also the run's failure). */
      readonly message: string;
      readonly problem: string;
      /** The same as data, for the panel to word in the page's language (absent: llama.cpp's own words). */
      readonly text?: LoadText;
    };

export interface WllamaState {
  readonly status: WllamaStatus;
  readonly settings: WllamaSettings;
  /** The runtime to call; null unless a model is ready. */
  readonly runtime: ChatRuntime | null;
  readonly cached: GgufCacheView;
}

export interface WllamaActions {
  load(source: ModelSource): Promise<void>;
  cancel(): void;
  unload(): Promise<void>;
  updateSettings(patch: Partial<WllamaSettings>): void;
  /** Re-reads the offline cache's entries. */
  refreshCache(): Promise<void>;
  /** Removes a URL's file from the offline cache (a loaded model stays loaded). */
  deleteCached(url: string): Promise<void>;
}

/** One CPU runtime (the runtime registry makes the page's): its load state, its actions, the GGUF cache it reads. */
export type WllamaStore = ReturnType<typeof createWllamaStore>;

export function createWllamaStore(now: () => number, cache: GgufCache) {
  const store = createStore<WllamaState>(() => ({
    status: { kind: 'idle' },
    settings: { threads: threadSupport().recommended, gpuOffload: false, nCtx: 4096, tinySeed: 1 },
    runtime: null,
    cached: { available: cache.available, entries: null },
  }));
  let loaded: LoadedModel | null = null;
  let loading: AbortController | null = null;

  const dropModel = async () => {
    const current = loaded;
    loaded = null;
    store.setState({ runtime: null });
    if (current) await current.wllama.exit().catch(() => undefined);
  };

  const actions: WllamaActions = {
    async load(source) {
      loading?.abort();
      await dropModel();
      const controller = new AbortController();
      loading = controller;
      const sourceLabel = source.kind === 'file' ? source.name : source.kind === 'url' ? source.url : '';
      store.setState({ status: { kind: 'loading', sourceLabel, progress: { phase: 'reading' } } });
      const { settings } = store.getState();
      // The loader (the GGUF reader, the tiny-model builder, the wasm's URL) is its own chunk, loaded with the
      // first model rather than with the page.
      let loader: typeof LoaderModule | null = null;
      try {
        loader = await import('./wllama-loader');
        const model = await loader.loadModel(
          source,
          {
            threads: settings.threads,
            gpuOffload: settings.gpuOffload,
            nCtx: source.kind === 'tiny' ? 2048 : settings.nCtx,
          },
          {
            signal: controller.signal,
            now,
            cache,
            onProgress: (progress) => {
              if (loading === controller) store.setState({ status: { kind: 'loading', sourceLabel, progress } });
            },
          },
        );
        if (loading !== controller) {
          await model.wllama.exit().catch(() => undefined);
          return;
        }
        loading = null;
        loaded = model;
        const runtime = createWllamaRuntime({
          wllama: model.wllama,
          label: model.isTinyModel
            ? englishT('runtimes')('tinyModelLabel')
            : `CPU · ${model.summary.name ?? model.sourceLabel}`,
          model: model.isTinyModel ? TINY_TEST_MODEL : (model.summary.name ?? model.sourceLabel),
          backend: model.backend,
          contextTokens: model.nCtx,
          profile: model.isTinyModel ? TINY_MODEL_PROFILE : DEFAULT_PROFILE,
          now,
          onCrash: (message) => {
            if (loaded !== model) return;
            void dropModel();
            store.setState({ status: { kind: 'error', message, problem: 'crashed' } });
          },
        });
        const { wllama: _instance, ...info } = model;
        store.setState({ status: { kind: 'ready', model: info }, runtime });
      } catch (error) {
        if (loading !== controller) return;
        loading = null;
        if (loader && error instanceof loader.LoadCancelled) {
          store.setState({ status: { kind: 'idle', note: 'cancelled' } });
        } else if (loader && error instanceof loader.LoadFailure) {
          store.setState({
            status: {
              kind: 'error',
              message: error.message,
              problem: error.problem,
              ...(error.text ? { text: error.text } : {}),
            },
          });
        } else {
          const message = error instanceof Error ? error.message : String(error);
          store.setState({
            status: {
              kind: 'error',
              message: `Loading failed: ${message}`,
              problem: 'unknown',
              text: { key: 'failed', detail: message },
            },
          });
        }
      }
    },
    cancel() {
      const controller = loading;
      if (!controller) return;
      loading = null;
      controller.abort();
      store.setState({ status: { kind: 'idle', note: 'cancelled' } });
    },
    async unload() {
      actions.cancel();
      await dropModel();
      store.setState({ status: { kind: 'idle', note: 'unloaded' } });
    },
    updateSettings(patch) {
      store.setState((state) => ({ settings: { ...state.settings, ...patch } }));
    },
    async refreshCache() {
      try {
        const entries = await cache.list();
        store.setState({ cached: { available: cache.available, entries } });
      } catch (error) {
        store.setState((state) => ({
          cached: { ...state.cached, error: { action: 'read', detail: errorText(error) } },
        }));
      }
    },
    async deleteCached(url) {
      try {
        await cache.remove(url);
      } catch (error) {
        store.setState((state) => ({
          cached: { ...state.cached, error: { action: 'delete', detail: errorText(error) } },
        }));
        return;
      }
      await actions.refreshCache();
    },
  };
  // Any store or delete (here, or by another part of the page) refreshes the list.
  cache.subscribe(() => void actions.refreshCache());
  return { store, actions };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
