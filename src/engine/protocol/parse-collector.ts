/**
 * Builds a ParseResult as a parser walks the output: blocks read as calls, blocks that failed, and issues
 * tied to a call, a block or the text. `recovered` is decided here, from where an issue ends up: on a call
 * that the result holds (true) or on a failed block or the text (false).
 */
import type { CallReading, IssueDraft } from './call-object';
import type { FoundIssue, OutputBlock, ParseResult, ParsedCall } from './parse-result';
import { isMalformedIssue } from './parse-result';

export class ParseCollector {
  private readonly calls: ParsedCall[] = [];
  private readonly blocks: OutputBlock[] = [];
  private readonly issues: FoundIssue[] = [];
  cutOff = false;

  /** A block read as calls. Block-level drafts (a fence, several objects, no close tag) go on its first call. */
  addCalls(
    text: string,
    readings: readonly Extract<CallReading, { ok: true }>[],
    blockDrafts: readonly IssueDraft[],
  ): void {
    const first = this.calls.length;
    this.blocks.push({ kind: 'calls', text, calls: readings.map((r) => r.call) });
    for (const draft of blockDrafts) this.issues.push({ ...draft, recovered: true, call: first });
    readings.forEach((reading, i) => {
      this.calls.push(reading.call);
      for (const draft of reading.issues) this.issues.push({ ...draft, recovered: true, call: first + i });
    });
  }

  /** A block that could not be read: its text stays in the content; every draft is unrecovered. */
  addFailed(block: Omit<Extract<OutputBlock, { kind: 'failed' }>, 'kind'>, drafts: readonly IssueDraft[]): void {
    const index = this.blocks.length;
    this.blocks.push({ kind: 'failed', ...block });
    for (const draft of drafts) this.issues.push({ ...draft, recovered: false, block: index, excerpt: block.text });
  }

  /** An issue about the text itself (a stray tag, a prose mention, unfinished reasoning). */
  addTextIssue(draft: IssueDraft, excerpt?: string): void {
    this.issues.push({ ...draft, recovered: false, ...(excerpt !== undefined ? { excerpt } : {}) });
  }

  result(content: string, reasoning: string | null): ParseResult {
    return {
      content,
      reasoning,
      calls: this.calls,
      malformed: this.issues.some((i) => isMalformedIssue(i.kind)),
      issues: this.issues,
      blocks: this.blocks,
      cutOff: this.cutOff,
    };
  }
}

/** The tool name a broken call attempt mentions, when one can be made out (`"name": "x"`), else ''. */
export function guessName(text: string): string {
  return /"name"\s*:\s*"([^"\\]*)"/.exec(text)?.[1] ?? '';
}

/** The line of `text` around `at`, trimmed and shortened: what a note about a mention quotes. */
export function lineAround(text: string, at: number, max = 100): string {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const newline = text.indexOf('\n', at);
  const line = text.slice(start, newline === -1 ? text.length : newline).trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The first offset at or after `from` that is not whitespace. */
export function skipBlanks(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}
