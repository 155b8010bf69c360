/**
 * Constrained decoding for the text tool protocol: builds, from the exposed tools and the tool choice, a
 * grammar that covers the model's **whole reply**, so every tool call it writes parses and matches its tool's
 * JSON Schema. Rendered as GBNF (llama.cpp / wllama's `grammar`); `buildToolCallJsonSchema` gives the same
 * contract as a JSON Schema for runtimes that take one.
 *
 * The reply language, in the Qwen2.5 / Hermes format the harness parses (`protocol/hermes.ts`):
 * - `none` (or `auto` with no tools): free text that never contains `<tool_call>`.
 * - `auto`: free text that never contains `<tool_call>`, OR one or more call blocks.
 * - `required`: one or more call blocks, any exposed tool.
 * - `{name}`: one or more call blocks, that tool only.
 * One call block is `<tool_call>\n{"name": "<tool>", "arguments": <args>}\n</tool_call>`, blocks separated by a
 * newline, exactly as Qwen2.5's chat template renders an assistant tool call; the arguments are JSON in
 * Python `json.dumps` style (`", "` and `": "` separators), which is what the template's `tojson` writes, so the
 * raw reply sent back in history equals the official rendering. Inside JSON strings a `<` must be written as
 * `\u003c` (the same value), so no argument can contain a `</tool_call>` that ends its block early.
 *
 * JSON Schema support: type (and type lists), const, enum, object properties (required first, then optional,
 * declaration order), additionalProperties (only declared keys are written), array items / minItems /
 * maxItems, string minLength / maxLength, integer and number bounds (exact for integer-valued bounds ≥ 0 and
 * for integers of any sign), anyOf / oneOf, local $ref, nullable type lists. Anything else (pattern, format,
 * allOf of several schemas, non-integer bounds) is constrained as far as possible and listed in `notes`.
 * Pure and deterministic: the same tools give the same grammar text.
 */
import type { ToolChoice } from '../runtime';
import type { JsonSchema, ToolDefinition } from '../tool';
import { TOOL_CALL_CLOSE, TOOL_CALL_OPEN } from './hermes';
import { pythonJson } from './python-json';
import { type Result } from '../result';

// ── grammar AST ─────────────────────────────────────────────────────────────────────────────────────────────

/** A set of characters: inclusive code point ranges, or their complement. */
export interface CharSet {
  readonly ranges: readonly (readonly [number, number])[];
  readonly negated: boolean;
}

export type GExpr =
  | { readonly kind: 'lit'; readonly text: string }
  | { readonly kind: 'chars'; readonly set: CharSet }
  | { readonly kind: 'seq'; readonly items: readonly GExpr[] }
  | { readonly kind: 'alt'; readonly options: readonly GExpr[] }
  /** `max` null = unbounded. */
  | { readonly kind: 'rep'; readonly item: GExpr; readonly min: number; readonly max: number | null }
  | { readonly kind: 'ref'; readonly name: string };

export interface Grammar {
  readonly root: string;
  /** Rule name → body, in definition order (root first). */
  readonly rules: ReadonlyMap<string, GExpr>;
}

export const lit = (text: string): GExpr => ({ kind: 'lit', text });
export const chars = (ranges: readonly (readonly [number, number])[], negated = false): GExpr => ({
  kind: 'chars',
  set: { ranges, negated },
});
export const ref = (name: string): GExpr => ({ kind: 'ref', name });
export const rep = (item: GExpr, min: number, max: number | null): GExpr => ({ kind: 'rep', item, min, max });
export const opt = (item: GExpr): GExpr => rep(item, 0, 1);

export function seq(...items: GExpr[]): GExpr {
  const flat: GExpr[] = [];
  for (const item of items) {
    if (item.kind === 'seq') flat.push(...item.items);
    else if (item.kind === 'lit' && item.text === '') continue;
    else flat.push(item);
  }
  // Adjacent literals merge: shorter grammars, same language.
  const merged: GExpr[] = [];
  for (const item of flat) {
    const last = merged[merged.length - 1];
    if (item.kind === 'lit' && last?.kind === 'lit') merged[merged.length - 1] = lit(last.text + item.text);
    else merged.push(item);
  }
  if (merged.length === 0) return lit('');
  return merged.length === 1 ? merged[0]! : { kind: 'seq', items: merged };
}

