/**
 * Load state of the WebLLM runtime (capability, cache, load progress, errors, options, prompt formats) and its
 * actions, made once per page by `createWebllm` with its worker client; the page never imports web-llm itself.
 */
import { createStore } from 'zustand/vanilla';
import type { Capability } from './capability';
import { probeCapability } from './capability';
import { CATALOG, recommend } from './catalog';
import { readChosenFormats, writeChosenFormat } from './chosen-formats';
import type { MappedError } from './errors';
import { mapWebLLMError } from './errors';
import { detectFormat } from './format-detect';
import { checkConfig, forgetImported, importedModels, planImport, runImport } from './local-import';
import type { FormatChoice, PromptFormatId } from './prompt-format';
import type { Result } from '../../engine';
import type { LoadProgress } from './progress';
import { readProgress } from './progress';
import { WorkerClient } from './worker-client';
import type { CacheEntry } from './worker-protocol';

export type LoadState =
  | { readonly kind: 'idle' }
  | {
      readonly kind: 'loading';
      readonly modelId: string;
      readonly progress: LoadProgress | null;
      readonly startedAt: number;
    }
  | { readonly kind: 'ready'; readonly modelId: string; readonly gpu: string }
  | { readonly kind: 'error'; readonly modelId: string | null; readonly error: MappedError };

/** A line under the capability report, as data (the panel words it in the page's language). */
export type WebLLMNotice =
  | { readonly kind: 'error'; readonly error: MappedError }
  | { readonly kind: 'cache-unreadable'; readonly error: MappedError }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'deleted'; readonly modelId: string }
  /** The picked files are not an MLC model folder, or its config cannot be read (English, from local-import). */
  | { readonly kind: 'not-imported'; readonly reason: string; readonly checked: boolean }
  | { readonly kind: 'import-failed'; readonly error: MappedError }
  | { readonly kind: 'imported'; readonly modelId: string; readonly askFormat: boolean };

export interface WebLLMState {
  readonly capability: Capability | null;
  readonly worker: 'off' | 'booting' | 'ready' | 'crashed';
  readonly cache: Readonly<Record<string, CacheEntry>>;
  readonly selected: string | null;
  readonly load: LoadState;
  readonly storage: { usage: number; quota: number } | null;
  readonly enableThinking: boolean;
  readonly nativeTools: boolean;
  readonly importedIds: readonly string[];
  readonly notice: WebLLMNotice | null;
  /** Prompt formats the user picked, by model id (over the detected ones). */
  readonly chosenFormats: Readonly<Record<string, PromptFormatId>>;
}

/** A model's prompt format: what its files (or id) say, and the one in use (null: not known, ask). */
export interface ModelFormat {
  readonly detected: Result<FormatChoice>;
  readonly effective: FormatChoice | null;
}

export function modelFormat(s: Pick<WebLLMState, 'cache' | 'chosenFormats'>, modelId: string): ModelFormat {
  const detected = detectFormat(s.cache[modelId]?.facts ?? null, modelId);
  const chosen = s.chosenFormats[modelId];
  return {
    detected,
    effective: chosen
      ? { id: chosen, source: 'user', evidence: 'your choice in the Model panel' }
      : detected.ok
        ? detected.value
        : null,
  };
}

/**
 * The model the panel's format control is about: the selected one (a load selects its model) while it is
 * loading, loaded or failed, or when it was imported; null when none is in play.
 */
export function formatTarget(s: Pick<WebLLMState, 'load' | 'selected' | 'importedIds'>): string | null {
  const id = s.selected;
  if (id === null) return null;
  const inPlay = s.load.kind !== 'idle' && s.load.modelId === id;
  return inPlay || s.importedIds.includes(id) ? id : null;
}

/** One WebLLM runtime: its worker client, its load state and its actions. */
export type WebLLM = ReturnType<typeof createWebllm>;

/**
 * Makes the page's WebLLM runtime (the composition root makes one, through the runtime registry): the worker
 * client (the worker starts on first use) and the store of what the panel shows.
 */
