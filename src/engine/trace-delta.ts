/**
 * Storing a run's prompt traces so they grow linearly. Each model call's trace (the request body, the prompt text,
 * the HTTP exchange) repeats almost all of the previous call's: the history is sent again with a few new messages
 * at the end. A log stores the first trace of a run whole and every later one as a `TraceNode` — what changed
 * since the previous trace of the same log: a text as "the previous text's first N characters, then this", an
 * array as "the previous array's first N items, then these", an object as its changed keys.
 *
 * `diffValue` writes a node, `applyNode` reads it back, `checkNode` validates one read from a file. All pure; no
 * value is mutated. The diff takes identical references as equal at once, so a runtime that keeps its objects
 * from call to call (the scripted replay) pays only for what is new.
 */
import type { ModelResponse, RequestTrace } from './runtime';
import { err, ok, type Result } from './result';

/** What changed in a value since the previous trace's value at the same place. */
export type TraceNode =
  /** The same as before. */
  | { readonly s: 1 }
  /** A new value, stored whole. */
  | { readonly v: unknown }
  /** A text: the previous text's first `keep` characters, then `insert`, then its last `tail` characters. */
  | { readonly t: readonly [keep: number, insert: string, tail: number] }
  /** An array: the previous array's first `a` items, then the items `i` (each against the previous item there). */
  | { readonly a: number; readonly i: readonly TraceNode[] }
  /** An object: its changed keys (the others as before), minus the keys in `r`. */
  | { readonly o: Readonly<Record<string, TraceNode>>; readonly r?: readonly string[] };

/** A trace as a log stores it: whole (the first of a run), or what changed since the previous stored trace. */
export type StoredTrace = RequestTrace | { readonly delta: TraceNode };

/** A model response as the log stores it: its trace may be a delta (see `StoredTrace`). */
export type StoredResponse = Omit<ModelResponse, 'trace'> & { readonly trace?: StoredTrace };

export const SAME: TraceNode = { s: 1 };

/** Texts shorter than this are stored whole: an edit would not be smaller. */
const MIN_EDIT_CHARS = 64;

export function isDelta(trace: StoredTrace): trace is { readonly delta: TraceNode } {
  return 'delta' in trace;
}

/** What changed from `previous` to `next` (JSON values: `undefined` properties count as absent). */
export function diffValue(previous: unknown, next: unknown): TraceNode {
  if (previous === next) return SAME;
  if (typeof next === 'string') {
    if (typeof previous !== 'string' || next.length < MIN_EDIT_CHARS) return { v: next };
    const edit = textEdit(previous, next);
    // Not worth it when little is shared: the whole text is clearer.
    return edit[1].length + 24 < next.length ? { t: edit } : { v: next };
  }
  if (Array.isArray(next)) {
    if (!Array.isArray(previous)) return { v: next };
    const shortest = Math.min(previous.length, next.length);
    let keep = 0;
    while (keep < shortest && sameValue(previous[keep], next[keep])) keep++;
    if (keep === next.length && previous.length === next.length) return SAME;
    if (keep === 0 && previous.length > 0 && next.length > 0 && !isObject(next[0])) return { v: next };
    const items: TraceNode[] = [];
    for (let i = keep; i < next.length; i++)
      items.push(i < previous.length ? diffValue(previous[i], next[i]) : { v: next[i] });
    return { a: keep, i: items };
  }
  if (isObject(next)) {
    if (!isObject(previous)) return { v: next };
    const changed: Record<string, TraceNode> = {};
    let any = false;
    for (const key of Object.keys(next)) {
      const value = next[key];
      if (value === undefined) continue;
      const node = previous[key] === undefined ? { v: value } : diffValue(previous[key], value);
      if (node !== SAME) {
        changed[key] = node;
        any = true;
      }
    }
    const removed = Object.keys(previous).filter((key) => previous[key] !== undefined && next[key] === undefined);
    if (!any && removed.length === 0) return SAME;
    return removed.length > 0 ? { o: changed, r: removed } : { o: changed };
  }
  return sameValue(previous, next) ? SAME : { v: next };
}

