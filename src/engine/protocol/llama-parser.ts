/**
 * The Llama 3.2 parser: a call is recognised only when the whole trimmed output — after an optional
 * `<|python_tag|>`, or inside one ``` fence — is JSON: one `{"name", "parameters"}` object, or several
 * separated by `;` or blanks. Anything else is content. Output that starts with `{` is a call attempt in this
 * format, so when it cannot be read it is flagged and kept as content (and may be answered with an error
 * result); JSON after prose is never a call (it may be an example for the user), only noted.
 * The contract's Llama paragraph and its last decision; the fixtures in `./fixtures/` pin every case.
 */
import type { CallReading, IssueDraft } from './call-object';
import { readCallObject } from './call-object';
import type { JsonNode } from './json-text';
import { readJsonValue } from './json-text';
import { ParseCollector, guessName, lineAround, skipBlanks } from './parse-collector';
import type { ParseOptions, ParseResult } from './parse-result';

export const PYTHON_TAG = '<|python_tag|>';
const FENCE = '```';
/** A call-shaped object somewhere in prose: `{"name": …`. */
const CALL_IN_PROSE = /\{\s*"name"\s*:/;

/** Parses raw output written in Llama 3.2's JSON call format. */
export function parseLlamaOutput(raw: string, options: ParseOptions = {}): ParseResult {
  const collector = new ParseCollector();
  const text = raw.trim();
  let i = 0;
  if (text.startsWith(PYTHON_TAG)) i = skipBlanks(text, PYTHON_TAG.length);
  let end = text.length;
  let fence: 'none' | 'closed' | 'open' = 'none';
  if (text.startsWith(FENCE, i)) {
    let inner = i + FENCE.length;
    while (inner < text.length && /[\w-]/.test(text[inner]!)) inner++; // the info string, e.g. "json"
    inner = skipBlanks(text, inner);
    if (text[inner] !== '{') return prose(collector, text);
    const closed = text.length - FENCE.length > inner && text.endsWith(FENCE);
    fence = closed ? 'closed' : 'open';
    i = inner;
    if (closed) end = text.length - FENCE.length;
  }
  if (text[i] !== '{') return prose(collector, text);

  const read = readObjects(text, i, end);
  const body = text.slice(i, end).trim();
  const fail = (drafts: IssueDraft[], error: string): ParseResult => {
    collector.addFailed({ text, name: guessName(body), body, error }, [...fenceDraft(fence), ...drafts]);
    return collector.result(text, null);
  };
  if (!read.ok) {
    if (read.incomplete) collector.cutOff = true;
    return fail([{ kind: 'invalid_json', detail: read.detail }], read.error);
  }
  if (fence === 'open') {
    return fail(
      [{ kind: 'invalid_json', detail: 'The ``` fence around the call is never closed; kept as text.' }],
      'the ``` fence around the call is never closed',
    );
  }
  const answer = read.nodes.find(isNamedWithoutParameters);
  if (answer !== undefined) {
    collector.addTextIssue(
      {
        kind: 'json_not_a_call',
        detail:
          'The output is JSON with a "name" but no "parameters" (nor "arguments"): in this format a call needs both, ' +
          'so it is read as the answer, not run.',
      },
      text.slice(answer.start, answer.end),
    );
    return collector.result(text, null);
  }
  const readings = read.nodes.map((node) => readCallObject(node, 'llama-json', options.tools));
  const failure = readings.find((r) => !r.ok);
  if (failure !== undefined && !failure.ok)
    return fail(
      readings.flatMap((r) => r.issues),
      failure.error,
    );
  const drafts: IssueDraft[] = [...fenceDraft(fence)];
  if (readings.length > 1) {
    drafts.push({
      kind: 'multiple_calls',
      detail:
        `${readings.length} calls in one turn. Llama 3.2's template renders one call per assistant turn, so this ` +
        'turn is sent back as single-call turns, each followed by its result (see the Prompt view).',
    });
  }
  collector.addCalls(text, readings as Extract<CallReading, { ok: true }>[], drafts);
  return collector.result('', null);
}

/** `{"name": "…", …}` with neither `parameters` nor `arguments`: the contract's "otherwise content". */
function isNamedWithoutParameters(node: JsonNode): boolean {
  if (node.kind !== 'object') return false;
  const name = node.entries.findLast((e) => e.key === 'name')?.value;
  if (name?.kind !== 'string' || name.value.trim() === '') return false;
  return !node.entries.some((e) => e.key === 'parameters' || e.key === 'arguments');
}

function fenceDraft(fence: 'none' | 'closed' | 'open'): IssueDraft[] {
  return fence === 'closed'
    ? [{ kind: 'fenced_json', detail: 'The call is wrapped in a ``` fence; the fence was removed.' }]
    : [];
}

/** Not a call attempt: the whole output is content; a call-shaped object in it is noted, never called. */
function prose(collector: ParseCollector, text: string): ParseResult {
  const mention = CALL_IN_PROSE.exec(text);
  if (mention) {
    collector.addTextIssue(
      {
        kind: 'prose_mention',
        detail: 'A call-shaped JSON object follows prose: in this format a call is the whole output, so it is text.',
      },
      lineAround(text, mention.index),
    );
  }
  return collector.result(text, null);
}

type ObjectsRead =
  | { readonly ok: true; readonly nodes: readonly JsonNode[] }
  | { readonly ok: false; readonly error: string; readonly detail: string; readonly incomplete: boolean };

/** Objects separated by `;` or blanks, filling [start, end) exactly. */
function readObjects(text: string, start: number, end: number): ObjectsRead {
  const scope = text.slice(0, end);
  const nodes: JsonNode[] = [];
  let i = start;
  for (;;) {
    const read = readJsonValue(scope, i);
    if (!read.ok) {
      return read.error.incomplete
        ? {
            ok: false,
            error: 'the call was cut off before its JSON ended',
            detail: 'The call is cut off: its JSON never ends (the token limit, or a stop). Kept as text, not run.',
            incomplete: true,
          }
        : {
            ok: false,
            error: `invalid JSON: ${read.error.message}`,
            detail: `The output starts like a call but is not valid JSON (${read.error.message}); kept as text.`,
            incomplete: false,
          };
    }
    nodes.push(read.value);
    let next = skipBlanks(scope, read.value.end);
    if (scope[next] === ';') next = skipBlanks(scope, next + 1);
    if (next >= scope.length) return { ok: true, nodes };
    if (scope[next] !== '{') {
      return {
        ok: false,
        error: 'text after the JSON',
        detail: 'Text follows the JSON: in this format a call is the whole output, so it is kept as text.',
        incomplete: false,
      };
    }
    i = next;
  }
}
