/**
 * Maps what web-llm throws to a clear, actionable message. Across a worker boundary web-llm's errors are
 * strings (`err.toString()`, e.g. "ShaderF16SupportError: This model requires…"), and only IntegrityError is
 * exported, so the mapping reads the `Name: message` prefix or the message text, never `instanceof`.
 */
import { RuntimeFailure } from '../../engine/runtime';

export type WebLLMErrorCode =
  | 'no-webgpu'
  | 'no-adapter'
  | 'gpu-limits'
  | 'shader-f16'
  | 'feature-missing'
  | 'out-of-memory'
  | 'download-failed'
  | 'integrity'
  | 'model-not-found'
  | 'not-loaded'
  | 'context-window'
  | 'request-invalid'
  | 'tool-role'
  | 'native-tools-unsupported'
  | 'native-tools-output'
  | 'grammar'
  | 'grammar-rejected'
  | 'storage'
  | 'worker-crashed'
  | 'unknown';

export interface MappedError {
  readonly code: WebLLMErrorCode;
  readonly message: string;
  /** The original text, shown under "details". */
  readonly detail: string;
}

const ALTERNATIVES = 'Or pick another runtime: Scripted replay, "You are the model", or the CPU runtime.';

/** Turns anything thrown (a string from the worker, an Error, an ErrorEvent) into a MappedError. */
export function mapWebLLMError(error: unknown): MappedError {
  const detail = errorText(error);
  const name =
    /^([A-Za-z0-9]+Error|JSONFieldError)\b:?/.exec(detail)?.[1] ?? (error instanceof Error ? error.name : '');
  const m = (code: WebLLMErrorCode, message: string): MappedError => ({ code, message, detail });
  switch (name) {
    case 'WebGPUNotAvailableError':
    case 'WebGPUNotFoundError':
      return m(
        'no-webgpu',
        `WebGPU is not available in this browser. Use Chrome or Edge 113+ with WebGPU enabled. ${ALTERNATIVES}`,
      );
    case 'ShaderF16SupportError':
      return m(
        'shader-f16',
        'This model needs the WebGPU shader-f16 feature, which this GPU adapter lacks. Pick the q4f32 variant of the same model.',
      );
    case 'FeatureSupportError':
      return m(
        'feature-missing',
        `This model needs a WebGPU feature this browser lacks (${detail.replace(/^FeatureSupportError:\s*/, '')}). Pick another model.`,
      );
    case 'DeviceLostError':
      return m(
        'out-of-memory',
        'The GPU ran out of memory (the WebGPU device was lost) while loading. Close other GPU-heavy tabs, or pick a smaller model (fewer parameters, or 0.6B/1B).',
      );
    case 'IntegrityError':
      return m(
        'integrity',
        'A downloaded model file failed its integrity check. Delete the model from the cache and load it again.',
      );
    case 'ModelNotFoundError':
    case 'SpecifiedModelNotFoundError':
      return m(
        'model-not-found',
        'web-llm has no record for this model id. Pick a model from the catalog, or import its files again.',
      );
    case 'ModelNotLoadedError':
    case 'WorkerEngineModelNotLoadedError':
    case 'ConfigurationNotInitializedError':
      return m('not-loaded', 'No model is loaded. Load a model in the Model panel first.');
    case 'ContextWindowSizeExceededError':
      return m(
        'context-window',
        "The prompt is longer than the model's context window. Start a new run, expose fewer tools, or shorten the history.",
      );
    case 'MessageOrderError':
    case 'SystemMessageOrderError':
    case 'ContentTypeError':
    case 'UnsupportedRoleError':
    case 'SeedTypeError':
    case 'InvalidResponseFormatError':
    case 'InvalidResponseFormatGrammarError':
    case 'InvalidResponseFormatStructuralTagError':
    case 'InvalidStreamOptionsError':
    case 'StreamingCountError':
    case 'MinValueError':
    case 'RangeError':
    case 'NonNegativeError':
      return m(
        'request-invalid',
        `web-llm rejected the request: ${stripName(detail)} This is a bug in the app's request builder; please report it.`,
      );
    case 'UnsupportedModelIdError':
    case 'CustomSystemPromptError':
    case 'CustomResponseFormatError':
      return m(
        'native-tools-unsupported',
        `web-llm's native tools field does not fit this request: ${stripName(detail)} Turn "native tools" off to use the prompt-based tool format.`,
      );
    case 'ToolCallOutputParseError':
    case 'ToolCallOutputInvalidTypeError':
    case 'JSONFieldError':
      return m(
        'native-tools-output',
        `The model's reply was not the JSON array of calls web-llm's native tools expect: ${stripName(detail)}`,
      );
    case 'GrammarMatcherInitError':
    case 'BindingError':
      return m(
        'grammar',
        `The output constraint could not be compiled (a tool's JSON Schema xgrammar cannot handle?): ${stripName(detail)}`,
      );
    case 'QuotaExceededError':
      return m(
        'storage',
        'The browser ran out of storage for the model cache. Delete cached models you do not need, or free disk space.',
      );
    default:
      break;
  }
  if (/Grammar matcher rejected the newly sampled token/.test(detail)) {
    return m(
      'grammar-rejected',
      "The model picked a token the tool-call constraint forbids, so web-llm stopped this call. It happens on software WebGPU adapters (web-llm's sampling kernels assume real GPU lanes), where results may be wrong: use the CPU runtime on this machine. On a real GPU, call the model again.",
    );
  }
  if (/Role is not supported: tool/.test(detail)) {
    return m(
      'tool-role',
      "This model's conversation template has no tool role. The app should have sent tool results as a user message; please report it.",
    );
  }
  if (/Unable to find a compatible GPU/.test(detail)) {
    return m(
      'no-adapter',
      `WebGPU found no compatible GPU adapter (blocklisted driver or GPU disabled; see chrome://gpu). ${ALTERNATIVES}`,
    );
  }
  if (/Cannot initialize runtime because of requested .* exceeds limit/.test(detail)) {
    return m(
      'gpu-limits',
      `This GPU's WebGPU buffer limits are below what web-llm needs. Update the browser or GPU driver. ${ALTERNATIVES}`,
    );
  }
  if (/out of memory|OOM|allocation failed|device (was )?lost/i.test(detail)) {
    return m('out-of-memory', 'The GPU ran out of memory. Close other GPU-heavy tabs, or pick a smaller model.');
  }
  if (
    /Failed to fetch|NetworkError|Load failed|Cannot fetch|Unable to fetch|ERR_INTERNET_DISCONNECTED|ERR_NAME_NOT_RESOLVED|network/i.test(
      detail,
    )
  ) {
    return m(
      'download-failed',
      'Downloading the model failed: the network is off or huggingface.co / raw.githubusercontent.com cannot be reached. A model downloads once and then works offline — connect once to cache it, or import its files from disk (MLC weights folder + model library .wasm).',
    );
  }
  if (/QuotaExceeded|quota/i.test(detail)) {
    return m(
      'storage',
      'The browser ran out of storage for the model cache. Delete cached models you do not need, or free disk space.',
    );
  }
  return m('unknown', `WebLLM failed: ${stripName(detail) || 'unknown error'}`);
}

/** The worker itself died (an uncaught error, or the tab killed it for memory). */
export function workerCrashed(detail: string): MappedError {
  return {
    code: 'worker-crashed',
    message:
      'The WebLLM worker crashed (often the GPU or the tab ran out of memory). The model is unloaded: load it again, or pick a smaller model.',
    detail,
  };
}

export function toRuntimeFailure(mapped: MappedError): RuntimeFailure {
  return new RuntimeFailure(mapped.message, mapped.code, mapped.detail);
}

function stripName(text: string): string {
  return text.replace(/^[A-Za-z0-9]+Error:\s*/, '').trim();
}

function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'object' && error !== null && 'message' in error)
    return String((error as { message: unknown }).message);
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
