/**
 * The page's last words: when the page goes away (`pagehide`: a reload, a closed tab) with run events that
 * IndexedDB has not confirmed — a write still queued, or waiting behind a slow disk — they are written here,
 * synchronously, to localStorage, and the next start-up stores them in IndexedDB before it reads anything. An
 * asynchronous write started while the page unloads may never finish; this one has finished when the call returns.
 *
 * Writing an event again is harmless (records are keyed `[runId, seq]`), so a write that did finish after all is
 * only repeated. localStorage that is missing or full is ignored: the page then loses what it always could.
 */
import type { LoopEvent } from '../engine';
import type { RunHeader, RunsDb } from './runs-db';

const JOURNAL_KEY = 'tool-loop-playground.journal';

/** One run's unconfirmed events: from `from` on, with the header they make. */
export interface JournalEntry {
  readonly header: RunHeader;
  readonly from: number;
  readonly events: readonly LoopEvent[];
}

export interface Journal {
  readonly entries: readonly JournalEntry[];
  /** Which run a reload opens, when its write was not confirmed either (null: none; absent: nothing to write). */
  readonly active?: string | null;
}

function local(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // access denied (a sandboxed frame, storage disabled)
  }
}

/** Writes the journal now, synchronously (`pagehide`). Nothing to write clears it. */
export function writeJournal(journal: Journal): void {
  const storage = local();
  if (!storage) return;
  try {
    if (journal.entries.length === 0 && journal.active === undefined) storage.removeItem(JOURNAL_KEY);
    else storage.setItem(JOURNAL_KEY, JSON.stringify(journal));
  } catch {
    // Full or unavailable: the asynchronous writes under way are all that is left.
  }
}

/**
 * Stores what the last page left in the journal (before anything is read at start-up), then clears it. A journal
 * that cannot be parsed is dropped: the run data in it is checked like any stored run when read back.
 */
export async function recoverJournal(runs: Pick<RunsDb, 'appendEvents' | 'saveSetting'>): Promise<void> {
  const storage = local();
  const text = storage?.getItem(JOURNAL_KEY);
  if (!storage || !text) return;
  let journal: Journal;
  try {
    journal = JSON.parse(text) as Journal;
  } catch {
    storage.removeItem(JOURNAL_KEY);
    return;
  }
  for (const entry of Array.isArray(journal.entries) ? journal.entries : []) {
    await runs.appendEvents(entry.header, entry.from, entry.events);
  }
  if (journal.active !== undefined) await runs.saveSetting('activeRunId', journal.active);
  storage.removeItem(JOURNAL_KEY);
}
