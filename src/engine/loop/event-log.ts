/**
 * One run's event log: the events, the state they fold to (`applyEvent` with the controller's extensions), and
 * the listeners told after every change. `RunLog` is the port a controller keeps its run in; `EventLog` is the
 * in-memory one a controller makes for itself (headless runs, tests, the benches). The app's run slice implements
 * the port (store/run-log.ts): an append there is the store's state and a write to storage at once, so the log
 * lives once.
 */
import { TraceChain } from './prompt-trace';
import type { LoopEvent } from './events';
import type { Folding, LoopState } from './state';
import { applyEvent, INITIAL_STATE, replay } from './state';

export type LoopListener = () => void;

/**
 * Where a controller keeps its run: the only place its events live. Both controllers of one app share one.
 * A controller appends, replaces the log on a new run or a restore, and calls `notify` when something outside the
 * log changed (a model call began streaming, the run stopped driving) so views re-read it.
 */
export interface RunLog {
  /** The log folded by `applyEvent`. */
  readonly state: LoopState;
  /** The events: a new array after every change, the same array while nothing changed. */
  all(): readonly LoopEvent[];
  /** The events as they are held (no copy): for a reader that neither keeps nor changes them (the hooks). */
  live(): readonly LoopEvent[];
  /** The latest event that matches. */
  findLast(predicate: (event: LoopEvent) => boolean): LoopEvent | undefined;
  /** Appends one event and folds it into the state; listeners are told. */
  append(event: LoopEvent): void;
  /** Replaces the whole log (a new run, a restore). Tells no one: the caller notifies when ready. */
  reset(events?: readonly LoopEvent[]): void;
  /** Tells every listener that the run changed (its events, or what is in flight). */
  notify(): void;
  subscribe(listener: LoopListener): () => void;
  /**
   * Resolves once every event appended so far is stored (or storing them failed: the log then says so). A
   * controller awaits it after the user's message and `model-called`, before it asks the runtime, so a reload
   * during the call finds both. Absent for a log that stores nothing.
   */
  durable?(): Promise<void>;
}

export class EventLog implements RunLog {
  private events: LoopEvent[] = [];
  /** What `all()` handed out last; dropped on every change so the next reader gets a new array. */
  private snapshot: readonly LoopEvent[] | null = null;
  private folded: LoopState = INITIAL_STATE;
  /** Stores each prompt trace as a change from the previous one, so the log grows linearly. */
  private readonly traces = new TraceChain();
  private readonly listeners = new Set<LoopListener>();

  constructor(private readonly extensions: readonly Folding[] = []) {}

  /** The log folded by `applyEvent`. */
  get state(): LoopState {
    return this.folded;
  }

  /**
   * The events. A new array after every append or reset, the same array while nothing changed, so views can
   * memoize on its identity. Callers never see the array the log appends to.
   */
  all(): readonly LoopEvent[] {
    this.snapshot ??= this.events.slice();
    return this.snapshot;
  }

  /** The events as they are held (no copy): for a reader that neither keeps nor changes them (the hooks). */
  live(): readonly LoopEvent[] {
    return this.events;
  }

  /** The latest event that matches, searched in place (no copy: the loop asks this every round). */
  findLast(predicate: (event: LoopEvent) => boolean): LoopEvent | undefined {
    return this.events.findLast(predicate);
  }

  /** Appends one event, folds it into the state, then tells every listener. */
  append(event: LoopEvent): void {
    event = this.traces.store(event);
    this.events.push(event);
    this.snapshot = null;
    this.folded = applyEvent(this.folded, event, this.extensions);
    this.notify();
  }

  /** Replaces the whole log (a new run, a restore) and replays it. Tells no one: the caller notifies when ready. */
  reset(events: readonly LoopEvent[] = []): void {
    this.events = this.traces.reset(events);
    this.snapshot = null;
    this.folded = replay(this.events, this.extensions);
  }

  subscribe(listener: LoopListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(): void {
    for (const listener of this.listeners) listener();
  }
}
