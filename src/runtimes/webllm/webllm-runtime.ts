/**
 * The WebLLM ChatRuntime: builds the request (request-builder), runs it in the worker, streams the text, and
 * returns the raw output, finish reason, usage, timings and the trace of what the model saw (request JSON,
 * prompt text with token counts per part, the KV prefix check, known template differences).
 */
import type { ToolCall } from '../../engine/messages';
import { promptText } from '../../engine/protocol/formats';
import { templateDate } from '../../engine/protocol/prompt-date';
import { PART_LABELS, checkPrefixExtension, partTotals } from '../../engine/prompt-trace';
import type { ChatRuntime, GenerateOptions, ModelRequest, ModelResponse } from '../../engine/runtime';
import type { FinishReason } from '../../engine/stop-reasons';
import { OPENAI_FINISH_REASONS } from '../../engine/stop-reasons';
import type { MappedError } from './errors';
import { mapWebLLMError, toRuntimeFailure } from './errors';
import type { BuildOptions, BuiltRequest } from './request-builder';
import { buildRequest } from './request-builder';
import type { WorkerClient } from './worker-client';
import type { FromWorker } from './worker-protocol';

type Result = Extract<FromWorker, { type: 'result' }>;

export class WebLLMRuntime implements ChatRuntime {
  readonly kind = 'webllm' as const;
  readonly label: string;
  private previous: { prompt: string; output: string } | null = null;

  constructor(
    private readonly client: WorkerClient,
    readonly modelId: string,
    private readonly gpu: string,
    private readonly options: () => BuildOptions,
  ) {
    this.label = `WebLLM · ${modelId}`;
  }

  async generate(request: ModelRequest, { signal, onDelta }: GenerateOptions): Promise<ModelResponse> {
    const date = request.promptDate === undefined ? null : templateDate(request.promptDate);
    const options = { ...(date !== null ? { dateString: date } : {}), ...this.options() };
    let built: BuiltRequest;
    built = buildRequest(this.modelId, request, options);
    let result = await this.run(built, signal, onDelta);
    // Native Hermes tools always answer with a JSON array: an empty one means "no call", so ask again without tools.
    if (built.mode === 'native-tools' && result.finishReason !== 'abort' && (result.nativeCalls ?? []).length === 0) {
      built = buildRequest(this.modelId, request, { ...options, nativeFinal: true });
      onDelta('\n');
      result = await this.run(built, signal, onDelta);
    }
    return this.toResponse(request, built, result);
  }

  private async run(built: BuiltRequest, signal: AbortSignal, onDelta: (t: string) => void): Promise<Result> {
    if (signal.aborted)
      throw toRuntimeFailure({ code: 'unknown', message: 'Stopped before the call started.', detail: 'aborted' });
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

  private toResponse(request: ModelRequest, built: BuiltRequest, result: Result): ModelResponse {
    const prompt = promptText(built.segments);
    const prefix = checkPrefixExtension(request.round === 1 ? null : this.previous, prompt);
    const finishReason = (OPENAI_FINISH_REASONS as readonly string[]).includes(result.finishReason)
      ? (result.finishReason as FinishReason)
      : 'stop';
    this.previous = finishReason === 'abort' || finishReason === 'length' ? null : { prompt, output: result.raw };
    const notes = [
      ...built.notes,
      ...result.notes,
      `Prompt format: ${built.format.label}. Token counts: ${result.tokenizer}.`,
    ];
    switch (prefix.kind) {
      case 'first-round':
        notes.push('KV cache: first round of the run, the whole prompt is prefilled.');
        break;
      case 'extends':
        notes.push(
          `KV cache: this prompt extends the previous prompt + output (${prefix.reusedChars} characters reused); only the new part is prefilled.`,
        );
        break;
      case 'diverges':
        notes.push(
          `KV cache: this prompt does NOT extend the previous one (they part at character ${prefix.at}: expected ${JSON.stringify(prefix.expected)}, got ${JSON.stringify(prefix.actual)}), so web-llm prefills everything again.`,
        );
        break;
    }
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
      },
      backend: `WebLLM ${built.mode} · ${this.gpu}`,
    };
  }
}

function isMapped(error: unknown): error is MappedError {
  return (
    typeof error === 'object' && error !== null && 'code' in error && 'detail' in error && !(error instanceof Error)
  );
}
