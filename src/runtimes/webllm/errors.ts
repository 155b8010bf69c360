/**
 * Maps what web-llm throws to a clear, actionable message. Across a worker boundary web-llm's errors are
 * strings (`err.toString()`, e.g. "ShaderF16SupportError: This model requires…"), and only IntegrityError is
 * exported, so the mapping reads the `Name: message` prefix or the message text, never `instanceof`.
 */
import { RuntimeFailure } from '../../engine';
import { englishT } from '../../i18n/english';
import type { en } from '../../i18n/locales/en';

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

/** The catalog line (`webllm:error.<key>`) that says what happened and what to do. */
export type WebLLMErrorKey = keyof (typeof en)['webllm']['error'];

export interface MappedError {
  readonly code: WebLLMErrorCode;
  /** The message in English (stored in a run's failure); the panel words `key` with `params` in its language. */
  readonly message: string;
  readonly key: WebLLMErrorKey;
  readonly params: { readonly detail?: string };
  /** The original text, shown under "details". */
  readonly detail: string;
}

const english = englishT('webllm');

/** A mapped error, its English message worded from the catalog. */
function mapped(code: WebLLMErrorCode, key: WebLLMErrorKey, detail: string, param?: string): MappedError {
  const params = param === undefined ? {} : { detail: param };
  return { code, message: english(`error.${key}`, params), key, params, detail };
}

/** Turns anything thrown (a string from the worker, an Error, an ErrorEvent) into a MappedError. */
export function mapWebLLMError(error: unknown): MappedError {
  const detail = errorText(error);
  const name =
    /^([A-Za-z0-9]+Error|JSONFieldError)\b:?/.exec(detail)?.[1] ?? (error instanceof Error ? error.name : '');
  const m = (code: WebLLMErrorCode, key: WebLLMErrorKey, param?: string): MappedError =>
    mapped(code, key, detail, param);
  switch (name) {
    case 'WebGPUNotAvailableError':
    case 'WebGPUNotFoundError':
      return m('no-webgpu', 'noWebgpu');
    case 'ShaderF16SupportError':
      return m('shader-f16', 'shaderF16');
    case 'FeatureSupportError':
      return m('feature-missing', 'featureMissing', detail.replace(/^FeatureSupportError:\s*/, ''));
    case 'DeviceLostError':
      return m('out-of-memory', 'deviceLost');
    case 'IntegrityError':
      return m('integrity', 'integrity');
    case 'ModelNotFoundError':
    case 'SpecifiedModelNotFoundError':
      return m('model-not-found', 'modelNotFound');
    case 'ModelNotLoadedError':
    case 'WorkerEngineModelNotLoadedError':
    case 'ConfigurationNotInitializedError':
      return m('not-loaded', 'notLoaded');
    case 'ContextWindowSizeExceededError':
      return m('context-window', 'contextWindow');
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
      return m('request-invalid', 'requestInvalid', stripName(detail));
    case 'UnsupportedModelIdError':
    case 'CustomSystemPromptError':
    case 'CustomResponseFormatError':
      return m('native-tools-unsupported', 'nativeToolsUnsupported', stripName(detail));
    case 'ToolCallOutputParseError':
    case 'ToolCallOutputInvalidTypeError':
    case 'JSONFieldError':
      return m('native-tools-output', 'nativeToolsOutput', stripName(detail));
    case 'GrammarMatcherInitError':
    case 'BindingError':
      return m('grammar', 'grammar', stripName(detail));
    case 'QuotaExceededError':
      return m('storage', 'storage');
    default:
      break;
  }
  if (/Grammar matcher rejected the newly sampled token/.test(detail)) return m('grammar-rejected', 'grammarRejected');
  if (/Role is not supported: tool/.test(detail)) return m('tool-role', 'toolRole');
  if (/Unable to find a compatible GPU/.test(detail)) return m('no-adapter', 'noAdapter');
  if (/Cannot initialize runtime because of requested .* exceeds limit/.test(detail))
    return m('gpu-limits', 'gpuLimits');
  if (/out of memory|OOM|allocation failed|device (was )?lost/i.test(detail)) return m('out-of-memory', 'outOfMemory');
  if (
    /Failed to fetch|NetworkError|Load failed|Cannot fetch|Unable to fetch|ERR_INTERNET_DISCONNECTED|ERR_NAME_NOT_RESOLVED|network/i.test(
      detail,
    )
  ) {
    return m('download-failed', 'downloadFailed');
  }
  if (/QuotaExceeded|quota/i.test(detail)) return m('storage', 'storage');
  const said = stripName(detail);
  return said === '' ? m('unknown', 'unknownEmpty') : m('unknown', 'unknown', said);
}

/** The worker itself died (an uncaught error, or the tab killed it for memory). */
export function workerCrashed(detail: string): MappedError {
  return mapped('worker-crashed', 'workerCrashed', detail);
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
