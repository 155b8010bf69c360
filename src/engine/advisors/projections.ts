/**
 * Views of the advisor loop's event log: per-advisor hook counts and what each hook saw, the memory's contents,
 * and the loop metrics fed by the metrics advisor. Pure functions of the log, like loop/projections.ts.
 */
import type { Message } from '../messages';
import type { LoopEvent } from '../loop/events';
import type { AdvisorDescriptor, AdvisorHook, AdvisorObservation, ValidationSettings } from './types';
import { VALIDATION_FAILED_PREFIX } from './validation-advisor';

export type ActivityScope = 'request' | 'run';

type ChainEvent = Extract<LoopEvent, { type: 'advisor-chain' }>;
type InvokedEvent = Extract<LoopEvent, { type: 'advisor-invoked' }>;

/**
 * The events of the latest request, or the whole run. An advisor-controlled request runs from its `advisor-chain`
 * on (with the user message that opened it); a manual run has no chain, so its latest request runs from its
 * latest user message.
 */
export function eventsInScope(events: readonly LoopEvent[], scope: ActivityScope): readonly LoopEvent[] {
  if (scope === 'run') return events;
  let start = -1;
  for (let i = events.length - 1; i >= 0; i -= 1) {
    if (events[i]!.type === 'advisor-chain') {
      start = i;
      break;
    }
  }
  if (start < 0) {
    const user = events.findLastIndex((e) => e.type === 'user-message');
    return user < 0 ? [] : events.slice(user);
  }
  // Include the user message that opened the request, for the sequence diagram.
  let from = start;
  for (let i = start - 1; i >= 0; i -= 1) {
    const type = events[i]!.type;
    if (type === 'user-message') {
      from = i;
      break;
    }
    if (type !== 'settings-changed') break;
  }
  return events.slice(from);
}

export interface HookRecord {
  readonly hook: AdvisorHook;
  /** Model calls made before the hook ran. */
  readonly round: number;
  readonly sees: AdvisorObservation;
}

export interface AdvisorActivity extends AdvisorDescriptor {
  readonly counts: Readonly<Partial<Record<AdvisorHook, number>>>;
  readonly hooks: readonly HookRecord[];
}

export interface ChainActivity {
  /** The chain of the latest request in scope; null when no advisor-controlled request ran. */
  readonly chain: ChainEvent | null;
  /** One entry per advisor name seen, in chain order. */
  readonly advisors: readonly AdvisorActivity[];
  readonly modelCalls: number;
}

export function chainActivity(events: readonly LoopEvent[], scope: ActivityScope = 'request'): ChainActivity {
  const scoped = eventsInScope(events, scope);
  let chain: ChainEvent | null = null;
  const byName = new Map<
    string,
    { descriptor: AdvisorDescriptor; counts: Partial<Record<AdvisorHook, number>>; hooks: HookRecord[] }
  >();
  let modelCalls = 0;
  for (const event of scoped) {
    if (event.type === 'advisor-chain') {
      chain = event;
      for (const a of event.advisors) {
        if (!byName.has(a.name)) byName.set(a.name, { descriptor: a, counts: {}, hooks: [] });
      }
    } else if (event.type === 'advisor-invoked') {
      const entry = byName.get(event.advisor) ?? {
        descriptor: { name: event.advisor, kind: event.kind, order: event.order },
        counts: {},
        hooks: [],
      };
      entry.counts[event.hook] = (entry.counts[event.hook] ?? 0) + 1;
      entry.hooks.push({ hook: event.hook, round: event.round, sees: event.sees });
      byName.set(event.advisor, entry);
    } else if (event.type === 'model-called') {
      modelCalls += 1;
    }
  }
  const order = new Map((chain?.advisors ?? []).map((a, i) => [a.name, i]));
  const advisors = [...byName.values()]
    .map(({ descriptor, counts, hooks }) => ({
      ...descriptor,
      ...(chainOrder(chain, descriptor.name) ?? {}),
      counts,
      hooks,
    }))
    .sort((a, b) => (order.get(a.name) ?? Infinity) - (order.get(b.name) ?? Infinity) || a.order - b.order);
  return { chain, advisors, modelCalls };
}

function chainOrder(chain: ChainEvent | null, name: string): { order: number } | null {
  const found = chain?.advisors.find((a) => a.name === name);
  return found ? { order: found.order } : null;
}

/** How many times an advisor's main hooks ran: before/after, or the loop's before-call, or validation attempts. */
export function timesRan(activity: AdvisorActivity): number {
  const c = activity.counts;
  return c.before ?? c['before-call'] ?? c.attempt ?? 0;
}

/** Everything the memory advisors stored, in order (the run's chat memory). */
export function memoryContents(events: readonly LoopEvent[]): Message[] {
  return events.flatMap((e) => (e.type === 'advisor-invoked' && e.kind === 'memory' ? [...(e.sees.stored ?? [])] : []));
}

