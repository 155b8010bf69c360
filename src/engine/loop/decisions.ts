/**
 * The decisions at a pause, as the page shows them before Step: which calls a person may still decide (a decision
 * is replaceable until the batch runs — each change is one more `call-decided` in the log), the call the `A` key
 * approves next, each call's current decision, and how an edit changed the arguments. Pure.
 */
import type { CallDecision } from './tool-execution';
import type { LoopEvent } from './events';
import type { LoopState } from './state';

/**
 * Whether a person may decide this call now, or change its decision: it waits at the pause (or a reload cut it),
 * or it was decided there, and its batch has not run it yet. Calls that were never paused run approved.
 */
export function isDecidable(state: LoopState, callId: string): boolean {
  const pending = state.pending;
  if (!pending || (state.phase !== 'approve' && state.phase !== 'execute')) return false;
  if (!pending.calls.some((c) => c.id === callId) || pending.finished[callId] !== undefined) return false;
  return pending.awaiting.includes(callId) || pending.decisions[callId] !== undefined;
}

/** The call the `A` key approves: the first one still waiting, in the model's order; null when none waits. */
export function nextToApprove(state: LoopState): string | null {
  return state.pending?.awaiting[0] ?? null;
}

/** The last decision on each call of the run (a changed decision replaces the earlier one). */
export function decisionsOf(events: readonly LoopEvent[]): ReadonlyMap<string, CallDecision> {
  const cached = decisionCache.get(events);
  if (cached) return cached;
  const decisions = new Map<string, CallDecision>();
  for (const event of events) if (event.type === 'call-decided') decisions.set(event.callId, event.decision);
  decisionCache.set(events, decisions);
  return decisions;
}
// The log is a new array after every append, so its identity is a safe key; every call card asks for the same map.
const decisionCache = new WeakMap<readonly LoopEvent[], ReadonlyMap<string, CallDecision>>();

/** One difference between the arguments the model wrote and the edited ones; values as compact JSON. */
export type ArgumentChange =
  | { readonly kind: 'changed'; readonly path: string; readonly before: string; readonly after: string }
  | { readonly kind: 'added'; readonly path: string; readonly after: string }
  | { readonly kind: 'removed'; readonly path: string; readonly before: string };

/**
 * How the edited arguments differ from the original ones, field by field (nested objects by dotted path, arrays
 * and other values whole), in the original's key order then the added keys. Null when either side is not a JSON
 * object: the page then shows both texts.
 */
export function argumentsDiff(before: string, after: string): readonly ArgumentChange[] | null {
  const a = jsonObject(before);
  const b = jsonObject(after);
  if (!a || !b) return null;
  const changes: ArgumentChange[] = [];
  diffInto(changes, '', a, b);
  return changes;
}

/**
 * The edit in one line, the same in every language (paths and JSON values only): `b: 7 → 8`, `c: ∅ → 3` (added),
 * `d: 5 → ∅` (removed); both texts whole when either is not a JSON object. What the turn table, the transcript's
 * executed call and text exports show, so "original → edited" outlives the pause.
 */
export function argumentChangesText(before: string, after: string): string {
  const changes = argumentsDiff(before, after);
  if (changes === null) return `${before} → ${after}`;
  return changes
    .map((c) =>
      c.kind === 'changed'
        ? `${c.path}: ${c.before} → ${c.after}`
        : c.kind === 'added'
          ? `${c.path}: ∅ → ${c.after}`
          : `${c.path}: ${c.before} → ∅`,
    )
    .join(', ');
}

type JsonObject = Readonly<Record<string, unknown>>;

function diffInto(changes: ArgumentChange[], prefix: string, a: JsonObject, b: JsonObject): void {
  const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
  for (const key of keys) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (!(key in b)) changes.push({ kind: 'removed', path, before: JSON.stringify(a[key]) });
    else if (!(key in a)) changes.push({ kind: 'added', path, after: JSON.stringify(b[key]) });
    else if (isObject(a[key]) && isObject(b[key])) diffInto(changes, path, a[key], b[key]);
    else if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) {
      changes.push({ kind: 'changed', path, before: JSON.stringify(a[key]), after: JSON.stringify(b[key]) });
    }
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function jsonObject(text: string): JsonObject | null {
  try {
    const value: unknown = JSON.parse(text.trim() === '' ? '{}' : text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}
