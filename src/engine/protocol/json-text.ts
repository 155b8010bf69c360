/**
 * A strict JSON reader (RFC 8259) that keeps positions and the text of every number. The parsers need what
 * `JSON.parse` throws away: where a value ends inside a longer output (a call block, several objects in a
 * row), whether a failure is a cut-off (the text ran out) or a real syntax error, and how each number was
 * written (`-8e5555` is valid JSON that `JSON.parse` turns into `-Infinity`, which `JSON.stringify` prints as
 * `null`). Never throws; nesting deeper than `MAX_DEPTH` is an error, not a stack overflow.
 */
import { assertNever, err, ok, type Result } from '../result';

export type JsonNode =
  | { readonly kind: 'object'; readonly start: number; readonly end: number; readonly entries: readonly JsonEntry[] }
  | { readonly kind: 'array'; readonly start: number; readonly end: number; readonly items: readonly JsonNode[] }
  | { readonly kind: 'string'; readonly start: number; readonly end: number; readonly value: string }
  | {
      readonly kind: 'number';
      readonly start: number;
      readonly end: number;
      /** The number exactly as written. */
      readonly lexeme: string;
      readonly value: number;
    }
  | { readonly kind: 'boolean'; readonly start: number; readonly end: number; readonly value: boolean }
  | { readonly kind: 'null'; readonly start: number; readonly end: number };

export interface JsonEntry {
  readonly key: string;
  readonly value: JsonNode;
}

export interface JsonError {
  /** What was wrong, in words ("expected ',' or '}' after a property value, found 'x'"). */
  readonly message: string;
  /** Offset in the text where reading failed. */
  readonly at: number;
  /** The text ended before the value did: a cut-off rather than a syntax error. */
  readonly incomplete: boolean;
}

export const MAX_DEPTH = 256;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** JSON's own whitespace: space, tab, line feed, carriage return. */
export function isJsonBlank(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';
}

/** The first offset at or after `from` that is not JSON whitespace. */
export function skipJsonBlanks(text: string, from: number): number {
  let i = from;
  while (i < text.length && isJsonBlank(text[i])) i++;
  return i;
}

/** Reads one JSON value that starts exactly at `start` (no leading blanks). `end` is just past it. */
export function readJsonValue(text: string, start: number): Result<JsonNode, JsonError> {
  return new Reader(text).value(start, 0);
}

/** Reads a whole text as one JSON value, blanks allowed around it and nothing else. */
export function readJsonDocument(text: string): Result<JsonNode, JsonError> {
  const start = skipJsonBlanks(text, 0);
  const read = readJsonValue(text, start);
  if (!read.ok) return read;
  const after = skipJsonBlanks(text, read.value.end);
  if (after < text.length) return err(unexpected(text, after, 'nothing after the JSON value'));
  return read;
}