export function alt(...options: GExpr[]): GExpr {
  const flat = options.flatMap((o) => (o.kind === 'alt' ? o.options : [o]));
  return flat.length === 1 ? flat[0]! : { kind: 'alt', options: flat };
}

/** True when `code` is in the set. */
export function charSetHas(set: CharSet, code: number): boolean {
  const inRanges = set.ranges.some(([lo, hi]) => code >= lo && code <= hi);
  return set.negated ? !inRanges : inRanges;
}

// ── options and results ─────────────────────────────────────────────────────────────────────────────────────

/** Bounds that keep every constrained reply finite; a tiny random model needs them, a real model rarely does. */
export interface GrammarLimits {
  /** Longest string value (characters). Default unbounded (only the schema's maxLength). */
  readonly maxStringLength?: number;
  /** Most array items. Default unbounded (only the schema's maxItems). */
  readonly maxArrayItems?: number;
  /** Most call blocks in one reply when parallel calls are on. Default unbounded. */
  readonly maxCalls?: number;
  /** Most digits after the decimal point. Default 15. */
  readonly maxFractionDigits?: number;
}

export interface ToolGrammarOptions {
  readonly parallelToolCalls: boolean;
  readonly limits?: GrammarLimits;
}

export type ToolGrammarResult = Result<{
  readonly grammar: Grammar;
  /** The grammar as GBNF text. */
  readonly gbnf: string;
  /** Schema keywords the grammar could not enforce exactly, per tool. */
  readonly notes: readonly string[];
}>;

/** Longest integer part the grammar allows: 15 digits stay exact in a double. */
const MAX_INT_DIGITS = 15;
const MAX_SAFE_GRAMMAR_INT = 10 ** MAX_INT_DIGITS - 1;

// ── building ────────────────────────────────────────────────────────────────────────────────────────────────

/** Builds the reply grammar for these tools and this tool choice. */
export function buildToolGrammar(
  tools: readonly ToolDefinition[],
  toolChoice: ToolChoice,
  options: ToolGrammarOptions,
): ToolGrammarResult {
  const mode = typeof toolChoice === 'string' ? toolChoice : 'named';
  if (mode === 'none') return textOnly();
  const names = new Set<string>();
  for (const tool of tools) {
    if (names.has(tool.name)) return { ok: false, error: `Two exposed tools are named "${tool.name}".` };
    names.add(tool.name);
  }
  let callable: readonly ToolDefinition[] = tools;
  if (typeof toolChoice === 'object') {
    const named = tools.find((t) => t.name === toolChoice.name);
    if (!named) {
      return {
        ok: false,
        error: `Tool choice names "${toolChoice.name}", which is not among the exposed tools (${[...names].join(', ') || 'none'}).`,
      };
    }
    callable = [named];
  }
  if (callable.length === 0) {
    if (mode === 'auto') return textOnly();
    return { ok: false, error: 'Tool choice "required" needs at least one exposed tool.' };
  }

  const builder = new GrammarBuilder(options.limits ?? {});
  const callAlternatives = callable.map((tool) => {
    const ruleName = builder.uniqueName(`call-${tool.name}`);
    const args = builder.schema(tool.inputSchema, tool.inputSchema, `${tool.name}-args`, tool.name);
    builder.define(ruleName, seq(lit(`${JSON.stringify(tool.name)}, "arguments": `), args));
    return ref(ruleName);
  });
  builder.define(
    'call',
    seq(lit(`${TOOL_CALL_OPEN}\n{"name": `), alt(...callAlternatives), lit(`}\n${TOOL_CALL_CLOSE}`)),
  );
  const maxCalls = options.parallelToolCalls ? (options.limits?.maxCalls ?? null) : 1;
  const calls =
    maxCalls === 1
      ? ref('call')
      : seq(ref('call'), rep(seq(lit('\n'), ref('call')), 0, maxCalls === null ? null : maxCalls - 1));
  builder.define('calls', calls);
  if (mode === 'auto') {
    builder.defineTextWithout(TOOL_CALL_OPEN, 'text');
    builder.defineRoot(alt(ref('calls'), ref('text')));
  } else {
    builder.defineRoot(ref('calls'));
  }
  const grammar = builder.grammar();
  return { ok: true, value: { grammar, gbnf: renderGbnf(grammar), notes: builder.notes } };
}

