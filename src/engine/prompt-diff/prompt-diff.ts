/**
 * Round N's prompt as a diff against round N−1's, segment by segment (see `prompt-segments.ts`): which segments
 * the new prompt kept, which it added (the model's last output, the tool results), and which it changed or
 * dropped — with the reason as data (`ChangeReason`), for the page to put in words. A prompt that only extends
 * the previous one is the case a runtime's KV cache can reuse; anything else is worth a sentence to a learner
 * (Qwen3's template drops the reasoning of earlier turns; tool search adds the tools it found; …).
 *
 * The text diff inside a changed segment works on tokens (special tokens, words, runs of spaces, single
 * punctuation) after trimming the common prefix and suffix; the middle is aligned by a longest-common-subsequence
 * table when it is small enough, else shown as replaced. No dependency: prompts change in one place per round.
 */
import type { PromptSegment } from './prompt-segments';

export type DiffOp = 'same' | 'added' | 'removed';

export interface DiffPiece {
  readonly op: DiffOp;
  readonly text: string;
}

/** Special tokens whole, words, whitespace runs, any other single character. */
const TOKEN = /<\|[^|<>\s]{1,40}\|>|[\p{L}\p{N}_]+|\s+|[^\p{L}\p{N}_\s]/gu;

export function diffTokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** The LCS table is at most this many cells; a bigger middle is shown as removed + added. */
const MAX_TABLE = 250_000;

/** A token-level diff of two texts. Joining the `same` and `added` pieces gives `after`; `same` and `removed`, `before`. */
export function diffText(before: string, after: string): DiffPiece[] {
  if (before === after) return before === '' ? [] : [{ op: 'same', text: before }];
  const a = diffTokens(before);
  const b = diffTokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const pieces: DiffPiece[] = [];
  const push = (op: DiffOp, text: string) => {
    if (text === '') return;
    const last = pieces[pieces.length - 1];
    if (last && last.op === op) pieces[pieces.length - 1] = { op, text: last.text + text };
    else pieces.push({ op, text });
  };
  push('same', a.slice(0, start).join(''));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if ((midA.length + 1) * (midB.length + 1) <= MAX_TABLE) {
    for (const [op, token] of lcsDiff(midA, midB)) push(op, token);
  } else {
    push('removed', midA.join(''));
    push('added', midB.join(''));
  }
  push('same', a.slice(endA).join(''));
  return pieces;
}

/** Classic LCS backtrack; removals before additions at each change. */
function lcsDiff(a: readonly string[], b: readonly string[]): [DiffOp, string][] {
  const cols = b.length + 1;
  const table = new Uint32Array((a.length + 1) * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * cols + j] =
        a[i] === b[j]
          ? table[(i + 1) * cols + j + 1]! + 1
          : Math.max(table[(i + 1) * cols + j]!, table[i * cols + j + 1]!);
    }
  }
  const out: [DiffOp, string][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push(['same', a[i]!]);
      i++;
      j++;
    } else if (table[(i + 1) * cols + j]! >= table[i * cols + j + 1]!) out.push(['removed', a[i++]!]);
    else out.push(['added', b[j++]!]);
  }
  while (i < a.length) out.push(['removed', a[i++]!]);
  while (j < b.length) out.push(['added', b[j++]!]);
  return out;
}

/** Why a segment of the previous prompt is not the same in this one. */
export type ChangeReason =
  /** An earlier assistant turn lost its `<think>` block (Qwen3's template keeps only the latest turn's reasoning). */
  | 'reasoning-dropped'
  /** The tool definitions changed: tool search added what it found, or the exposed tools changed. */
  | 'tools-changed'
  /** The system prompt changed. */
  | 'system-changed'
  /** A turn of the history is no longer sent (e.g. a memory advisor inside the loop turns the history off). */
  | 'history-dropped'
  /** The same turn, written differently (re-rendered from the parsed calls, a new date line…). */
  | 'rewritten';

export type SegmentDiff =
  | { readonly kind: 'same'; readonly segment: PromptSegment }
  /** New in this round: every character is added text. */
  | { readonly kind: 'added'; readonly segment: PromptSegment }
  | {
      readonly kind: 'changed';
      readonly segment: PromptSegment;
      readonly before: PromptSegment;
      readonly pieces: readonly DiffPiece[];
      readonly reason: ChangeReason;
    }
  | { readonly kind: 'removed'; readonly before: PromptSegment; readonly reason: ChangeReason };

export interface RoundDiff {
  readonly segments: readonly SegmentDiff[];
  /**
   * True when this prompt keeps every segment of the previous one unchanged: it only adds to it.
   */
  readonly extendsPrevious: boolean;
  /** The reasons of every change, each once, in the order met. */
  readonly reasons: readonly ChangeReason[];
}

function reasonFor(before: PromptSegment, after: PromptSegment | null): ChangeReason {
  if (before.kind === 'tools') return 'tools-changed';
  if (before.kind === 'system') return 'system-changed';
  if (after === null) return 'history-dropped';
  if (before.text.includes('<think>') && !after.text.includes('<think>')) return 'reasoning-dropped';
  return 'rewritten';
}

/**
 * Compares a round's segments with the previous round's (null for the first call: everything is added). Segments
 * pair up by key; a key that kept its text is `same`, a key with new text `changed`, a new key `added`, and a
 * key that is gone `removed`. The model's previous reply is a new turn (added), so a prompt that only grows is
 * `extendsPrevious`.
 */
export function diffRound(previous: readonly PromptSegment[] | null, current: readonly PromptSegment[]): RoundDiff {
  if (previous === null) {
    return { segments: current.map((segment) => ({ kind: 'added', segment })), extendsPrevious: false, reasons: [] };
  }
  const before = new Map(previous.map((s) => [s.key, s]));
  const seen = new Set<string>();
  const out: SegmentDiff[] = [];
  const reasons: ChangeReason[] = [];
  const note = (reason: ChangeReason) => {
    if (!reasons.includes(reason)) reasons.push(reason);
  };
  for (const segment of current) {
    const old = before.get(segment.key);
    seen.add(segment.key);
    if (!old) out.push({ kind: 'added', segment });
    else if (old.text === segment.text) out.push({ kind: 'same', segment });
    else {
      const reason = reasonFor(old, segment);
      note(reason);
      out.push({ kind: 'changed', segment, before: old, pieces: diffText(old.text, segment.text), reason });
    }
  }
  // Dropped segments are listed where they stood: after the last kept segment that preceded them.
  previous.forEach((old, index) => {
    if (seen.has(old.key)) return;
    const reason = reasonFor(old, null);
    note(reason);
    const anchor = previous
      .slice(0, index)
      .reverse()
      .find((p) => seen.has(p.key));
    const at = anchor ? out.findIndex((d) => d.kind !== 'removed' && d.segment.key === anchor.key) + 1 : 0;
    out.splice(at, 0, { kind: 'removed', before: old, reason });
  });
  return { segments: out, extendsPrevious: reasons.length === 0, reasons };
}
