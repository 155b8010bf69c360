/**
 * Two runs side by side (a run and its fork, usually): their transcripts aligned message by message with the
 * first difference marked, and their metrics in one table.
 */
import type { Message } from '../messages';
import type { FinishReasonKind, LoopEvent } from '../loop/events';
import type { Phase } from '../loop/state';
import { FINISH_LABELS, usageTotals } from '../loop/projections';
import type { LoopExtension } from '../loop/extension';
import { replay } from '../loop/state';

export interface CompareRow {
  readonly index: number;
  readonly a: Message | null;
  readonly b: Message | null;
  readonly same: boolean;
}

/** Which metric a row holds (the views name it in the page's language). */
export type MetricId =
  'rounds' | 'toolCalls' | 'promptTokens' | 'completionTokens' | 'toolTime' | 'messages' | 'ended' | 'finalAnswer';

/** A metric's value as data, for the view to write in the page's language (numbers, durations, a finish reason). */
export type MetricValue =
  | { readonly kind: 'count'; readonly n: number }
  | { readonly kind: 'tokens'; readonly n: number; readonly estimated: boolean }
  | { readonly kind: 'ms'; readonly ms: number }
  | { readonly kind: 'ended'; readonly reason: FinishReasonKind }
  | { readonly kind: 'unfinished'; readonly phase: Phase }
  /** The final answer as the model wrote it, or absent (the view shows a dash). */
  | { readonly kind: 'text'; readonly text: string | null };

export interface MetricRow {
  readonly id: MetricId;
  /** The metric's name in English. */
  readonly label: string;
  /** The values in English (what `same` compares). */
  readonly a: string;
  readonly b: string;
  readonly valueA: MetricValue;
  readonly valueB: MetricValue;
  readonly same: boolean;
}

export interface Comparison {
  readonly rows: readonly CompareRow[];
  /** Index of the first message that differs; null when the transcripts are equal. */
  readonly divergesAt: number | null;
  readonly metrics: readonly MetricRow[];
}

export function compareRuns(
  a: readonly LoopEvent[],
  b: readonly LoopEvent[],
  extensions?: readonly LoopExtension[],
): Comparison {
  const left = replay(a, extensions);
  const right = replay(b, extensions);
  const length = Math.max(left.history.length, right.history.length);
  const rows: CompareRow[] = [];
  let divergesAt: number | null = null;
  for (let index = 0; index < length; index++) {
    const ma = left.history[index] ?? null;
    const mb = right.history[index] ?? null;
    const same = ma !== null && mb !== null && sameMessage(ma, mb);
    if (!same && divergesAt === null) divergesAt = index;
    rows.push({ index, a: ma, b: mb, same });
  }
  const ua = usageTotals(a);
  const ub = usageTotals(b);
  const toolCalls = (u: typeof ua) => Object.values(u.callsPerTool).reduce((n, c) => n + c, 0);
  const ending = (s: typeof left): MetricValue =>
    s.finished ? { kind: 'ended', reason: s.finished.reason } : { kind: 'unfinished', phase: s.phase };
  const tokens = (u: typeof ua): MetricValue => ({ kind: 'tokens', n: u.promptTokens, estimated: u.estimated });
  const metric = (id: MetricId, label: string, va: MetricValue, vb: MetricValue): MetricRow => ({
    id,
    label,
    a: englishValue(va),
    b: englishValue(vb),
    valueA: va,
    valueB: vb,
    same: englishValue(va) === englishValue(vb),
  });
  const count = (n: number): MetricValue => ({ kind: 'count', n });
  const ms = (n: number): MetricValue => ({ kind: 'ms', ms: Math.round(n) });
  const answer = (s: typeof left): MetricValue => ({ kind: 'text', text: s.finished?.finalAnswer ?? null });
  return {
    rows,
    divergesAt,
    metrics: [
      metric('rounds', 'Model calls (rounds)', count(ua.rounds), count(ub.rounds)),
      metric('toolCalls', 'Tool calls', count(toolCalls(ua)), count(toolCalls(ub))),
      metric('promptTokens', 'Prompt tokens', tokens(ua), tokens(ub)),
      metric(
        'completionTokens',
        'Completion tokens',
        { kind: 'tokens', n: ua.completionTokens, estimated: ua.estimated },
        { kind: 'tokens', n: ub.completionTokens, estimated: ub.estimated },
      ),
      metric('toolTime', 'Tool time', ms(ua.toolTimeMs), ms(ub.toolTimeMs)),
      metric('messages', 'Messages', count(left.history.length), count(right.history.length)),
      metric('ended', 'Ended', ending(left), ending(right)),
      metric('finalAnswer', 'Final answer', answer(left), answer(right)),
    ],
  };
}

/** A metric value in English: `3`, `120 (est.)`, `15 ms`, a finish label, `not finished (phase approve)`, `—`. */
export function englishValue(value: MetricValue): string {
  switch (value.kind) {
    case 'count':
      return String(value.n);
    case 'tokens':
      return `${value.n}${value.estimated ? ' (est.)' : ''}`;
    case 'ms':
      return `${value.ms} ms`;
    case 'ended':
      return FINISH_LABELS[value.reason];
    case 'unfinished':
      return `not finished (phase ${value.phase})`;
    case 'text':
      return value.text ?? '—';
  }
}

function sameMessage(a: Message, b: Message): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