/** Free text without call blocks: the reply language when no tool may be called. */
function textOnly(): ToolGrammarResult {
  const builder = new GrammarBuilder({});
  builder.defineTextWithout(TOOL_CALL_OPEN, 'text');
  builder.defineRoot(ref('text'));
  const grammar = builder.grammar();
  return { ok: true, value: { grammar, gbnf: renderGbnf(grammar), notes: [] } };
}

/**
 * The same contract as a JSON Schema: one call object `{"name", "arguments"}` whose arguments match the named
 * tool's schema. For runtimes constrained per call (web-llm's structural tags, wllama's `json_schema`).
 */
export function buildToolCallJsonSchema(tools: readonly ToolDefinition[]): JsonSchema {
  const variants = tools.map((tool) => ({
    type: 'object',
    properties: { name: { const: tool.name }, arguments: tool.inputSchema },
    required: ['name', 'arguments'],
    additionalProperties: false,
  }));
  return variants.length === 1 ? variants[0]! : { anyOf: variants };
}

class GrammarBuilder {
  readonly notes: string[] = [];
  private readonly rules = new Map<string, GExpr>();
  private readonly shared = new Set<string>();
  private readonly refRules = new Map<string, string>();
  /** $refs being expanded since the last structure (object member, array item): meeting one again is a loop. */
  private bareRefs = new Set<string>();

  constructor(private readonly limits: GrammarLimits) {}

  /** Builds a subschema one level of structure down: a $ref cycle through it is real recursion, and ends. */
  private nested(build: () => GExpr): GExpr {
    const saved = this.bareRefs;
    this.bareRefs = new Set();
    try {
      return build();
    } finally {
      this.bareRefs = saved;
    }
  }

  define(name: string, body: GExpr): void {
    this.rules.set(name, body);
  }

  defineRoot(body: GExpr): void {
    this.rules.set('root', body);
  }

  grammar(): Grammar {
    const root = this.rules.get('root');
    if (!root) throw new Error('grammar has no root');
    const ordered = new Map<string, GExpr>([['root', root]]);
    for (const [name, body] of this.rules) if (name !== 'root') ordered.set(name, body);
    return { root: 'root', rules: ordered };
  }

  uniqueName(base: string): string {
    const clean =
      base
        .toLowerCase()
        .replace(/[^a-z0-9-]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'rule';
    let name = clean;
    for (let i = 2; this.rules.has(name) || this.refRules.has(name); i++) name = `${clean}-${i}`;
    // Reserve the name at once so nested calls never pick it.
    this.rules.set(name, lit(''));
    return name;
  }

  /** Free text in which `forbidden` never occurs (a KMP automaton, one rule per matched-prefix length). */
  defineTextWithout(forbidden: string, name: string): void {
    const states = forbidden.length;
    const alphabet = [...new Set(forbidden)];
    const failure = kmpFailure(forbidden);
    const next = (state: number, ch: string): number => {
      let s = state;
      while (s > 0 && forbidden[s] !== ch) s = failure[s - 1]!;
      return forbidden[s] === ch ? s + 1 : 0;
    };
    const stateName = (s: number) => (s === 0 ? name : `${name}-${s}`);
    const others = chars(
      alphabet.map((c) => [c.codePointAt(0)!, c.codePointAt(0)!] as const),
      true,
    );
    for (let s = 0; s < states; s++) {
      const options: GExpr[] = [seq(others, ref(stateName(0)))];
      for (const ch of alphabet) {
        const target = next(s, ch);
        if (target < states) options.push(seq(lit(ch), ref(stateName(target))));
      }
      this.define(stateName(s), opt(alt(...options)));
    }
  }

  /** The expression for a value matching `schema`; `root` resolves local $refs. */
  schema(schema: unknown, root: JsonSchema, hint: string, toolName: string): GExpr {
    if (schema === true || schema === undefined) return this.anyValue();
    if (schema === false) {
      this.note(toolName, `${hint}: the schema "false" allows nothing; any JSON value is allowed instead`);
      return this.anyValue();
    }
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      this.note(toolName, `${hint}: not a schema object; any JSON value is allowed`);
      return this.anyValue();
    }
    const s = schema as Record<string, unknown>;
    if (typeof s.$ref === 'string') return this.refSchema(s.$ref, root, toolName);
    if ('const' in s) return lit(pythonJson(s.const));
    if (Array.isArray(s.enum)) {
      if (s.enum.length === 0) {
        this.note(toolName, `${hint}: empty enum; any JSON value is allowed`);
        return this.anyValue();
      }
      return alt(...s.enum.map((v) => lit(pythonJson(v))));
    }
    const union = (Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : null) as unknown[] | null;
    if (union) {
      if (Array.isArray(s.oneOf))
        this.note(toolName, `${hint}: oneOf is constrained as anyOf (exclusivity not enforced)`);
      return alt(...union.map((sub, i) => this.schema(sub, root, `${hint}-${i + 1}`, toolName)));
    }
    if (Array.isArray(s.allOf)) {
      if (s.allOf.length > 1)
        this.note(toolName, `${hint}: allOf of several schemas is not enforced; only the first is`);
      return this.schema(s.allOf[0], root, hint, toolName);
    }
    const type = s.type;
    if (Array.isArray(type)) {
      return alt(...type.map((t) => this.typed(String(t), s, root, hint, toolName)));
    }
    if (typeof type === 'string') return this.typed(type, s, root, hint, toolName);
    if (s.properties !== undefined) return this.typed('object', s, root, hint, toolName);
    if (s.items !== undefined) return this.typed('array', s, root, hint, toolName);
    return this.anyValue();
  }

