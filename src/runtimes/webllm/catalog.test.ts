import { describe, expect, it } from 'vitest';
import { functionCallingModelIds, modelVersion, prebuiltAppConfig } from '@mlc-ai/web-llm';
import type { Capability } from './capability';
import { probeCapability } from './capability';
import { CATALOG, NATIVE_TOOL_MODEL_IDS, WEBLLM_VERSION, canRun, recommend } from './catalog';
import pkg from '../../../package.json';

const gpu = (f16: boolean, fallback = false): Capability => ({
  kind: 'available',
  adapter: { vendor: 'google', architecture: 'swiftshader', description: '', device: '' },
  shaderF16: f16,
  fallbackAdapter: fallback,
  features: [],
  limits: {
    maxBufferSize: 2 ** 30,
    maxStorageBufferBindingSize: 2 ** 30,
    maxComputeWorkgroupStorageSize: 32768,
    maxStorageBuffersPerShaderStage: 10,
  },
});

describe('catalog', () => {
  it('matches the pinned web-llm: version, ids, VRAM, native-tools list', () => {
    expect(pkg.dependencies['@mlc-ai/web-llm']).toBe(WEBLLM_VERSION);
    expect(modelVersion).toBe(`v${WEBLLM_VERSION.replaceAll('.', '_')}/base`);
    expect([...NATIVE_TOOL_MODEL_IDS].sort()).toEqual([...functionCallingModelIds].sort());
    for (const m of CATALOG) {
      const record = prebuiltAppConfig.model_list.find((r) => r.model_id === m.id);
      expect(record, m.id).toBeDefined();
      expect(record!.vram_required_MB).toBeCloseTo(m.vramMB, 1);
      expect(record!.model_lib).toContain(modelVersion);
      expect(m.nativeTools).toBe(functionCallingModelIds.includes(m.id));
    }
  });

  it('marks f16 models not runnable without shader-f16 and recommends a q4f32 model', () => {
    const noF16 = gpu(false, true);
    expect(
      canRun(
        CATALOG.find((m) => m.id === 'Qwen3-1.7B-q4f16_1-MLC')!,
        noF16,
      ),
    ).toEqual({ ok: false, error: { kind: 'needs-f16' } });
    expect(
      canRun(
        CATALOG.find((m) => m.id === 'Qwen3-1.7B-q4f32_1-MLC')!,
        noF16,
      ).ok,
    ).toBe(true);
    expect(recommend(noF16)?.id).toBe('Qwen3-0.6B-q4f32_1-MLC');
    expect(recommend(gpu(false))?.id).toBe('Qwen3-1.7B-q4f32_1-MLC');
    expect(recommend(gpu(true))?.id).toBe('Qwen3-1.7B-q4f16_1-MLC');
    expect(recommend({ kind: 'unavailable', reason: 'no-webgpu', message: 'x' })).toBeNull();
  });

  it('probes capability from navigator.gpu-like objects', async () => {
    expect((await probeCapability(undefined)).kind).toBe('unavailable');
    expect(await probeCapability({ requestAdapter: async () => null })).toMatchObject({
      kind: 'unavailable',
      reason: 'no-adapter',
    });
    const adapter = {
      features: new Set(['shader-f16', 'subgroups']),
      limits: { maxBufferSize: 2 ** 30, maxStorageBufferBindingSize: 2 ** 27 },
      info: { vendor: 'nvidia', architecture: 'ampere', description: '', device: '', isFallbackAdapter: false },
    };
    const cap = await probeCapability({ requestAdapter: async () => adapter });
    expect(cap).toMatchObject({
      kind: 'available',
      shaderF16: true,
      fallbackAdapter: false,
      features: ['shader-f16', 'subgroups'],
    });
  });
});
