/**
 * The runtimes the app offers, in picker order. `createRuntimeRegistry` builds one set per playground, in the
 * composition root: its own scripted replay (which plays the open scenario's script), its own "You are the model"
 * runtime, and one instance of each runtime with state — the WebLLM worker client and its store, the CPU runtime's
 * store and the GGUF cache it fills, the endpoint's store. No runtime keeps state in a module.
 */
import type { RuntimeKind, Sleep, TokenCounter } from '../engine';
import { createEndpointProvider } from './endpoint/endpoint-provider';
import { createPageEndpointStore } from './endpoint/endpoint-store';
import { createHumanProvider } from './human/human-provider';
import type { RuntimeProvider } from './provider';
import type { ScriptedProvider } from './scripted/scripted-provider';
import { createScriptedProvider } from './scripted/scripted-provider';
import { createWebllmProvider } from './webllm/webllm-provider';
import { createWebllm } from './webllm/webllm-store';
import type { GgufCache } from './wllama/gguf-cache';
import { createGgufCache } from './wllama/gguf-cache';
import { createWllamaProvider } from './wllama/wllama-provider';
import { createWllamaStore } from './wllama/wllama-store';

export interface RuntimeRegistry {
  readonly providers: readonly RuntimeProvider[];
  /** The provider of a kind (the scripted replay for a kind this build does not offer). */
  providerFor(kind: RuntimeKind): RuntimeProvider;
  /** The scripted replay, whose script follows the open scenario. */
  readonly scripted: ScriptedProvider;
  /** The model weights the runtimes keep in the browser, for the footer's offline status (src/platform/offline.ts). */
  readonly modelCaches: {
    /** The CPU runtime's GGUF files. */
    readonly gguf: GgufCache;
    /** Subscribes to web-llm's cache status (a model imported, loaded or deleted); returns the unsubscribe. */
    readonly watchWebllmCache: (listener: () => void) => () => void;
  };
}

/** `?speed=instant` streams scripted replies without delays (tests, demos); `?speed=N` is N tokens/s; else 40. */
export function scriptedSpeed(search: string): number {
  const speed = new URLSearchParams(search).get('speed');
  if (speed === 'instant') return 0;
  const value = Number(speed);
  return Number.isFinite(value) && value > 0 ? value : 40;
}

export interface RuntimeRegistryDeps {
  readonly scriptedTokensPerSecond: number;
  readonly now: () => number;
  /** The scripted replay's pause between tokens (a real timer on the page), cut short when the signal aborts. */
  readonly sleep: Sleep;
  /**
   * The page's tokenizer, which the WebLLM worker's fallback token counts come from (the worker bundles none, so
   * the page's lazily loaded Qwen3 chunk is the only copy). Without it those counts fail with that reason.
   */
  readonly fallbackTokenCounter?: () => Promise<TokenCounter>;
  /** The GGUF cache (the browser's Cache Storage by default; a fake in tests). */
  readonly gguf?: GgufCache;
}

export function createRuntimeRegistry(deps: RuntimeRegistryDeps): RuntimeRegistry {
  const webllm = createWebllm();
  if (deps.fallbackTokenCounter) webllm.client.setFallbackCounter(deps.fallbackTokenCounter);
  const gguf = deps.gguf ?? createGgufCache();
  const scripted = createScriptedProvider(deps.scriptedTokensPerSecond, deps.sleep, deps.now);
  const providers: readonly RuntimeProvider[] = [
    scripted,
    createHumanProvider(deps.now),
    createWebllmProvider(webllm),
    createWllamaProvider(createWllamaStore(deps.now, gguf)),
    createEndpointProvider(createPageEndpointStore(deps.now)),
  ];
  return {
    providers,
    scripted,
    providerFor: (kind) => providers.find((p) => p.kind === kind) ?? scripted,
    modelCaches: {
      gguf,
      watchWebllmCache: (listener) =>
        webllm.store.subscribe((state, previous) => {
          if (state.cache !== previous.cache) listener();
        }),
    },
  };
}
