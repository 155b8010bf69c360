/**
 * What a parser makes of one raw model output, as `../shared/reference/tool-call-parsing.md` (the contract)
 * defines it: `content`, `reasoning`, `calls`, `malformed` and the `issues` — every problem the parser
 * forgave or flagged, so the UI can show it instead of forgiving silently. Pure types and the issue texts.
 */
import type { ParseIssueKind } from '../messages';
import type { ToolDefinition } from '../tool';

// The call formats and the issue kinds belong to the messages and the runtime port (a call carries its issues, a
// response its format): defined there, named here too for the parsers.
export { CALL_FORMATS, type CallFormat } from '../runtime';
export { PARSE_ISSUE_KINDS, type ParseIssueKind } from '../messages';

/** Issues that are not format problems: `malformed` is any issue except these. */
const NOT_MALFORMED: ReadonlySet<ParseIssueKind> = new Set([
  'unknown_tool',
  'multiple_calls',
  'prose_mention',
  'json_not_a_call',
]);

export function isMalformedIssue(kind: ParseIssueKind): boolean {
  return !NOT_MALFORMED.has(kind);
}

/** One issue as a parser finds it: tied to a call of the result, or to a block that failed, or to the text. */
export interface FoundIssue {
  readonly kind: ParseIssueKind;
  /** True when the result still holds a call for this problem. */
  readonly recovered: boolean;
  /** One sentence for the learner: what the model wrote and what the parser made of it. */
  readonly detail: string;
  /** The raw text the issue is about (a failed block verbatim, a stray tag, a prose mention). */
  readonly excerpt?: string;
  /** Index into `calls`: the call this issue belongs to. */
  readonly call?: number;
  /** Index into `blocks`: the block this issue belongs to (a failed one, for its error result). */
  readonly block?: number;
}

/** A call read out of the text: the name and the arguments object. */
export interface ParsedCall {
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** The arguments as compact JSON; numbers JavaScript cannot hold keep their written form. */
  readonly argumentsText: string;
}

/** A stretch of the output the parser read as a call attempt, in output order. */
export type OutputBlock =
  /** Read as one or more calls: its text is not part of `content`. */
  | { readonly kind: 'calls'; readonly text: string; readonly calls: readonly ParsedCall[] }
  /** Could not be read: its text stays in `content` verbatim; the loop may answer it with an error result. */
  | {
      readonly kind: 'failed';
      readonly text: string;
      /** The tool name, when one can be made out of the broken text ('' otherwise). */
      readonly name: string;
      /** The block's body (inside the tags), the "arguments" the error call shows. */
      readonly body: string;
      /** Why it failed, in words. */
      readonly error: string;
    };

export interface ParseResult {
  /** Text for the user: what lies outside the blocks read as calls, after the reasoning. */
  readonly content: string;
  /** `null`: no think block; `''`: an empty one. */
  readonly reasoning: string | null;
  /** Every call, in order. */
  readonly calls: readonly ParsedCall[];
  /** Any format problem (an issue other than unknown_tool, multiple_calls, prose_mention and json_not_a_call). */
  readonly malformed: boolean;
  readonly issues: readonly FoundIssue[];
  /** The call attempts, read or failed, in order (what the ids are handed out along). */
  readonly blocks: readonly OutputBlock[];
  /** The output ends inside a call whose JSON never finished (a cut-off, e.g. by the token limit). */
  readonly cutOff: boolean;
}

export interface ParseOptions {
  /** The tools the request offered: a call to any other name is `unknown_tool`; their schemas check numbers. */
  readonly tools?: readonly ToolDefinition[];
}

export { MALFORMED_CALL_MODES, type MalformedCallMode } from '../stop-reasons';
