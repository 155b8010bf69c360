/**
 * The runtimes the app offers, in picker order. `createRuntimeRegistry` builds one set per playground: its own
 * scripted replay (which plays the open scenario's script) and its own "You are the model" runtime; the WebLLM
 * and CPU runtimes are one per page (a worker, a wasm module), shared.
 */
import type { RuntimeKind, TokenCounter } from '../engine';
import { endpointProvider } from './endpoint/endpoint-provider';
import { createHumanProvider } from './human/human-provider';
import type { RuntimeProvider } from './provider';
import type { ScriptedProvider } from './scripted/scripted-provider';
import { createScriptedProvider } from './scripted/scripted-provider';
import { webllmProvider } from './webllm/webllm-provider';
import { client as webllmClient } from './webllm/webllm-store';
import { wllamaProvider } from './wllama/wllama-provider';

export interface RuntimeRegistry {
  readonly providers: readonly RuntimeProvider[];
  /** The provider of a kind (the scripted replay for a kind this build does not offer). */
  providerFor(kind: RuntimeKind): RuntimeProvider;
  /** The scripted replay, whose script follows the open scenario. */
  readonly scripted: ScriptedProvider;
}

/** `?speed=instant` streams scripted replies without delays (tests, demos); `?speed=N` is N tokens/s; else 40. */
export function scriptedSpeed(search: string): number {
  const speed = new URLSearchParams(search).get('speed');
  if (speed === 'instant') return 0;
  const value = Number(speed);
  return Number.isFinite(value) && value > 0 ? value : 40;
}

export function createRuntimeRegistry(options: {
  readonly scriptedTokensPerSecond: number;
  readonly now: () => number;
  /**
   * The page's tokenizer, which the WebLLM worker's fallback token counts come from (the worker bundles none, so
   * the page's lazily loaded Qwen3 chunk is the only copy). Without it those counts fail with that reason.
   */
  readonly fallbackTokenCounter?: () => Promise<TokenCounter>;
}): RuntimeRegistry {
  if (options.fallbackTokenCounter) webllmClient.setFallbackCounter(options.fallbackTokenCounter);
  const scripted = createScriptedProvider(options.scriptedTokensPerSecond);
  const providers: readonly RuntimeProvider[] = [
    scripted,
    createHumanProvider(options.now),
    webllmProvider,
    wllamaProvider,
    endpointProvider,
  ];
  return {
    providers,
    scripted,
    providerFor: (kind) => providers.find((p) => p.kind === kind) ?? scripted,
  };
}
