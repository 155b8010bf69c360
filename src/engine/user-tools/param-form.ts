/**
 * The parameter form's model and what it produces: a zod 4 schema (the validator), the zod source text (what a
 * learner would write by hand) and the JSON Schema the model receives. The form model is plain JSON so it can
 * be stored, exported and edited; the zod schema is rebuilt from it whenever needed.
 */
import { z } from 'zod';
import type { JsonSchema } from '../tool';
import { zodToToolSchema } from '../tool';
import { assertNever } from '../result';
import type { StudioProblem } from './problems';
import { problemText } from './problems';

export const PARAM_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

/** The shape of one value: a parameter, a nested property, or the items of an array. */
export interface ParamShape {
  readonly type: ParamType;
  readonly description: string;
  /** Allowed values (string, number and integer only); empty means "any". Numbers are written as text. */
  readonly enumValues: readonly string[];
  /** The properties of an object. */
  readonly properties: readonly ParamField[];
  /** The items of an array; null for other types. */
  readonly items: ParamShape | null;
}

/** A named property of an object (a top-level parameter is a property of the root object). */
export interface ParamField extends ParamShape {
  readonly name: string;
  readonly required: boolean;
}

export const paramShapeSchema: z.ZodType<ParamShape> = z.lazy(() =>
  z.object({
    type: z.enum(PARAM_TYPES),
    description: z.string(),
    enumValues: z.array(z.string()),
    properties: z.array(paramFieldSchema),
    items: paramShapeSchema.nullable(),
  }),
);

export const paramFieldSchema: z.ZodType<ParamField> = z.lazy(() =>
  z.object({
    name: z.string(),
    required: z.boolean(),
    type: z.enum(PARAM_TYPES),
    description: z.string(),
    enumValues: z.array(z.string()),
    properties: z.array(paramFieldSchema),
    items: paramShapeSchema.nullable(),
  }),
);

export function emptyShape(type: ParamType = 'string'): ParamShape {
  return {
    type,
    description: '',
    enumValues: [],
    properties: [],
    items: type === 'array' ? emptyShape('string') : null,
  };
}

export function newField(name: string, type: ParamType = 'string'): ParamField {
  return { ...emptyShape(type), name, required: true };
}

/** Changes a shape's type, keeping what still applies (description; enum for scalar types). */
export function withType<T extends ParamShape>(shape: T, type: ParamType): T {
  const scalar = type === 'string' || type === 'number' || type === 'integer';
  return {
    ...shape,
    type,
    enumValues: scalar ? shape.enumValues : [],
    properties: type === 'object' ? shape.properties : [],
    items: type === 'array' ? (shape.items ?? emptyShape('string')) : null,
  };
}

const PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Every problem of the form, each with the path of the field it concerns. Empty when the form is usable. */
export function checkParamForm(fields: readonly ParamField[]): string[] {
  return paramFormProblems(fields).map((p) => problemText(p));
}

/** `checkParamForm`'s problems as data (the studio words them in the page's language). */
export function paramFormProblems(fields: readonly ParamField[]): StudioProblem[] {
  const problems: StudioProblem[] = [];
  checkFields(fields, '', problems);
  return problems;
}

function checkFields(fields: readonly ParamField[], path: string, problems: StudioProblem[]): void {
  const seen = new Set<string>();
  fields.forEach((field, index) => {
    const where = field.name ? `${path}${field.name}` : `${path}#${index + 1}`;
    if (field.name === '') problems.push({ code: 'paramNameMissing', values: { where } });
    else if (!PROPERTY_NAME.test(field.name)) {
      problems.push({ code: 'paramNameInvalid', values: { where } });
    } else if (seen.has(field.name)) problems.push({ code: 'paramNameTwice', values: { where, name: field.name } });
    seen.add(field.name);
    checkShape(field, where, problems);
  });
}

function checkShape(shape: ParamShape, where: string, problems: StudioProblem[]): void {
  const values = shape.enumValues;
  if (values.length > 0) {
    if (new Set(values).size !== values.length) problems.push({ code: 'enumTwice', values: { where } });
    if (shape.type === 'number' || shape.type === 'integer') {
      for (const value of values) {
        const n = Number(value);
        if (value.trim() === '' || !Number.isFinite(n))
          problems.push({ code: 'enumNotNumber', values: { where, value } });
        else if (shape.type === 'integer' && !Number.isInteger(n)) {
          problems.push({ code: 'enumNotInteger', values: { where, value } });
        }
      }
    }
  }
  if (shape.type === 'object') checkFields(shape.properties, `${where}.`, problems);
  if (shape.type === 'array') checkShape(shape.items ?? emptyShape(), `${where}[]`, problems);
}

/** Builds the zod schema of the root object. Assumes `checkParamForm` found nothing. */
export function formToZod(fields: readonly ParamField[]): z.ZodObject {
  return z.strictObject(Object.fromEntries(fields.map((f) => [f.name, fieldToZod(f)])));
}

function fieldToZod(field: ParamField): z.ZodType {
  const schema = shapeToZod(field);
  return field.required ? schema : schema.optional();
}

