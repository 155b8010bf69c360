/**
 * WebGPU capability probe, run in the page before anything is downloaded: is WebGPU there, which adapter,
 * does it have `shader-f16`, and are its buffer limits big enough for web-llm.
 */
export type Capability =
  | {
      readonly kind: 'unavailable';
      readonly reason: 'no-webgpu' | 'no-adapter' | 'probe-failed';
      /** In English; the panel words `reason` (with `detail`) in the page's language. */
      readonly message: string;
      /** What the probe threw (probe-failed). */
      readonly detail?: string;
    }
  | {
      readonly kind: 'available';
      readonly adapter: {
        readonly vendor: string;
        readonly architecture: string;
        readonly description: string;
        readonly device: string;
      };
      readonly shaderF16: boolean;
      /** A software (fallback) adapter such as SwiftShader. */
      readonly fallbackAdapter: boolean;
      readonly features: readonly string[];
      readonly limits: {
        readonly maxBufferSize: number;
        readonly maxStorageBufferBindingSize: number;
        readonly maxComputeWorkgroupStorageSize: number;
        readonly maxStorageBuffersPerShaderStage: number;
      };
    };

interface GpuLike {
  requestAdapter(options?: { powerPreference?: 'high-performance' | 'low-power' }): Promise<AdapterLike | null>;
}
interface AdapterLike {
  readonly features: { has(name: string): boolean; forEach(cb: (value: string) => void): void };
  readonly limits: Record<string, number>;
  readonly info?: {
    vendor?: string;
    architecture?: string;
    description?: string;
    device?: string;
    isFallbackAdapter?: boolean;
  };
  readonly isFallbackAdapter?: boolean;
}

export const NO_WEBGPU_MESSAGE =
  'WebGPU is not available in this browser, so WebLLM cannot run here. Use Chrome or Edge 113+ (on Linux, enable WebGPU in chrome://flags), or pick another runtime: Scripted replay, "You are the model", or the CPU runtime.';

/** Probes `navigator.gpu`; never throws. `gpu` is injectable for tests. */
export async function probeCapability(
  gpu: GpuLike | undefined = (globalThis.navigator as { gpu?: GpuLike } | undefined)?.gpu,
): Promise<Capability> {
  if (!gpu) return { kind: 'unavailable', reason: 'no-webgpu', message: NO_WEBGPU_MESSAGE };
  try {
    const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
    if (!adapter) {
      return {
        kind: 'unavailable',
        reason: 'no-adapter',
        message:
          'WebGPU is present but no GPU adapter was found (blocklisted driver, GPU disabled, or a VM). Check chrome://gpu, or pick another runtime: Scripted replay, "You are the model", or the CPU runtime.',
      };
    }
    const features: string[] = [];
    adapter.features.forEach((f) => features.push(f));
    const info = adapter.info ?? {};
    return {
      kind: 'available',
      adapter: {
        vendor: info.vendor ?? '',
        architecture: info.architecture ?? '',
        description: info.description ?? '',
        device: info.device ?? '',
      },
      shaderF16: adapter.features.has('shader-f16'),
      fallbackAdapter:
        info.isFallbackAdapter ??
        adapter.isFallbackAdapter ??
        /swiftshader/i.test(`${info.vendor} ${info.description} ${info.architecture}`),
      features: features.sort(),
      limits: {
        maxBufferSize: adapter.limits.maxBufferSize ?? 0,
        maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize ?? 0,
        maxComputeWorkgroupStorageSize: adapter.limits.maxComputeWorkgroupStorageSize ?? 0,
        maxStorageBuffersPerShaderStage: adapter.limits.maxStorageBuffersPerShaderStage ?? 0,
      },
    };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: 'unavailable', reason: 'probe-failed', message: `Probing WebGPU failed: ${detail}`, detail };
  }
}