  private typed(type: string, s: Record<string, unknown>, root: JsonSchema, hint: string, toolName: string): GExpr {
    switch (type) {
      case 'string':
        return this.string(s, hint, toolName);
      case 'integer':
        return this.integer(s, hint, toolName);
      case 'number':
        return this.number(s, hint, toolName);
      case 'boolean':
        return alt(lit('true'), lit('false'));
      case 'null':
        return lit('null');
      case 'array':
        return this.array(s, root, hint, toolName);
      case 'object':
        return this.object(s, root, hint, toolName);
      default:
        this.note(toolName, `${hint}: unknown type "${type}"; any JSON value is allowed`);
        return this.anyValue();
    }
  }

  private object(s: Record<string, unknown>, root: JsonSchema, hint: string, toolName: string): GExpr {
    const properties = (s.properties ?? {}) as Record<string, unknown>;
    const keys = Object.keys(properties);
    if (keys.length === 0) {
      if (s.additionalProperties === false) return lit('{}');
      if (typeof s.additionalProperties === 'object' && s.additionalProperties !== null) {
        const value = this.nested(() => this.schema(s.additionalProperties, root, `${hint}-value`, toolName));
        const entry = seq(
          this.sharedRule('json-string', () => this.stringBody(0, this.limits.maxStringLength ?? null)),
          lit(': '),
          value,
        );
        return seq(lit('{'), opt(seq(entry, rep(seq(lit(', '), entry), 0, this.itemsMax(null)))), lit('}'));
      }
      return this.anyObject();
    }
    const required = new Set(Array.isArray(s.required) ? (s.required as unknown[]).map(String) : []);
    const member = (key: string) => {
      const name = this.uniqueName(`${hint}-${key}`);
      this.define(
        name,
        seq(
          lit(`${JSON.stringify(key)}: `),
          this.nested(() => this.schema(properties[key], root, `${hint}-${key}`, toolName)),
        ),
      );
      return ref(name);
    };
    const requiredKeys = keys.filter((k) => required.has(k));
    const optionalKeys = keys.filter((k) => !required.has(k));
    const requiredParts = requiredKeys.map(member);
    const optionalParts = optionalKeys.map(member);
    if (requiredParts.length > 0) {
      const items: GExpr[] = [lit('{'), requiredParts[0]!];
      for (const part of requiredParts.slice(1)) items.push(lit(', '), part);
      for (const part of optionalParts) items.push(opt(seq(lit(', '), part)));
      items.push(lit('}'));
      return seq(...items);
    }
    // No required key: any ordered subset of the optional ones, commas only between written members.
    const tails = optionalParts.map((_, i) => {
      const rest = optionalParts.slice(i + 1).map((p) => opt(seq(lit(', '), p)));
      return seq(optionalParts[i]!, ...rest);
    });
    return seq(lit('{'), opt(alt(...tails)), lit('}'));
  }

