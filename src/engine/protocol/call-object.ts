/**
 * Reads one call object — `{"name": …, "arguments": {…}}` in the tag format, `{"name": …, "parameters": {…}}`
 * in Llama's — the same forgiving way for both formats (contract rule 3 and the Llama paragraph): the other
 * format's key is accepted and flagged, arguments given as a JSON string holding an object are decoded, a
 * missing key gives `{}`. What cannot be a call (no name, arguments that are not an object) fails, with why.
 */
import { assertNever } from '../result';
import type { ToolDefinition } from '../tool';
import { describeNumberProblem, findNumberProblems } from './argument-numbers';
import type { JsonNode } from './json-text';
import { readJsonDocument, toCompactJson, toJsonValue } from './json-text';
import type { CallFormat, ParsedCall, ParseIssueKind } from './parse-result';

/** An issue before the caller knows whether the call survives its block. */
export interface IssueDraft {
  readonly kind: ParseIssueKind;
  readonly detail: string;
}

export type CallReading =
  | { readonly ok: true; readonly call: ParsedCall; readonly issues: readonly IssueDraft[] }
  | { readonly ok: false; readonly error: string; readonly issues: readonly IssueDraft[] };

const KEYS: Record<
  CallFormat,
  { readonly canonical: string; readonly other: string; readonly otherKind: ParseIssueKind }
> = {
  'tool-call-tags': { canonical: 'arguments', other: 'parameters', otherKind: 'parameters_key' },
  'llama-json': { canonical: 'parameters', other: 'arguments', otherKind: 'arguments_key' },
};

export function readCallObject(
  node: JsonNode,
  format: CallFormat,
  tools: readonly ToolDefinition[] | undefined,
): CallReading {
  const issues: IssueDraft[] = [];
  const fail = (kind: ParseIssueKind, detail: string): CallReading => ({
    ok: false,
    error: detail,
    issues: [...issues, { kind, detail }],
  });
  if (node.kind !== 'object')
    return fail('missing_name', `The block holds ${describeKind(node)}, not a call object with a "name".`);
  const name = lastEntry(node, 'name');
  if (name?.kind !== 'string' || name.value.trim() === '') {
    return fail('missing_name', 'The call has no "name" string, so it names no tool: not a call.');
  }
  const keys = KEYS[format];
  let args = lastEntry(node, keys.canonical);
  if (args === undefined) {
    args = lastEntry(node, keys.other);
    if (args !== undefined) {
      issues.push({
        kind: keys.otherKind,
        detail: `The model wrote "${keys.other}" instead of "${keys.canonical}"; read as the arguments.`,
      });
    }
  }
  let argsNode: JsonNode;
  if (args === undefined) {
    issues.push({ kind: 'missing_arguments', detail: `The call has no "${keys.canonical}"; read as {}.` });
    argsNode = { kind: 'object', start: 0, end: 0, entries: [] };
  } else if (args.kind === 'string') {
    const decoded = readJsonDocument(args.value);
    if (!decoded.ok || decoded.value.kind !== 'object') {
      return fail('arguments_not_object', 'The arguments are a string that does not hold a JSON object: not a call.');
    }
    issues.push({
      kind: 'arguments_as_string',
      detail: 'The arguments came as a JSON string holding an object; decoded.',
    });
    argsNode = decoded.value;
  } else if (args.kind === 'object') {
    argsNode = args;
  } else {
    return fail('arguments_not_object', `The arguments are ${describeKind(args)}, not an object: not a call.`);
  }
  const tool = tools?.find((t) => t.name === name.value);
  if (tools !== undefined && tool === undefined) {
    issues.push({
      kind: 'unknown_tool',
      detail: `The request offered no tool named "${name.value}"; the call is kept and answered by the loop.`,
    });
  }
  const numbers = findNumberProblems(argsNode, tool?.inputSchema);
  if (numbers.length > 0) {
    issues.push({
      kind: 'unrepresentable_number',
      detail: `${numbers.map(describeNumberProblem).join('; ')}. The call is refused before it runs (invalid arguments).`,
    });
  }
  return {
    ok: true,
    call: {
      name: name.value,
      arguments: toJsonValue(argsNode) as Record<string, unknown>,
      argumentsText: toCompactJson(argsNode),
    },
    issues,
  };
}

function lastEntry(node: Extract<JsonNode, { kind: 'object' }>, key: string): JsonNode | undefined {
  return node.entries.findLast((e) => e.key === key)?.value;
}

function describeKind(node: JsonNode): string {
  switch (node.kind) {
    case 'object':
      return 'an object';
    case 'array':
      return 'an array';
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'null':
      return 'null';
    default:
      return assertNever(node);
  }
}
