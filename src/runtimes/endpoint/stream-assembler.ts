/**
 * Assembles a streamed chat completion (`chat.completion.chunk` events) into one response: the text, the
 * reasoning, the tool calls — whose arguments arrive in pieces, keyed by `index` — the server's own finish
 * reason, `usage` (the last chunk when `stream_options.include_usage` is set) and llama.cpp's `timings`.
 *
 * It reads every documented shape: OpenAI and vLLM (a call opens with its id and name, its arguments follow in
 * pieces), Ollama (each call whole in one delta, and older versions give every call of a parallel batch
 * `index: 0`: a different id at an index already open starts a new call), llama.cpp (`timings`, `:` pings),
 * reasoning as `reasoning_content` (llama.cpp, older vLLM) or `reasoning` (Ollama, newer vLLM). An error event
 * mid-stream (`{"error": …}`, vLLM's `{"object": "error", …}`, or `event: error`) and a stream that stops
 * without a finish reason or `[DONE]` (a cut connection) are reported as problems, never thrown. Pure.
 */
import type { ServerTimings } from '../wllama/wllama-response';
import type { SseEvent } from './sse';

export type { ServerTimings };

export interface AssembledCall {
  /** 0-based position of the call in the response. */
  readonly position: number;
  /** The `index` the server sent (Ollama may send 0 for every call). */
  readonly serverIndex: number;
  /** The server's call id; null when it sent none. */
  readonly id: string | null;
  readonly name: string;
  /** The argument pieces joined: JSON text as the server streamed it, possibly invalid. */
  readonly argumentsText: string;
}

export interface StreamUsage {
  readonly prompt_tokens?: number;
  readonly completion_tokens?: number;
  readonly total_tokens?: number;
}

export type StreamProblem =
  /** The server sent an error event mid-stream. */
  | { readonly kind: 'server-error'; readonly message: string; readonly type?: string; readonly code?: string }
  /** The stream ended without a finish reason or `[DONE]`: the connection was cut (or the server died). */
  | { readonly kind: 'cut'; readonly detail: string };

export interface AssembledResponse {
  readonly content: string;
  readonly reasoning: string;
  readonly toolCalls: readonly AssembledCall[];
  /** The finish reason exactly as the server wrote it; null when none came. */
  readonly finishReason: string | null;
  readonly usage: StreamUsage | null;
  readonly timings: ServerTimings | null;
  readonly model: string | null;
  readonly sawDone: boolean;
  /** Data events read (chunks, `[DONE]` and errors). */
  readonly events: number;
  readonly problem: StreamProblem | null;
  /** Oddities worth showing the learner (a chunk that is not JSON, extra choices ignored…). */
  readonly notes: readonly string[];
}

/** What one event added, in order, for the live view. */
export type StreamDelta =
  | { readonly kind: 'content'; readonly text: string }
  | { readonly kind: 'reasoning'; readonly text: string }
  | { readonly kind: 'tool-call'; readonly position: number; readonly name: string; readonly argumentsText: string };

interface OpenCall {
  serverIndex: number;
  id: string | null;
  name: string;
  args: string[];
}

export class StreamAssembler {
  private content = '';
  private reasoning = '';
  private readonly calls: OpenCall[] = [];
  /** Server index → position of the call currently open at that index. */
  private readonly openAt = new Map<number, number>();
  private finishReason: string | null = null;
  private usage: StreamUsage | null = null;
  private timings: ServerTimings | null = null;
  private model: string | null = null;
  private sawDone = false;
  private events = 0;
  private problem: StreamProblem | null = null;
  private readonly notes: string[] = [];

  /** Reads one event; returns what it added. Events after `[DONE]` or an error are counted but ignored. */
  push(event: SseEvent): StreamDelta[] {
    this.events++;
    if (this.sawDone || this.problem) return [];
    const data = event.data.trim();
    if (data === '[DONE]') {
      this.sawDone = true;
      return [];
    }
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch {
      if (event.event === 'error') {
        this.problem = { kind: 'server-error', message: data };
      } else {
        this.note(`A stream event is not JSON and was skipped: ${clip(data)}`);
      }
      return [];
    }
    if (!isRecord(chunk)) {
      this.note(`A stream event is not a JSON object and was skipped: ${clip(data)}`);
      return [];
    }
    const error = errorOf(chunk, event.event === 'error');
    if (error) {
      this.problem = error;
      return [];
    }
    return this.chunk(chunk);
  }

