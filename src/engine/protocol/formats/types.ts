/**
 * Per-model-family prompt formats. A format turns the app's messages and tools into the messages a runtime
 * receives (the "wire" messages: string content, tools rendered where that family was trained to see them),
 * renders the exact prompt text the runtime's conversation template builds from them (split into parts for
 * token counts), builds the output constraint for its call syntax, and parses that syntax back. Pure: no
 * runtime library, no DOM.
 */
import type { Message } from '../../messages';
import type { ToolChoice } from '../../runtime';
import type { ToolDefinition } from '../../tool';
import type { CallFormat, ParseOptions, ParseResult } from '../parse-result';

export type FormatId = 'qwen2.5' | 'qwen3' | 'llama-3.2' | 'hermes';

/** What the runtime receives: OpenAI-style messages with string content (web-llm's rule). */
export interface WireMessage {
  readonly role: 'system' | 'user' | 'assistant' | 'tool';
  readonly content: string;
}

/** Which part of the prompt a piece of text belongs to, for the per-part token counts. */
export type PromptPartKind = 'system' | 'tools' | 'history' | 'new';

export interface PromptSegment {
  readonly part: PromptPartKind;
  readonly text: string;
}

export interface FormatOptions {
  /** Qwen3 only: false asks for no reasoning (an empty `<think>` block opens the reply). */
  readonly enableThinking?: boolean;
  /**
   * Llama 3.2 only: the "Today Date" line as the template prints it ("02 Dec 2026"); the run's date in the app
   * (see `../prompt-date`), injected so renders are deterministic. Default "26 Jul 2024", the template's own.
   */
  readonly dateString?: string;
}

/** A wire message plus which parts its content holds (tools may sit inside a system or user message). */
export interface AnnotatedWireMessage extends WireMessage {
  readonly segments: readonly PromptSegment[];
}

/** xgrammar's structural-tag format (web-llm `response_format: {type: "structural_tag"}`). */
export interface TriggeredTagsFormat {
  readonly type: 'triggered_tags';
  readonly triggers: readonly string[];
  readonly tags: readonly {
    readonly begin: string;
    readonly content: { readonly type: 'json_schema'; readonly json_schema: Record<string, unknown> };
    readonly end: string;
  }[];
  readonly at_least_one: boolean;
  readonly stop_after_first: boolean;
}

export interface PromptFormat {
  readonly id: FormatId;
  readonly label: string;
  /**
   * The role tool results are sent with: `tool` only where the runtime's conversation template declares
   * that role (Llama 3.1/3.2 → ipython, Hermes → tool); otherwise a user message of `<tool_response>` blocks.
   */
  readonly toolResultRole: 'tool' | 'user';
  /** False where the family's template accepts one call per assistant turn (Llama 3.2). */
  readonly supportsParallelCalls: boolean;
  /** The app's history and tools as the runtime receives them. */
  toWire(
    messages: readonly Message[],
    tools: readonly ToolDefinition[],
    options?: FormatOptions,
  ): AnnotatedWireMessage[];
  /** The exact prompt text the runtime's template builds from `toWire`'s output, generation prompt included. */
  renderPrompt(
    messages: readonly Message[],
    tools: readonly ToolDefinition[],
    options?: FormatOptions,
  ): PromptSegment[];
  /** The output constraint for `choice`; null when no tools are exposed or the choice is `none`. */
  structuralTag(tools: readonly ToolDefinition[], choice: ToolChoice, parallel: boolean): TriggeredTagsFormat | null;
  /** The call syntax this family writes; a runtime reports it so the harness parses with the right parser. */
  readonly callFormat: CallFormat;
  /** Parses this family's call syntax out of raw output (the parser of `callFormat`); never throws. */
  parse(raw: string, options?: ParseOptions): ParseResult;
  /** Every known way the rendered prompt differs from the official Hugging Face chat template (tested). */
  readonly knownDifferences: readonly string[];
  /**
   * What this history makes the prompt do that the official template would not (e.g. a Llama turn with two
   * calls, which its template refuses): one sentence each, shown beside the prompt. Empty when nothing.
   */
  historyNotes(messages: readonly Message[]): readonly string[];
}

export function promptText(segments: readonly PromptSegment[]): string {
  return segments.map((s) => s.text).join('');
}

/** Index of the first message of the newest turn: everything after the last assistant message. */
export function newTurnStart(messages: readonly { role: string }[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === 'assistant') return i + 1;
  return messages[0]?.role === 'system' ? 1 : 0;
}