function shapeToZod(shape: ParamShape): z.ZodType {
  let schema: z.ZodType;
  switch (shape.type) {
    case 'string':
      schema = shape.enumValues.length > 0 ? z.enum(shape.enumValues as [string, ...string[]]) : z.string();
      break;
    case 'number':
    case 'integer':
      schema =
        shape.enumValues.length > 0
          ? z.literal(shape.enumValues.map(Number) as [number, ...number[]])
          : shape.type === 'integer'
            ? z.int()
            : z.number();
      break;
    case 'boolean':
      schema = z.boolean();
      break;
    case 'object':
      schema = formToZod(shape.properties);
      break;
    case 'array':
      schema = z.array(shapeToZod(shape.items ?? emptyShape()));
      break;
    default:
      return assertNever(shape.type);
  }
  return shape.description.trim() ? schema.describe(shape.description.trim()) : schema;
}

/** The zod source a learner would write for this form, e.g. `z.strictObject({ a: z.number() })`. */
export function formToZodSource(fields: readonly ParamField[], indent = ''): string {
  if (fields.length === 0) return 'z.strictObject({})';
  const inner = indent + '  ';
  const lines = fields.map((f) => `${inner}${f.name}: ${shapeToSource(f, inner)}${f.required ? '' : '.optional()'},`);
  return `z.strictObject({\n${lines.join('\n')}\n${indent}})`;
}

function shapeToSource(shape: ParamShape, indent: string): string {
  let source: string;
  switch (shape.type) {
    case 'string':
      source =
        shape.enumValues.length > 0
          ? `z.enum([${shape.enumValues.map((v) => JSON.stringify(v)).join(', ')}])`
          : 'z.string()';
      break;
    case 'number':
    case 'integer':
      source =
        shape.enumValues.length > 0
          ? `z.literal([${shape.enumValues.map((v) => String(Number(v))).join(', ')}])`
          : shape.type === 'integer'
            ? 'z.int()'
            : 'z.number()';
      break;
    case 'boolean':
      source = 'z.boolean()';
      break;
    case 'object':
      source = formToZodSource(shape.properties, indent);
      break;
    case 'array':
      source = `z.array(${shapeToSource(shape.items ?? emptyShape(), indent)})`;
      break;
    default:
      return assertNever(shape.type);
  }
  const description = shape.description.trim();
  return description ? `${source}.describe(${JSON.stringify(description)})` : source;
}

/** The JSON Schema the model receives for this form (via `z.toJSONSchema`, see `zodToToolSchema`). */
export function formToJsonSchema(fields: readonly ParamField[]): JsonSchema {
  return stripSafeIntegerBounds(zodToToolSchema(formToZod(fields))) as JsonSchema;
}

/**
 * `z.int()` adds `minimum`/`maximum` of ±2^53-1 to the JSON Schema: they cost prompt tokens and tell a model
 * nothing, so they are dropped from what it receives (the validator still enforces them).
 */
function stripSafeIntegerBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripSafeIntegerBounds);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'minimum' && inner === Number.MIN_SAFE_INTEGER) continue;
    if (key === 'maximum' && inner === Number.MAX_SAFE_INTEGER) continue;
    out[key] = stripSafeIntegerBounds(inner);
  }
  return out;
}

/**
 * Best-effort reverse: a JSON Schema (a preset's, an MCP tool's) as a form, or null when it uses keywords the
 * form cannot express (then the tool is edited as JSON Schema).
 */
export function jsonSchemaToForm(schema: JsonSchema): ParamField[] | null {
  if (schema.type !== 'object') return null;
  return objectToFields(schema);
}

const FORM_KEYWORDS = new Set([
  'type',
  'description',
  'enum',
  'properties',
  'required',
  'items',
  'additionalProperties',
]);
/** Bounds the form drops anyway (see `stripSafeIntegerBounds`); any other bound needs the JSON Schema editor. */
const SAFE_BOUNDS: Record<string, number> = { minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };

function objectToFields(schema: Record<string, unknown>): ParamField[] | null {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  if (typeof properties !== 'object' || properties === null) return null;
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
  const fields: ParamField[] = [];
  for (const [name, value] of Object.entries(properties)) {
    const shape = toShape(value);
    if (!shape) return null;
    fields.push({ ...shape, name, required: required.includes(name) });
  }
  return fields;
}

function toShape(value: unknown): ParamShape | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const schema = value as Record<string, unknown>;
  if (Object.entries(schema).some(([k, v]) => !FORM_KEYWORDS.has(k) && SAFE_BOUNDS[k] !== v)) return null;
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) return null;
  const type = schema.type;
  if (typeof type !== 'string' || !(PARAM_TYPES as readonly string[]).includes(type)) return null;
  const description = typeof schema.description === 'string' ? schema.description : '';
  const enumValues = Array.isArray(schema.enum) ? schema.enum.map(String) : [];
  const base = { ...emptyShape(type as ParamType), description, enumValues };
  if (type === 'object') {
    const properties = objectToFields(schema);
    return properties ? { ...base, properties } : null;
  }
  if (type === 'array') {
    const items = schema.items === undefined ? emptyShape('string') : toShape(schema.items);
    return items ? { ...base, items } : null;
  }
  return base;
}
