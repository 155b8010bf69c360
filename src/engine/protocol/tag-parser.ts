/**
 * The tag-format parser (Qwen2.5, Qwen3, Hermes): `<tool_call>{…}</tool_call>` blocks, an optional reasoning
 * prefix, text around the calls. It implements rules 1–7 and the decisions of the contract
 * (`../shared/reference/tool-call-parsing.md`); the fixtures in `./fixtures/` hold one case per rule and
 * decision. Never throws, loses no text: a block that fails stays in `content` verbatim and is flagged.
 *
 * Choices where the contract is silent, each pinned by a fixture:
 * - "before any `<tool_call>`" (rule 1) means before any `<tool_call>` that opens a block: a tag named in the
 *   model's reasoning prose does not stop a bare `</think>` from ending the reasoning.
 * - A block whose JSON is complete but never closed ends with its JSON (or at the next block); text after it
 *   is content. A `<tool_call>` at the very end of the output is a cut-off block, not prose.
 * - One object of a block that is not a call fails the whole block (it stays text as a whole): splitting a
 *   block would lose its text or show it twice.
 */
import type { ToolDefinition } from '../tool';
import type { CallReading, IssueDraft } from './call-object';
import { readCallObject } from './call-object';
import type { JsonError, JsonNode } from './json-text';
import { readJsonValue } from './json-text';
import { ParseCollector, guessName, lineAround, skipBlanks } from './parse-collector';
import type { ParseOptions, ParseResult } from './parse-result';

export const TOOL_CALL_OPEN = '<tool_call>';
export const TOOL_CALL_CLOSE = '</tool_call>';
const THINK_OPEN = '<think>';
const THINK_CLOSE = '</think>';
const FENCE = '```';

/** Parses raw output written in the `<tool_call>` format. */
export function parseTagOutput(raw: string, options: ParseOptions = {}): ParseResult {
  const collector = new ParseCollector();
  const thought = splitReasoning(raw);
  if (thought.unterminated) {
    collector.addTextIssue({
      kind: 'unterminated_think',
      detail: 'The <think> block is never closed: everything after it is read as reasoning, with no calls.',
    });
    return collector.result('', thought.reasoning);
  }
  const pieces: string[] = [];
  let pieceStart = thought.rest;
  let cursor = thought.rest;
  for (;;) {
    const open = raw.indexOf(TOOL_CALL_OPEN, cursor);
    const close = raw.indexOf(TOOL_CALL_CLOSE, cursor);
    if (close !== -1 && (open === -1 || close < open)) {
      collector.addTextIssue(
        { kind: 'stray_close_tag', detail: 'A </tool_call> with no <tool_call> before it: kept as text.' },
        TOOL_CALL_CLOSE,
      );
      cursor = close + TOOL_CALL_CLOSE.length;
      continue;
    }
    if (open === -1) break;
    if (!opensBlock(raw, open)) {
      collector.addTextIssue(
        {
          kind: 'prose_mention',
          detail: '<tool_call> is named in prose with no JSON after it: literal text, not a call.',
        },
        lineAround(raw, open),
      );
      cursor = open + TOOL_CALL_OPEN.length;
      continue;
    }
    const block = readBlock(raw, open, options.tools);
    const text = raw.slice(open, block.end);
    if (block.kind === 'calls') {
      pieces.push(raw.slice(pieceStart, open));
      pieceStart = block.end;
      collector.addCalls(text, block.readings, block.drafts);
    } else {
      collector.addFailed({ text, name: block.name, body: block.body, error: block.error }, block.drafts);
      if (block.cutOff) collector.cutOff = true;
    }
    cursor = block.end;
  }
  pieces.push(raw.slice(pieceStart));
  return collector.result(joinPieces(pieces), thought.reasoning);
}

/** Rule 5: each piece trimmed, empty ones dropped, the rest joined with one newline. */
export function joinPieces(pieces: readonly string[]): string {
  return pieces
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join('\n');
}

interface Reasoning {
  readonly reasoning: string | null;
  /** Where the text searched for calls starts. */
  readonly rest: number;
  readonly unterminated: boolean;
}