  private array(s: Record<string, unknown>, root: JsonSchema, hint: string, toolName: string): GExpr {
    if (Array.isArray(s.prefixItems)) this.note(toolName, `${hint}: prefixItems (tuples) are not enforced`);
    const item = this.nested(() => this.schema(s.items, root, `${hint}-item`, toolName));
    const min = typeof s.minItems === 'number' ? Math.max(0, Math.floor(s.minItems)) : 0;
    const schemaMax = typeof s.maxItems === 'number' ? Math.floor(s.maxItems) : null;
    const max = this.itemsMax(schemaMax);
    if (max !== null && max < min) {
      this.note(toolName, `${hint}: maxItems is below minItems; using minItems`);
    }
    const upper = max === null ? null : Math.max(max, min);
    if (upper === 0) return lit('[]');
    const listBody = seq(item, rep(seq(lit(', '), item), Math.max(0, min - 1), upper === null ? null : upper - 1));
    return seq(lit('['), min === 0 ? opt(listBody) : listBody, lit(']'));
  }

  private string(s: Record<string, unknown>, hint: string, toolName: string): GExpr {
    if (typeof s.pattern === 'string') this.note(toolName, `${hint}: pattern ${s.pattern} is not enforced`);
    if (typeof s.format === 'string') this.note(toolName, `${hint}: format "${s.format}" is not enforced`);
    const min = typeof s.minLength === 'number' ? Math.max(0, Math.floor(s.minLength)) : 0;
    const schemaMax = typeof s.maxLength === 'number' ? Math.floor(s.maxLength) : null;
    const limit = this.limits.maxStringLength ?? null;
    let max = schemaMax === null ? limit : limit === null ? schemaMax : Math.min(schemaMax, limit);
    if (max !== null && max < min) max = min;
    if (min === 0 && max === (this.limits.maxStringLength ?? null)) {
      return this.sharedRule('json-string', () => this.stringBody(0, max));
    }
    return this.stringBody(min, max);
  }

  private stringBody(min: number, max: number | null): GExpr {
    const char = this.sharedRule('json-char', () =>
      alt(
        // No raw `<` in strings (write it `\u003c`, the same JSON value): a `</tool_call>` inside an argument
        // would otherwise end the block early for the harness's parser.
        chars(
          [
            [0x22, 0x22],
            [0x5c, 0x5c],
            [0x3c, 0x3c],
            [0x00, 0x1f],
          ],
          true,
        ),
        seq(
          lit('\\'),
          alt(
            chars([
              [0x22, 0x22],
              [0x5c, 0x5c],
              [0x2f, 0x2f],
              [0x62, 0x62],
              [0x66, 0x66],
              [0x6e, 0x6e],
              [0x72, 0x72],
              [0x74, 0x74],
            ]),
            seq(lit('u'), rep(HEX, 4, 4)),
          ),
        ),
      ),
    );
    return seq(lit('"'), rep(char, min, max), lit('"'));
  }

  private integer(s: Record<string, unknown>, hint: string, toolName: string): GExpr {
    let lo = -MAX_SAFE_GRAMMAR_INT;
    let hi = MAX_SAFE_GRAMMAR_INT;
    const bounds = readBounds(s);
    if (bounds.min !== null)
      lo = Math.max(lo, bounds.min.exclusive ? Math.floor(bounds.min.value) + 1 : Math.ceil(bounds.min.value));
    if (bounds.max !== null)
      hi = Math.min(hi, bounds.max.exclusive ? Math.ceil(bounds.max.value) - 1 : Math.floor(bounds.max.value));
    if (typeof s.multipleOf === 'number') this.note(toolName, `${hint}: multipleOf is not enforced`);
    if (lo > hi) {
      this.note(toolName, `${hint}: the bounds allow no integer; any integer is allowed instead`);
      return intRange(-MAX_SAFE_GRAMMAR_INT, MAX_SAFE_GRAMMAR_INT);
    }
    return intRange(lo, hi);
  }

  private number(s: Record<string, unknown>, hint: string, toolName: string): GExpr {
    const frac = this.fraction();
    const bounds = readBounds(s);
    if (typeof s.multipleOf === 'number') this.note(toolName, `${hint}: multipleOf is not enforced`);
    const unsigned = seq(uintRange(0, MAX_SAFE_GRAMMAR_INT), opt(frac));
    if (bounds.min === null && bounds.max === null) return seq(opt(lit('-')), unsigned);
    const integral = (b: Bound | null) => b === null || Number.isInteger(b.value);
    const exact =
      integral(bounds.min) &&
      integral(bounds.max) &&
      (bounds.min === null || bounds.min.value >= 0) &&
      (bounds.max === null || bounds.max.value >= 0);
    if (!exact) {
      this.note(toolName, `${hint}: number bounds other than whole numbers ≥ 0 are not enforced`);
      return seq(opt(lit('-')), unsigned);
    }
    const nonNegative = boundedNonNegative(
      bounds.min ?? { value: 0, exclusive: false },
      bounds.max,
      frac,
      this.limits.maxFractionDigits ?? 15,
    );
    if (bounds.min === null) return alt(seq(lit('-'), unsigned), nonNegative);
    return nonNegative;
  }

