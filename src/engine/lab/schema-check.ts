/**
 * The live argument-vs-schema check at the pause: a pending call's arguments walked against its tool's JSON Schema
 * before anything runs, so each problem can be highlighted on the card with where it is in the arguments (a JSON
 * Pointer, `/b`) and which rule of the schema it breaks (a schema path, `#/properties/b/type`).
 *
 * It reads the JSON Schema keywords tool schemas use — `type` (and `integer`), `enum`, `const`, `properties`,
 * `required`, `additionalProperties`, `items` — and skips combinators and references (`anyOf`, `oneOf`, `allOf`,
 * `$ref`): the tool's own validator, which runs before the tool in any case, remains the authority. `repairDraft`
 * proposes arguments that fix what can be fixed mechanically; the learner edits the rest.
 */
import type { JsonSchema, ToolLanguage } from '../tool';
import { invalidArgumentsText } from '../tool-words';
import { err, ok, type Result } from '../result';
import type { JsonValue } from './types';

export type ArgumentIssueKind = 'missing' | 'extra' | 'type' | 'enum';

export interface ArgumentIssue {
  readonly kind: ArgumentIssueKind;
  /** Where in the arguments, as a JSON Pointer: `/b`, `/items/0/sku`; `` is the arguments object itself. */
  readonly path: string;
  /** The schema rule it breaks: `#/required`, `#/properties/b/type`, `#/additionalProperties`. */
  readonly schemaPath: string;
  /** What the schema wants, in English: `number`, `one of add, subtract`, `a value`. */
  readonly expected: string;
  /** The same as data, for wording it in another language (`describeWant`). */
  readonly wants: Want;
  /** What the arguments hold (JSON, cut to 40 characters); absent for a missing field. */
  readonly actual?: string;
  /**
   * False for an extra field the schema allows (no `additionalProperties: false`): shown as a note, not an error.
   */
  readonly blocking: boolean;
}

/**
 * What a schema rule wants, as data: one of some JSON types, one of some values (JSON), one value, any value, or no
 * field here (`forbidden`: `additionalProperties: false`).
 */
export type Want =
  | { readonly kind: 'types'; readonly types: readonly string[] }
  | { readonly kind: 'one-of'; readonly options: readonly string[] }
  | { readonly kind: 'const'; readonly value: string }
  | { readonly kind: 'any' }
  | { readonly kind: 'absent'; readonly forbidden: boolean };

/** The words a want and an issue are written in, per language (the lab card's and the model's). */
export interface WantWords {
  readonly or: string;
  readonly oneOf: (options: string) => string;
  readonly any: string;
  readonly noOtherFields: string;
  readonly notInSchema: string;
}

export const ENGLISH_WANT_WORDS: WantWords = {
  or: ' or ',
  oneOf: (options) => `one of ${options}`,
  any: 'a value',
  noOtherFields: 'no other fields',
  notInSchema: 'not in the schema',
};

/** A want in words (English by default: the issue's `expected`). */
export function describeWant(want: Want, words: WantWords = ENGLISH_WANT_WORDS): string {
  switch (want.kind) {
    case 'types':
      return want.types.join(words.or);
    case 'one-of':
      return words.oneOf(want.options.join(', '));
    case 'const':
      return want.value;
    case 'any':
      return words.any;
    case 'absent':
      return want.forbidden ? words.noOtherFields : words.notInSchema;
  }
}

export type ArgumentCheck = Result<readonly ArgumentIssue[], string>;

/** Checks argument text against a schema; the error is the JSON parse failure. */
export function checkArguments(schema: JsonSchema, argumentsText: string): ArgumentCheck {
  const source = argumentsText.trim() === '' ? '{}' : argumentsText;
  let value: JsonValue;
  try {
    value = JSON.parse(source) as JsonValue;
  } catch (error) {
    return err(error instanceof Error ? error.message : String(error));
  }
  const issues: ArgumentIssue[] = [];
  walk(value, schema, '', '#', issues);
  return ok(issues);
}

