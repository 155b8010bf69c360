/**
 * The models the app offers, a curated subset of web-llm 0.2.86's `prebuiltAppConfig` (the library itself is
 * not loaded in the page, so the figures are copied here; catalog.test.ts checks them against the library).
 * Download sizes are estimates from the parameter count (4-bit weights + scales) until the model is cached,
 * when the worker reads the exact size from its `tensor-cache.json`.
 */
import type { Capability } from './capability';
import type { Result } from '../../engine';
import { assertNever } from '../../engine';

/** The exact web-llm version the model libraries' URLs are built for (`v0_2_86/base`). */
export const WEBLLM_VERSION = '0.2.86';

export interface CatalogModel {
  readonly id: string;
  readonly family: 'qwen2.5' | 'qwen3' | 'llama-3.2' | 'hermes' | 'other';
  readonly params: string;
  /** `vram_required_MB` from the library's record. */
  readonly vramMB: number;
  /** Estimated download in MB (weights); exact once cached. */
  readonly downloadMB: number;
  /** A q4f16 build: needs WebGPU `shader-f16` (the library's records do not all say so). */
  readonly needsF16: boolean;
  readonly contextWindow: number;
  /** web-llm's own `tools` field works for it (functionCallingModelIds). */
  readonly nativeTools: boolean;
  /** Its line in the catalog's notes (`webllm:note.<note>`), or null. */
  readonly note: CatalogNote | null;
}

export type CatalogNote =
  | 'qwen3Small'
  | 'qwen3SmallF32'
  | 'qwen3Recommended'
  | 'qwen3RecommendedF32'
  | 'qwen3Best'
  | 'qwen25Tiny'
  | 'qwen25Fast'
  | 'llama1b'
  | 'llama3b'
  | 'hermes3b'
  | 'hermes7b'
  | 'hermes8b';

function q(
  id: string,
  family: CatalogModel['family'],
  params: string,
  vramMB: number,
  downloadMB: number,
  note: CatalogNote | null,
  nativeTools = false,
): CatalogModel {
  return {
    id,
    family,
    params,
    vramMB,
    downloadMB,
    needsF16: id.includes('f16_') || id.includes('q0f16'),
    contextWindow: 4096,
    nativeTools,
    note,
  };
}

export const CATALOG: readonly CatalogModel[] = [
  q('Qwen3-0.6B-q4f16_1-MLC', 'qwen3', '0.6B', 1403.34, 340, 'qwen3Small'),
  q('Qwen3-0.6B-q4f32_1-MLC', 'qwen3', '0.6B', 1924.98, 420, 'qwen3SmallF32'),
  q('Qwen3-1.7B-q4f16_1-MLC', 'qwen3', '1.7B', 2036.66, 960, 'qwen3Recommended'),
  q('Qwen3-1.7B-q4f32_1-MLC', 'qwen3', '1.7B', 2635.44, 1150, 'qwen3RecommendedF32'),
  q('Qwen3-4B-q4f16_1-MLC', 'qwen3', '4B', 3431.59, 2270, 'qwen3Best'),
  q('Qwen3-4B-q4f32_1-MLC', 'qwen3', '4B', 4327.71, 2600, null),
  q('Qwen2.5-0.5B-Instruct-q4f16_1-MLC', 'qwen2.5', '0.5B', 944.62, 280, 'qwen25Tiny'),
  q('Qwen2.5-0.5B-Instruct-q4f32_1-MLC', 'qwen2.5', '0.5B', 1060.2, 320, null),
  q('Qwen2.5-1.5B-Instruct-q4f16_1-MLC', 'qwen2.5', '1.5B', 1629.75, 870, 'qwen25Fast'),
  q('Qwen2.5-1.5B-Instruct-q4f32_1-MLC', 'qwen2.5', '1.5B', 1888.97, 1000, null),
  q('Qwen2.5-3B-Instruct-q4f16_1-MLC', 'qwen2.5', '3B', 2504.76, 1740, null),
  q('Llama-3.2-1B-Instruct-q4f16_1-MLC', 'llama-3.2', '1B', 879.04, 700, 'llama1b'),
  q('Llama-3.2-1B-Instruct-q4f32_1-MLC', 'llama-3.2', '1B', 1128.82, 800, null),
  q('Llama-3.2-3B-Instruct-q4f16_1-MLC', 'llama-3.2', '3B', 2263.69, 1800, 'llama3b'),
  q('Llama-3.2-3B-Instruct-q4f32_1-MLC', 'llama-3.2', '3B', 2951.51, 2000, null),
  q('Hermes-3-Llama-3.2-3B-q4f32_1-MLC', 'hermes', '3B', 2951.51, 2000, 'hermes3b'),
  q('Hermes-2-Pro-Mistral-7B-q4f16_1-MLC', 'hermes', '7B', 4033.28, 4000, 'hermes7b', true),
  q('Hermes-3-Llama-3.1-8B-q4f16_1-MLC', 'hermes', '8B', 4876.13, 4500, 'hermes8b', true),
  q('Hermes-3-Llama-3.1-8B-q4f32_1-MLC', 'hermes', '8B', 5779.27, 5000, null, true),
];

/** Model ids web-llm 0.2.86 accepts `tools` for (`functionCallingModelIds`). */
export const NATIVE_TOOL_MODEL_IDS: readonly string[] = [
  'Hermes-2-Pro-Llama-3-8B-q4f16_1-MLC',
  'Hermes-2-Pro-Llama-3-8B-q4f32_1-MLC',
  'Hermes-2-Pro-Mistral-7B-q4f16_1-MLC',
  'Hermes-3-Llama-3.1-8B-q4f32_1-MLC',
  'Hermes-3-Llama-3.1-8B-q4f16_1-MLC',
];

export function isNativeToolModel(modelId: string): boolean {
  return NATIVE_TOOL_MODEL_IDS.includes(modelId);
}

/** Why a model cannot run here (the panel words it; a capability's own reason is said above the table). */
export type RunProblem =
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'needs-f16' }
  | { readonly kind: 'binding-limit'; readonly bindingMB: number };

/** Whether a model runs here: with a warning to show (a software adapter), or the reason it cannot. */
export type Runnable = Result<{ readonly warning?: 'software-adapter' }, RunProblem>;

/** Whether a model can run on the probed GPU, and why not. */
export function canRun(model: Pick<CatalogModel, 'needsF16' | 'vramMB'>, cap: Capability): Runnable {
  switch (cap.kind) {
    case 'unavailable':
      return { ok: false, error: { kind: 'unavailable' } };
    case 'available': {
      if (model.needsF16 && !cap.shaderF16) return { ok: false, error: { kind: 'needs-f16' } };
      const bindingMB = cap.limits.maxStorageBufferBindingSize / 2 ** 20;
      if (bindingMB < 128) return { ok: false, error: { kind: 'binding-limit', bindingMB } };
      if (cap.fallbackAdapter) return { ok: true, value: { warning: 'software-adapter' } };
      return { ok: true, value: {} };
    }
    default:
      return assertNever(cap);
  }
}

/** The model to suggest: Qwen3-1.7B (q4f16 with shader-f16, else q4f32); Qwen3-0.6B on a software adapter. */
export function recommend(cap: Capability): CatalogModel | null {
  if (cap.kind !== 'available') return null;
  const size = cap.fallbackAdapter ? '0.6B' : '1.7B';
  const quant = cap.shaderF16 ? 'q4f16_1' : 'q4f32_1';
  return CATALOG.find((m) => m.id === `Qwen3-${size}-${quant}-MLC`) ?? null;
}
