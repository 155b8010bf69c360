/**
 * Pure helpers for "what the model sees": per-part token totals of a rendered prompt, and the check that a
 * round's prompt extends the previous round's prompt plus its output (the condition for KV-cache reuse:
 * only the new tokens are prefilled).
 */
import type { PromptPartKind, PromptSegment } from './protocol/formats/types';

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