function walk(value: JsonValue, schema: JsonSchema, path: string, schemaPath: string, issues: ArgumentIssue[]): void {
  const types = typesOf(schema);
  if (types.length > 0 && !types.some((t) => hasType(value, t))) {
    issues.push({
      kind: 'type',
      path,
      schemaPath: `${schemaPath}/type`,
      expected: types.join(' or '),
      wants: { kind: 'types', types },
      actual: show(value),
      blocking: true,
    });
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => sameJson(option, value))) {
    issues.push({
      kind: 'enum',
      path,
      schemaPath: `${schemaPath}/enum`,
      expected: `one of ${(schema.enum as unknown[]).map((o) => JSON.stringify(o)).join(', ')}`,
      wants: { kind: 'one-of', options: (schema.enum as unknown[]).map((o) => JSON.stringify(o)) },
      actual: show(value),
      blocking: true,
    });
  }
  if (schema.const !== undefined && !sameJson(schema.const, value)) {
    issues.push({
      kind: 'enum',
      path,
      schemaPath: `${schemaPath}/const`,
      expected: JSON.stringify(schema.const),
      wants: { kind: 'const', value: JSON.stringify(schema.const) },
      actual: show(value),
      blocking: true,
    });
  }
  if (isRecord(value)) {
    const properties = isRecord(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
    const required = Array.isArray(schema.required) ? (schema.required as unknown[]).map(String) : [];
    for (const key of required) {
      if (!Object.hasOwn(value, key)) {
        issues.push({
          kind: 'missing',
          path: `${path}/${escapePointer(key)}`,
          schemaPath: `${schemaPath}/required`,
          expected: describeWant(wantOf(properties[key])),
          wants: wantOf(properties[key]),
          blocking: true,
        });
      }
    }
    for (const [key, child] of Object.entries(value)) {
      const childPath = `${path}/${escapePointer(key)}`;
      const childSchema = properties[key];
      if (childSchema && isRecord(childSchema)) {
        walk(child, childSchema, childPath, `${schemaPath}/properties/${escapePointer(key)}`, issues);
      } else if (!Object.hasOwn(properties, key)) {
        const forbidden = schema.additionalProperties === false;
        issues.push({
          kind: 'extra',
          path: childPath,
          schemaPath: forbidden ? `${schemaPath}/additionalProperties` : `${schemaPath}/properties`,
          expected: forbidden ? 'no other fields' : 'not in the schema',
          wants: { kind: 'absent', forbidden },
          actual: show(child),
          blocking: forbidden,
        });
      }
    }
  }
  if (Array.isArray(value) && isRecord(schema.items)) {
    value.forEach((item, index) =>
      walk(item, schema.items as JsonSchema, `${path}/${index}`, `${schemaPath}/items`, issues),
    );
  }
}

function typesOf(schema: JsonSchema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  return [];
}

function hasType(value: JsonValue, type: string): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    default:
      // A type this check does not know: leave it to the tool's validator.
      return true;
  }
}

function wantOf(schema: JsonSchema | undefined): Want {
  if (!schema || !isRecord(schema)) return { kind: 'any' };
  if (Array.isArray(schema.enum)) return { kind: 'one-of', options: schema.enum.map((o) => JSON.stringify(o)) };
  const types = typesOf(schema);
  return types.length > 0 ? { kind: 'types', types } : { kind: 'any' };
}

