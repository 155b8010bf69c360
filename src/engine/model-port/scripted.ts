/**
 * Scripted replay: a ChatRuntime that answers from a Script (see script.ts) instead of a model. The chosen
 * turn is rendered to raw text through the text protocol and streamed token by token, so the harness parses
 * it exactly like a real model's output. Timing comes from the injected `sleep` and `now`, which makes runs
 * deterministic under a fake clock and lifelike in the page.
 *
 * Parallel tool calls off: a scripted turn with several calls sends only the first (a `raw` turn is exact output
 * and is sent as written); a script answers the rest on later steps, e.g. with `tool-missing` branches.
 *
 * Usage is an estimate (`estimated: true`): the prompt is the ChatML text of the request (renderChatPrompt)
 * and both it and the output are counted with `estimateTokens` (≈ 4 characters per token). The output is
 * streamed in those same pieces, one `onDelta` per estimated token.
 */
import type { ChatRuntime, GenerateOptions, ModelRequest, ModelResponse } from '../runtime';
import type { FinishReason } from '../stop-reasons';
import { createTraceRenderer, estimateTokens, openAiPreview } from './chat-prompt';
import type { Script } from './script';
import { chooseTurn, createStepCounter, renderTurn } from './script';

export interface ScriptedRuntimeOptions {
  readonly script: Script;
  /** Decode speed of the replay; 0 or Infinity streams without waiting. */
  readonly tokensPerSecond: number;
  /** Simulated prefill speed (prompt tokens per second) before the first token; none when omitted. */
  readonly prefillTokensPerSecond?: number;
  /** Waits `ms`; may resolve or reject early when `signal` aborts. */
  readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  readonly now: () => number;
  readonly label?: string;
}

export interface ScriptedRuntime extends ChatRuntime {
  readonly kind: 'scripted';
  readonly script: Script;
}

export function scriptExhaustedText(callNumber: number, steps: number): string {
  return (
    `[Scripted replay] The script has no turn for model call ${callNumber} of this user message ` +
    `(it has ${steps} step${steps === 1 ? '' : 's'}), so the replay answers with this text and stops.`
  );
}

export function createScriptedRuntime(options: ScriptedRuntimeOptions): ScriptedRuntime {
  const { script, sleep, now } = options;
  const interval =
    options.tokensPerSecond > 0 && Number.isFinite(options.tokensPerSecond) ? 1000 / options.tokensPerSecond : 0;

  async function wait(ms: number, signal: AbortSignal): Promise<void> {
    if (ms <= 0 || signal.aborted) return;
    try {
      await sleep(ms, signal);
    } catch (error) {
      // A sleep that rejects on abort is fine: the caller checks the signal next. Anything else is a bug.
      if (!signal.aborted) throw error;
    }
  }

  // The prompt grows by a few messages a call: render, count and look up only what is new.
  const traceFor = createTraceRenderer();
  const stepIndex = createStepCounter();

  async function generate(request: ModelRequest, { signal, onDelta }: GenerateOptions): Promise<ModelResponse> {
    const startedAt = now();
    const index = stepIndex(request.messages);
    const step = script.steps[index];
    let raw: string;
    let finishReason: FinishReason;
    const notes = [
      `Scripted replay: step ${index + 1} of ${script.steps.length} (counted from the last user message).`,
    ];
    if (step === undefined) {
      raw = scriptExhaustedText(index + 1, script.steps.length);
      finishReason = 'stop';
      notes.push('The script ran out of steps.');
    } else {
      let turn = chooseTurn(step, request.messages, request.tools);
      const calls = turn.toolCalls ?? [];
      if (!request.parallelToolCalls && turn.raw === undefined && calls.length > 1) {
        // A model told not to call tools in parallel (OpenAI's parallel_tool_calls: false, Anthropic's
        // disable_parallel_tool_use, a grammar that stops after one block) makes one call per response.
        turn = { ...turn, toolCalls: calls.slice(0, 1) };
        notes.push(
          `Parallel tool calls are off: the replay sends only the first of this turn's ${calls.length} calls.`,
        );
      }
      raw = renderTurn(turn, request.messages);
      finishReason = turn.finishReason ?? 'stop';
    }
    const { trace, promptTokens } = traceFor(request, notes);
    const pieces = estimateTokens(raw);

    if (options.prefillTokensPerSecond && options.prefillTokensPerSecond > 0) {
      await wait((promptTokens / options.prefillTokensPerSecond) * 1000, signal);
    }
    let text = '';
    let emitted = 0;
    let firstTokenAt: number | null = null;
    for (const piece of pieces) {
      if (signal.aborted) break;
      await wait(interval, signal);
      if (signal.aborted) break;
      text += piece;
      emitted++;
      firstTokenAt ??= now();
      onDelta(piece);
    }
    const endedAt = now();
    const aborted = signal.aborted && emitted < pieces.length;
    const timeToFirstTokenMs = (firstTokenAt ?? endedAt) - startedAt;
    const decodeMs = firstTokenAt === null ? 0 : endedAt - firstTokenAt;
    return {
      raw: text,
      finishReason: aborted ? 'abort' : finishReason,
      usage: { promptTokens, completionTokens: emitted, estimated: true },
      timings: {
        timeToFirstTokenMs,
        totalMs: endedAt - startedAt,
        ...(options.prefillTokensPerSecond && timeToFirstTokenMs > 0 && firstTokenAt !== null
          ? { prefillTokensPerSecond: promptTokens / (timeToFirstTokenMs / 1000) }
          : {}),
        // The first token's wait counts as prefill; the rest is decode.
        ...(decodeMs > 0 && emitted > 1 ? { decodeTokensPerSecond: (emitted - 1) / (decodeMs / 1000) } : {}),
      },
      trace,
      backend: 'scripted replay (no model)',
    };
  }

  return {
    kind: 'scripted',
    label: options.label ?? 'Scripted replay',
    script,
    generate,
    previewRequest: openAiPreview,
  };
}
