/**
 * Which version of a user tool's code each execution of a run used. A user tool carries its source (`Tool.code`);
 * the first execution in a run records it as version 1 on its `call-started` event (`code`), and an execution
 * after a saved edit (another text) records the next version. The log is the one source: the transcript's "code
 * v2" on a result, the pause's "code changed since the last call: v2" and a fork or a run file all read it here.
 * Only a digest of the text is recorded: the text itself goes into a run file only with the person's consent
 * (run files' `toolCode`).
 */
import type { LoopEvent } from './events';

/** The version of a tool's code one execution ran, and the digest of that text. */
export interface CodeVersion {
  readonly version: number;
  readonly digest: string;
}

/** A short, stable digest of a code text (FNV-1a, 32 bits, as 8 hex digits). */
export function codeDigest(code: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < code.length; i += 1) {
    hash ^= code.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The code version `name` ran with last in the log, or null when it has not run (with code) yet. */
export function lastCodeVersion(events: readonly LoopEvent[], name: string): CodeVersion | null {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const event = events[i]!;
    if (event.type === 'call-started' && event.name === name && event.code) return event.code;
  }
  return null;
}

/** The version an execution of `name` with `code` records: the last one when the text is the same, else the next. */
export function nextCodeVersion(events: readonly LoopEvent[], name: string, code: string): CodeVersion {
  const digest = codeDigest(code);
  const last = lastCodeVersion(events, name);
  if (!last) return { version: 1, digest };
  return last.digest === digest ? last : { version: last.version + 1, digest };
}

/**
 * The version the next execution of `name` will record when its saved code is `code`, if that differs from the
 * code it ran last in this run: what the pause's card notes ("code changed since the last call: v2"). Null when
 * the code is the one it ran, or it has not run in this run yet.
 */
export function pendingCodeChange(events: readonly LoopEvent[], name: string, code: string): CodeVersion | null {
  const last = lastCodeVersion(events, name);
  if (!last) return null;
  const next = nextCodeVersion(events, name, code);
  return next.version === last.version ? null : next;
}

/** The code version each call ran, by call id (calls of user tools that started). */
export function codeVersionsByCall(events: readonly LoopEvent[]): ReadonlyMap<string, CodeVersion> {
  const byCall = new Map<string, CodeVersion>();
  for (const event of events) if (event.type === 'call-started' && event.code) byCall.set(event.callId, event.code);
  return byCall;
}
