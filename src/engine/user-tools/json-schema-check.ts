/**
 * Checks a tool input schema given as JSON Schema (pasted by the user, or an MCP tool's `inputSchema`).
 * `z.fromJSONSchema` alone accepts some malformed schemas (e.g. `"properties": 5`), so the structure is checked
 * first — every keyword whose shape is known, recursively — then zod must be able to build a validator from it.
 */
import type { JsonSchema, ValidationResult } from '../tool';
import { jsonSchemaValidator } from '../tool';
import { type Result } from '../result';

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

type Check = (value: unknown) => string | null;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const nonNegativeInt: Check = (v) =>
  Number.isInteger(v) && (v as number) >= 0 ? null : 'must be a non-negative integer';
const number: Check = (v) => (typeof v === 'number' && Number.isFinite(v) ? null : 'must be a number');
const string: Check = (v) => (typeof v === 'string' ? null : 'must be a string');

/** The keywords whose shape is checked; others pass through (JSON Schema allows extension keywords). */
const KEYWORDS: Record<string, Check> = {
  description: string,
  title: string,
  pattern: string,
  format: string,
  minimum: number,
  maximum: number,
  exclusiveMinimum: number,
  exclusiveMaximum: number,
  minLength: nonNegativeInt,
  maxLength: nonNegativeInt,
  minItems: nonNegativeInt,
  maxItems: nonNegativeInt,
  type: (v) => {
    const types = Array.isArray(v) ? v : [v];
    if (types.length === 0) return 'must name at least one type';
    const bad = types.find((t) => typeof t !== 'string' || !JSON_TYPES.has(t));
    return bad === undefined
      ? null
      : `${JSON.stringify(bad)} is not a JSON Schema type (use ${[...JSON_TYPES].join(', ')})`;
  },
  required: (v) =>
    Array.isArray(v) && v.every((n) => typeof n === 'string') ? null : 'must be an array of property names',
  enum: (v) => (Array.isArray(v) && v.length > 0 ? null : 'must be a non-empty array of allowed values'),
};
const SUBSCHEMA = new Set(['items', 'additionalProperties', 'not']);
const SUBSCHEMA_MAPS = new Set(['properties', '$defs', 'definitions']);
const SUBSCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);

/** The first structural problem of a schema node, as "path: reason"; null when there is none. */
function checkNode(node: unknown, path: string): string | null {
  if (typeof node === 'boolean') return null;
  if (!isObject(node)) return `${path}: expected a schema object (or true / false)`;
  for (const [key, value] of Object.entries(node)) {
    const where = path === '(root)' ? key : `${path}.${key}`;
    const check = KEYWORDS[key];
    if (check) {
      const problem = check(value);
      if (problem) return `${where} ${problem}`;
    } else if (SUBSCHEMA.has(key)) {
      const problem = checkNode(value, where);
      if (problem) return problem;
    } else if (SUBSCHEMA_MAPS.has(key)) {
      if (!isObject(value)) return `${where} must be an object mapping names to schemas`;
      for (const [name, inner] of Object.entries(value)) {
        const problem = checkNode(inner, `${where}.${name}`);
        if (problem) return problem;
      }
    } else if (SUBSCHEMA_LISTS.has(key)) {
      if (!Array.isArray(value) || value.length === 0) return `${where} must be a non-empty array of schemas`;
      for (const [index, inner] of value.entries()) {
        const problem = checkNode(inner, `${where}[${index}]`);
        if (problem) return problem;
      }
    }
  }
  return null;
}

export type SchemaCheck = Result<{
  readonly schema: JsonSchema;
  readonly validate: (args: unknown) => ValidationResult;
}>;

/** Parses JSON text and checks it as a tool input schema. */
export function checkJsonSchemaText(text: string): SchemaCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      error: `The schema is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  return checkToolInputSchema(value);
}

/** Checks a value as a tool input schema: a JSON Schema object with `"type": "object"`. */
export function checkToolInputSchema(value: unknown): SchemaCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      error: 'A tool input schema must be a JSON object, like {"type": "object", "properties": {…}}.',
    };
  }
  const schema = value as JsonSchema;
  if (schema.type !== 'object') {
    return {
      ok: false,
      error: `A tool input schema must have "type": "object" (tool arguments are an object), not ${JSON.stringify(schema.type) ?? 'no type'}.`,
    };
  }
  const problem = checkNode(schema, '(root)');
  if (problem) return { ok: false, error: `Not a valid JSON Schema: ${problem}.` };
  const missing = missingRequired(schema, '');
  if (missing) return { ok: false, error: missing };
  const validator = jsonSchemaValidator(schema);
  if (!validator.ok) return { ok: false, error: validator.error };
  const { $schema: _dropped, ...rest } = schema;
  return { ok: true, value: { schema: rest, validate: validator.value } };
}

/** A `required` name that is not among the `properties` is almost always a typo: refuse it by name. */
function missingRequired(schema: Record<string, unknown>, path: string): string | null {
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (Array.isArray(schema.required) && properties) {
    for (const name of schema.required as string[]) {
      if (!(name in properties)) {
        return `Not a valid tool schema at ${path || '(root)'}: "${name}" is required but is not one of the properties.`;
      }
    }
  }
  for (const [name, inner] of Object.entries(properties ?? {})) {
    if (typeof inner === 'object' && inner !== null) {
      const found = missingRequired(inner as Record<string, unknown>, `${path}${path ? '.' : ''}${name}`);
      if (found) return found;
    }
  }
  return null;
}
