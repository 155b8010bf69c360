/**
 * "You are the model": a ChatRuntime whose answers a person writes. `generate()` publishes the request and
 * waits; the learner reads it (`getPendingRequest`) and `submit`s a turn — text and/or tool calls with
 * optional ids, and a finish reason. The turn is rendered to raw text through the text protocol, so the
 * harness parses it like any model output (a call whose arguments are not JSON shows up as malformed). Ids
 * the learner chose travel in `toolCallIds`, so the harness keeps them; calls without one get harness ids.
 */
import type { ChatRuntime, GenerateOptions, ModelRequest, ModelResponse } from '../runtime';
import type { FinishReason } from '../stop-reasons';
import { OPENAI_FINISH_REASONS } from '../stop-reasons';
import { renderToolCallBlock } from '../protocol/hermes';
import { createTraceRenderer, estimateTokens, openAiPreview } from './chat-prompt';
import { type Result } from '../result';

export interface HumanToolCall {
  readonly id?: string;
  readonly name: string;
  /** The arguments as JSON text; written verbatim into the block when it is not valid JSON. */
  readonly argumentsText: string;
}

export interface HumanTurn {
  readonly text: string;
  readonly toolCalls: readonly HumanToolCall[];
  readonly finishReason: FinishReason;
}

/**
 * Why a turn cannot be sent: a kind and its facts, so the composer words it in the page's language, and the
 * English sentence (`message`) for logs and tests.
 */
export type HumanTurnProblem = { readonly message: string } & (
  | { readonly kind: 'not-waiting' }
  | { readonly kind: 'unknown-finish-reason'; readonly finishReason: string }
  | { readonly kind: 'empty' }
  | { readonly kind: 'unnamed-call'; readonly call: number }
  | { readonly kind: 'duplicate-id'; readonly id: string }
);

export type SubmitResult = Result<void, HumanTurnProblem>;

export interface HumanRuntime extends ChatRuntime {
  readonly kind: 'human';
  /** The request waiting for the learner's turn, or null. */
  getPendingRequest(): ModelRequest | null;
  /** Called when a request starts or stops waiting. Returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
  submit(turn: HumanTurn): SubmitResult;
}

/** Renders a learner's turn as the raw text a model would write: the text, then one block per call. */
export function renderHumanTurn(turn: Pick<HumanTurn, 'text' | 'toolCalls'>): string {
  const blocks = turn.toolCalls.map((call) => {
    const source = call.argumentsText.trim() === '' ? '{}' : call.argumentsText;
    try {
      return renderToolCallBlock(call.name, JSON.parse(source));
    } catch {
      // Not JSON: write it as the learner typed it, so the harness meets a malformed call like a model's.
      return `<tool_call>\n{"name": ${JSON.stringify(call.name)}, "arguments": ${call.argumentsText}}\n</tool_call>`;
    }
  });
  return [turn.text.trim(), ...blocks].filter((part) => part !== '').join('\n');
}

/** Why a turn cannot be submitted (in English), or null. */
export function checkHumanTurn(turn: HumanTurn): string | null {
  return humanTurnProblem(turn)?.message ?? null;
}

/** Why a turn cannot be submitted, or null. */
export function humanTurnProblem(turn: HumanTurn): HumanTurnProblem | null {
  if (!(OPENAI_FINISH_REASONS as readonly string[]).includes(turn.finishReason)) {
    return {
      kind: 'unknown-finish-reason',
      finishReason: turn.finishReason,
      message: `Unknown finish reason "${turn.finishReason}".`,
    };
  }
  if (turn.text.trim() === '' && turn.toolCalls.length === 0 && turn.finishReason !== 'abort') {
    return { kind: 'empty', message: 'Write some text or add a tool call.' };
  }
  const ids = new Set<string>();
  for (const [i, call] of turn.toolCalls.entries()) {
    if (call.name.trim() === '')
      return { kind: 'unnamed-call', call: i + 1, message: `Tool call ${i + 1} has no name.` };
    const id = call.id?.trim();
    if (id) {
      if (ids.has(id))
        return {
          kind: 'duplicate-id',
          id,
          message: `Two tool calls share the id "${id}": ids pair each result with its call.`,
        };
      ids.add(id);
    }
  }
  return null;
}

interface Pending {
  readonly request: ModelRequest;
  readonly startedAt: number;
  readonly onDelta: (text: string) => void;
  readonly resolve: (response: ModelResponse) => void;
  readonly cleanup: () => void;
}

export function createHumanRuntime(options: { readonly now: () => number; readonly label?: string }): HumanRuntime {
  const { now } = options;
  const traceFor = createTraceRenderer();
  const listeners = new Set<() => void>();
  let pending: Pending | null = null;
  const notify = () => {
    for (const listener of listeners) listener();
  };

  function finish(raw: string, finishReason: FinishReason, toolCallIds?: readonly string[]): void {
    const current = pending;
    if (!current) return;
    pending = null;
    current.cleanup();
    const { trace, promptTokens } = traceFor(current.request, ['Written by a person playing the model.']);
    if (raw !== '') current.onDelta(raw);
    current.resolve({
      raw,
      finishReason,
      usage: {
        promptTokens,
        completionTokens: estimateTokens(raw).length,
        estimated: true,
      },
      // No timings: the time a person spent writing is not a model latency (the views say "authored by you").
      ...(toolCallIds && toolCallIds.some((id) => id !== '') ? { toolCallIds } : {}),
      trace,
      backend: 'you (the learner)',
    });
    notify();
  }

  return {
    kind: 'human',
    label: options.label ?? 'You are the model',
    previewRequest: openAiPreview,
    getPendingRequest: () => pending?.request ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    generate(request: ModelRequest, { signal, onDelta }: GenerateOptions): Promise<ModelResponse> {
      if (pending) {
        // One turn at a time: the older request is abandoned as aborted.
        finish('', 'abort');
      }
      return new Promise<ModelResponse>((resolve) => {
        const onAbort = () => finish('', 'abort');
        pending = {
          request,
          startedAt: now(),
          onDelta,
          resolve,
          cleanup: () => signal.removeEventListener('abort', onAbort),
        };
        if (signal.aborted) {
          finish('', 'abort');
          return;
        }
        signal.addEventListener('abort', onAbort, { once: true });
        notify();
      });
    },
    submit(turn: HumanTurn): SubmitResult {
      if (!pending)
        return {
          ok: false,
          error: {
            kind: 'not-waiting',
            message: 'The loop is not waiting for a model turn: press Step to call the model first.',
          },
        };
      const error = humanTurnProblem(turn);
      if (error) return { ok: false, error };
      finish(
        renderHumanTurn(turn),
        turn.finishReason,
        turn.toolCalls.map((c) => c.id?.trim() ?? ''),
      );
      return { ok: true, value: undefined };
    },
  };
}
