/**
 * Pure helpers for "what the model sees": per-part token totals of a rendered prompt, the check that a round's
 * prompt extends the previous round's prompt plus its output (the condition for KV-cache reuse: only the new
 * tokens are prefilled), and how a run's traces are stored — the first whole, each later one as what changed
 * (`TraceChain`), read back in full with `traceAt` / `fullTraces`.
 */
import type { LoopEvent } from './events';
import type { PromptPartKind, PromptSegment } from '../protocol/formats/types';
import { err, ok, type Result } from '../result';
import type { ModelResponse, RequestTrace } from '../runtime';
import { promptExtension } from '../runtime';
import type { TraceNode } from '../trace-delta';
import { applyNode, detach, diffValue, isDelta, SAME } from '../trace-delta';

export interface PartTotal {
  readonly part: PromptPartKind;
  readonly tokens: number;
  readonly text: string;
}

export const PART_LABELS: Record<PromptPartKind, string> = {
  system: 'system',
  tools: 'tool schemas',
  history: 'history',
  new: 'new message',
};

/** Sums token counts per part, in prompt order of first appearance. */
export function partTotals(segments: readonly PromptSegment[], tokens: readonly number[]): PartTotal[] {
  const order: PromptPartKind[] = [];
  const totals = new Map<PromptPartKind, { tokens: number; text: string }>();
  segments.forEach((s, i) => {
    const entry = totals.get(s.part);
    if (entry) {
      entry.tokens += tokens[i] ?? 0;
      entry.text += s.text;
    } else {
      order.push(s.part);
      totals.set(s.part, { tokens: tokens[i] ?? 0, text: s.text });
    }
  });
  return order.map((part) => ({ part, ...totals.get(part)! }));
}

export type PrefixCheck =
  | { readonly kind: 'first-round' }
  | { readonly kind: 'extends'; readonly reusedChars: number }
  | { readonly kind: 'diverges'; readonly at: number; readonly expected: string; readonly actual: string };

/**
 * Does `prompt` start with `previousPrompt + previousOutput`? If not, where they part and what differs there
 * (a short window each side), so the learner sees why the runtime had to prefill everything again.
 */
export function checkPrefixExtension(previous: { prompt: string; output: string } | null, prompt: string): PrefixCheck {
  if (!previous) return { kind: 'first-round' };
  const expectedPrefix = previous.prompt + previous.output;
  if (prompt.startsWith(expectedPrefix)) return { kind: 'extends', reusedChars: expectedPrefix.length };
  let at = 0;
  while (at < expectedPrefix.length && at < prompt.length && expectedPrefix[at] === prompt[at]) at++;
  return { kind: 'diverges', at, expected: expectedPrefix.slice(at, at + 60), actual: prompt.slice(at, at + 60) };
}

// ── traces stored linearly ─────────────────────────────────────────────────────────────────────────────────

/**
 * Keeps a log's prompt traces linear: `store` turns each `model-responded` event's trace into a delta against the
 * previous trace of the same log (trace-delta.ts), so a run's memory and its file grow with its messages, not
 * with the square of them. Holds the last trace in full, which the next delta is taken against.
 */
export class TraceChain {
  private last: RequestTrace | null = null;
  /** A log taken over (a restore) whose last trace is read when the next one comes. */
  private unread: readonly LoopEvent[] | null = null;

  /** The event as the log keeps it: a `model-responded` event's trace becomes a delta, anything else as is. */
  store(event: LoopEvent): LoopEvent {
    if (event.type !== 'model-responded' || !event.response.trace) return event;
    const trace = event.response.trace;
    if (isDelta(trace)) {
      // Already stored (a fork's or an import's copy): its full form becomes the base of the next one.
      this.last = this.fullAfter(trace);
      return event;
    }
    const previous = this.previous();
    this.last = trace;
    if (!previous) return event;
    return { ...event, response: { ...event.response, trace: { delta: diffTrace(previous, trace) } } };
  }

  /**
   * Takes over a whole log (a new run, a restore, a fork): traces stored whole by an older version are stored as
   * deltas from here on, and the last trace is remembered for the next event. Returns the events as kept.
   */
  reset(events: readonly LoopEvent[]): LoopEvent[] {
    this.last = null;
    this.unread = null;
    const whole = events.filter((e) => e.type === 'model-responded' && e.response.trace && !isDelta(e.response.trace));
    // Only the first trace is whole (as this version stores them): nothing to change, and the last trace can wait.
    if (whole.length <= 1) {
      this.unread = events;
      return [...events];
    }
    return events.map((e) => this.store(e));
  }

  private previous(): RequestTrace | null {
    if (this.unread) {
      const events = this.unread;
      this.unread = null;
      this.last = lastTrace(events);
    }
    return this.last;
  }