  private fraction(): GExpr {
    const digits = Math.max(1, this.limits.maxFractionDigits ?? 15);
    return this.sharedRule('json-fraction', () => seq(lit('.'), rep(DIGIT, 1, digits)));
  }

  private itemsMax(schemaMax: number | null): number | null {
    const limit = this.limits.maxArrayItems ?? null;
    if (schemaMax === null) return limit;
    return limit === null ? schemaMax : Math.min(schemaMax, limit);
  }

  private refSchema(pointer: string, root: JsonSchema, toolName: string): GExpr {
    const key = `${toolName}:${pointer}`;
    if (this.bareRefs.has(key)) {
      // a → b → a with no structure between describes no value; a rule for it would never end (llama.cpp refuses it).
      this.note(toolName, `$ref ${pointer} loops back to itself without structure; any JSON value is allowed there`);
      return this.anyValue();
    }
    const existing = this.refRules.get(key);
    if (existing) return ref(existing);
    const target = resolvePointer(root, pointer);
    if (target === undefined) {
      this.note(toolName, `$ref ${pointer} does not resolve; any JSON value is allowed`);
      return this.anyValue();
    }
    const name = this.uniqueName(`${toolName}-ref-${pointer.split('/').pop() ?? 'def'}`);
    this.refRules.set(key, name);
    this.bareRefs.add(key);
    this.define(name, this.schema(target, root, name, toolName));
    this.bareRefs.delete(key);
    return ref(name);
  }

  private anyValue(): GExpr {
    return this.sharedRule('json-value', () =>
      alt(
        lit('null'),
        lit('true'),
        lit('false'),
        seq(opt(lit('-')), uintRange(0, MAX_SAFE_GRAMMAR_INT), opt(this.fraction())),
        this.sharedRule('json-string', () => this.stringBody(0, this.limits.maxStringLength ?? null)),
        seq(
          lit('['),
          opt(seq(ref('json-value'), rep(seq(lit(', '), ref('json-value')), 0, this.itemsMax(null)))),
          lit(']'),
        ),
        this.anyObject(),
      ),
    );
  }

  private anyObject(): GExpr {
    return this.sharedRule('json-object', () => {
      const entry = seq(
        this.sharedRule('json-string', () => this.stringBody(0, this.limits.maxStringLength ?? null)),
        lit(': '),
        this.anyValue(),
      );
      return seq(lit('{'), opt(seq(entry, rep(seq(lit(', '), entry), 0, this.itemsMax(null)))), lit('}'));
    });
  }

  /** A named rule defined once and shared; the builder runs only the first time. */
  private sharedRule(name: string, build: () => GExpr): GExpr {
    if (!this.shared.has(name)) {
      this.shared.add(name);
      this.rules.set(name, lit(''));
      this.rules.set(name, build());
    }
    return ref(name);
  }

  private note(toolName: string, text: string): void {
    const line = `${toolName}: ${text}`;
    if (!this.notes.includes(line)) this.notes.push(line);
  }
}

const DIGIT = chars([[0x30, 0x39]]);
const HEX = chars([
  [0x30, 0x39],
  [0x41, 0x46],
  [0x61, 0x66],
]);

interface Bound {
  readonly value: number;
  readonly exclusive: boolean;
}

/** Reads minimum/maximum in both the draft-4 (boolean exclusive) and draft-6+ (numeric exclusive) styles. */
function readBounds(s: Record<string, unknown>): { min: Bound | null; max: Bound | null } {
  let min: Bound | null =
    typeof s.minimum === 'number' ? { value: s.minimum, exclusive: s.exclusiveMinimum === true } : null;
  let max: Bound | null =
    typeof s.maximum === 'number' ? { value: s.maximum, exclusive: s.exclusiveMaximum === true } : null;
  if (typeof s.exclusiveMinimum === 'number' && (min === null || s.exclusiveMinimum >= min.value)) {
    min = { value: s.exclusiveMinimum, exclusive: true };
  }
  if (typeof s.exclusiveMaximum === 'number' && (max === null || s.exclusiveMaximum <= max.value)) {
    max = { value: s.exclusiveMaximum, exclusive: true };
  }
  // zod writes ±MAX_SAFE_INTEGER for z.int(): no real bound beyond what the grammar already caps.
  if (min && min.value <= -Number.MAX_SAFE_INTEGER) min = null;
  if (max && max.value >= Number.MAX_SAFE_INTEGER) max = null;
  return { min, max };
}