/** Rule 1: a `<think>` prefix, or a bare `</think>` before the first block (the prompt opened `<think>`). */
function splitReasoning(raw: string): Reasoning {
  const lead = raw.length - raw.trimStart().length;
  if (raw.startsWith(THINK_OPEN, lead)) {
    const close = raw.indexOf(THINK_CLOSE, lead + THINK_OPEN.length);
    if (close === -1)
      return { reasoning: raw.slice(lead + THINK_OPEN.length).trim(), rest: raw.length, unterminated: true };
    return {
      reasoning: raw.slice(lead + THINK_OPEN.length, close).trim(),
      rest: close + THINK_CLOSE.length,
      unterminated: false,
    };
  }
  const close = raw.indexOf(THINK_CLOSE);
  if (close !== -1 && !raw.slice(0, close).includes(THINK_OPEN) && firstOpener(raw, 0, close) === -1) {
    return { reasoning: raw.slice(0, close).trim(), rest: close + THINK_CLOSE.length, unterminated: false };
  }
  return { reasoning: null, rest: 0, unterminated: false };
}

/** Rule 2: `<tool_call>` opens a block when `{`, `[` or a fence follows (or nothing: the output was cut there). */
function opensBlock(raw: string, open: number): boolean {
  const next = skipBlanks(raw, open + TOOL_CALL_OPEN.length);
  return next >= raw.length || raw[next] === '{' || raw[next] === '[' || raw.startsWith(FENCE, next);
}

/** The first `<tool_call>` in [from, until) that opens a block, or -1. */
function firstOpener(raw: string, from: number, until: number): number {
  let at = raw.indexOf(TOOL_CALL_OPEN, from);
  while (at !== -1 && at < until) {
    if (opensBlock(raw, at)) return at;
    at = raw.indexOf(TOOL_CALL_OPEN, at + TOOL_CALL_OPEN.length);
  }
  return -1;
}

type BlockReading =
  | {
      readonly kind: 'calls';
      readonly end: number;
      readonly readings: readonly Extract<CallReading, { ok: true }>[];
      readonly drafts: readonly IssueDraft[];
    }
  | {
      readonly kind: 'failed';
      readonly end: number;
      readonly name: string;
      readonly body: string;
      readonly error: string;
      readonly drafts: readonly IssueDraft[];
      readonly cutOff: boolean;
    };

/** Rules 2–3 for the block opened at `open`: where it ends and what it holds. */
function readBlock(raw: string, open: number, tools: readonly ToolDefinition[] | undefined): BlockReading {
  const bodyStart = open + TOOL_CALL_OPEN.length;
  let i = skipBlanks(raw, bodyStart);
  const fenced = raw.startsWith(FENCE, i);
  if (fenced) {
    i += FENCE.length;
    while (i < raw.length && /[\w-]/.test(raw[i]!)) i++; // the info string, e.g. "json"
    i = skipBlanks(raw, i);
  }
  const values = readValues(raw, i);
  if (!values.ok) return failedBlock(raw, bodyStart, bodyStart, values.error);
  let afterJson = values.end;
  let j = skipBlanks(raw, afterJson);
  if (fenced) {
    if (!raw.startsWith(FENCE, j)) {
      return failedBlock(raw, bodyStart, j, {
        message: 'the ``` fence inside the block is never closed',
        incomplete: false,
      });
    }
    afterJson = j + FENCE.length;
    j = skipBlanks(raw, afterJson);
  }
  if (raw.startsWith(TOOL_CALL_CLOSE, j)) {
    return callsOrFailure(raw, bodyStart, j, j + TOOL_CALL_CLOSE.length, values.nodes, fenced, false, tools);
  }
  const laterClose = raw.indexOf(TOOL_CALL_CLOSE, j);
  // No close tag where the JSON ends, and none before the next block or the end: the runtime may have
  // stripped it as a stop string. The complete JSON is the block; any text after it is content.
  if (laterClose === -1 || firstOpener(raw, j, laterClose) !== -1) {
    return callsOrFailure(raw, bodyStart, afterJson, afterJson, values.nodes, fenced, true, tools);
  }
  return failedBlock(raw, bodyStart, j, {
    message: 'text beside the JSON (the block must hold JSON only)',
    incomplete: false,
  });
}