/** `previous` changed by `node`; the reason when the node does not fit it (a broken or foreign file). */
export function applyNode(previous: unknown, node: TraceNode): Result<unknown> {
  if ('s' in node) return ok(previous);
  if ('v' in node) return ok(node.v);
  if ('t' in node) {
    const [keep, insert, tail] = node.t;
    if (typeof previous !== 'string') return err('a text edit of something that is not a text');
    if (keep + tail > previous.length) return err('a text edit longer than the text it edits');
    return ok(previous.slice(0, keep) + insert + previous.slice(previous.length - tail));
  }
  if ('a' in node) {
    if (!Array.isArray(previous)) return err('an array edit of something that is not an array');
    if (node.a > previous.length) return err('an array edit that keeps more items than there were');
    const out = previous.slice(0, node.a);
    for (const [j, item] of node.i.entries()) {
      const value = applyNode(previous[node.a + j], item);
      if (!value.ok) return value;
      out.push(value.value);
    }
    return ok(out);
  }
  if (!isObject(previous)) return err('an object edit of something that is not an object');
  const removed = new Set(node.r ?? []);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(previous)) {
    if (removed.has(key)) continue;
    const change = node.o[key];
    if (!change) {
      out[key] = previous[key];
      continue;
    }
    const value = applyNode(previous[key], change);
    if (!value.ok) return value;
    out[key] = value.value;
  }
  for (const [key, change] of Object.entries(node.o)) {
    if (key in previous && !removed.has(key)) continue;
    const value = applyNode(undefined, change);
    if (!value.ok) return value;
    out[key] = value.value;
  }
  return ok(out);
}

/** Whether an untrusted value (a file, a stored record) is a well-formed node; the reason when not. */
export function checkNode(value: unknown, depth = 0): Result<TraceNode> {
  if (depth > 64) return err('a trace edit nested too deeply');
  if (!isObject(value)) return err('a trace edit that is not an object');
  const keys = Object.keys(value);
  const only = (...allowed: string[]) => keys.every((k) => allowed.includes(k));
  if ('s' in value && only('s') && value.s === 1) return ok(value as TraceNode);
  if ('v' in value && only('v')) return ok(value as TraceNode);
  if ('t' in value && only('t')) {
    const t = value.t;
    if (Array.isArray(t) && t.length === 3 && isCount(t[0]) && typeof t[1] === 'string' && isCount(t[2]))
      return ok(value as TraceNode);
    return err('a malformed text edit');
  }
  if ('a' in value && 'i' in value && only('a', 'i')) {
    if (!isCount(value.a) || !Array.isArray(value.i)) return err('a malformed array edit');
    for (const item of value.i) {
      const checked = checkNode(item, depth + 1);
      if (!checked.ok) return checked;
    }
    return ok(value as TraceNode);
  }
  if ('o' in value && only('o', 'r')) {
    if (!isObject(value.o)) return err('a malformed object edit');
    if (value.r !== undefined && !(Array.isArray(value.r) && value.r.every((k) => typeof k === 'string')))
      return err('a malformed object edit');
    for (const item of Object.values(value.o)) {
      const checked = checkNode(item, depth + 1);
      if (!checked.ok) return checked;
    }
    return ok(value as TraceNode);
  }
  return err('an unknown kind of trace edit');
}

/**
 * The edit that turns `previous` into `next`: the longest shared start, then the longest shared end of what is
 * left. A prompt that extends the previous one (the usual case) costs one native `startsWith`.
 */
export function textEdit(previous: string, next: string): [keep: number, insert: string, tail: number] {
  if (hasPrefix(next, previous)) return [previous.length, detach(next.slice(previous.length)), 0];
  const limit = Math.min(previous.length, next.length);
  let keep = 0;
  while (keep < limit && previous.charCodeAt(keep) === next.charCodeAt(keep)) keep++;
  let tail = 0;
  while (
    tail < limit - keep &&
    previous.charCodeAt(previous.length - 1 - tail) === next.charCodeAt(next.length - 1 - tail)
  )
    tail++;
  return [keep, detach(next.slice(keep, next.length - tail)), tail];
}

/**
 * `text.startsWith(prefix)`, at the speed of a string comparison: V8's `startsWith` compares character by character
 * (about 0.6 ms for a 100 kB prompt), `===` on the slice compares memory (a few µs). A long run's prompt is checked
 * this way every round.
 */
export function hasPrefix(text: string, prefix: string): boolean {
  return text.length >= prefix.length && text.slice(0, prefix.length) === prefix;
}

/**
 * A copy of a slice that does not keep the text it was cut from alive. V8 represents a long `slice` as a view of
 * its parent; stored as a round's edit, that view would hold every round's whole prompt in memory.
 */
export function detach(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameValue(item, b[i]));
  }
  if (Array.isArray(b)) return false;
  const ak = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const bk = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ak.length !== bk.length) return false;
  return ak.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
