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
 * earlier call is its own. Prompts and calls claim generously (any digit run, any substring), so what the user or
 * the model wrote is never mistaken for a result's.
 *
 * A result gives only what can really be carried over: whole tokens. A number counts where it stands alone — `896`,
 * `{"result": 896}`, `28,700` — never as a digit run inside a longer token (`2026-12-03`, `19:41`, `SKU-300`) nor
 * as a measurement (`2000 ms`, `18%`, `5s`); a string argument must sit in the result at token boundaries
 * (`"Asia/Seoul"` in `(Asia/Seoul, UTC+09:00)`, not `"Seoul"` inside `Asia/Seoul`). An answer's text carries its
 * standalone numbers and its tokens with digits (`19:41`, `2026-12-03`, `SKU-300`), each matched whole. 0, 1 and
 * booleans are too common to mean anything and are skipped; strings need three or more characters.
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
  /** The numbers it can give: any digit run for a prompt or a call, standalone numbers for a result. */
  readonly numbers: ReadonlySet<number>;
  /** A result's whole tokens (`19:41`, `2026-12-03`), for an answer's tokens; empty for prompts and calls. */
  readonly tokens: ReadonlySet<string>;
  readonly callId?: string;
  readonly tool?: string;
  readonly round?: number;
}

type Atom =
  | { readonly kind: 'number'; readonly path: string; readonly value: number }
  /** A string argument: found in a result at token boundaries. */
  | { readonly kind: 'string'; readonly path: string; readonly value: string }
  /** A token of an answer's text (`19:41`): found among a result's whole tokens. */
  | { readonly kind: 'token'; readonly path: string; readonly value: string };

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
    const origin = sources.find((s) => holds(s, atom));
    if (!origin || origin.kind !== 'result' || origin.callId === undefined) continue;
    const value = atom.kind === 'string' ? JSON.stringify(atom.value) : String(atom.value);
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

function holds(source: Source, atom: Atom): boolean {
  if (atom.kind === 'number') return source.numbers.has(atom.value);
  if (source.kind !== 'result') return source.text.includes(atom.value);
  return atom.kind === 'token' ? source.tokens.has(atom.value) : containsAsToken(source.text, atom.value);
}

function promptSource(text: string): Source {
  return { kind: 'prompt', text, numbers: numbersIn(text), tokens: new Set() };
}

function textSource(kind: 'call' | 'result', text: string, callId: string, tool: string, round: number): Source {
  if (kind === 'call') return { kind, text, numbers: numbersIn(text), tokens: new Set(), callId, tool, round };
  const { numbers, tokens } = resultValues(text);
  return { kind, text, numbers, tokens, callId, tool, round };
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
      if (meaningfulNumber(v)) atoms.push({ kind: 'number', path, value: v });
    } else if (typeof v === 'string') {
      const number = numericString(v);
      if (number !== null) {
        if (meaningfulNumber(number)) atoms.push({ kind: 'number', path, value: number });
      } else if (v.trim().length >= 3) atoms.push({ kind: 'string', path, value: v.trim() });
    } else if (Array.isArray(v)) v.forEach((item, i) => visit(item, `${path}/${i}`));
    else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) visit(child, `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  visit(value, '');
  return atoms;
}

/** What an answer's text carries: its standalone numbers, and its tokens with digits in them (`19:41`). */
function atomsOfText(text: string): Atom[] {
  const atoms: Atom[] = [];
  for (const token of tokensIn(text)) {
    if (token.number !== null) {
      if (!token.measurement && meaningfulNumber(token.number))
        atoms.push({ kind: 'number', path: '', value: token.number });
    } else if (/\d/.test(token.text) && !GLUED_QUANTITY.test(token.text)) {
      atoms.push({ kind: 'token', path: '', value: token.text });
    }
  }
  return atoms;
}

function meaningfulNumber(n: number): boolean {
  return Number.isFinite(n) && n !== 0 && n !== 1;
}

function numericString(text: string): number | null {
  const trimmed = text.trim();
  return /^-?\d+(?:\.\d+)?$/.test(trimmed) ? Number(trimmed) : null;
}

/** A whole token: letters, digits and `_`, joined by `- : / . , +` with no blank between (`2026-12-03`, `19:41`). */
const TOKEN = /[\p{L}\p{N}_]+(?:[-:/.,+][\p{L}\p{N}_]+)*/gu;
const TOKEN_CHAR = /[\p{L}\p{N}_]/u;
const JOINER = /[-:/.,+]/;
/** A number as a whole token: `896`, `28,700`, `0.25`. */
const WHOLE_NUMBER = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;
/** Digits with a unit glued on (`2000ms`, `5s`): a measurement, not a value. */
const GLUED_QUANTITY = /^\d+(?:\.\d+)?\p{L}+$/u;
/** A unit after a number and an optional blank (`2000 ms`, `18%`, `3 tokens`): the number is a measurement. */
const UNIT_AFTER =
  /^ ?(?:%|‰|°[CF]?|(?:ms|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|months?|years?|[kKMG]?B|bytes?|chars?|characters?|tokens?|px|[kcm]?m|kg|g|ml|l)(?![\p{L}\p{N}_]))/u;

interface Token {
  readonly text: string;
  /** Its value when the token is a whole number (a `-` before it counts where it cannot be a hyphen), else null. */
  readonly number: number | null;
  /** A unit follows the number: a measurement. */
  readonly measurement: boolean;
}

function tokensIn(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const raw = match[0];
    if (!WHOLE_NUMBER.test(raw)) {
      tokens.push({ text: raw, number: null, measurement: false });
      continue;
    }
    const before = text.slice(Math.max(0, match.index - 2), match.index);
    const negative = before.endsWith('-') && !TOKEN_CHAR.test(before.slice(0, -1));
    const value = Number(raw.replace(/,/g, ''));
    tokens.push({
      text: raw,
      number: negative ? -value : value,
      measurement: UNIT_AFTER.test(text.slice(match.index + raw.length)),
    });
  }
  return tokens;
}

/** A result's standalone numbers and whole tokens; a JSON result's number leaves count as standalone numbers. */
function resultValues(text: string): { numbers: Set<number>; tokens: Set<string> } {
  const numbers = new Set<number>();
  const tokens = new Set<string>();
  const scan = (prose: string) => {
    for (const token of tokensIn(prose)) {
      tokens.add(token.text);
      if (token.number !== null && !token.measurement) numbers.add(token.number);
    }
  };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (json === undefined || typeof json !== 'object' || json === null) {
    scan(text);
    return { numbers, tokens };
  }
  const visit = (v: unknown) => {
    if (typeof v === 'number') {
      numbers.add(v);
      tokens.add(String(v));
    } else if (typeof v === 'string') scan(v);
    else if (Array.isArray(v)) v.forEach(visit);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(visit);
  };
  visit(json);
  return { numbers, tokens };
}

/** `value` occurs in `text` as whole tokens: not preceded or followed by a letter, a digit, or a joined token. */
function containsAsToken(text: string, value: string): boolean {
  for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1)) {
    const end = at + value.length;
    const openBefore =
      at === 0 ||
      (!TOKEN_CHAR.test(text[at - 1]!) && !(JOINER.test(text[at - 1]!) && at > 1 && TOKEN_CHAR.test(text[at - 2]!)));
    const openAfter =
      end === text.length ||
      (!TOKEN_CHAR.test(text[end]!) &&
        !(JOINER.test(text[end]!) && end + 1 < text.length && TOKEN_CHAR.test(text[end + 1]!)));
    if (openBefore && openAfter) return true;
  }
  return false;
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
