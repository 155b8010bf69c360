/** The runtimes the app offers, in picker order. */
import type { RuntimeKind } from '../engine/runtime';
import { endpointProvider } from './endpoint/endpoint-provider';
import { humanProvider } from './human/human-provider';
import type { RuntimeProvider } from './provider';
import { createScriptedProvider } from './scripted/scripted-provider';
import { webllmProvider } from './webllm/webllm-provider';
import { wllamaProvider } from './wllama/wllama-provider';

/** `?speed=instant` streams scripted replies without delays (tests, demos); the default reads comfortably. */
function scriptedSpeed(): number {
  const speed = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('speed');
  if (speed === 'instant') return 0;
  const value = Number(speed);
  return Number.isFinite(value) && value > 0 ? value : 40;
}

export const scriptedProvider = createScriptedProvider(scriptedSpeed());

export const runtimeProviders: readonly RuntimeProvider[] = [
  scriptedProvider,
  humanProvider,
  webllmProvider,
  wllamaProvider,
  endpointProvider,
];

export function providerFor(kind: RuntimeKind): RuntimeProvider {
  return runtimeProviders.find((p) => p.kind === kind) ?? scriptedProvider;
}
