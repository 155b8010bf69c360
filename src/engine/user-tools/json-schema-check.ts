/**
 * Checks a tool input schema given as JSON Schema (pasted by the user, or an MCP tool's `inputSchema`).
 * A hostile schema is bounded first, without recursion: nesting depth, node count and size (a schema nested
 * thousands of levels deep would otherwise overflow the stack of every recursive walk after it). Then
 * `$ref` cycles that pass through no structure (`a → b → a`, which describe no value at all: a validator or a
 * grammar built from them loops forever) are refused by path, while a legitimately recursive schema (a tree whose
 * `children` items refer back to the node) is kept. `z.fromJSONSchema` alone accepts some malformed schemas
 * (e.g. `"properties": 5`), so the structure is checked — every keyword whose shape is known, recursively — and
 * finally zod must be able to build a validator from it.
 */
import type { JsonSchema, Validator } from '../tool';
import { jsonSchemaValidator } from '../tool';
import type { StudioProblem, StudioProblemCode, StudioProblems } from './problems';
import { problemText, quotedProblem, refuse } from './problems';
import type { Result } from '../result';

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/** A keyword's problem: its code and values; the path (`where`) is added by the caller. */
type KeywordProblem = { readonly code: StudioProblemCode; readonly values?: Readonly<Record<string, string>> };
type Check = (value: unknown) => KeywordProblem | null;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const nonNegativeInt: Check = (v) =>
  Number.isInteger(v) && (v as number) >= 0 ? null : { code: 'mustBeNonNegativeInteger' };
const number: Check = (v) => (typeof v === 'number' && Number.isFinite(v) ? null : { code: 'mustBeNumber' });
const string: Check = (v) => (typeof v === 'string' ? null : { code: 'mustBeString' });

