/**
 * "Why these turns": the data dependencies of a run, read from its log. A call whose arguments hold a value that
 * first appeared in an earlier tool result *uses* that result ("uses 896 from call_2") — the model could only write
 * it after seeing the result, which is what forces a new turn. Calls written in one response are parallel: the model
 * wrote all of them before any of them ran, so they cannot depend on one another, and the harness runs them one by
 * one in the model's order. A final answer that quotes a result uses it too.
 *
 * "First appeared" is literal: the sources are scanned in the order the model saw them — the system prompt, each
 * user message, each call's own arguments, each tool result — and a value belongs to the first source that holds
 * it. A number the user typed ("− 19") is the user's, not a dependency; a value the model already wrote in an
 * earlier call is its own. Numbers match by value (`896` in "896" or `{"result": 896}`), strings of three or more
 * characters by substring; 0, 1 and booleans are too common to mean anything and are skipped.
 */
import type { LoopEvent } from '../loop/events';
import type { JsonValue } from './types';

export interface Dependency {
  /** The value as the call (or the answer) wrote it: `896`, `"Asia/Seoul"`. */
  readonly value: string;
  /** Where in the arguments (a JSON Pointer), or `` for a value in an answer's text. */
  readonly path: string;
  readonly fromCallId: string;
  readonly fromTool: string;
  /** The model call whose response asked for the call that produced the value. */
  readonly fromRound: number;
}

export interface ParallelInfo {
  /** 1-based position in the response. */
  readonly index: number;
  readonly count: number;
  /** The other calls of the same response, in order. */
  readonly siblings: readonly string[];
}

export interface CallAnnotation {
  readonly callId: string;
  readonly round: number;
  readonly dependencies: readonly Dependency[];
  /** Set when the response asked for several calls. */
  readonly parallel: ParallelInfo | null;
}

/** Why a model call happened, for the turn table: the first request, a turn that needed results, an answer. */
export type TurnReason =
  | { readonly kind: 'first' }
  /** A new user message started this model call. */
  | { readonly kind: 'user' }
  /** Its calls use results of earlier calls: it could not have been written in the turn before. */
  | { readonly kind: 'depends'; readonly dependencies: readonly (Dependency & { readonly callId: string })[] }
  /** It answers, quoting earlier results. */
  | { readonly kind: 'answer'; readonly dependencies: readonly Dependency[] }
  /** It follows tool results without using any of their values (a retry, or calls the model could have made earlier). */
  | { readonly kind: 'independent' };

export interface TurnWhy {
  readonly round: number;
  readonly reason: TurnReason;
  /** The response asked for several calls in one go. */
  readonly parallelCalls: number;
}

export interface RunDependencies {
  readonly calls: ReadonlyMap<string, CallAnnotation>;
  readonly turns: readonly TurnWhy[];
}

interface Source {
  readonly kind: 'prompt' | 'call' | 'result';
  readonly text: string;
  readonly numbers: ReadonlySet<number>;
  readonly callId?: string;
  readonly tool?: string;
  readonly round?: number;
}

interface Atom {
  readonly path: string;
  readonly value: number | string;
}

/**
 * One analysis per event log: every call card and turn on screen asks for the same log's, and a log of n events
 * costs O(n²) (each call's values looked up in every earlier source), so a long run must not pay it per card.
 */
const analysed = new WeakMap<readonly LoopEvent[], RunDependencies>();

/** Every call's dependencies and parallel siblings, and why each model call happened. */
export function runDependencies(events: readonly LoopEvent[]): RunDependencies {
  let result = analysed.get(events);
  if (result === undefined) {
    result = analyse(events);
    analysed.set(events, result);
  }
  return result;
}

