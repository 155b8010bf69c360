/**
 * Numbers in tool arguments that JavaScript (and so the tool) cannot hold as the model wrote them. A
 * grammar-constrained model can write `-8e5555`: valid JSON, but `JSON.parse` makes it `-Infinity`, which
 * `JSON.stringify` prints as `null` — a tool would run with a value the model never wrote. The parsers flag
 * such numbers (`unrepresentable_number`) and tool execution refuses them with an invalid-arguments result.
 *
 * Refused: a number that overflows to ±Infinity or underflows to 0, an integer written with more digits than
 * a double holds, and — where the tool's JSON Schema says `integer` — a fraction or an integer beyond 2^53.
 */
import { assertNever } from '../result';
import type { JsonSchema } from '../tool';
import type { JsonNode } from './json-text';
import { numberLoss, readJsonDocument } from './json-text';

/** One number the arguments cannot hold: where it is (`sku`, `items[2].qty`), as written, and why. */
export interface NumberProblem {
  readonly path: string;
  readonly lexeme: string;
  readonly reason: string;
}

/** The numbers of an arguments tree that cannot be held, checked against the tool's schema when given. */
export function findNumberProblems(node: JsonNode, schema?: JsonSchema): NumberProblem[] {
  const problems: NumberProblem[] = [];
  walk(node, schema, '', problems);
  return problems;
}

/**
 * The same check on arguments text (what tool execution holds). Text that is not JSON has no number
 * problems here: the JSON error is reported on its own.
 */
export function findNumberProblemsInText(text: string, schema?: JsonSchema): NumberProblem[] {
  const read = readJsonDocument(text);
  return read.ok ? findNumberProblems(read.value, schema) : [];
}

/** "a: -8e5555 overflows to -Infinity" — one line per problem. */
export function describeNumberProblem(problem: NumberProblem): string {
  return `${problem.path || 'the arguments'}: ${problem.lexeme} ${problem.reason}`;
}

function walk(node: JsonNode, schema: JsonSchema | undefined, path: string, out: NumberProblem[]): void {
  switch (node.kind) {
    case 'object':
      for (const { key, value } of node.entries) {
        walk(value, propertySchema(schema, key), path === '' ? key : `${path}.${key}`, out);
      }
      return;
    case 'array':
      node.items.forEach((item, i) => walk(item, itemSchema(schema, i), `${path}[${i}]`, out));
      return;
    case 'number': {
      const reason = numberReason(node, schema);
      if (reason !== null) out.push({ path, lexeme: node.lexeme, reason });
      return;
    }
    case 'string':
    case 'boolean':
    case 'null':
      return;
    default:
      assertNever(node);
  }
}

function numberReason(node: Extract<JsonNode, { kind: 'number' }>, schema: JsonSchema | undefined): string | null {
  switch (numberLoss(node)) {
    case 'overflow':
      return `overflows to ${node.value > 0 ? 'Infinity' : '-Infinity'} (no finite number is that large)`;
    case 'underflow':
      return 'underflows to 0 (too small for a double)';
    case 'lost-digits':
      return `cannot be held exactly (a double keeps ${String(node.value)})`;
    case null:
      break;
  }
  if (!wantsInteger(schema)) return null;
  if (!Number.isInteger(node.value)) return 'is a fraction, but the schema asks for an integer';
  if (!Number.isSafeInteger(node.value)) return 'is an integer beyond 2^53, which JavaScript cannot hold exactly';
  return null;
}

function wantsInteger(schema: JsonSchema | undefined): boolean {
  const type = schema?.type;
  if (type === 'integer') return true;
  return Array.isArray(type) && type.includes('integer') && !type.includes('number');
}

function asSchema(value: unknown): JsonSchema | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonSchema) : undefined;
}

function propertySchema(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  const properties = asSchema(schema?.properties);
  if (properties && Object.hasOwn(properties, key)) return asSchema(properties[key]);
  return asSchema(schema?.additionalProperties);
}

function itemSchema(schema: JsonSchema | undefined, index: number): JsonSchema | undefined {
  const prefix = schema?.prefixItems;
  if (Array.isArray(prefix) && index < prefix.length) return asSchema(prefix[index]);
  return asSchema(schema?.items);
}
