/**
 * The open run's event log, as the run slice keeps it: the engine's `RunLog` port, which both controllers append
 * to, so the run's events live in one place. An append is, at once, the store's state (`run.events`, `run.loop`
 * and what is in flight: one `setState`) and a write queued for storage (`RunWriter`) — saving is explicit, never
 * a side effect of copying the log into the store.
 */
import type { LoopEvent, LoopExtension, LoopListener, LoopState, RunLog } from '../engine';
import { EventLog } from '../engine';

export interface StoreRunLogDeps {
  /** Puts the log and what is in flight into the store (one `setState`). */
  readonly publish: (events: readonly LoopEvent[], loop: LoopState) => void;
  /** Queues what the log gained for storage (`RunWriter.sync`). */
  readonly save: (events: readonly LoopEvent[], loop: LoopState) => void;
  /** Resolves once everything queued so far is stored, or its write failed (`RunWriter.flush`). */
  readonly flush: () => Promise<void>;
}

export class StoreRunLog implements RunLog {
  /**
   * Folds the events (with the lessons plugged into the loop, as the controllers do) and stores each prompt trace as
   * a change from the previous one: the engine's own log, held here.
   */
  private readonly log: EventLog;
  private readonly listeners = new Set<LoopListener>();

  constructor(
    extensions: readonly LoopExtension[],
    private readonly deps: StoreRunLogDeps,
  ) {
    this.log = new EventLog(extensions);
  }

  get state(): LoopState {
    return this.log.state;
  }

  all(): readonly LoopEvent[] {
    return this.log.all();
  }

  live(): readonly LoopEvent[] {
    return this.log.live();
  }

  findLast(predicate: (event: LoopEvent) => boolean): LoopEvent | undefined {
    return this.log.findLast(predicate);
  }

  append(event: LoopEvent): void {
    this.log.append(event);
    this.deps.save(this.log.all(), this.log.state);
    this.notify();
  }

  /** A new run or a restore: what the replaced log holds beyond what is stored (a restore's `interrupted`) is queued. */
  reset(events: readonly LoopEvent[] = []): void {
    this.log.reset(events);
    this.deps.save(this.log.all(), this.log.state);
  }

  notify(): void {
    this.deps.publish(this.log.all(), this.log.state);
    for (const listener of this.listeners) listener();
  }

  subscribe(listener: LoopListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  durable(): Promise<void> {
    return this.deps.flush();
  }
}