/** What a memory advisor stored in scope, per hook. */
export function memoryStores(
  events: readonly LoopEvent[],
  scope: ActivityScope,
): { hook: AdvisorHook; round: number; stored: readonly Message[] }[] {
  return eventsInScope(events, scope).flatMap((e) =>
    e.type === 'advisor-invoked' && e.kind === 'memory' && (e.sees.stored?.length ?? 0) > 0
      ? [{ hook: e.hook, round: e.round, stored: e.sees.stored ?? [] }]
      : [],
  );
}

export interface LoopMetrics {
  /** The metrics advisor that fed these numbers. */
  readonly advisor: string;
  readonly order: number;
  /** Passes the metrics advisor saw: rounds when it sits inside the loop, 1 per request outside. */
  readonly rounds: number;
  readonly callsPerTool: Readonly<Record<string, number>>;
  readonly tokensPerRound: readonly {
    readonly round: number;
    readonly prompt: number;
    readonly completion: number;
    readonly estimated: boolean;
  }[];
}

/** The metrics panel's data: what the metrics advisor saw on each after hook. Null when none ran. */
export function loopMetrics(events: readonly LoopEvent[], scope: ActivityScope = 'run'): LoopMetrics | null {
  const afters = eventsInScope(events, scope).filter(
    (e): e is InvokedEvent => e.type === 'advisor-invoked' && e.kind === 'metrics' && e.hook === 'after',
  );
  const first = afters[0];
  if (!first) return null;
  const mine = afters.filter((e) => e.advisor === first.advisor);
  const callsPerTool: Record<string, number> = {};
  for (const e of mine)
    for (const call of e.sees.toolCalls ?? []) callsPerTool[call.name] = (callsPerTool[call.name] ?? 0) + 1;
  return {
    advisor: first.advisor,
    order: first.order,
    rounds: mine.length,
    callsPerTool,
    tokensPerRound: mine.map((e, i) => ({
      round: i + 1,
      prompt: e.sees.usage?.promptTokens ?? 0,
      completion: e.sees.usage?.completionTokens ?? 0,
      estimated: e.sees.usage?.estimated ?? false,
    })),
  };
}

export interface ValidationCheck {
  /** Model calls made when the check ran (the call it checked is the latest). */
  readonly round: number;
  readonly attempt: number;
  /** 1 + the retries, as the check recorded it (absent in older runs). */
  readonly attempts?: number;
  readonly ok: boolean;
  readonly errors: readonly string[];
  /** The line appended to the last user message for the retry this failure caused; null when none followed. */
  readonly appended: string | null;
}

export interface ValidationReport {
  readonly advisor: string;
  /** What the latest request in scope ran with (null for a run recorded before settings were recorded). */
  readonly settings: ValidationSettings | null;
  readonly checks: readonly ValidationCheck[];
}

/** Each validation advisor's checks in scope, with the schema and retries it ran with. */
export function validationReports(events: readonly LoopEvent[], scope: ActivityScope = 'request'): ValidationReport[] {
  const reports = new Map<string, { settings: ValidationSettings | null; checks: ValidationCheck[] }>();
  // The failed check each advisor may retry next, within the current request.
  const retryable = new Map<string, number>();
  for (const event of eventsInScope(events, scope)) {
    if (event.type === 'advisor-chain') {
      retryable.clear();
      for (const a of event.advisors) {
        if (a.kind !== 'validation') continue;
        const report = reports.get(a.name) ?? { settings: null, checks: [] };
        report.settings = a.validation ?? null;
        reports.set(a.name, report);
      }
    } else if (event.type === 'advisor-invoked' && event.kind === 'validation') {
      const report = reports.get(event.advisor) ?? { settings: null, checks: [] };
      reports.set(event.advisor, report);
      if (event.hook === 'validate') {
        retryable.delete(event.advisor);
        const v = event.sees.validation;
        if (!v) continue; // tool calls: handed back unvalidated
        report.checks.push({
          round: event.round,
          attempt: v.attempt,
          ...(v.attempts !== undefined ? { attempts: v.attempts } : {}),
          ok: v.ok,
          errors: v.errors,
          appended: null,
        });
        if (!v.ok) retryable.set(event.advisor, report.checks.length - 1);
      } else if (event.hook === 'attempt') {
        // An attempt straight after a failed check is its retry: the check's errors went into the user message.
        const index = retryable.get(event.advisor);
        retryable.delete(event.advisor);
        const failed = index === undefined ? undefined : report.checks[index];
        if (index !== undefined && failed) {
          report.checks[index] = { ...failed, appended: VALIDATION_FAILED_PREFIX + failed.errors.join('; ') };
        }
      }
    }
  }
  return [...reports].map(([advisor, r]) => ({ advisor, settings: r.settings, checks: r.checks }));
}

export type { InvokedEvent, ChainEvent };
