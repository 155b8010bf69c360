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
import type { JsonSchema } from '../tool';
import { err, ok, type Result } from '../result';
import type { JsonValue } from './types';

export type ArgumentIssueKind = 'missing' | 'extra' | 'type' | 'enum';

export interface ArgumentIssue {
  readonly kind: ArgumentIssueKind;
  /** Where in the arguments, as a JSON Pointer: `/b`, `/items/0/sku`; `` is the arguments object itself. */
  readonly path: string;
  /** The schema rule it breaks: `#/required`, `#/properties/b/type`, `#/additionalProperties`. */
  readonly schemaPath: string;
  /** What the schema wants: `number`, `one of add, subtract`, `a value`. */
  readonly expected: string;
  /** What the arguments hold (JSON, cut to 40 characters); absent for a missing field. */
  readonly actual?: string;
  /**
   * False for an extra field the schema allows (no `additionalProperties: false`): shown as a note, not an error.
   */
  readonly blocking: boolean;
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
          expected: describeSchema(properties[key]),
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

function describeSchema(schema: JsonSchema | undefined): string {
  if (!schema || !isRecord(schema)) return 'a value';
  if (Array.isArray(schema.enum))
    return `one of ${(schema.enum as unknown[]).map((o) => JSON.stringify(o)).join(', ')}`;
  const types = typesOf(schema);
  return types.length > 0 ? types.join(' or ') : 'a value';
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

/**
 * The text the model receives when the learner sends the check's result as the call's result: like the harness's
 * own invalid-arguments result, one line per problem, with both paths.
 */
export function validationErrorText(toolName: string, issues: readonly ArgumentIssue[]): string {
  const lines = issues
    .filter((i) => i.blocking)
    .map((i) => {
      const where = i.path === '' ? '(arguments)' : i.path;
      const got = i.actual !== undefined ? `, got ${i.actual}` : '';
      const what = i.kind === 'missing' ? `required field missing (${i.expected})` : `expected ${i.expected}${got}`;
      return `- ${where}: ${i.kind === 'extra' ? `unexpected field${got}` : what} [${i.schemaPath}]`;
    });
  return `Invalid arguments for ${toolName}:\n${lines.join('\n')}`;
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
