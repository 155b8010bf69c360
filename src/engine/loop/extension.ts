/**
 * The loop's extension port: how a lesson (the teaching lab, the advisor loop's records) plugs into the loop
 * without the loop naming it. An extension
 *
 * - adds its event kinds: a sub-union merged into `LoopEvent` through `ExtensionEvents` (`declare module`, as the
 *   lab does in lab/events.ts), so the log's type is the whole union while the loop's code names none of them;
 * - folds its events (and any loop event it watches) into its own part of the state (`reduce`);
 * - hooks into the loop at fixed points: a model call that waits (predict mode), a response's calls checked before
 *   any runs (the hard guards), a batch that ran (the soft guards), a call's tool swapped (faults), the history as
 *   the model receives it (result ids);
 * - adds to the views of a run: transcript entries, marks on tool results, turn-table actions.
 *
 * Extensions are registered where the controllers are built (`app-root.tsx` → `createPlayground` → the
 * controllers), as request steps are; the fold, the next request and the views of a run take that same list. A hook
 * an extension leaves out costs nothing, and a hook asked while its lesson is off answers at once: a round that
 * uses no lesson feature pays for none.
 */
import type { Message, ToolCall } from '../messages';
import type { Result } from '../result';
import type { Tool } from '../tool';
import type { ExtensionEvent, LoopEvent } from './events';
import type { Refusal } from './refusals';
import type { LoopState, StateReducer } from './state';

/** Waits `ms`; resolves early when `signal` aborts (the engine's timers are injected). */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

/** `Omit` over each member of a union. */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event without its time: the controller stamps `at` when it appends it. */
export type EventDraft = DistributiveOmit<LoopEvent, 'at'>;

/** What a hook reads of the run: its log (the live list: read it, never keep it) and its folded state. */
export interface RunView {
  readonly events: readonly LoopEvent[];
  readonly state: LoopState;
}

/**
 * What an extension's commands get of a controller (`controller.host`): the run, and a way to log an event and let
 * "run to end" go on when it waited for the command.
 */
export interface ExtensionHost extends RunView {
  /** A model call or a tool batch is in flight. */
  readonly busy: boolean;
  now(): number;
  append(event: EventDraft): void;
  /** Lets "run to end" take its next step if it is driving the run (it waited at a hold). */
  resume(): Promise<Result>;
}

/** A response's calls checked before any runs: the events to log, and the end of the run when it ends there. */
export interface CallsCheck {
  readonly events: readonly EventDraft[];
  readonly end?: { readonly reason: 'loop-guard'; readonly detail: string };
}

/** A call that runs another tool in place of its own (a fault), and the event logged as it runs. */
export interface ToolSwap {
  readonly tool: (own: Tool) => Tool;
  /** Logged right before the call's `call-started`; none when it was logged already (chosen at a pause). */
  readonly onRun?: EventDraft;
}

/**
 * Transcript entries an extension adds, by extension id: merged in with `declare module` (lab/events.ts). Each is a
 * `{ kind, index, … }` object like the loop's own entries.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ExtensionTranscriptEntries {}
export type ExtensionTranscriptEntry = ExtensionTranscriptEntries[keyof ExtensionTranscriptEntries];

/** Marks an extension puts on the transcript entry of a tool result (all optional), merged in by each extension. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ResultMarks {}

/** Turn-table actions an extension adds, by extension id: `{ kind, … }` codes the page words, merged in likewise. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ExtensionTurnActions {}
export type ExtensionTurnAction = ExtensionTurnActions[keyof ExtensionTurnActions];

/** An extension's part of the views of one log (made once per view, so it may index the log first). */
export interface ExtensionViews {
  /** The transcript entry of one of its events (the loop numbers it), or null for none. */
  readonly entry?: (event: ExtensionEvent) => DistributiveOmit<ExtensionTranscriptEntry, 'index'> | null;
  /** Marks on the transcript entry of `callId`'s result. */
  readonly resultMarks?: (callId: string) => ResultMarks;
  /** The turn-table action of one of its events, or null for none. */
  readonly action?: (event: ExtensionEvent) => ExtensionTurnAction | null;
}

export interface LoopExtension {
  /** Stable id, e.g. "lab". */
  readonly id: string;
  /** Folds an event into the state after the loop's own reducer did: its own events, and loop events it watches. */
  readonly reduce?: StateReducer;
  /** The manual loop, before a model call: why the call waits (predict mode: a prediction is due), or null. */
  readonly holdModelCall?: (run: RunView) => Refusal | null;
  /** The manual loop: a response asked for tools, before any runs (the hard guards). Null: nothing to do. */
  readonly checkCalls?: (run: RunView, round: number) => CallsCheck | null;
  /** The manual loop, after a batch's results joined the history: events to log (the soft guards' nudges). */
  readonly afterBatch?: (run: RunView, round: number) => readonly EventDraft[];
  /** The tool a call of batch `round` runs with instead of its own (a fault), or null. */
  readonly swapTool?: (run: RunView, call: ToolCall, round: number, sleep: Sleep) => ToolSwap | null;
  /** The history as the model receives it (the id lesson: results sent with another id). Same array: no change. */
  readonly sentMessages?: (messages: readonly Message[], state: LoopState) => readonly Message[];
  /** Its part of the views of a log: transcript entries, result marks, turn actions. */
  readonly views?: (events: readonly LoopEvent[]) => ExtensionViews;
  /** One of its turn actions in English (the turn table's "what our code did"); null: not one of its own. */
  readonly describeAction?: (action: ExtensionTurnAction) => string | null;
}

/** No extension: the loop alone. */
export const NO_EXTENSIONS: readonly LoopExtension[] = [];

/** `messages` as the model receives them after every extension's `sentMessages`. */
export function sentMessages(
  messages: readonly Message[],
  state: LoopState,
  extensions: readonly LoopExtension[],
): readonly Message[] {
  let sent = messages;
  for (const extension of extensions) if (extension.sentMessages) sent = extension.sentMessages(sent, state);
  return sent;
}

/** `list` with `extension` added unless one with its id is there already. */
export function withExtension(
  list: readonly LoopExtension[] | undefined,
  extension: LoopExtension,
): readonly LoopExtension[] {
  const extensions = list ?? NO_EXTENSIONS;
  return extensions.some((e) => e.id === extension.id) ? extensions : [...extensions, extension];
}