/** The plain JavaScript value (what `JSON.parse` would give; a duplicate key keeps its last value). */
export function toJsonValue(node: JsonNode): unknown {
  switch (node.kind) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const { key, value } of node.entries) {
        // A key named "__proto__" must become an own property, as with JSON.parse.
        Object.defineProperty(out, key, {
          value: toJsonValue(value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    case 'array':
      return node.items.map(toJsonValue);
    case 'string':
    case 'number':
    case 'boolean':
      return node.value;
    case 'null':
      return null;
    default:
      return assertNever(node);
  }
}

/**
 * Compact JSON text of a node (`JSON.stringify` spacing), with one difference that matters: a number that
 * JavaScript cannot hold as written (it overflows, underflows or loses digits) keeps its written form, so the
 * text still says what the model wrote and a later check can refuse it. Duplicate keys keep the last value.
 */
export function toCompactJson(node: JsonNode): string {
  switch (node.kind) {
    case 'object': {
      const last = new Map<string, JsonNode>();
      for (const { key, value } of node.entries) last.set(key, value);
      return `{${[...last].map(([key, value]) => `${JSON.stringify(key)}:${toCompactJson(value)}`).join(',')}}`;
    }
    case 'array':
      return `[${node.items.map(toCompactJson).join(',')}]`;
    case 'string':
      return JSON.stringify(node.value);
    case 'number':
      return numberLoss(node) === null ? JSON.stringify(node.value) : node.lexeme;
    case 'boolean':
      return node.value ? 'true' : 'false';
    case 'null':
      return 'null';
    default:
      return assertNever(node);
  }
}

/** How a written number fails to survive as a JavaScript number, or null when it survives. */
export type NumberLoss = 'overflow' | 'underflow' | 'lost-digits';

export function numberLoss(node: Extract<JsonNode, { kind: 'number' }>): NumberLoss | null {
  if (!Number.isFinite(node.value)) return 'overflow';
  const mantissa = node.lexeme.split(/[eE]/)[0]!;
  if (node.value === 0 && /[1-9]/.test(mantissa)) return 'underflow';
  // An integer written with digits only must come back with the same digits.
  if (/^-?\d+$/.test(node.lexeme) && !Number.isSafeInteger(node.value)) {
    if (BigInt(node.lexeme) !== BigInt(node.value)) return 'lost-digits';
  }
  return null;
}

class Reader {
  constructor(private readonly text: string) {}

  value(at: number, depth: number): Result<JsonNode, JsonError> {
    const { text } = this;
    if (at >= text.length) return err(this.ended(at, 'a value'));
    if (depth > MAX_DEPTH) return err({ message: `nested deeper than ${MAX_DEPTH} levels`, at, incomplete: false });
    const ch = text[at]!;
    if (ch === '{') return this.object(at, depth);
    if (ch === '[') return this.array(at, depth);
    if (ch === '"') return this.string(at);
    if (ch === '-' || (ch >= '0' && ch <= '9')) return this.number(at);
    for (const [word, node] of LITERALS) {
      if (text.startsWith(word, at)) return ok({ ...node, start: at, end: at + word.length });
      // "tru" at the very end is a literal the output never finished.
      if (text.length - at < word.length && word.startsWith(text.slice(at))) return err(this.ended(text.length, word));
    }
    return err(unexpected(text, at, 'a value'));
  }

  private object(start: number, depth: number): Result<JsonNode, JsonError> {
    const { text } = this;
    const entries: JsonEntry[] = [];
    let i = skipJsonBlanks(text, start + 1);
    if (text[i] === '}') return ok({ kind: 'object', start, end: i + 1, entries });
    for (;;) {
      if (i >= text.length) return err(this.ended(i, 'a property name'));
      if (text[i] !== '"') return err(unexpected(text, i, 'a property name in double quotes'));
      const key = this.string(i);
      if (!key.ok) return key;
      i = skipJsonBlanks(text, key.value.end);
      if (i >= text.length) return err(this.ended(i, "':'"));
      if (text[i] !== ':') return err(unexpected(text, i, "':' after a property name"));
      i = skipJsonBlanks(text, i + 1);
      const value = this.value(i, depth + 1);
      if (!value.ok) return value;
      entries.push({ key: (key.value as { value: string }).value, value: value.value });
      i = skipJsonBlanks(text, value.value.end);
      if (i >= text.length) return err(this.ended(i, "',' or '}'"));
      if (text[i] === '}') return ok({ kind: 'object', start, end: i + 1, entries });
      if (text[i] !== ',') return err(unexpected(text, i, "',' or '}' after a property value"));
      i = skipJsonBlanks(text, i + 1);
      if (text[i] === '}') return err({ message: "a trailing comma before '}'", at: i, incomplete: false });
    }
  }

  private array(start: number, depth: number): Result<JsonNode, JsonError> {
    const { text } = this;
    const items: JsonNode[] = [];
    let i = skipJsonBlanks(text, start + 1);
    if (text[i] === ']') return ok({ kind: 'array', start, end: i + 1, items });
    for (;;) {
      const value = this.value(i, depth + 1);
      if (!value.ok) return value;
      items.push(value.value);
      i = skipJsonBlanks(text, value.value.end);
      if (i >= text.length) return err(this.ended(i, "',' or ']'"));
      if (text[i] === ']') return ok({ kind: 'array', start, end: i + 1, items });
      if (text[i] !== ',') return err(unexpected(text, i, "',' or ']' after an array item"));
      i = skipJsonBlanks(text, i + 1);
      if (text[i] === ']') return err({ message: "a trailing comma before ']'", at: i, incomplete: false });
    }
  }

  private string(start: number): Result<JsonNode, JsonError> {
    const { text } = this;
    let i = start + 1;
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '"') {
        // The escapes were checked below, so JSON.parse of the slice cannot fail.
        return ok({ kind: 'string', start, end: i + 1, value: JSON.parse(text.slice(start, i + 1)) as string });
      }
      if (ch === '\\') {
        const next = text[i + 1];
        if (next === undefined) return err(this.ended(i + 1, 'an escape'));
        if ('"\\/bfnrt'.includes(next)) i += 2;
        else if (next === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (/^[0-9a-fA-F]{4}$/.test(hex)) i += 6;
          else if (i + 2 + hex.length >= text.length && /^[0-9a-fA-F]*$/.test(hex))
            return err(this.ended(text.length, 'four hex digits'));
          else return err({ message: 'a \\u escape needs four hex digits', at: i, incomplete: false });
        } else return err({ message: `an invalid escape "\\${next}" in a string`, at: i, incomplete: false });
        continue;
      }
      if (ch < ' ')
        return err({
          message: 'a raw control character (such as a line break) inside a string',
          at: i,
          incomplete: false,
        });
      i++;
    }
    return err(this.ended(text.length, 'the end of a string'));
  }

  private number(start: number): Result<JsonNode, JsonError> {
    const { text } = this;
    NUMBER.lastIndex = start;
    const match = NUMBER.exec(text);
    const lexeme = match?.[0] ?? '';
    const end = start + lexeme.length;
    // "-", "1.", "1e" or "1e+" at the very end: a number the output never finished.
    if (end + 2 >= text.length && /^(?:-|\.|[eE][+-]?)?$/.test(text.slice(lexeme === '' ? start : end))) {
      if (lexeme === '' || end < text.length) return err(this.ended(text.length, 'digits'));
    }
    if (lexeme === '') return err(unexpected(text, start + 1, 'digits'));
    const next = text[end];
    if (next === '.' || next === 'e' || next === 'E') return err(unexpected(text, end + 1, 'digits'));
    if (next !== undefined && next >= '0' && next <= '9')
      return err({ message: 'a number with a leading zero', at: start, incomplete: false });
    return ok({ kind: 'number', start, end, lexeme, value: Number(lexeme) });
  }

  private ended(at: number, wanted: string): JsonError {
    return { message: `the text ends where ${wanted} should follow`, at, incomplete: true };
  }
}

const LITERALS: readonly [string, JsonNode][] = [
  ['true', { kind: 'boolean', start: 0, end: 0, value: true }],
  ['false', { kind: 'boolean', start: 0, end: 0, value: false }],
  ['null', { kind: 'null', start: 0, end: 0 }],
];

function unexpected(text: string, at: number, wanted: string): JsonError {
  if (at >= text.length) return { message: `the text ends where ${wanted} should follow`, at, incomplete: true };
  const found = text.slice(at, at + 12).split('\n')[0] || '\\n';
  return { message: `expected ${wanted}, found "${found}"`, at, incomplete: false };
}
