/**
 * One run's event log as a controller holds it: the events, the state they fold to (`applyEvent` with the
 * controller's extensions), and the listeners told after every change. Shared by the manual and the
 * advisor-controlled loop.
 */
import { TraceChain } from './prompt-trace';
import type { LoopEvent } from './events';
import type { Folding, LoopState } from './state';
import { applyEvent, INITIAL_STATE, replay } from './state';

export type LoopListener = () => void;

export class EventLog {
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
