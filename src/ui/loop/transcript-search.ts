/**
 * The transcript's search (the find-in-page a virtualized list cannot offer: entries scrolled away are not in the
 * page), and the check that lets an unchanged entry skip its re-render. Pure: no React.
 */
import type { TranscriptEntry } from '../../engine';
import { assertNever } from '../../engine';

/** The text a person would look for in an entry: what the entry shows, message text and call arguments. */
export function entryText(entry: TranscriptEntry): string {
  switch (entry.kind) {
    case 'system':
    case 'user':
      return entry.content;
    case 'assistant': {
      const calls = entry.message.toolCalls.map((c) => `${c.id} ${c.name} ${c.argumentsText}`);
      return [entry.message.raw, entry.message.content, entry.message.reasoning ?? '', ...calls].join('\n');
    }
    case 'tool':
      return `${entry.message.toolCallId} ${entry.message.name}\n${entry.message.content}`;
    case 'finished':
      return [entry.reason, entry.detail ?? '', entry.finalAnswer ?? ''].join('\n');
    case 'error':
      return entry.error;
    case 'interrupted':
    case 'workspace':
      return entry.text;
    case 'lab':
      return entry.note.kind === 'guard'
        ? [entry.note.guard, entry.note.key ?? '', entry.note.nudge ?? ''].join('\n')
        : JSON.stringify(entry.note.prediction);
    case 'validation-rejected':
      return entry.rejection.errors.join('\n');
    default:
      return assertNever(entry);
  }
}

/** The positions (in `entries`) of the entries whose text contains `query`, ignoring case; none for a blank query. */
export function findMatches(entries: readonly TranscriptEntry[], query: string): number[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  const found: number[] = [];
  for (const [position, entry] of entries.entries()) {
    if (entryText(entry).toLowerCase().includes(needle)) found.push(position);
  }
  return found;
}

/**
 * Whether two projections of the same entry show the same thing. The projection builds new entry objects on every
 * change of the log, but their parts are mostly the log's own objects, so this is a few reference checks.
 */
export function sameEntry(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > 6) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  if (ak.length !== bk.length) return false;
  return ak.every((k) => sameEntry((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth + 1));
}