/** Decimal numbers x ≥ 0 with lo ≤ x ≤ hi (bounds whole numbers; each may be exclusive). */
function boundedNonNegative(lo: Bound, hi: Bound | null, frac: GExpr, fractionDigits: number): GExpr {
  const capped = (n: number) => Math.min(n, MAX_SAFE_GRAMMAR_INT);
  const parts: GExpr[] = [];
  const intLo = lo.exclusive ? lo.value + 1 : lo.value;
  // Integer parts below hi (any fraction keeps x < hi) — or any, when unbounded.
  const intHi = hi === null ? MAX_SAFE_GRAMMAR_INT : capped(hi.value - 1);
  if (intLo <= intHi) parts.push(seq(uintRange(intLo, intHi), opt(frac)));
  // x just above an exclusive lower bound: lo.value with a non-zero fraction, when that stays under hi.
  if (lo.exclusive && (hi === null || hi.value > lo.value)) {
    parts.push(seq(lit(`${lo.value}.`), rep(DIGIT, 0, Math.max(0, fractionDigits - 1)), chars([[0x31, 0x39]])));
  }
  // Exactly hi, when inclusive (optionally written with zero decimals).
  if (hi !== null && !hi.exclusive && hi.value >= intLo && hi.value <= MAX_SAFE_GRAMMAR_INT) {
    parts.push(seq(lit(String(hi.value)), opt(seq(lit('.'), rep(lit('0'), 1, Math.max(1, fractionDigits))))));
  }
  if (parts.length === 0) return lit(String(Math.max(lo.value, 0)));
  return alt(...parts);
}

/** Decimal integers in [lo, hi] (lo ≤ hi), no leading zeros, "-" for negatives (never "-0"). */
export function intRange(lo: number, hi: number): GExpr {
  const options: GExpr[] = [];
  if (lo < 0) options.push(seq(lit('-'), uintRange(Math.max(1, -hi), -lo)));
  if (hi >= 0) options.push(uintRange(Math.max(0, lo), hi));
  return alt(...options);
}

/** Decimal integers in [lo, hi], 0 ≤ lo ≤ hi, no leading zeros. */
export function uintRange(lo: number, hi: number): GExpr {
  const options: GExpr[] = [];
  const loDigits = String(lo).length;
  const hiDigits = String(hi).length;
  // Lengths whose whole range is allowed (2+ digits) collapse into one `[1-9] [0-9]{a,b}`.
  let fullFrom: number | null = null;
  const flushFull = (to: number) => {
    if (fullFrom === null) return;
    options.push(seq(chars([[0x31, 0x39]]), rep(DIGIT, fullFrom - 1, to - 1)));
    fullFrom = null;
  };
  for (let digits = loDigits; digits <= hiDigits; digits++) {
    const first = digits === 1 ? 0 : 10 ** (digits - 1);
    const last = 10 ** digits - 1;
    const a = Math.max(lo, first);
    const b = Math.min(hi, last);
    if (a > b) continue;
    if (digits > 1 && a === first && b === last) {
      fullFrom ??= digits;
      continue;
    }
    flushFull(digits - 1);
    options.push(sameLengthRange(String(a), String(b)));
  }
  flushFull(hiDigits);
  return alt(...options);
}