  /**
   * The stream is over. `interrupted` says why it stopped early when the reader failed (a network error); a
   * stream that simply ended without a finish reason or `[DONE]` is reported as cut too.
   */
  finish(interrupted?: string): AssembledResponse {
    let problem = this.problem;
    const notes = [...this.notes];
    if (!problem && interrupted !== undefined && !this.sawDone) {
      if (this.finishReason === null) problem = { kind: 'cut', detail: interrupted };
      else notes.push(`The connection closed after the finish reason, before [DONE] (${interrupted}).`);
    } else if (!problem && !this.sawDone && this.finishReason === null) {
      problem = {
        kind: 'cut',
        detail:
          this.events === 0
            ? 'the server closed the stream before sending anything'
            : `the stream ended after ${this.events} events without a finish reason or [DONE]`,
      };
    }
    if (!problem && !this.sawDone && interrupted === undefined)
      notes.push('The stream ended without the closing `data: [DONE]`.');
    if (!problem && this.finishReason === null) notes.push('The server sent no finish_reason.');
    return {
      content: this.content,
      reasoning: this.reasoning,
      toolCalls: this.calls.map((c, position) => ({
        position,
        serverIndex: c.serverIndex,
        id: c.id,
        name: c.name,
        argumentsText: c.args.join(''),
      })),
      finishReason: this.finishReason,
      usage: this.usage,
      timings: this.timings,
      model: this.model,
      sawDone: this.sawDone,
      events: this.events,
      problem,
      notes,
    };
  }

  private chunk(chunk: Record<string, unknown>): StreamDelta[] {
    if (this.model === null && typeof chunk.model === 'string') this.model = chunk.model;
    if (isRecord(chunk.usage)) this.usage = chunk.usage as StreamUsage;
    if (isRecord(chunk.timings)) this.timings = chunk.timings as ServerTimings;
    const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
    const deltas: StreamDelta[] = [];
    for (const choice of choices) {
      if (!isRecord(choice)) continue;
      if (typeof choice.index === 'number' && choice.index !== 0) {
        this.note(`The server streamed choice ${choice.index}; only choice 0 is read.`);
        continue;
      }
      if (typeof choice.finish_reason === 'string') this.finishReason = choice.finish_reason;
      const delta = isRecord(choice.delta) ? choice.delta : null;
      if (!delta) continue;
      const reasoning = textOf(delta.reasoning_content) ?? textOf(delta.reasoning);
      if (reasoning) {
        this.reasoning += reasoning;
        deltas.push({ kind: 'reasoning', text: reasoning });
      }
      const content = textOf(delta.content);
      if (content) {
        this.content += content;
        deltas.push({ kind: 'content', text: content });
      }
      if (Array.isArray(delta.tool_calls)) {
        delta.tool_calls.forEach((piece, order) => {
          if (isRecord(piece)) deltas.push(this.toolCallPiece(piece, order));
        });
      }
    }
    return deltas;
  }

  private toolCallPiece(piece: Record<string, unknown>, order: number): StreamDelta {
    const serverIndex = typeof piece.index === 'number' ? piece.index : order;
    const id = typeof piece.id === 'string' && piece.id !== '' ? piece.id : null;
    const fn = isRecord(piece.function) ? piece.function : {};
    let position = this.openAt.get(serverIndex);
    const open = position === undefined ? undefined : this.calls[position];
    // Ollama gives every call of a parallel batch index 0: a new id where a call with another id is open is a
    // new call, not more of the old one.
    if (open === undefined || (id !== null && open.id !== null && id !== open.id)) {
      if (open !== undefined) this.note(`Call ${this.calls.length + 1} reused index ${serverIndex} with a new id.`);
      position = this.calls.length;
      this.calls.push({ serverIndex, id, name: '', args: [] });
      this.openAt.set(serverIndex, position);
    }
    const call = this.calls[position!]!;
    if (call.id === null && id !== null) call.id = id;
    const name = textOf(fn.name);
    if (name && call.name !== name) call.name += name;
    let args = '';
    if (typeof fn.arguments === 'string') args = fn.arguments;
    // Some servers send the arguments as an object rather than JSON text.
    else if (isRecord(fn.arguments) || Array.isArray(fn.arguments)) args = JSON.stringify(fn.arguments);
    if (args !== '') call.args.push(args);
    return { kind: 'tool-call', position: position!, name: call.name, argumentsText: args };
  }

  private note(text: string): void {
    if (this.notes.length < 20 && !this.notes.includes(text)) this.notes.push(text);
  }
}

/** An error in any of the documented shapes, or null. */
function errorOf(chunk: Record<string, unknown>, errorEvent: boolean): StreamProblem | null {
  const nested = chunk.error;
  if (isRecord(nested)) {
    return {
      kind: 'server-error',
      message: typeof nested.message === 'string' ? nested.message : JSON.stringify(nested),
      ...(typeof nested.type === 'string' ? { type: nested.type } : {}),
      ...(nested.code !== undefined && nested.code !== null ? { code: String(nested.code) } : {}),
    };
  }
  if (typeof nested === 'string') return { kind: 'server-error', message: nested };
  if (chunk.object === 'error' || (errorEvent && typeof chunk.message === 'string')) {
    return {
      kind: 'server-error',
      message: typeof chunk.message === 'string' ? chunk.message : JSON.stringify(chunk),
      ...(typeof chunk.type === 'string' ? { type: chunk.type } : {}),
      ...(chunk.code !== undefined && chunk.code !== null ? { code: String(chunk.code) } : {}),
    };
  }
  if (errorEvent) return { kind: 'server-error', message: JSON.stringify(chunk) };
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