export function createWebllm(client: WorkerClient = new WorkerClient()) {
  const store = createStore<WebLLMState>(() => ({
    capability: null,
    worker: 'off',
    cache: {},
    selected: null,
    load: { kind: 'idle' },
    storage: null,
    enableThinking: true,
    nativeTools: false,
    importedIds: importedModels().map((r) => r.model_id),
    notice: null,
    chosenFormats: readChosenFormats(),
  }));

  const set = store.setState;
  const get = store.getState;

  client.onCrash((error) => set({ worker: 'crashed', load: { kind: 'error', modelId: null, error } }));

  function allModelIds(): string[] {
    return [...CATALOG.map((m) => m.id), ...get().importedIds];
  }

  const actions = {
    /** Probes WebGPU, boots the worker and reads cache status; safe to call repeatedly. */
    async initialize(): Promise<void> {
      if (get().capability === null) {
        const capability = await probeCapability();
        set({ capability, selected: get().selected ?? recommend(capability)?.id ?? null });
      }
      await actions.refreshStorage();
      if (get().worker === 'ready' || get().worker === 'booting') return;
      set({ worker: 'booting' });
      try {
        await client.call({ type: 'init' });
        set({ worker: 'ready' });
        await actions.refreshCache();
      } catch (error) {
        set({ worker: 'crashed', load: { kind: 'error', modelId: null, error: asMapped(error) } });
      }
    },

    async refreshCache(): Promise<void> {
      try {
        const reply = await client.call({
          type: 'cache-status',
          modelIds: allModelIds(),
          extraModels: importedModels(),
        });
        if (reply.type === 'cache-status') set({ cache: reply.status });
      } catch (error) {
        set({ notice: { kind: 'cache-unreadable', error: asMapped(error) } });
      }
    },

    async refreshStorage(): Promise<void> {
      try {
        const estimate = await navigator.storage?.estimate?.();
        if (estimate) set({ storage: { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0 } });
      } catch {
        set({ storage: null });
      }
    },

    select(modelId: string): void {
      set({ selected: modelId });
    },

    async load(modelId: string): Promise<void> {
      if (get().load.kind === 'loading') return;
      set({
        selected: modelId,
        load: { kind: 'loading', modelId, progress: null, startedAt: Date.now() },
        notice: null,
      });
      try {
        const reply = await client.call({ type: 'load', modelId, extraModels: importedModels() }, (event) => {
          const load = get().load;
          if (event.type === 'progress' && load.kind === 'loading')
            set({ load: { ...load, progress: readProgress(event.report) } });
        });
        if (reply.type === 'loaded') set({ load: { kind: 'ready', modelId, gpu: reply.gpu } });
        void navigator.storage?.persist?.();
      } catch (error) {
        const mapped = asMapped(error);
        set({
          load: /LoadCancelledError/.test(mapped.detail) ? { kind: 'idle' } : { kind: 'error', modelId, error: mapped },
        });
      }
      await actions.refreshCache();
      await actions.refreshStorage();
    },

    /** Cancels a load in progress (web-llm aborts reload on unload) or unloads the model. */
    async unload(): Promise<void> {
      const wasLoading = get().load.kind === 'loading';
      try {
        await client.call({ type: 'unload' });
      } catch (error) {
        set({ notice: { kind: 'error', error: asMapped(error) } });
      }
      set({ load: { kind: 'idle' }, notice: wasLoading ? { kind: 'cancelled' } : null });
    },

    async remove(modelId: string): Promise<void> {
      try {
        await client.call({ type: 'delete', modelId, extraModels: importedModels() });
        if (modelId.startsWith('local/')) {
          forgetImported(modelId);
          set({
            importedIds: importedModels().map((r) => r.model_id),
            chosenFormats: writeChosenFormat(modelId, null),
          });
        }
        const load = get().load;
        if (load.kind === 'ready' && load.modelId === modelId) set({ load: { kind: 'idle' } });
        set({ notice: { kind: 'deleted', modelId } });
      } catch (error) {
        set({ notice: { kind: 'error', error: asMapped(error) } });
      }
      await actions.refreshCache();
      await actions.refreshStorage();
    },

    /**
     * Writes a picked folder into web-llm's caches, then reads its format from the cached files (through the
     * worker, as for any cached model); when they do not tell, the panel asks.
     */
    async importFiles(files: readonly File[]): Promise<void> {
      const plan = planImport(files);
      if (!plan.ok) {
        set({ notice: { kind: 'not-imported', reason: plan.error, checked: false } });
        return;
      }
      const config = await checkConfig(plan.value);
      if (!config.ok) {
        set({ notice: { kind: 'not-imported', reason: config.error, checked: true } });
        return;
      }
      const id = plan.value.record.model_id;
      try {
        await runImport(plan.value);
      } catch (error) {
        set({ notice: { kind: 'import-failed', error: asMapped(error) } });
        return;
      }
      set({ importedIds: importedModels().map((r) => r.model_id) });
      // The worker reads the format from the cached files; the model is shown once that is known.
      await actions.refreshCache();
      await actions.refreshStorage();
      const known = modelFormat(get(), id).effective !== null;
      set({
        selected: id,
        // When its files do not tell the format, the format control (shown for the new model) asks.
        notice: { kind: 'imported', modelId: id, askFormat: !known },
      });
    },

    /** Picks a model's prompt format (null: back to the detected one). */
    setFormat(modelId: string, format: PromptFormatId | null): void {
      set({ chosenFormats: writeChosenFormat(modelId, format) });
    },

    setThinking(on: boolean): void {
      set({ enableThinking: on });
    },
    setNativeTools(on: boolean): void {
      set({ nativeTools: on });
    },
  };
  return { client, store, actions };
}

function asMapped(error: unknown): MappedError {
  if (typeof error === 'object' && error !== null && 'code' in error && 'detail' in error && 'message' in error)
    return error as MappedError;
  return mapWebLLMError(error);
}
