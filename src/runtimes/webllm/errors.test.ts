/**
 * Error mapping for every error string web-llm emits in the situations the app meets. The strings are the
 * library's own (class name + message as `err.toString()` posts them across the worker boundary); the test
 * also checks each class name still exists in the pinned lib/index.js.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { ko } from '../../i18n/locales/ko';
import { mapWebLLMError, workerCrashed } from './errors';
import type { WebLLMErrorCode } from './errors';

const libSource = readFileSync(createRequire(import.meta.url).resolve('@mlc-ai/web-llm'), 'utf8');

const cases: [string, string, WebLLMErrorCode][] = [
  [
    'WebGPUNotAvailableError',
    'WebGPUNotAvailableError: WebGPU is not supported in your current environment, but it is necessary to run the WebLLM engine. ',
    'no-webgpu',
  ],
  ['WebGPUNotFoundError', 'WebGPUNotFoundError: Cannot find WebGPU in the environment', 'no-webgpu'],
  [
    'ShaderF16SupportError',
    'ShaderF16SupportError: This model requires WebGPU extension shader-f16, which is not enabled in this browser. ',
    'shader-f16',
  ],
  [
    'FeatureSupportError',
    'FeatureSupportError: This model requires feature subgroups, which is not yet supported by this browser.',
    'feature-missing',
  ],
  [
    'DeviceLostError',
    'DeviceLostError: The WebGPU device was lost while loading the model. This issue often occurs due to running out of memory (OOM).',
    'out-of-memory',
  ],
  ['IntegrityError', 'IntegrityError: Integrity check failed', 'integrity'],
  [
    'ModelNotFoundError',
    'ModelNotFoundError: Cannot find model record in appConfig for X. Please check if the model ID is correct',
    'model-not-found',
  ],
  [
    'ModelNotLoadedError',
    'ModelNotLoadedError: Model not loaded before trying to complete ChatCompletionRequest.',
    'not-loaded',
  ],
  [
    'WorkerEngineModelNotLoadedError',
    'WorkerEngineModelNotLoadedError: WebWorkerMLCEngine is not loaded with a model. Did you call `engine.reload()`?',
    'not-loaded',
  ],
  [
    'ContextWindowSizeExceededError',
    'ContextWindowSizeExceededError: Prompt tokens exceed context window size: number of prompt tokens: 5000; context window size: 4096',
    'context-window',
  ],
  ['MessageOrderError', 'MessageOrderError: Last message should be from either `user` or `tool`.', 'request-invalid'],
  [
    'SystemMessageOrderError',
    'SystemMessageOrderError: System prompt should always be the first message in `messages`.',
    'request-invalid',
  ],
  ['ContentTypeError', "ContentTypeError: assistant's message should have string content.", 'request-invalid'],
  [
    'UnsupportedModelIdError',
    'UnsupportedModelIdError: Qwen3-0.6B-q4f16_1-MLC is not supported for ChatCompletionRequest.tools.',
    'native-tools-unsupported',
  ],
  [
    'CustomSystemPromptError',
    'CustomSystemPromptError: When using Hermes-2-Pro function calling via ChatCompletionRequest.tools, cannot specify customized system prompt.',
    'native-tools-unsupported',
  ],
  [
    'CustomResponseFormatError',
    'CustomResponseFormatError: When using Hermes-2-Pro function calling via ChatCompletionRequest.tools, cannot specify customized response_format.',
    'native-tools-unsupported',
  ],
  [
    'ToolCallOutputParseError',
    'ToolCallOutputParseError: Internal error: error encountered when parsing outputMessage for function calling',
    'native-tools-output',
  ],
  [
    'ToolCallOutputInvalidTypeError',
    'ToolCallOutputInvalidTypeError: Internal error: expect output of function calling to be an array',
    'native-tools-output',
  ],
  [
    'ToolCallOutputMissingFieldsError',
    'JSONFieldError: Expect generated tool call to have fields "`name`", but got object: {}',
    'native-tools-output',
  ],
  [
    'GrammarMatcherInitError',
    'GrammarMatcherInitError: Failed to initialize the grammar matcher for response format',
    'grammar',
  ],
];

describe('mapWebLLMError', () => {
  for (const [cls, text, code] of cases) {
    it(`${cls} → ${code}`, () => {
      expect(libSource).toContain(`class ${cls} extends`);
      const mapped = mapWebLLMError(text);
      expect(mapped.code).toBe(code);
      expect(mapped.detail).toBe(text);
      expect(mapped.message.length).toBeGreaterThan(20);
    });
  }

  it('plain Errors web-llm throws: no adapter, limits, tool role, cache miss', () => {
    expect(libSource).toContain('Unable to find a compatible GPU');
    expect(
      mapWebLLMError(
        "Error: Unable to find a compatible GPU. This issue might be because your computer doesn't have a GPU",
      ).code,
    ).toBe('no-adapter');
    expect(
      mapWebLLMError(
        'Error: Cannot initialize runtime because of requested maxBufferSize exceeds limit. requested=256MB',
      ).code,
    ).toBe('gpu-limits');
    expect(mapWebLLMError('Error: Role is not supported: tool').code).toBe('tool-role');
    expect(libSource).toContain('"Cannot fetch " + url');
    expect(
      mapWebLLMError('Error: Cannot fetch https://huggingface.co/mlc-ai/x/resolve/main/mlc-chat-config.json').code,
    ).toBe('download-failed');
  });

  it('the grammar matcher rejecting a sampled token (seen on software adapters) gets a plain message', () => {
    expect(libSource).toContain('throw Error("Grammar matcher rejected the newly sampled token.")');
    const mapped = mapWebLLMError('Error: Grammar matcher rejected the newly sampled token.');
    expect(mapped.code).toBe('grammar-rejected');
    expect(mapped.message).toMatch(/^The model picked a token the tool-call constraint forbids/);
    expect(mapped.message).toMatch(/use the CPU runtime/);
    expect(mapped.message).not.toMatch(/Grammar matcher/);
  });

  it('offline download failures, whatever shape they arrive in', () => {
    for (const e of [
      'TypeError: Failed to fetch',
      new TypeError('Failed to fetch'),
      'NetworkError when attempting to fetch resource.',
    ]) {
      const mapped = mapWebLLMError(e);
      expect(mapped.code).toBe('download-failed');
      expect(mapped.message).toMatch(/works offline/);
    }
  });

  it('storage quota and unknown errors keep their detail', () => {
    expect(mapWebLLMError('QuotaExceededError: The quota has been exceeded.').code).toBe('storage');
    expect(mapWebLLMError('Something odd')).toEqual({
      code: 'unknown',
      message: 'WebLLM failed: Something odd',
      key: 'unknown',
      params: { detail: 'Something odd' },
      detail: 'Something odd',
    });
    expect(workerCrashed('boom').code).toBe('worker-crashed');
  });

  it('says the same thing in Korean from its key and params', () => {
    const mapped = mapWebLLMError('FeatureSupportError: shader-subgroups');
    expect(mapped.message).toBe(
      'This model needs a WebGPU feature this browser lacks (shader-subgroups). Pick another model.',
    );
    const korean = i18next.createInstance();
    void korean.init({ lng: 'ko', resources: { ko }, initAsync: false, interpolation: { escapeValue: false } });
    expect(korean.getFixedT('ko', 'webllm')(`error.${mapped.key}`, mapped.params)).toBe(
      '이 모델에는 이 브라우저에 없는 WebGPU 기능이 필요합니다(shader-subgroups). 다른 모델을 고르세요.',
    );
  });
});