/** Reads one value, or several objects in a row (rule 3): `{…} {…}` or `[{…}, {…}]`. */
function readValues(
  raw: string,
  start: number,
): { ok: true; nodes: JsonNode[]; end: number } | { ok: false; error: JsonError } {
  const nodes: JsonNode[] = [];
  let i = start;
  for (;;) {
    const read = readJsonValue(raw, i);
    if (!read.ok) return { ok: false, error: read.error };
    nodes.push(read.value);
    const next = skipBlanks(raw, read.value.end);
    if (raw[next] !== '{' && raw[next] !== '[') return { ok: true, nodes, end: read.value.end };
    i = next;
  }
}

function callsOrFailure(
  raw: string,
  bodyStart: number,
  bodyEnd: number,
  end: number,
  nodes: readonly JsonNode[],
  fenced: boolean,
  unterminated: boolean,
  tools: readonly ToolDefinition[] | undefined,
): BlockReading {
  const candidates = nodes.flatMap((n) => (n.kind === 'array' ? n.items : [n]));
  const drafts: IssueDraft[] = [];
  if (unterminated) {
    drafts.push({
      kind: 'unterminated_tool_call',
      detail: 'The <tool_call> block is never closed, but its JSON is complete: read as a call.',
    });
  }
  if (fenced)
    drafts.push({
      kind: 'fenced_json',
      detail: 'The JSON inside the block is wrapped in a ``` fence; the fence was removed.',
    });
  if (nodes.length > 1 || nodes[0]?.kind === 'array') {
    drafts.push({
      kind: 'multiple_objects_in_block',
      detail: `One block holds ${candidates.length === 1 ? 'an array of one call' : `${candidates.length} calls`} (${nodes.length > 1 ? 'several objects' : 'an array'}); each object is read as a call.`,
    });
  }
  const readings = candidates.map((node) => readCallObject(node, 'tool-call-tags', tools));
  const failure = readings.find((r) => !r.ok);
  const body = raw.slice(bodyStart, bodyEnd).trim();
  if (candidates.length === 0 || failure !== undefined) {
    const error = failure && !failure.ok ? failure.error : 'The block holds an empty array: no call.';
    return {
      kind: 'failed',
      end,
      name: guessName(body),
      body,
      error,
      drafts: [
        ...(unterminated
          ? [{ kind: 'unterminated_tool_call' as const, detail: 'The <tool_call> block is never closed.' }]
          : []),
        ...drafts.filter((d) => d.kind !== 'unterminated_tool_call'),
        ...readings.flatMap((r) => r.issues),
        ...(candidates.length === 0 ? [{ kind: 'missing_name' as const, detail: error }] : []),
      ],
      cutOff: false,
    };
  }
  return { kind: 'calls', end, readings: readings as Extract<CallReading, { ok: true }>[], drafts };
}

/**
 * A block that is not strict JSON. It ends at its `</tool_call>` (searched from `searchFrom`: after JSON that
 * did read, so a tag inside its strings does not count), or at the next block if that comes first; with
 * neither, the output ended inside it (not closed).
 */
function failedBlock(
  raw: string,
  bodyStart: number,
  searchFrom: number,
  problem: { readonly message: string; readonly incomplete: boolean },
): BlockReading {
  const close = raw.indexOf(TOOL_CALL_CLOSE, searchFrom);
  const nextOpen = firstOpener(raw, searchFrom, close === -1 ? raw.length : close);
  const closed = close !== -1 && nextOpen === -1;
  const bodyEnd = closed ? close : nextOpen !== -1 ? nextOpen : raw.length;
  const end = closed ? close + TOOL_CALL_CLOSE.length : bodyEnd;
  const body = raw.slice(bodyStart, bodyEnd).trim();
  const cutOff = !closed && nextOpen === -1 && problem.incomplete;
  const drafts: IssueDraft[] = [];
  if (!closed) {
    drafts.push({
      kind: 'unterminated_tool_call',
      detail: cutOff
        ? 'The <tool_call> block is never closed and its JSON never ends: the output was cut off. Kept as text.'
        : 'The <tool_call> block is never closed.',
    });
  }
  if (!cutOff) {
    drafts.push({
      kind: 'invalid_json',
      detail: `The block is not valid JSON (${problem.message}); kept in the text as written.`,
    });
  }
  return {
    kind: 'failed',
    end,
    name: guessName(body),
    body,
    error: cutOff ? 'the block was cut off before its JSON ended' : `invalid JSON in the block: ${problem.message}`,
    drafts,
    cutOff,
  };
}
