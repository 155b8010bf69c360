/**
 * Loop guards as teaching objects. Three guards, each with a soft cap — the model receives a message asking it to
 * answer now — and a hard cap — the loop stops:
 *
 * - **repeat**: the same tool with the same arguments N times in a run (soft at `repeatWarnAt`, hard at
 *   `repeatStopAt`, checked when a response asks for the call: a call at the hard cap is not run);
 * - **tokens**: the run's total tokens, prompt + completion over every model call (soft at `tokenSoft`, hard at
 *   `tokenBudget`, checked after each model call — the `doAfterCall` hook of the seeds; the advisor-controlled loop
 *   runs the same check in its loop advisor's `doAfterCall`);
 * - **rounds**: model calls (soft at `roundsSoft`; the hard cap is the loop's `maxRounds`).
 *
 * Everything here is a pure function of the run's log and settings: the meters, the checks the controllers run,
 * and the texts the model receives (model-facing English, not UI text).
 */
import type { LoopEvent, LoopSettings } from '../loop/events';
import { usageTotals } from '../loop/projections';
import { assertNever } from '../result';
import type { Coded } from '../coded';
import type { RunEndDetailCode } from '../loop/run-end-details';
import { runEndDetail } from '../loop/run-end-details';
import type { GuardKind, GuardLevel, GuardSettings } from './types';
import { GUARDS_OFF } from './types';

/** One `guard-tripped` event's payload. */
export interface GuardTrip {
  readonly guard: GuardKind;
  readonly level: GuardLevel;
  /** The count, token total or round that reached the cap. */
  readonly value: number;
  /** The cap it reached. */
  readonly limit: number;
  /** Repeat guard: the call that repeats, as `name {arguments}`. */
  readonly key?: string;
  /** Soft caps: the message the model receives (a user message after the tool results). */
  readonly nudge?: string;
}

export function guardsOf(settings: LoopSettings | null | undefined): GuardSettings {
  return settings?.lab?.guards ?? GUARDS_OFF;
}

/** A call's identity for the repeat guard: its tool and its arguments with keys sorted (`{"b":1,"a":2}` = `{"a":2,"b":1}`). */
export function callSignature(name: string, argumentsText: string): string {
  return `${name} ${canonicalJson(argumentsText)}`;
}

