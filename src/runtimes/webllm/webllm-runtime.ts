/**
 * The WebLLM ChatRuntime: builds the request (request-builder), runs it in the worker, streams the text, and
 * returns the raw output, finish reason, usage, timings and the trace of what the model saw (request JSON,
 * prompt text with token counts per part, the prompt format and how it was chosen, the tools really sent, the
 * KV prefix check, known template differences). A tool choice the model's format cannot honour is refused
 * (`checkRequest`, and again in `generate`), never silently ignored.
 */
import type {
  ChatRuntime,
  FinishReason,
  GenerateOptions,
  ModelRequest,
  ModelResponse,
  RequestPreview,
  Result,
  ToolCall,
} from '../../engine';
import {
  assertNever,
  err,
  ok,
  checkPrefixExtension,
  OPENAI_FINISH_REASONS,
  PART_LABELS,
  partTotals,
  promptText,
  templateDate,
} from '../../engine';
import type { MappedError } from './errors';
import { mapWebLLMError, toRuntimeFailure } from './errors';
import type { BuildOptions, BuiltRequest } from './request-builder';
import { buildRequest, resolveFormat } from './request-builder';
import { CATALOG, isNativeToolModel } from './catalog';
import { FORMAT_NAMES } from './prompt-format';
import { checkToolSupport } from './request-check';
import type { WorkerClient } from './worker-client';
import type { FromWorker } from './worker-protocol';

type WorkerResult = Extract<FromWorker, { type: 'result' }>;

export interface RuntimeOptions extends BuildOptions {
  /** The WebGPU adapter is a software one (SwiftShader): every response carries a warning. */
  readonly softwareAdapter?: boolean;
}

export const SOFTWARE_ADAPTER_NOTE =
  "Software WebGPU adapter: web-llm's sampling kernels assume real GPU lanes and can misbehave here, so this result may be wrong (even a token the tool-call constraint forbids). The CPU runtime gives correct results on this machine.";

export class WebLLMRuntime implements ChatRuntime {
  readonly kind = 'webllm' as const;
  readonly label: string;
  /** The catalog's context window for this model (web-llm's default context). */
  readonly contextTokens: number | undefined;
  /**
   * What web-llm's KV cache holds after the last call: its prompt and output, or why it holds nothing usable
   * (web-llm rebuilds the cache after `abort` or `length`); null before the first call on this model.
   */
  private previous: { prompt: string; output: string } | { rebuiltAfter: 'abort' | 'length' } | null = null;

  constructor(
    private readonly client: WorkerClient,
    readonly modelId: string,
    private readonly gpu: string,
    private readonly options: () => RuntimeOptions,
  ) {
    this.label = `WebLLM · ${modelId}`;
    this.contextTokens = CATALOG.find((m) => m.id === modelId)?.contextWindow;
  }

  checkRequest(request: ModelRequest): Result {
    const options = this.options();
    return checkToolSupport(request, {
      modelId: this.modelId,
      format: resolveFormat(this.modelId, options),
      nativeTools: options.nativeTools === true && isNativeToolModel(this.modelId),
    });
  }

  /** The request `generate` sends first for `request` (the same options), as its trace records it. */
  previewRequest(request: ModelRequest): Result<RequestPreview> {
    try {
      return ok({ wire: 'webllm', body: buildRequest(this.modelId, request, this.buildOptions(request)).request });
    } catch (error) {
      return err(error instanceof Error ? error.message : String(error));
    }
  }

  private buildOptions(request: ModelRequest): RuntimeOptions {
    const date = request.promptDate === undefined ? null : templateDate(request.promptDate);
    return { ...(date !== null ? { dateString: date } : {}), ...this.options() };
  }

  async generate(request: ModelRequest, { signal, onDelta }: GenerateOptions): Promise<ModelResponse> {
    const options = this.buildOptions(request);
    // Throws the same refusal checkRequest gives when the tool choice cannot be honoured.
    let built: BuiltRequest = buildRequest(this.modelId, request, options);
    const toolsSent = built.toolsSent;
    let result = await this.run(built, signal, onDelta);
    // Native Hermes tools always answer with a JSON array: an empty one means "no call", so ask again without tools.
    if (built.mode === 'native-tools' && result.finishReason !== 'abort' && (result.nativeCalls ?? []).length === 0) {
      built = buildRequest(this.modelId, request, { ...options, nativeFinal: true });
      onDelta('\n');
      const first = result;
      const second = await this.run(built, signal, onDelta);
      result = {
        ...second,
        notes: [
          ...first.notes,
          `Native tools: the first reply (${JSON.stringify(first.raw)}) held no call, so this answer comes from a second request without tools.`,
          ...second.notes,
        ],
      };
    }
    return this.toResponse(request, built, result, toolsSent, options.softwareAdapter === true);
  }