function show(value: JsonValue): string {
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isRecord(value: unknown): value is Record<string, JsonValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON Pointer escaping (RFC 6901): `~` → `~0`, `/` → `~1`. */
function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The model-facing words of the check's result, per tool language (data the model reads, not page text). */
interface ResultWords {
  readonly want: WantWords;
  readonly arguments: string;
  readonly missing: (expected: string) => string;
  readonly wrong: (expected: string, got: string | undefined) => string;
  readonly unexpected: (got: string | undefined) => string;
}

const RESULT_WORDS: Readonly<Record<ToolLanguage, ResultWords>> = {
  en: {
    want: ENGLISH_WANT_WORDS,
    arguments: '(arguments)',
    missing: (expected) => `required field missing (${expected})`,
    wrong: (expected, got) => `expected ${expected}${got !== undefined ? `, got ${got}` : ''}`,
    unexpected: (got) => `unexpected field${got !== undefined ? `, got ${got}` : ''}`,
  },
  ko: {
    want: {
      or: ' 또는 ',
      oneOf: (options) => `${options} 중 하나`,
      any: '값',
      noOtherFields: '다른 필드 없음',
      notInSchema: '스키마에 없음',
    },
    arguments: '(인수 전체)',
    missing: (expected) => `필수 필드 없음 (${expected} 필요)`,
    wrong: (expected, got) => `${expected} 필요${got !== undefined ? `, 실제 ${got}` : ''}`,
    unexpected: (got) => `스키마에 없는 필드${got !== undefined ? `, 실제 ${got}` : ''}`,
  },
};

/**
 * The text the model receives when the learner sends the check's result as the call's result: like the harness's
 * own invalid-arguments result (`invalidArgumentsText`), one line per problem, with both paths, in the tool's
 * language (the tools' language switch: what the model reads is data, never the page's language).
 */
export function validationErrorText(
  toolName: string,
  issues: readonly ArgumentIssue[],
  language: ToolLanguage = 'en',
): string {
  const words = RESULT_WORDS[language];
  const lines = issues
    .filter((i) => i.blocking)
    .map((i) => {
      const where = i.path === '' ? words.arguments : i.path;
      const expected = describeWant(i.wants, words.want);
      const what =
        i.kind === 'missing'
          ? words.missing(expected)
          : i.kind === 'extra'
            ? words.unexpected(i.actual)
            : words.wrong(expected, i.actual);
      return `- ${where}: ${what} [${i.schemaPath}]`;
    });
  return invalidArgumentsText(toolName, lines, language);
}

/**
 * Arguments that fix what can be fixed without guessing: extra fields the schema forbids removed, a numeric string
 * turned into a number (and a number into a string) where the schema asks for it, "true"/"false" into booleans,
 * and each missing required field added with an empty value of its type (an enum's first option) for the learner to
 * fill in. Pretty-printed JSON for the Edit field.
 */
export function repairDraft(schema: JsonSchema, argumentsText: string): string {
  let value: JsonValue;
  try {
    value = JSON.parse(argumentsText.trim() === '' ? '{}' : argumentsText) as JsonValue;
  } catch {
    return argumentsText;
  }
  return JSON.stringify(repair(value, schema), null, 2);
}

function repair(value: JsonValue, schema: JsonSchema): JsonValue {
  const types = typesOf(schema);
  if (types.length > 0 && !types.some((t) => hasType(value, t))) {
    const coerced = coerce(value, types);
    if (coerced !== undefined) return coerced;
    return value;
  }
  if (isRecord(value)) {
    const properties = isRecord(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
    const required = Array.isArray(schema.required) ? (schema.required as unknown[]).map(String) : [];
    const out: Record<string, JsonValue> = {};
    for (const [key, child] of Object.entries(value)) {
      const childSchema = properties[key];
      if (childSchema && isRecord(childSchema)) out[key] = repair(child, childSchema);
      else if (schema.additionalProperties !== false) out[key] = child;
    }
    for (const key of required) if (!Object.hasOwn(out, key)) out[key] = placeholder(properties[key]);
    return out;
  }
  if (Array.isArray(value) && isRecord(schema.items))
    return value.map((item) => repair(item, schema.items as JsonSchema));
  return value;
}

function coerce(value: JsonValue, types: readonly string[]): JsonValue | undefined {
  for (const type of types) {
    if ((type === 'number' || type === 'integer') && typeof value === 'string') {
      const n = Number(value.trim());
      if (value.trim() !== '' && Number.isFinite(n) && (type === 'number' || Number.isInteger(n))) return n;
    }
    if (type === 'string' && (typeof value === 'number' || typeof value === 'boolean')) return String(value);
    if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  }
  return undefined;
}

function placeholder(schema: JsonSchema | undefined): JsonValue {
  if (!schema || !isRecord(schema)) return '';
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0] as JsonValue;
  switch (typesOf(schema)[0]) {
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    case 'null':
      return null;
    default:
      return '';
  }
}
