/**
 * The CPU runtime behind the engine's port: a loaded wllama model answers `generate` with a raw completion of
 * the app's own ChatML prompt, its output constrained by the tool-protocol grammar (`engine/protocol/grammar`)
 * so every tool call parses and matches its schema. Streams deltas, reports llama.cpp's real usage and
 * timings, fills the trace (request JSON + exact prompt), and resolves an abort with `finishReason: 'abort'`.
 */
import type { Wllama } from '@wllama/wllama';
import type { ChatRuntime, GenerateOptions, GrammarLimits, ModelRequest, ModelResponse, Result } from '../../engine';
import { buildToolGrammar, ok, RuntimeFailure } from '../../engine';
import { renderChatMlPrompt } from './chatml-prompt';
import type { ServerTimings, ServerUsage } from './wllama-response';
import { describeGenerationError, toFinishReason, toTimings, toUsage } from './wllama-response';

/** Per-model generation defaults. A request's own maxTokens / temperature / seed win; the seed of a model call is `seed + round`. */
export interface GenerationProfile {
  readonly maxTokens: number;
  readonly temperature: number;
  readonly seed: number;
  readonly limits: GrammarLimits;
}

/**
 * The tiny random model rambles: short strings, at most two calls and few decimals keep every constrained reply
 * well under max_tokens, so a tool call is never cut off mid-JSON. Temperature 0.5 makes its steered
 * `<tool_call>` token win about nine times in ten where the grammar allows a call, so an `auto` loop mostly
 * calls tools (and still answers in text now and then).
 */
export const TINY_MODEL_PROFILE: GenerationProfile = {
  maxTokens: 256,
  temperature: 0.5,
  seed: 42,
  limits: { maxStringLength: 12, maxArrayItems: 3, maxCalls: 2, maxFractionDigits: 4 },
};

export const DEFAULT_PROFILE: GenerationProfile = {
  maxTokens: 1024,
  temperature: 0.7,
  seed: 42,
  limits: {},
};

export interface WllamaRuntimeConfig {
  readonly wllama: Wllama;
  /** Shown in the runtime picker and the run header. */
  readonly label: string;
  readonly backend: string;
  /** The context llama.cpp allocated (n_ctx). */
  readonly contextTokens?: number;
  readonly profile: GenerationProfile;
  readonly now: () => number;
  /** Called once when the wasm runtime died; the store then drops the model. */
  readonly onCrash: (message: string) => void;
}

interface StreamChunk {
  readonly choices?: readonly { readonly text?: string; readonly finish_reason?: string | null }[];
  readonly usage?: ServerUsage | null;
  readonly timings?: ServerTimings;
}

/**
 * What wllama sends for a request: the ChatML prompt the app renders, the sampling settings and the GBNF grammar
 * built from the exposed tools, as `createCompletion` gets them (and the trace and the preview record them).
 */
function completionRequest(
  request: ModelRequest,
  profile: WllamaRuntimeConfig['profile'],
): Result<{ params: CompletionParams; notes: string[] }> {
  const grammar = buildToolGrammar(request.tools, request.toolChoice, {
    parallelToolCalls: request.parallelToolCalls,
    limits: profile.limits,
  });
  if (!grammar.ok) return grammar;
  const prompt = renderChatMlPrompt(request.messages, request.tools);
  const params = {
    prompt,
    max_tokens: request.maxTokens ?? profile.maxTokens,
    temperature: request.temperature ?? profile.temperature,
    // Deterministic but different per model call: with one seed for every round, a model whose first token
    // barely depends on the prompt (the tiny random one) would make the same choice every round.
    seed: request.seed ?? profile.seed + request.round,
    grammar: grammar.value.gbnf,
  };
  const mode = typeof request.toolChoice === 'string' ? request.toolChoice : `named (${request.toolChoice.name})`;
  const notes = [
    'The app rendered this prompt in ChatML (Qwen2.5’s chat template format); llama.cpp completes it as raw text.',
    request.tools.length > 0 && mode !== 'none'
      ? `The whole reply is constrained by a GBNF grammar built from the exposed tools (tool choice: ${mode}).`
      : `The reply is constrained to free text without tool calls (tool choice: ${mode}, ${request.tools.length} tools exposed).`,
    ...grammar.value.notes.map((n) => `Not enforced by the grammar — ${n}`),
  ];
  return ok({ params, notes });
}

interface CompletionParams {
  readonly prompt: string;
  readonly max_tokens: number;
  readonly temperature: number;
  readonly seed: number;
  readonly grammar: string;
}

/** The body the trace records (and the preview shows): the endpoint, the params, streaming on. */
function requestBody(params: CompletionParams): Record<string, unknown> {
  return { endpoint: 'createCompletion', ...params, stream: true };
}

export function createWllamaRuntime(config: WllamaRuntimeConfig): ChatRuntime {
  const { wllama, profile, now } = config;
  return {
    kind: 'wllama',
    label: config.label,
    ...(config.contextTokens !== undefined ? { contextTokens: config.contextTokens } : {}),
    previewRequest(request) {
      const built = completionRequest(request, profile);
      if (!built.ok) return built;
      const { params } = built.value;
      return ok({
        wire: 'llama-completion',
        body: requestBody(params),
        promptText: params.prompt,
        grammar: params.grammar,
      });
    },
    async generate(request: ModelRequest, options: GenerateOptions): Promise<ModelResponse> {
      const built = completionRequest(request, profile);
      if (!built.ok) throw new RuntimeFailure(built.error, 'tool-choice');
      const { params, notes } = built.value;
      const prompt = params.prompt;
      const trace = {
        requestJson: requestBody(params),
        promptText: prompt,
        notes,
      };

      const started = now();
      let firstTokenAt: number | null = null;
      let raw = '';
      let finish: string | null | undefined;
      let usage: ServerUsage | null | undefined;
      let timings: ServerTimings | undefined;
      const result = (finishReason: ModelResponse['finishReason']): ModelResponse => {
        const end = now();
        const measuredUsage = toUsage(usage, timings);
        return {
          raw,
          finishReason,
          ...(measuredUsage ? { usage: measuredUsage } : {}),
          timings: toTimings(timings, { timeToFirstTokenMs: (firstTokenAt ?? end) - started, totalMs: end - started }),
          trace,
          backend: config.backend,
        };
      };
      if (options.signal.aborted) return result('abort');
      try {
        await wllama.createCompletion({
          ...params,
          stream: true,
          abortSignal: options.signal,
          onData: (chunk: StreamChunk) => {
            const choice = chunk.choices?.[0];
            const text = choice?.text ?? '';
            if (text !== '') {
              if (firstTokenAt === null) firstTokenAt = now();
              raw += text;
              options.onDelta(text);
            }
            if (choice?.finish_reason) finish = choice.finish_reason;
            if (chunk.usage) usage = chunk.usage;
            if (chunk.timings) timings = chunk.timings;
          },
        });
      } catch (error) {
        const described = describeGenerationError(error);
        if (described.kind === 'aborted' || options.signal.aborted) return result('abort');
        if (described.kind === 'crashed' || described.kind === 'out-of-memory') config.onCrash(described.message);
        throw new RuntimeFailure(
          described.message,
          `wllama-${described.kind}`,
          error instanceof Error ? error.message : String(error),
        );
      }
      return result(toFinishReason(finish));
    },
  };
}