function canonicalJson(text: string): string {
  try {
    return JSON.stringify(sortKeys(JSON.parse(text.trim() === '' ? '{}' : text)));
  } catch {
    return text.trim();
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** How often each call signature was asked for in the run (every response's calls, the latest one included). */
export function repeatCounts(events: readonly LoopEvent[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const event of events) {
    if (event.type !== 'model-responded') continue;
    for (const call of event.calls) {
      const key = callSignature(call.name, call.argumentsText);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

/** The run's total tokens so far: prompt + completion of every model call. */
export function runTokens(events: readonly LoopEvent[]): number {
  const totals = usageTotals(events);
  return totals.promptTokens + totals.completionTokens;
}

/**
 * The token-budget check, one implementation for both loops: null while the run's total is under the caps; a hard
 * trip at or past the budget, else a soft trip at or past the soft cap.
 */
export function checkTokenBudget(total: number, guards: GuardSettings): GuardTrip | null {
  if (guards.tokenBudget > 0 && total >= guards.tokenBudget) {
    return { guard: 'tokens', level: 'stop', value: total, limit: guards.tokenBudget };
  }
  if (guards.tokenSoft > 0 && total >= guards.tokenSoft) {
    return { guard: 'tokens', level: 'warn', value: total, limit: guards.tokenSoft, nudge: tokenNudge(total) };
  }
  return null;
}

/**
 * Right after a response that asks for tools, before anything runs: the hard caps. A trip means the loop stops
 * and the response's calls are not executed.
 */
export function hardTripAfterResponse(events: readonly LoopEvent[], settings: LoopSettings): GuardTrip | null {
  const guards = guardsOf(settings);
  const tokens = checkTokenBudget(runTokens(events), guards);
  if (tokens?.level === 'stop') return tokens;
  if (guards.repeatStopAt > 0) {
    const latest = latestCalls(events);
    const counts = repeatCounts(events);
    for (const call of latest) {
      const key = callSignature(call.name, call.argumentsText);
      const count = counts.get(key) ?? 0;
      if (count >= guards.repeatStopAt)
        return { guard: 'repeat', level: 'stop', value: count, limit: guards.repeatStopAt, key };
    }
  }
  return null;
}

/**
 * After a batch's results joined the history: the soft caps reached and not nudged before in this run (each
 * repeated call once, the token soft cap once, the rounds soft cap once). Each trip carries the message the model
 * receives next.
 */
export function softTripsAfterBatch(events: readonly LoopEvent[], settings: LoopSettings): GuardTrip[] {
  const guards = guardsOf(settings);
  const warned = new Set<string>();
  let round = 0;
  for (const event of events) {
    if (event.type === 'guard-tripped' && event.level === 'warn') warned.add(`${event.guard}:${event.key ?? ''}`);
    if (event.type === 'model-called') round = event.round;
  }
  const trips: GuardTrip[] = [];
  if (guards.repeatWarnAt > 0) {
    const counts = repeatCounts(events);
    for (const call of latestCalls(events)) {
      const key = callSignature(call.name, call.argumentsText);
      const count = counts.get(key) ?? 0;
      if (count >= guards.repeatWarnAt && !warned.has(`repeat:${key}`)) {
        warned.add(`repeat:${key}`);
        trips.push({
          guard: 'repeat',
          level: 'warn',
          value: count,
          limit: guards.repeatWarnAt,
          key,
          nudge: repeatNudge(call.name, count),
        });
      }
    }
  }
  const tokens = checkTokenBudget(runTokens(events), { ...guards, tokenBudget: 0 });
  if (tokens && !warned.has('tokens:')) trips.push(tokens);
  if (guards.roundsSoft > 0 && round >= guards.roundsSoft && !warned.has('rounds:')) {
    const max = settings.maxRounds;
    trips.push({
      guard: 'rounds',
      level: 'warn',
      value: round,
      limit: guards.roundsSoft,
      nudge: roundsNudge(round, max),
    });
  }
  return trips;
}

/** The calls of the latest response. */
function latestCalls(events: readonly LoopEvent[]) {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const event = events[i]!;
    if (event.type === 'model-responded') return event.calls;
  }
  return [];
}

export const NUDGE_PREFIX = '[Loop guard]';

function repeatNudge(name: string, count: number): string {
  return (
    `${NUDGE_PREFIX} You have called ${name} with the same arguments ${count} times in this conversation; ` +
    'its result will not change. Stop calling it and answer the user now with what you have.'
  );
}

function tokenNudge(total: number): string {
  return (
    `${NUDGE_PREFIX} This conversation has used ${total} tokens and is close to its budget. ` +
    'Do not call more tools: answer the user now with what you have.'
  );
}

function roundsNudge(round: number, max: number): string {
  return (
    `${NUDGE_PREFIX} You have made ${round} of at most ${max} model calls. ` +
    'Do not call more tools: answer the user now with what you have.'
  );
}

/** Why the loop stopped at a hard cap: the `run-finished` detail (shown as is, like the other run-end details). */
export function hardStopDetail(trip: GuardTrip): Coded<RunEndDetailCode> {
  const counts = { value: String(trip.value), limit: String(trip.limit) };
  switch (trip.guard) {
    case 'repeat':
      return trip.key === undefined
        ? runEndDetail('repeatAnyCall', counts)
        : runEndDetail('repeat', { ...counts, key: trip.key });
    case 'tokens':
      return runEndDetail('tokens', counts);
    case 'rounds':
      return runEndDetail('maxRounds', { count: String(trip.limit) });
    default:
      return assertNever(trip.guard);
  }
}

/** One guard as the loop panel's meter shows it. */
export interface GuardMeter {
  readonly guard: GuardKind;
  /** The highest repeat count, the run's tokens, or the model calls made. */
  readonly value: number;
  /** 0 = that cap is off. */
  readonly soft: number;
  readonly hard: number;
  /** Repeat guard: the call with the highest count. */
  readonly key?: string;
  /** The strongest trip logged for this guard in the run (a max-rounds ending counts as the rounds guard's stop). */
  readonly tripped: GuardLevel | null;
}

export function guardMeters(events: readonly LoopEvent[], settings: LoopSettings): GuardMeter[] {
  const guards = guardsOf(settings);
  let topKey: string | undefined;
  let top = 0;
  for (const [key, count] of repeatCounts(events)) {
    if (count > top) {
      top = count;
      topKey = key;
    }
  }
  const tripped = new Map<GuardKind, GuardLevel>();
  let round = 0;
  for (const event of events) {
    if (event.type === 'model-called') round = event.round;
    if (event.type === 'guard-tripped' && tripped.get(event.guard) !== 'stop') tripped.set(event.guard, event.level);
    if (event.type === 'run-finished' && event.reason === 'max-rounds') tripped.set('rounds', 'stop');
  }
  return [
    {
      guard: 'repeat',
      value: top,
      soft: guards.repeatWarnAt,
      hard: guards.repeatStopAt,
      ...(topKey !== undefined ? { key: topKey } : {}),
      tripped: tripped.get('repeat') ?? null,
    },
    {
      guard: 'tokens',
      value: runTokens(events),
      soft: guards.tokenSoft,
      hard: guards.tokenBudget,
      tripped: tripped.get('tokens') ?? null,
    },
    {
      guard: 'rounds',
      value: round,
      soft: guards.roundsSoft,
      hard: settings.maxRounds,
      tripped: tripped.get('rounds') ?? null,
    },
  ];
}