function analyse(events: readonly LoopEvent[]): RunDependencies {
  const sources: Source[] = [];
  const calls = new Map<string, CallAnnotation>();
  const turns: TurnWhy[] = [];
  const roundOfCall = new Map<string, number>();
  let sinceUser = true;
  let first = true;
  for (const event of events) {
    switch (event.type) {
      case 'run-started':
        // The prompt the model reads first: the system message and the tools' descriptions.
        sources.push(promptSource([event.config.system, ...event.config.tools.map((t) => t.description)].join('\n')));
        break;
      case 'user-message':
        sources.push(promptSource(event.content));
        sinceUser = true;
        break;
      case 'guard-tripped':
        if (event.nudge) sources.push(promptSource(event.nudge));
        break;
      case 'model-responded': {
        const toolCalls = event.message.toolCalls;
        const round = event.round;
        const all: (Dependency & { callId: string })[] = [];
        toolCalls.forEach((call, i) => {
          roundOfCall.set(call.id, round);
          const dependencies =
            call.parseError === undefined ? dependenciesOf(atomsOfArguments(call.argumentsText), sources) : [];
          all.push(...dependencies.map((d) => ({ ...d, callId: call.id })));
          calls.set(call.id, {
            callId: call.id,
            round,
            dependencies,
            parallel:
              toolCalls.length > 1
                ? {
                    index: i + 1,
                    count: toolCalls.length,
                    siblings: toolCalls.filter((c) => c !== call).map((c) => c.id),
                  }
                : null,
          });
        });
        let reason: TurnReason;
        if (first) reason = { kind: 'first' };
        else if (sinceUser) reason = { kind: 'user' };
        else if (toolCalls.length === 0) {
          reason = { kind: 'answer', dependencies: dependenciesOf(atomsOfText(event.message.content), sources) };
        } else if (all.length > 0) reason = { kind: 'depends', dependencies: all };
        else reason = { kind: 'independent' };
        turns.push({ round, reason, parallelCalls: toolCalls.length > 1 ? toolCalls.length : 0 });
        first = false;
        sinceUser = false;
        // Added after the check: a call's own values come from somewhere else, but later calls may reuse them.
        for (const call of toolCalls) sources.push(textSource('call', call.argumentsText, call.id, call.name, round));
        break;
      }
      case 'results-appended':
        for (const message of event.messages) {
          sources.push(
            textSource(
              'result',
              message.content,
              message.toolCallId,
              message.name,
              roundOfCall.get(message.toolCallId) ?? event.round,
            ),
          );
        }
        break;
      default:
        break;
    }
  }
  return { calls, turns };
}

function dependenciesOf(atoms: readonly Atom[], sources: readonly Source[]): Dependency[] {
  const found: Dependency[] = [];
  const seen = new Set<string>();
  for (const atom of atoms) {
    const origin = sources.find((s) => holds(s, atom.value));
    if (!origin || origin.kind !== 'result' || origin.callId === undefined) continue;
    const value = typeof atom.value === 'number' ? String(atom.value) : JSON.stringify(atom.value);
    const key = `${atom.path}:${value}:${origin.callId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({
      value,
      path: atom.path,
      fromCallId: origin.callId,
      fromTool: origin.tool ?? '',
      fromRound: origin.round ?? 0,
    });
  }
  return found;
}

function holds(source: Source, value: number | string): boolean {
  return typeof value === 'number' ? source.numbers.has(value) : source.text.includes(value);
}

function promptSource(text: string): Source {
  return { kind: 'prompt', text, numbers: numbersIn(text) };
}

function textSource(kind: 'call' | 'result', text: string, callId: string, tool: string, round: number): Source {
  return { kind, text, numbers: numbersIn(text), callId, tool, round };
}

/** Leaf values of the arguments worth tracing: numbers other than 0 and 1, strings of 3+ characters. */
function atomsOfArguments(argumentsText: string): Atom[] {
  let value: JsonValue;
  try {
    value = JSON.parse(argumentsText.trim() === '' ? '{}' : argumentsText) as JsonValue;
  } catch {
    return [];
  }
  const atoms: Atom[] = [];
  const visit = (v: JsonValue, path: string) => {
    if (typeof v === 'number') {
      if (meaningfulNumber(v)) atoms.push({ path, value: v });
    } else if (typeof v === 'string') {
      const number = numericString(v);
      if (number !== null) {
        if (meaningfulNumber(number)) atoms.push({ path, value: number });
      } else if (v.trim().length >= 3) atoms.push({ path, value: v.trim() });
    } else if (Array.isArray(v)) v.forEach((item, i) => visit(item, `${path}/${i}`));
    else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) visit(child, `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  visit(value, '');
  return atoms;
}

/** The numbers an answer's text quotes. */
function atomsOfText(text: string): Atom[] {
  return [...numbersIn(text)].filter(meaningfulNumber).map((value) => ({ path: '', value }));
}

function meaningfulNumber(n: number): boolean {
  return Number.isFinite(n) && n !== 0 && n !== 1;
}

function numericString(text: string): number | null {
  const trimmed = text.trim();
  return /^-?\d+(?:\.\d+)?$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The numbers written in a text: `896`, `-19`, `28,700` (thousands separators), `0.25`. A minus sign counts only
 * where it cannot be a hyphen (`SKU-300` is 300, not −300).
 */
export function numbersIn(text: string): Set<number> {
  const numbers = new Set<number>();
  const pattern = /(-?)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?/g;
  for (const match of text.matchAll(pattern)) {
    const before = match.index > 0 ? text[match.index - 1]! : '';
    const negative = match[1] === '-' && !/[\p{L}\p{N}]/u.test(before);
    const value = Number(`${match[2]!.replace(/,/g, '')}${match[3] ?? ''}`);
    if (Number.isFinite(value)) numbers.add(negative ? -value : value);
  }
  return numbers;
}