/** The keywords whose shape is checked; others pass through (JSON Schema allows extension keywords). */
const KEYWORDS: Record<string, Check> = {
  description: string,
  title: string,
  pattern: (v) => {
    if (typeof v !== 'string') return { code: 'mustBeString' };
    try {
      new RegExp(v, 'u');
      return null;
    } catch {
      return { code: 'badPattern', values: { value: JSON.stringify(v) } };
    }
  },
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
    if (types.length === 0) return { code: 'noType' };
    const bad = types.find((t) => typeof t !== 'string' || !JSON_TYPES.has(t));
    return bad === undefined
      ? null
      : { code: 'badType', values: { value: String(JSON.stringify(bad)), types: [...JSON_TYPES].join(', ') } };
  },
  required: (v) => (Array.isArray(v) && v.every((n) => typeof n === 'string') ? null : { code: 'requiredNotNames' }),
  enum: (v) => (Array.isArray(v) && v.length > 0 ? null : { code: 'enumEmpty' }),
};
const SUBSCHEMA = new Set(['items', 'additionalProperties', 'not']);
const SUBSCHEMA_MAPS = new Set(['properties', '$defs', 'definitions']);
const SUBSCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);
/** Annotations zod ignores and values it takes as they are. */
const INERT = new Set([
  'const',
  'default',
  'examples',
  '$schema',
  '$id',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/**
 * Whether every keyword of the schema is one this module checks in full (or zod ignores) and there is no `$ref`:
 * then zod builds a validator from it for sure (a property test proves it), and it can be built on first use
 * instead of now. Anything else is built at once, so zod's own refusal is reported at import.
 */
function isPlain(node: unknown): boolean {
  if (typeof node === 'boolean') return true;
  if (!isObject(node)) return false;
  for (const [key, value] of Object.entries(node)) {
    if (KEYWORDS[key] || INERT.has(key)) continue;
    // zod reads no `not` (but `{not: {}}`): such a schema is built at once, to report it.
    if (SUBSCHEMA.has(key) && key !== 'not') {
      if (!isPlain(value)) return false;
    } else if (SUBSCHEMA_MAPS.has(key)) {
      if (!isObject(value) || !Object.values(value).every(isPlain)) return false;
    } else if (SUBSCHEMA_LISTS.has(key)) {
      if (!Array.isArray(value) || !value.every(isPlain)) return false;
    } else return false;
  }
  return true;
}

/** Bounds on one tool input schema. Real MCP schemas stay far below them. */
export const SCHEMA_LIMITS = {
  /** Nesting of JSON objects and arrays (a schema level is usually two: `properties` → the property). */
  maxDepth: 64,
  /** JSON objects and arrays in the schema. */
  maxNodes: 5_000,
  /** Characters of its JSON text. */
  maxChars: 200_000,
} as const;

/**
 * Measures depth and node count iteratively, stopping at the first bound passed; the size is measured only once
 * the depth is known to be safe for JSON.stringify. Null when the schema is within bounds.
 */
export function checkSchemaBounds(value: unknown): string | null {
  const { problem } = measureSchema(value);
  return problem ? problemText(problem) : null;
}

/** The bounds check, and whether the schema holds a `$ref` anywhere (only then can it have a ref cycle). */
function measureSchema(value: unknown): { problem: StudioProblem | null; hasRef: boolean } {
  const stack: [unknown, number][] = [[value, 1]];
  let nodes = 0;
  let hasRef = false;
  const fail = (problem: StudioProblem) => ({ problem, hasRef });
  const count = (n: number) => n.toLocaleString('en');
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (!hasRef && !Array.isArray(node) && '$ref' in node) hasRef = true;
    if (depth > SCHEMA_LIMITS.maxDepth) {
      return fail({ code: 'schemaTooDeep', values: { max: String(SCHEMA_LIMITS.maxDepth) } });
    }
    if (++nodes > SCHEMA_LIMITS.maxNodes) {
      return fail({ code: 'schemaTooManyNodes', values: { max: count(SCHEMA_LIMITS.maxNodes) } });
    }
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  const chars = JSON.stringify(value).length;
  if (chars > SCHEMA_LIMITS.maxChars) {
    return fail({ code: 'schemaTooLong', values: { chars: count(chars), max: count(SCHEMA_LIMITS.maxChars) } });
  }
  return { problem: null, hasRef };
}

/** Keywords whose subschemas apply to the same value (no structure consumed): cycles through only these loop. */
const IN_PLACE = ['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else'] as const;

/**
 * Finds a `$ref` cycle that passes through no structure — e.g. `#/$defs/a` is `{"$ref": "#/$defs/b"}` and `b`
 * refers back to `a` — and returns it as a path ("#/$defs/a → #/$defs/b → #/$defs/a"); null when there is none.
 * Recursion through `properties`, `items`, `additionalProperties` and the like consumes a level of the value,
 * so it ends, and is allowed.
 */
export function findStructurelessRefCycle(root: JsonSchema): string | null {
  // In-place edges of a schema node: its $ref target (with the pointer, for the message) and in-place subschemas.
  const edges = (node: unknown): { target: unknown; via: string | null }[] => {
    if (!isObject(node)) return [];
    const out: { target: unknown; via: string | null }[] = [];
    if (typeof node.$ref === 'string') out.push({ target: resolveLocalPointer(root, node.$ref), via: node.$ref });
    for (const key of IN_PLACE) {
      const value = node[key];
      if (Array.isArray(value)) for (const item of value) out.push({ target: item, via: null });
      else if (isObject(value)) out.push({ target: value, via: null });
    }
    return out.filter((e) => isObject(e.target));
  };
  const done = new Set<unknown>();
  // Every schema node is a possible start: walk the whole tree, then search in-place edges from each node.
  const all: unknown[] = [];
  const walk: unknown[] = [root];
  // Breadth first, in document order, so the cycle reported starts where a reader meets it first.
  for (let i = 0; i < walk.length; i++) {
    const node = walk[i];
    if (typeof node !== 'object' || node === null) continue;
    if (isObject(node)) all.push(node);
    for (const child of Array.isArray(node) ? node : Object.values(node)) walk.push(child);
  }
  for (const start of all) {
    if (done.has(start)) continue;
    // Iterative DFS: a node met again while still on the current path closes a cycle.
    const onPath = new Map<unknown, number>();
    const path: { node: unknown; via: string | null }[] = [];
    const stack: { node: unknown; via: string | null; next: number }[] = [{ node: start, via: null, next: 0 }];
    onPath.set(start, 0);
    path.push({ node: start, via: null });
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const out = edges(frame.node);
      if (frame.next >= out.length) {
        stack.pop();
        path.pop();
        onPath.delete(frame.node);
        done.add(frame.node);
        continue;
      }
      const edge = out[frame.next++]!;
      if (onPath.has(edge.target)) {
        const from = onPath.get(edge.target)!;
        const refs = [...path.slice(from + 1).map((p) => p.via), edge.via].filter((v): v is string => v !== null);
        if (refs.length === 0) continue; // a subschema nested in itself cannot happen in parsed JSON
        return [...refs.slice(-1), ...refs].join(' → ');
      }
      if (done.has(edge.target)) continue;
      onPath.set(edge.target, path.length);
      path.push({ node: edge.target, via: edge.via });
      stack.push({ node: edge.target, via: edge.via, next: 0 });
    }
  }
  return null;
}

/** A local JSON pointer (`#`, `#/$defs/x`) resolved in `root`; undefined when it does not resolve. */
function resolveLocalPointer(root: JsonSchema, pointer: string): unknown {
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

/** The first structural problem of a schema node, at its path; null when there is none. */
function checkNode(node: unknown, path: string): StudioProblem | null {
  if (typeof node === 'boolean') return null;
  if (!isObject(node)) return { code: 'expectedSchema', values: { where: path } };
  for (const [key, value] of Object.entries(node)) {
    const where = path === '(root)' ? key : `${path}.${key}`;
    const check = KEYWORDS[key];
    if (check) {
      const problem = check(value);
      if (problem) return { code: problem.code, values: { ...problem.values, where } };
    } else if (SUBSCHEMA.has(key)) {
      const problem = checkNode(value, where);
      if (problem) return problem;
    } else if (SUBSCHEMA_MAPS.has(key)) {
      if (!isObject(value)) return { code: 'notSchemaMap', values: { where } };
      for (const [name, inner] of Object.entries(value)) {
        const problem = checkNode(inner, `${where}.${name}`);
        if (problem) return problem;
      }
    } else if (SUBSCHEMA_LISTS.has(key)) {
      if (!Array.isArray(value) || value.length === 0) return { code: 'notSchemaList', values: { where } };
      for (const [index, inner] of value.entries()) {
        const problem = checkNode(inner, `${where}[${index}]`);
        if (problem) return problem;
      }
    }
  }
  return null;
}

/** A checked schema, or why not: as problems (see problems.ts) when the studio's checks refused it. */
export type SchemaCheck = Result<{ readonly schema: JsonSchema; readonly validate: Validator }, StudioProblems>;

/** Parses JSON text and checks it as a tool input schema. */
export function checkJsonSchemaText(text: string): SchemaCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return refuse({
      code: 'schemaNotJson',
      values: { detail: error instanceof Error ? error.message : String(error) },
    });
  }
  return checkToolInputSchema(value);
}

