/**
 * Pure helpers that turn wllama's (llama-server's) answers into the runtime port's shapes: the finish reason,
 * usage and timings from its real numbers, and its errors into messages a learner can act on.
 */
import type { FinishReason, Timings, Usage } from '../../engine';

/** llama-server's `timings` object (wllama's ResultTimings). */
export interface ServerTimings {
  readonly cache_n?: number;
  readonly prompt_n?: number;
  readonly prompt_ms?: number;
  readonly prompt_per_second?: number;
  readonly predicted_n?: number;
  readonly predicted_ms?: number;
  readonly predicted_per_second?: number;
}

export interface ServerUsage {
  readonly prompt_tokens?: number;
  readonly completion_tokens?: number;
}

export function toFinishReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content_filter';
    case 'tool_calls':
      return 'tool_calls';
    // llama-server reports `stop` for EOS, a stop string, and a grammar that allows nothing more.
    default:
      return 'stop';
  }
}

/** Token counts: the server's usage when present, else its timings (cached + evaluated prompt tokens). */
export function toUsage(usage: ServerUsage | null | undefined, timings: ServerTimings | undefined): Usage | undefined {
  const prompt = usage?.prompt_tokens ?? (timings ? (timings.prompt_n ?? 0) + (timings.cache_n ?? 0) : undefined);
  const completion = usage?.completion_tokens ?? timings?.predicted_n;
  if (prompt === undefined || completion === undefined) return undefined;
  return { promptTokens: prompt, completionTokens: completion, estimated: false };
}

export function toTimings(
  timings: ServerTimings | undefined,
  measured: { readonly timeToFirstTokenMs: number; readonly totalMs: number },
): Timings {
  return {
    timeToFirstTokenMs: measured.timeToFirstTokenMs,
    totalMs: measured.totalMs,
    ...(positive(timings?.prompt_per_second) ? { prefillTokensPerSecond: timings!.prompt_per_second! } : {}),
    ...(positive(timings?.predicted_per_second) ? { decodeTokensPerSecond: timings!.predicted_per_second! } : {}),
  };
}

function positive(value: number | undefined): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

export type WllamaErrorKind = 'aborted' | 'context-overflow' | 'crashed' | 'out-of-memory' | 'unloaded' | 'other';

export interface DescribedError {
  readonly kind: WllamaErrorKind;
  readonly message: string;
}

/** Classifies an error thrown by wllama during a completion and words it for the UI. */
export function describeGenerationError(error: unknown): DescribedError {
  const name = error instanceof Error ? error.name : '';
  const text = error instanceof Error ? error.message : String(error);
  if (name === 'AbortError' || /operation aborted/i.test(text))
    return { kind: 'aborted', message: 'Generation was stopped.' };
  const overflow = /request \((\d+) tokens\) exceeds the available context size \((\d+) tokens\)/.exec(text);
  if (overflow) {
    return {
      kind: 'context-overflow',
      message:
        `The prompt is ${overflow[1]} tokens but the model's context holds ${overflow[2]}. Expose fewer tools, ` +
        'start a new run, or load the model with a larger context.',
    };
  }
  if (/out of memory|cannot allocate|oom|memory access out of bounds/i.test(text)) {
    return { kind: 'out-of-memory', message: `The CPU runtime ran out of memory (${text}). Load a smaller model.` };
  }
  if (/model was unloaded|model is not loaded|model_not_loaded/i.test(text)) {
    return { kind: 'unloaded', message: 'The model was unloaded. Load it again in the Model panel.' };
  }
  if (name === 'RuntimeError' || /\(ABORT\)|has crashed|Invalid typed array length/i.test(text)) {
    return {
      kind: 'crashed',
      message: `The CPU runtime crashed (${text}). Load the model again; the run so far is kept.`,
    };
  }
  return { kind: 'other', message: `The CPU runtime failed: ${text}` };
}

/** Classifies an error thrown while loading a model. */
export function describeLoadError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/out of memory|cannot allocate|oom|memory access out of bounds/i.test(text)) {
    return `The model is too large for memory: loading it failed with "${text}". Pick a smaller or more quantized model.`;
  }
  if (/JSPI|memory64|WebAssembly\.Memory|CompileError/i.test(text)) {
    return (
      `This browser cannot run wllama's WebAssembly build (${text}). It needs JSPI and memory64 ` +
      '(Chrome or Edge 137 or later).'
    );
  }
  return (
    `llama.cpp could not load this model: ${text}. It may be damaged, or use an architecture or quantization ` +
    'this wllama build does not support.'
  );
}

/**
 * llama.cpp reports a model it could not build only in its log (wllama's loadModel still resolves): these are the
 * lines that say so. Empty when the log shows no load failure.
 */
export function loadFailureLines(log: readonly string[]): string[] {
  return log.filter((line) => /error loading model|failed to load model/i.test(line));
}

/** llama.cpp's reason for not loading a model, in plain words (from its log lines). */
export function describeLlamaLoadFailure(lines: readonly string[]): string {
  const text = lines.join('\n');
  const arch = /unknown model architecture: '([^']*)'/.exec(text);
  if (arch) {
    return (
      `llama.cpp does not know the model architecture "${arch[1]}", so it cannot load this file. This build ` +
      '(wllama 3.13.0) runs the common architectures — llama, mistral, qwen2, qwen3, phi3, gemma and more — ' +
      'but not this one: pick a GGUF of a supported architecture.'
    );
  }
  const key = /key not found in model: (\S+)/.exec(text);
  if (key) {
    return (
      `This GGUF file lacks "${key[1]}", a hyperparameter llama.cpp needs to build the model, so it cannot load. ` +
      'The file is incomplete or was converted by a tool that left it out: get the model from another source.'
    );
  }
  const reason = /error loading model: (.+)/.exec(text);
  if (reason) return `llama.cpp could not load this model: ${reason[1]!.trim()}.`;
  return `llama.cpp could not load this model (its log says: ${lines[0] ?? 'nothing more'}).`;
}
