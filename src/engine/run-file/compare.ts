/**
 * Two runs side by side (a run and its fork, usually): their transcripts aligned message by message with the
 * first difference marked, and their metrics in one table.
 */
import type { Message } from '../messages';
import type { LoopEvent } from '../loop/events';
import { FINISH_LABELS, usageTotals } from '../loop/projections';
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

export interface MetricRow {
  readonly id: MetricId;
  /** The metric's name in English. */
  readonly label: string;
  readonly a: string;
  readonly b: string;
  readonly same: boolean;
}

export interface Comparison {
  readonly rows: readonly CompareRow[];
  /** Index of the first message that differs; null when the transcripts are equal. */
  readonly divergesAt: number | null;
  readonly metrics: readonly MetricRow[];
}

export function compareRuns(a: readonly LoopEvent[], b: readonly LoopEvent[]): Comparison {
  const left = replay(a);
  const right = replay(b);
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
  const ending = (s: typeof left) =>
    s.finished ? FINISH_LABELS[s.finished.reason] : `not finished (phase ${s.phase})`;
  const tokens = (n: number, estimated: boolean) => `${n}${estimated ? ' (est.)' : ''}`;
  const metric = (id: MetricId, label: string, va: string, vb: string): MetricRow => ({
    id,
    label,
    a: va,
    b: vb,
    same: va === vb,
  });
  return {
    rows,
    divergesAt,
    metrics: [
      metric('rounds', 'Model calls (rounds)', String(ua.rounds), String(ub.rounds)),
      metric('toolCalls', 'Tool calls', String(toolCalls(ua)), String(toolCalls(ub))),
      metric(
        'promptTokens',
        'Prompt tokens',
        tokens(ua.promptTokens, ua.estimated),
        tokens(ub.promptTokens, ub.estimated),
      ),
      metric(
        'completionTokens',
        'Completion tokens',
        tokens(ua.completionTokens, ua.estimated),
        tokens(ub.completionTokens, ub.estimated),
      ),
      metric('toolTime', 'Tool time', `${Math.round(ua.toolTimeMs)} ms`, `${Math.round(ub.toolTimeMs)} ms`),
      metric('messages', 'Messages', String(left.history.length), String(right.history.length)),
      metric('ended', 'Ended', ending(left), ending(right)),
      metric('finalAnswer', 'Final answer', left.finished?.finalAnswer ?? '—', right.finished?.finalAnswer ?? '—'),
    ],
  };
}

function sameMessage(a: Message, b: Message): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
