/**
 * Load state of the WebLLM runtime (capability, cache, load progress, errors, options) and its actions.
 * One worker client for the page; the page never imports web-llm itself.
 */
import { createStore } from 'zustand/vanilla';
import type { Capability } from './capability';
import { probeCapability } from './capability';
import { CATALOG, recommend } from './catalog';
import type { MappedError } from './errors';
import { mapWebLLMError } from './errors';
import { forgetImported, importedModels, planImport, runImport } from './local-import';
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
  readonly notice: string | null;
}

export const client = new WorkerClient();

export const webllmStore = createStore<WebLLMState>(() => ({
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
}));

const set = webllmStore.setState;
const get = webllmStore.getState;

client.onCrash((error) => set({ worker: 'crashed', load: { kind: 'error', modelId: null, error } }));

function allModelIds(): string[] {
  return [...CATALOG.map((m) => m.id), ...get().importedIds];
}

export const webllmActions = {
  /** Probes WebGPU, boots the worker and reads cache status; safe to call repeatedly. */
  async initialize(): Promise<void> {
    if (get().capability === null) {
      const capability = await probeCapability();
      set({ capability, selected: get().selected ?? recommend(capability)?.id ?? null });
    }
    await webllmActions.refreshStorage();
    if (get().worker === 'ready' || get().worker === 'booting') return;
    set({ worker: 'booting' });
    try {
      await client.call({ type: 'init' });
      set({ worker: 'ready' });
      await webllmActions.refreshCache();
    } catch (error) {
      set({ worker: 'crashed', load: { kind: 'error', modelId: null, error: asMapped(error) } });
    }
  },

  async refreshCache(): Promise<void> {
    try {
      const reply = await client.call({ type: 'cache-status', modelIds: allModelIds(), extraModels: importedModels() });
      if (reply.type === 'cache-status') set({ cache: reply.status });
    } catch (error) {
      set({ notice: `Could not read the model cache: ${asMapped(error).message}` });
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
    set({ load: { kind: 'loading', modelId, progress: null, startedAt: Date.now() }, notice: null });
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
    await webllmActions.refreshCache();
    await webllmActions.refreshStorage();
  },

  /** Cancels a load in progress (web-llm aborts reload on unload) or unloads the model. */
  async unload(): Promise<void> {
    const wasLoading = get().load.kind === 'loading';
    try {
      await client.call({ type: 'unload' });
    } catch (error) {
      set({ notice: asMapped(error).message });
    }
    set({ load: { kind: 'idle' }, notice: wasLoading ? 'Loading cancelled.' : null });
  },

  async remove(modelId: string): Promise<void> {
    try {
      await client.call({ type: 'delete', modelId, extraModels: importedModels() });
      if (modelId.startsWith('local/')) {
        forgetImported(modelId);
        set({ importedIds: importedModels().map((r) => r.model_id) });
      }
      const load = get().load;
      if (load.kind === 'ready' && load.modelId === modelId) set({ load: { kind: 'idle' } });
      set({ notice: `Deleted ${modelId} from the cache.` });
    } catch (error) {
      set({ notice: asMapped(error).message });
    }
    await webllmActions.refreshCache();
    await webllmActions.refreshStorage();
  },

  async importFiles(files: readonly File[]): Promise<void> {
    const plan = planImport(files);
    if ('error' in plan) {
      set({ notice: plan.error });
      return;
    }
    try {
      await runImport(plan);
      set({
        importedIds: importedModels().map((r) => r.model_id),
        selected: plan.record.model_id,
        notice: `Imported ${plan.record.model_id}: load it below.`,
      });
    } catch (error) {
      set({ notice: `Import failed: ${asMapped(error).message}` });
    }
    await webllmActions.refreshCache();
    await webllmActions.refreshStorage();
  },

  setThinking(on: boolean): void {
    set({ enableThinking: on });
  },
  setNativeTools(on: boolean): void {
    set({ nativeTools: on });
  },
};

function asMapped(error: unknown): MappedError {
  if (typeof error === 'object' && error !== null && 'code' in error && 'detail' in error && 'message' in error)
    return error as MappedError;
  return mapWebLLMError(error);
}