/** Strings of digits of one length between a and b (as numbers), digit by digit. */
function sameLengthRange(a: string, b: string): GExpr {
  if (a.length === 0) return lit('');
  const a0 = Number(a[0]);
  const b0 = Number(b[0]);
  const restA = a.slice(1);
  const restB = b.slice(1);
  const anyDigits = (n: number) => (n === 0 ? lit('') : rep(DIGIT, n, n));
  const digitRange = (x: number, y: number) => (x === y ? lit(String(x)) : chars([[0x30 + x, 0x30 + y]]));
  if (a0 === b0) return seq(lit(String(a0)), sameLengthRange(restA, restB));
  const allZeros = /^0*$/.test(restA);
  const allNines = /^9*$/.test(restB);
  if (allZeros && allNines) return seq(digitRange(a0, b0), anyDigits(restA.length));
  const options: GExpr[] = [];
  let midLo = a0 + 1;
  let midHi = b0 - 1;
  if (allZeros) midLo = a0;
  else options.push(seq(lit(String(a0)), sameLengthRange(restA, '9'.repeat(restA.length))));
  if (allNines) midHi = b0;
  if (midLo <= midHi) options.push(seq(digitRange(midLo, midHi), anyDigits(restA.length)));
  if (!allNines) options.push(seq(lit(String(b0)), sameLengthRange('0'.repeat(restB.length), restB)));
  return alt(...options);
}

function kmpFailure(pattern: string): number[] {
  const failure = new Array<number>(pattern.length).fill(0);
  let k = 0;
  for (let i = 1; i < pattern.length; i++) {
    while (k > 0 && pattern[i] !== pattern[k]) k = failure[k - 1]!;
    if (pattern[i] === pattern[k]) k++;
    failure[i] = k;
  }
  return failure;
}

function resolvePointer(root: JsonSchema, pointer: string): unknown {
  if (pointer === '#') return root;
  if (!pointer.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of pointer.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

// ── GBNF rendering ──────────────────────────────────────────────────────────────────────────────────────────

/** Renders the grammar as GBNF text for llama.cpp. */
export function renderGbnf(grammar: Grammar): string {
  const lines: string[] = [];
  for (const [name, body] of grammar.rules) lines.push(`${name} ::= ${renderExpr(body, false)}`);
  return lines.join('\n') + '\n';
}

function renderExpr(expr: GExpr, nested: boolean): string {
  switch (expr.kind) {
    case 'lit':
      return `"${escapeLiteral(expr.text)}"`;
    case 'chars':
      return renderCharSet(expr.set);
    case 'ref':
      return expr.name;
    case 'seq': {
      const text = expr.items.map((item) => renderExpr(item, true)).join(' ');
      return nested ? `(${text})` : text;
    }
    case 'alt': {
      const text = expr.options.map((o) => renderExpr(o, false)).join(' | ');
      return nested ? `(${text})` : text;
    }
    case 'rep': {
      const inner =
        expr.item.kind === 'lit' || expr.item.kind === 'chars' || expr.item.kind === 'ref'
          ? renderExpr(expr.item, true)
          : `(${renderExpr(expr.item, false)})`;
      const { min, max } = expr;
      if (min === 0 && max === 1) return `${inner}?`;
      if (min === 0 && max === null) return `${inner}*`;
      if (min === 1 && max === null) return `${inner}+`;
      if (max === null) return `${inner}{${min},}`;
      if (min === max) return `${inner}{${min}}`;
      return `${inner}{${min},${max}}`;
    }
    default: {
      const never: never = expr;
      throw new Error(`unknown grammar node ${JSON.stringify(never)}`);
    }
  }
}

function escapeLiteral(text: string): string {
  let out = '';
  for (const ch of text) out += escapeChar(ch, '"');
  return out;
}

function renderCharSet(set: CharSet): string {
  let out = set.negated ? '[^' : '[';
  for (const [lo, hi] of set.ranges) {
    out += escapeClassChar(lo);
    if (hi !== lo) out += `-${escapeClassChar(hi)}`;
  }
  return out + ']';
}

function escapeClassChar(code: number): string {
  const ch = String.fromCodePoint(code);
  if (ch === ']' || ch === '[') return `\\${ch}`;
  // llama.cpp's parser knows no `\-` or `\^` escape: write them as hex.
  if (ch === '-' || ch === '^') return `\\x${code.toString(16).toUpperCase()}`;
  return escapeChar(ch, ']');
}

function escapeChar(ch: string, quote: string): string {
  const code = ch.codePointAt(0)!;
  if (ch === '\\') return '\\\\';
  if (ch === quote) return `\\${ch}`;
  if (ch === '\n') return '\\n';
  if (ch === '\r') return '\\r';
  if (ch === '\t') return '\\t';
  if (code < 0x20 || code === 0x7f) return `\\x${code.toString(16).padStart(2, '0').toUpperCase()}`;
  return ch;
}
