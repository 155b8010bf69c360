/**
 * Saves the open run as it grows: every event is written as it is appended, batched per task (the events of one
 * task go in one IndexedDB transaction, after the task, off the critical path), never the whole run again. A
 * reload or a crash can then lose at most the work in flight — the model call or the tool batch — and the run
 * restores with an `interrupted` event saying so. `flush` writes what is queued at once (on `pagehide`, when the
 * page is hidden, and before a model call: the user's message and `model-called` are stored before the runtime is
 * asked).
 *
 * A write that fails (a full disk…) loses nothing: the run's events stay queued, in order, in front of what it
 * gains later — also after the person moved on to another run — and are written again with the next batch or
 * the next retry. Until that write succeeds the run is *unsaved* (`unsaved(runId)`), and nothing else clears that:
 * only the write of those very events.
 */
import type { LoopEvent, LoopState } from '../engine';
import { errorMessage, runFacts } from '../engine';
import type { RunHeader } from '../persistence/runs-db';

export interface RunWriterDeps {
  readonly append: (header: RunHeader, from: number, events: readonly LoopEvent[]) => Promise<void>;
  readonly now: () => number;
  /** Schedules a task: the batch after the current task (0 ms), a retry of failed writes (`RETRY_MS`). */
  readonly schedule: (task: () => void, ms?: number) => void;
  /** A write failed: tell the person (the run goes on in memory; its events are written again later). */
  readonly onError: (message: string, error: unknown) => void;
  /** The header was written: the run list can show it. */
  readonly onSaved: (header: RunHeader) => void;
  /** Which runs have events a failed write left unwritten changed (some failed, or a retry wrote them). */
  readonly onUnsaved: () => void;
}

/** What the header needs beyond the log: the title and lineage a run already has in the list. */
export interface RunMeta {
  readonly title?: string;
  readonly parent?: RunHeader['parent'];
}

/** How long after a failed write the writer tries again (also every batch and every flush try it at once). */
export const RETRY_MS = 3000;

export interface Batch {
  readonly header: RunHeader;
  readonly from: number;
  readonly events: readonly LoopEvent[];
}

/** Why a run's events are not stored: the last failed write's error (`detail`: its message as it came). */
export interface Unsaved {
  readonly detail: string;
  readonly error: unknown;
}

export class RunWriter {
  /** The open run and how many of its events are stored (or queued). */
  private runId: string | null = null;
  private saved = 0;
  /** What waits to be written, per run, in order: new events, and events a failed write left behind. */
  private readonly queue = new Map<string, Batch>();
  /** Runs whose last write failed: their events are queued until a write of them succeeds. */
  private readonly failed = new Map<string, Unsaved>();
  /** Batches taken for writing and not settled yet, in the order they were taken. */
  private readonly inFlight = new Set<Batch>();
  private scheduled = false;
  private retrying = false;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly deps: RunWriterDeps) {}

  /**
   * The run now open has `stored` events in the database already (a restore, a fork, an import, a new run).
   * Events still queued for the run being left are written first: a Stop that ends it in the same task as the
   * switch (a scenario switch mid-run, New run) must reach the database, not vanish with the queue.
   */
  track(runId: string | null, stored: number): void {
    if (this.queue.size > 0) void this.flush();
    this.runId = runId;
    this.saved = stored;
  }

  /** Queues the events the open run gained since the last call. */
  sync(events: readonly LoopEvent[], state: LoopState, meta: RunMeta): void {
    if (!state.runId || events.length === 0) return;
    if (state.runId !== this.runId) this.track(state.runId, 0);
    if (events.length <= this.saved) return;
    const header = headerFor(events, state, meta, this.deps.now());
    const queued = this.queue.get(state.runId);
    const from = queued ? queued.from : this.saved;
    this.queue.set(state.runId, { header, from, events: events.slice(from) });
    this.saved = events.length;
    if (!this.scheduled) {
      this.scheduled = true;
      this.deps.schedule(() => void this.flush());
    }
  }

  /** Writes everything queued now (failed writes too); resolves when every write so far is done or failed. */
  flush(): Promise<void> {
    this.scheduled = false;
    const batches = [...this.queue.values()];
    this.queue.clear();
    for (const batch of batches) {
      this.inFlight.add(batch);
      this.chain = this.chain.then(() => this.write(batch)).finally(() => this.inFlight.delete(batch));
    }
    return this.chain;
  }

  /**
   * Every event not confirmed stored, per run, from its first unconfirmed one: what is being written, waits behind
   * a slow disk, failed or is queued. The page writes these synchronously when it goes away (`pagehide`).
   */
  unconfirmed(): Batch[] {
    const byRun = new Map<string, Batch>();
    for (const batch of [...this.inFlight, ...this.queue.values()]) {
      const runId = batch.header.runId;
      const earlier = byRun.get(runId);
      byRun.set(runId, earlier ? union(earlier, batch) : batch);
    }
    return [...byRun.values()];
  }

  /** Why `runId` has events that are not stored, or null when every event queued for it was written. */
  unsaved(runId: string | null): Unsaved | null {
    return runId === null ? null : (this.failed.get(runId) ?? null);
  }

  /** Whether any run has events a failed write left unwritten. */
  hasUnsaved(): boolean {
    return this.failed.size > 0;
  }

  private async write(batch: Batch): Promise<void> {
    const runId = batch.header.runId;
    // An earlier batch of this run failed and waits again: this one goes behind it, never over a hole.
    const waiting = this.failed.has(runId) ? this.queue.get(runId) : undefined;
    if (waiting && waiting.from < batch.from) {
      this.queue.set(runId, union(waiting, batch));
      return;
    }
    try {
      await this.deps.append(batch.header, batch.from, batch.events);
      this.deps.onSaved(batch.header);
      if (this.failed.delete(runId)) this.deps.onUnsaved();
    } catch (error) {
      this.requeue(batch);
      const detail = errorMessage(error);
      const first = !this.failed.has(runId);
      this.failed.set(runId, { detail, error });
      this.deps.onError(`Could not save the run in this browser: ${detail}`, error);
      if (first) this.deps.onUnsaved();
      this.retryLater();
    }
  }

  /**
   * A batch that failed goes back in front of what was queued for its run since, so the stored log never has a
   * hole: the next batch or retry writes it again.
   */
  private requeue(batch: Batch): void {
    const runId = batch.header.runId;
    const queued = this.queue.get(runId);
    this.queue.set(runId, queued ? union(batch, queued) : batch);
  }

  private retryLater(): void {
    if (this.retrying) return;
    this.retrying = true;
    this.deps.schedule(() => {
      this.retrying = false;
      if (this.queue.size > 0) void this.flush();
    }, RETRY_MS);
  }
}

/**
 * Two batches of one run's log as one: `a` starts first and `b` continues it (it starts within or right after
 * `a`); both are slices of the same append-only log, so where they overlap they agree. The newer header wins.
 */
function union(a: Batch, b: Batch): Batch {
  const aEnd = a.from + a.events.length;
  const bEnd = b.from + b.events.length;
  if (bEnd <= aEnd) return a;
  return { header: b.header, from: a.from, events: [...a.events, ...b.events.slice(aEnd - b.from)] };
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