/**
 * Checks a value as a tool input schema: a JSON Schema object with `"type": "object"`, within `SCHEMA_LIMITS`,
 * without structureless `$ref` cycles. zod's validator is built on first use when the schema is plain (see
 * `isPlain`) or with `lazyValidator` (a stored tool that was checked in full when it was saved or imported), so
 * thousands of tools import and load without building thousands of validators; a schema zod cannot read then
 * fails each validation with the reason.
 */
export function checkToolInputSchema(value: unknown, options: { lazyValidator?: boolean } = {}): SchemaCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return refuse({ code: 'schemaNotObject' });
  }
  const bounds = measureSchema(value);
  if (bounds.problem) return refuse(bounds.problem);
  const schema = value as JsonSchema;
  if (schema.type !== 'object') {
    const type = JSON.stringify(schema.type) as string | undefined;
    return refuse(
      type === undefined ? { code: 'schemaTypeMissing' } : { code: 'schemaTypeNotObject', values: { type } },
    );
  }
  const problem = checkNode(schema, '(root)');
  if (problem) return refuse({ code: 'schemaInvalid', detail: problem });
  const missing = missingRequired(schema, '');
  if (missing) return refuse(missing);
  const cycle = bounds.hasRef ? findStructurelessRefCycle(schema) : null;
  if (cycle) {
    return refuse({ code: 'schemaRefCycle', values: { cycle } });
  }
  const { $schema: _dropped, ...rest } = schema;
  if (options.lazyValidator || (!bounds.hasRef && isPlain(schema))) {
    return { ok: true, value: { schema: rest, validate: lazyValidator(schema) } };
  }
  const validator = jsonSchemaValidator(schema);
  if (!validator.ok) return refuse(quotedProblem(validator.error));
  return { ok: true, value: { schema: rest, validate: guarded(validator.value) } };
}

function lazyValidator(schema: JsonSchema): Validator {
  let built: ReturnType<typeof jsonSchemaValidator> | null = null;
  return guarded((args, options) => {
    built ??= jsonSchemaValidator(schema);
    return built.ok ? built.value(args, options) : { ok: false, error: [built.error] };
  });
}

/**
 * A validator that keeps its "never throws" contract: zod throws from safeParse itself for some schemas (an allOf
 * whose parts it cannot merge), which would otherwise escape into the loop as a crash.
 */
function guarded(validate: Validator): Validator {
  return (args, options) => {
    try {
      return validate(args, options);
    } catch (error) {
      return {
        ok: false,
        error: [
          `The schema cannot validate these arguments: ${error instanceof Error ? error.message : String(error)}`,
        ],
      };
    }
  };
}

/** A `required` name that is not among the `properties` is almost always a typo: refuse it by name. */
function missingRequired(schema: Record<string, unknown>, path: string): StudioProblem | null {
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (Array.isArray(schema.required) && properties) {
    for (const name of schema.required as string[]) {
      if (!(name in properties)) {
        return { code: 'schemaRequiredMissing', values: { where: path || '(root)', name } };
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