  private fullAfter(trace: { readonly delta: TraceNode }): RequestTrace | null {
    const previous = this.previous();
    if (!previous) return null;
    const applied = applyNode(previous, trace.delta);
    return applied.ok ? (applied.value as RequestTrace) : null;
  }
}

/** Every `model-responded` event's trace in full, in log order: the event's index and its trace. */
export function* fullTraces(events: readonly LoopEvent[]): Generator<readonly [number, Result<RequestTrace>]> {
  let previous: RequestTrace | null = null;
  for (const [index, event] of events.entries()) {
    if (event.type !== 'model-responded' || !event.response.trace) continue;
    const stored = event.response.trace;
    if (!isDelta(stored)) {
      previous = stored;
      yield [index, ok(stored)];
      continue;
    }
    if (!previous) {
      yield [index, err(`event ${index + 1}: its prompt trace is stored as a change, but no trace comes before it`)];
      continue;
    }
    const applied = applyNode(previous, stored.delta);
    if (!applied.ok) {
      previous = null;
      yield [index, err(`event ${index + 1}: its prompt trace does not fit the one before it (${applied.error})`)];
      continue;
    }
    previous = applied.value as RequestTrace;
    yield [index, ok(previous)];
  }
}

/**
 * The full trace of the `model-responded` event at `index`, rebuilt from the stored chain (undefined when the event
 * has none). Reading a log once is linear in what it stores; views memoize it on the log.
 */
export function traceAt(events: readonly LoopEvent[], index: number): Result<RequestTrace> | undefined {
  for (const [at, trace] of fullTraces(events.slice(0, index + 1))) if (at === index) return trace;
  return undefined;
}

/** The last trace of a log in full, or null. */
function lastTrace(events: readonly LoopEvent[]): RequestTrace | null {
  let last: RequestTrace | null = null;
  for (const [, trace] of fullTraces(events)) last = trace.ok ? trace.value : null;
  return last;
}

/** A log event whose trace, if it has one, is in full. */
export type EventWithFullTrace =
  | Exclude<LoopEvent, { type: 'model-responded' }>
  | (Omit<Extract<LoopEvent, { type: 'model-responded' }>, 'response'> & { readonly response: ModelResponse });

/**
 * The same log with every trace in full (what version 1 run files held; the e2e tests read stored runs so). A
 * trace that does not chain is left out.
 */
export function withFullTraces(events: readonly LoopEvent[]): EventWithFullTrace[] {
  const full = new Map(fullTraces(events));
  return events.map((event, index): EventWithFullTrace => {
    if (event.type !== 'model-responded') return event;
    const { trace: _stored, ...response } = event.response;
    const trace = full.get(index);
    return { ...event, response: trace?.ok ? { ...response, trace: trace.value } : response };
  });
}

/** Where a log's stored traces do not chain (a damaged or hand-edited file), or null when they all do. */
export function traceChainProblem(events: readonly LoopEvent[]): string | null {
  for (const [, trace] of fullTraces(events)) if (!trace.ok) return trace.error;
  return null;
}

type Responded = Extract<EventWithFullTrace, { type: 'model-responded' }>;

/**
 * The `model-responded` event of a round and the one before it in the log, each with its trace in full: what the
 * Request and Prompt tabs show, and the pair the KV-cache check compares. Reads the log once; keeps no other
 * round's trace.
 */
export function roundResponses(
  events: readonly LoopEvent[],
  round: number,
): { readonly current?: Responded; readonly previous?: Responded } {
  let last: Responded | undefined;
  const traces = fullTraces(events);
  let next = traces.next();
  for (const [index, event] of events.entries()) {
    if (event.type !== 'model-responded') continue;
    let trace: RequestTrace | undefined;
    while (!next.done && next.value[0] < index) next = traces.next();
    if (!next.done && next.value[0] === index && next.value[1].ok) trace = next.value[1].value;
    const { trace: _stored, ...response } = event.response;
    const full: Responded = { ...event, response: trace ? { ...response, trace } : response };
    if (event.round === round) return { current: full, ...(last ? { previous: last } : {}) };
    last = full;
  }
  return {};
}

/**
 * What changed from one trace to the next. A prompt the runtime says extends the previous one (the very string the
 * previous trace carried) is stored as the text it added, without reading either prompt; anything else is compared.
 */
function diffTrace(previous: RequestTrace, next: RequestTrace): TraceNode {
  const extension = promptExtension(next);
  if (!extension || extension.previous !== previous.promptText || next.promptText === undefined) {
    return diffValue(previous, next);
  }
  const rest = diffValue({ ...previous, promptText: '' }, { ...next, promptText: '' });
  const prompt: TraceNode = { t: [extension.previous.length, detach(extension.appended), 0] };
  if (rest === SAME) return { o: { promptText: prompt } };
  if ('o' in rest) return { ...rest, o: { ...rest.o, promptText: prompt } };
  return diffValue(previous, next);
}
