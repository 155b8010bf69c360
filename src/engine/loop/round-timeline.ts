/**
 * Where the time of each round went, from the event log: the model call (time to first token, then decode — or,
 * when a person played the model, the time they spent writing, which is not a model latency), the wait at a pause
 * for decisions, and each tool's run. Times are relative to the round's model call; a round ends with its last
 * tool or its response.
 */
import type { LoopEvent } from './events';
import type { RuntimeKind } from '../runtime';

export type TimelineSpan =
  | { readonly kind: 'first-token'; readonly startMs: number; readonly ms: number }
  | { readonly kind: 'decode'; readonly startMs: number; readonly ms: number }
  /** A person wrote this turn ("You are the model"): typing time, not a model latency. */
  | { readonly kind: 'authored'; readonly startMs: number; readonly ms: number }
  /** The call failed after this long. */
  | { readonly kind: 'failed'; readonly startMs: number; readonly ms: number }
  /** From the pause to the moment the batch started executing: the time spent deciding. */
  | { readonly kind: 'pause'; readonly startMs: number; readonly ms: number }
  | {
      readonly kind: 'tool';
      readonly startMs: number;
      readonly ms: number;
      readonly name: string;
      readonly callId: string;
      readonly isError: boolean;
    };

export type SpanKind = TimelineSpan['kind'];

export interface RoundTimeline {
  readonly round: number;
  readonly runtime: RuntimeKind;
  /** When the model call began (epoch ms). */
  readonly startedAt: number;
  /** From the model call to the round's last span's end. */
  readonly totalMs: number;
  readonly spans: readonly TimelineSpan[];
}

/** One timeline per model call, in order. */
export function roundTimelines(events: readonly LoopEvent[]): RoundTimeline[] {
  const out: RoundTimeline[] = [];
  let runtime: RuntimeKind = 'scripted';
  let current: { round: number; runtime: RuntimeKind; at: number; spans: TimelineSpan[] } | null = null;
  let pausedAt: number | null = null;
  const flush = () => {
    if (!current) return;
    const end = current.spans.reduce((max, s) => Math.max(max, s.startMs + s.ms), 0);
    out.push({
      round: current.round,
      runtime: current.runtime,
      startedAt: current.at,
      totalMs: end,
      spans: current.spans,
    });
    current = null;
  };
  /** Ends a pause when the batch starts executing (the first call that starts or finishes after it). */
  const endPause = (at: number) => {
    if (current && pausedAt !== null) {
      current.spans.push({ kind: 'pause', startMs: pausedAt - current.at, ms: Math.max(0, at - pausedAt) });
      pausedAt = null;
    }
  };
  for (const event of events) {
    switch (event.type) {
      case 'run-started':
        runtime = event.config.runtime.kind;
        break;
      case 'workspace-changed':
        if (event.runtime) runtime = event.runtime.kind;
        break;
      case 'model-called':
        flush();
        pausedAt = null;
        current = { round: event.round, runtime, at: event.at, spans: [] };
        break;
      case 'model-responded': {
        if (!current || current.round !== event.round) break;
        const wall = Math.max(0, event.at - current.at);
        if (current.runtime === 'human') {
          current.spans.push({ kind: 'authored', startMs: 0, ms: wall });
          break;
        }
        const timings = event.response.timings;
        const firstToken = Math.min(wall, Math.max(0, timings?.timeToFirstTokenMs ?? wall));
        current.spans.push({ kind: 'first-token', startMs: 0, ms: firstToken });
        if (wall > firstToken) current.spans.push({ kind: 'decode', startMs: firstToken, ms: wall - firstToken });
        break;
      }
      case 'model-failed':
        if (current && current.round === event.round) {
          current.spans.push({ kind: 'failed', startMs: 0, ms: Math.max(0, event.at - current.at) });
        }
        break;
      case 'tools-paused':
        pausedAt = event.at;
        break;
      case 'call-started':
        endPause(event.at);
        break;
      case 'call-finished': {
        endPause(event.at);
        if (!current) break;
        const outcome = event.outcome;
        current.spans.push({
          kind: 'tool',
          startMs: Math.max(0, outcome.startedAt - current.at),
          ms: Math.max(0, outcome.durationMs),
          name: outcome.name,
          callId: outcome.callId,
          isError: outcome.kind === 'stop' || outcome.result.isError,
        });
        break;
      }
      case 'results-appended':
        endPause(event.at);
        break;
      default:
        break;
    }
  }
  flush();
  return out;
}
