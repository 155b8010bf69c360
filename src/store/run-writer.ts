/**
 * Saves the open run as it grows: every event is written as it is appended, batched per task (the events of one
 * task go in one IndexedDB transaction, after the task, off the critical path), never the whole run again. A
 * reload or a crash can then lose at most the work in flight — the model call or the tool batch — and the run
 * restores with an `interrupted` event saying so. `flush` writes what is queued at once (on `pagehide` and
 * when the page is hidden).
 */
import type { LoopEvent, LoopState } from '../engine';
import { errorMessage, runFacts } from '../engine';
import type { RunHeader } from '../persistence/runs-db';

export interface RunWriterDeps {
  readonly append: (header: RunHeader, from: number, events: readonly LoopEvent[]) => Promise<void>;
  readonly now: () => number;
  /** Schedules the batch after the current task (a timer of 0 ms in the app). */
  readonly schedule: (flush: () => void) => void;
  /** A write failed: tell the person (the run goes on in memory; the events are written again with the next batch). */
  readonly onError: (message: string, error: unknown) => void;
  /** The header was written: the run list can show it. */
  readonly onSaved: (header: RunHeader) => void;
}

/** What the header needs beyond the log: the title and lineage a run already has in the list. */
export interface RunMeta {
  readonly title?: string;
  readonly parent?: RunHeader['parent'];
}

export class RunWriter {
  /** The run being written and how many of its events are stored (or queued). */
  private runId: string | null = null;
  private saved = 0;
  private pending: { header: RunHeader; from: number; events: readonly LoopEvent[] } | null = null;
  private scheduled = false;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly deps: RunWriterDeps) {}

  /**
   * The run now open has `stored` events in the database already (a restore, a fork, an import, a new run).
   * Events still queued for the run being left are written first: a Stop that ends it in the same task as the
   * switch (a scenario switch mid-run, New run) must reach the database, not vanish with the queue.
   */
  track(runId: string | null, stored: number): void {
    if (this.pending) void this.flush();
    this.runId = runId;
    this.saved = stored;
    this.pending = null;
  }

  /** Queues the events the open run gained since the last call. */
  sync(events: readonly LoopEvent[], state: LoopState, meta: RunMeta): void {
    if (!state.runId || events.length === 0) return;
    if (state.runId !== this.runId) this.track(state.runId, 0);
    if (events.length <= this.saved) return;
    const header = headerFor(events, state, meta, this.deps.now());
    const from = this.pending ? this.pending.from : this.saved;
    this.pending = { header, from, events: events.slice(from) };
    this.saved = events.length;
    if (!this.scheduled) {
      this.scheduled = true;
      this.deps.schedule(() => void this.flush());
    }
  }

  /** Writes what is queued now; resolves when every write so far is done. */
  flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = null;
    if (batch) {
      this.chain = this.chain.then(async () => {
        try {
          await this.deps.append(batch.header, batch.from, batch.events);
          this.deps.onSaved(batch.header);
        } catch (error) {
          this.requeue(batch);
          this.deps.onError(`Could not save the run in this browser: ${errorMessage(error)}`, error);
        }
      });
    }
    return this.chain;
  }

  /**
   * A batch that failed (a full disk…) goes back in front of what was queued since, so the stored log never has a
   * hole: the next batch writes it again, or the run stays unsaved from that event on.
   */
  private requeue(batch: { header: RunHeader; from: number; events: readonly LoopEvent[] }): void {
    if (batch.header.runId !== this.runId) return;
    const queued = this.pending;
    this.pending = queued
      ? { header: queued.header, from: batch.from, events: [...batch.events, ...queued.events] }
      : batch;
  }
}

/** The run list's header for a log: a stored title wins (a fork's, an import's), else the first message. */
export function headerFor(events: readonly LoopEvent[], state: LoopState, meta: RunMeta, now: number): RunHeader {
  const firstUser = events.find((e) => e.type === 'user-message');
  const title = meta.title || (firstUser?.type === 'user-message' ? firstUser.content.slice(0, 60) : 'Untitled run');
  const scenarioId = state.config?.scenarioId;
  return {
    runId: state.runId!,
    title,
    createdAt: events[0]?.at ?? now,
    updatedAt: now,
    ...(scenarioId !== undefined ? { scenarioId } : {}),
    ...(meta.parent ? { parent: meta.parent } : {}),
    eventCount: events.length,
    finished: state.phase === 'done',
    facts: runFacts(events),
  };
}