  private async run(built: BuiltRequest, signal: AbortSignal, onDelta: (t: string) => void): Promise<WorkerResult> {
    if (signal.aborted)
      throw toRuntimeFailure({
        code: 'unknown',
        message: 'Stopped before the call started.',
        key: 'unknown',
        params: { detail: 'Stopped before the call started.' },
        detail: 'aborted',
      });
    const onAbort = () => this.client.interrupt();
    signal.addEventListener('abort', onAbort);
    try {
      const reply = await this.client.call(
        { type: 'generate', request: built.request, segments: built.segments },
        (event) => {
          if (event.type === 'delta') onDelta(event.text);
        },
      );
      if (reply.type !== 'result') throw new Error(`Unexpected worker reply: ${reply.type}`);
      return reply;
    } catch (error) {
      throw toRuntimeFailure(isMapped(error) ? error : mapWebLLMError(error));
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  private toResponse(
    request: ModelRequest,
    built: BuiltRequest,
    result: WorkerResult,
    toolsSent: readonly string[],
    softwareAdapter: boolean,
  ): ModelResponse {
    const prompt = promptText(built.segments);
    const previous = request.round === 1 ? null : this.previous;
    const finishReason = (OPENAI_FINISH_REASONS as readonly string[]).includes(result.finishReason)
      ? (result.finishReason as FinishReason)
      : 'stop';
    this.previous =
      finishReason === 'abort' || finishReason === 'length'
        ? { rebuiltAfter: finishReason }
        : { prompt, output: result.raw };
    const notes = [
      ...built.notes,
      ...result.notes,
      `Prompt format: ${built.format.label}, from ${built.formatChoice.evidence}. Token counts: ${result.tokenizer}.`,
    ];
    if (softwareAdapter) notes.push(SOFTWARE_ADAPTER_NOTE);
    notes.push(kvCacheNote(request.round, previous, prompt));
    if (result.webllmPrompt !== null) {
      const same = result.webllmPrompt
        .replace(/^<\|begin_of_text\|>/, '')
        .startsWith(prompt.replace(/^<\|begin_of_text\|>/, ''));
      notes.push(
        same
          ? "web-llm's own conversation starts with exactly this prompt text."
          : "web-llm's own conversation text differs from the rendered prompt (see the request JSON).",
      );
    }
    for (const d of built.format.knownDifferences) notes.push(`Known difference from the official template: ${d}`);
    notes.push(...built.format.historyNotes(request.messages));
    const totals = partTotals(built.segments, result.segmentTokens);
    const usage = result.usage;
    const nativeCalls: ToolCall[] | undefined = result.nativeCalls?.map((c, i) => ({
      id: `call_${request.round}_${i + 1}`,
      name: c.name,
      argumentsText: c.arguments,
    }));
    return {
      raw: result.raw,
      finishReason,
      ...(usage
        ? { usage: { promptTokens: usage.promptTokens, completionTokens: usage.completionTokens, estimated: false } }
        : {}),
      timings: {
        timeToFirstTokenMs:
          usage?.timeToFirstTokenS !== undefined
            ? usage.timeToFirstTokenS * 1000
            : (result.firstTokenMs ?? result.totalMs),
        totalMs: usage?.e2eLatencyS !== undefined ? usage.e2eLatencyS * 1000 : result.totalMs,
        ...(usage?.prefillTokensPerS !== undefined ? { prefillTokensPerSecond: usage.prefillTokensPerS } : {}),
        ...(usage?.decodeTokensPerS !== undefined ? { decodeTokensPerSecond: usage.decodeTokensPerS } : {}),
      },
      // The harness parses the raw text with this format's parser (Llama's JSON or <tool_call> blocks).
      ...(nativeCalls ? { nativeToolCalls: nativeCalls } : { callFormat: built.format.callFormat }),
      trace: {
        requestJson: built.request,
        promptText: prompt,
        promptParts: totals.map((t) => ({ part: PART_LABELS[t.part], tokens: t.tokens, text: t.text })),
        notes,
        promptFormat: {
          id: built.formatChoice.id,
          label: FORMAT_NAMES[built.formatChoice.id],
          source: built.formatChoice.source,
        },
        toolsSent,
      },
      backend: `WebLLM ${built.mode} · ${this.gpu}`,
    };
  }
}

type KvState = WebLLMRuntime['previous'];

/** What web-llm does with its KV cache for this call, and why (only an exact prefix is reused). */
function kvCacheNote(round: number, previous: KvState, prompt: string): string {
  const prefix = checkPrefixExtension(
    round === 1 || previous === null || 'rebuiltAfter' in previous ? null : previous,
    prompt,
  );
  switch (prefix.kind) {
    case 'first-round':
      if (round === 1) return 'KV cache: first round of the run, the whole prompt is prefilled.';
      return previous !== null && 'rebuiltAfter' in previous
        ? `KV cache: the previous call ended with "${previous.rebuiltAfter}", after which web-llm rebuilds its cache: the whole prompt is prefilled.`
        : 'KV cache: no earlier call of this run on this loaded model, so the whole prompt is prefilled.';
    case 'extends':
      return `KV cache: this prompt extends the previous prompt + output (${prefix.reusedChars} characters reused); only the new part is prefilled.`;
    case 'diverges':
      return `KV cache: this prompt does NOT extend the previous one (they part at character ${prefix.at}: expected ${JSON.stringify(prefix.expected)}, got ${JSON.stringify(prefix.actual)}), so web-llm prefills everything again.`;
    default:
      return assertNever(prefix);
  }
}

function isMapped(error: unknown): error is MappedError {
  return (
    typeof error === 'object' && error !== null && 'code' in error && 'detail' in error && !(error instanceof Error)
  );
}
