/**
 * The prompt of every model call, cut into the segments a learner reasons about — the system prompt, the tool
 * definitions, each turn of the conversation, the generation prompt — and the token counts of those segments per
 * round. One projection feeds both the Prompt tab (the diff between rounds, tokens per segment) and the Metrics
 * tab's stacked bars (system / tools / history / new / completion), so the two can never disagree.
 *
 * The segments are cut out of the prompt text the runtime reported (`trace.promptText`), never re-rendered, so
 * they are exact for whatever template produced them: ChatML turns (`<|im_start|>`: Qwen2.5, Qwen3, Hermes, the
 * scripted replay, a person playing the model, the CPU runtime) and Llama 3 turns (`<|start_header_id|>`).
 * Concatenated, the segments give the prompt back byte for byte. A call whose runtime reports no prompt text (a
 * server that applies its own template) is rendered by the app in ChatML and marked `source: 'rendered'`.
 *
 * `roundTokens` is THE token function of the page: the transcript's "prompt → completion tokens", the Prompt tab's
 * parts, the Metrics tab's totals, table and bars, and the tool-search meter all read it, so one prompt has one
 * count per source. The rule: the runtime's own count when it reports one (its usage for the whole prompt and the
 * completion, its per-part counts), otherwise one estimate from one tokenizer (the counter the page passes in,
 * labelled an estimate). The parts add up to the whole, or `partsGap` says by how much and the view says why (the
 * runtime counted the whole prompt but not its parts). A runtime's estimated usage (the scripted replay's
 * four-characters-a-token guess) is never shown: the one estimator counts instead.
 */
import type { LoopEvent } from '../loop/events';
import type { LoopExtension } from '../loop/extension';
import { messagesSentAt, toolsOfRun } from '../loop/projections';
import { withFullTraces } from '../loop/prompt-trace';
import type { PromptPartKind } from '../protocol/formats/types';
import { renderToolsSection } from '../protocol/hermes';
import type { RequestTrace, RuntimeKind } from '../runtime';
import { renderChatPrompt } from '../model-port/chat-prompt';
import type { ToolDefinition } from '../tool';
import type { TokenCounter } from '../tool-search/token-count';
import { TOOL_SEARCH_TOOL_NAME } from '../tool-search/search-tool';

export type SegmentKind = 'system' | 'tools' | 'message' | 'generation' | 'other';

/** Who wrote a conversation turn; `tool` is a turn of tool results (a ChatML user turn of `<tool_response>`s). */
export type TurnRole = 'system' | 'user' | 'assistant' | 'tool';

export interface PromptSegment {
  /**
   * Names the segment across rounds: `system`, `tools`, `turn-N` (the N-th conversation turn after the system
   * turn), `generation`, `other`. The same key in two rounds is the same piece of the conversation.
   */
  readonly key: string;
  readonly kind: SegmentKind;
  /** The bar it counts in: system, tool definitions, history (before the newest assistant turn) or new. */
  readonly part: PromptPartKind;
  /** For `message` segments. */
  readonly role?: TurnRole;
  /** For `message` segments: the turn's number among the conversation turns (1-based). */
  readonly turn?: number;
  /** For a tool-results turn: how many `<tool_response>` blocks it holds. */
  readonly results?: number;
  /** The exact text, template frames included; the segments of a prompt concatenate to it. */
  readonly text: string;
}

interface Turn {
  readonly role: string;
  /** From the turn's start marker to its end (separator included; the generation prompt has none). */
  readonly text: string;
  /** Offset of the content inside `text` (after the role header). */
  readonly contentStart: number;
  /** Length of the content (before the separator). */
  readonly contentLength: number;
  readonly closed: boolean;
}

interface Template {
  readonly start: string;
  /** Reads the role after `start`; returns the role and the header's length. */
  header(text: string): { role: string; length: number } | null;
  readonly end: string;
}

const CHATML: Template = {
  start: '<|im_start|>',
  header(text) {
    const newline = text.indexOf('\n', this.start.length);
    if (newline < 0) return { role: text.slice(this.start.length).trim(), length: text.length };
    return { role: text.slice(this.start.length, newline).trim(), length: newline + 1 };
  },
  end: '<|im_end|>',
};

const LLAMA3: Template = {
  start: '<|start_header_id|>',
  header(text) {
    const close = text.indexOf('<|end_header_id|>');
    if (close < 0) return null;
    let length = close + '<|end_header_id|>'.length;
    while (text[length] === '\n') length++;
    return { role: text.slice(this.start.length, close).trim(), length };
  },
  end: '<|eot_id|>',
};

/** The template a prompt was written in, by its turn marker; null when it has none the app knows. */
function templateOf(prompt: string): Template | null {
  if (prompt.includes(CHATML.start)) return CHATML;
  if (prompt.includes(LLAMA3.start)) return LLAMA3;
  return null;
}

function splitTurns(prompt: string, template: Template): { lead: string; turns: Turn[] } {
  const starts: number[] = [];
  for (let at = prompt.indexOf(template.start); at >= 0; at = prompt.indexOf(template.start, at + 1)) starts.push(at);
  const lead = prompt.slice(0, starts[0] ?? prompt.length);
  const turns = starts.map((start, i): Turn => {
    const text = prompt.slice(start, starts[i + 1] ?? prompt.length);
    const header = template.header(text) ?? { role: '?', length: template.start.length };
    const endAt = text.indexOf(template.end, header.length);
    const closed = endAt >= 0;
    return {
      role: header.role,
      text,
      contentStart: header.length,
      contentLength: (closed ? endAt : text.length) - header.length,
      closed,
    };
  });
  return { lead, turns };
}

/** Where a tool-definitions block starts in a turn's content, for each template family the app renders. */
const TOOL_BLOCK_MARKERS = [
  '# Tools\n\nYou may call one or more functions', // Qwen2.5 / Qwen3 (Hermes-style <tools> in the system turn)
  'You are a function calling AI model.', // Hermes 2 Pro / 3 tool_use template
  'Given the following functions, please respond with a JSON', // Llama 3.2: tools in the first user message
];

function toolBlockStart(content: string): number {
  for (const marker of TOOL_BLOCK_MARKERS) {
    const at = content.indexOf(marker);
    if (at >= 0) {
      // The blank line that joins the system prompt to the tools belongs to the tools.
      return content.slice(0, at).endsWith('\n\n') ? at - 2 : at;
    }
  }
  return -1;
}

function turnRole(role: string, content: string): TurnRole {
  if (role === 'ipython' || role === 'tool') return 'tool';
  if (role === 'user' && content.trimStart().startsWith('<tool_response>')) return 'tool';
  if (role === 'system' || role === 'assistant') return role;
  return 'user';
}

/**
 * Cuts a prompt into segments. `known` names the texts that are not tool definitions inside a turn that holds
 * them (the run's system prompt, the first user message), so a tools block with text after it — Hermes puts the
 * system prompt after the tools, Llama the question after them — splits at the right place.
 */
export function segmentPrompt(prompt: string, known: readonly string[] = []): PromptSegment[] {
  const template = templateOf(prompt);
  if (!template) return prompt === '' ? [] : [{ key: 'other', kind: 'other', part: 'history', text: prompt }];
  const { lead, turns } = splitTurns(prompt, template);
  const lastAssistant = turns.reduce((last, t, i) => (t.role === 'assistant' && t.closed ? i : last), -1);
  const segments: PromptSegment[] = [];
  let conversationTurn = 0;
  let pendingLead = lead;
  turns.forEach((turn, index) => {
    const content = turn.text.slice(turn.contentStart, turn.contentStart + turn.contentLength);
    const isGeneration = !turn.closed && index === turns.length - 1 && turn.role === 'assistant';
    const role = turnRole(turn.role, content);
    let own: Omit<PromptSegment, 'text'>;
    if (isGeneration) own = { key: 'generation', kind: 'generation', part: 'new' };
    else if (role === 'system' && conversationTurn === 0) own = { key: 'system', kind: 'system', part: 'system' };
    else {
      conversationTurn += 1;
      own = {
        key: `turn-${conversationTurn}`,
        kind: 'message',
        part: index > lastAssistant ? 'new' : 'history',
        role,
        turn: conversationTurn,
        ...(role === 'tool' ? { results: content.split('<tool_response>').length - 1 } : {}),
      };
    }
    const text = pendingLead + turn.text;
    const offset = pendingLead.length;
    pendingLead = '';
    const toolsAt = isGeneration ? -1 : toolBlockStart(content);
    if (toolsAt < 0) {
      segments.push({ ...own, text });
      return;
    }
    // Split the turn's content into [before the tools] [tools] [after the tools]: the header goes with the first
    // piece, the separator with the last.
    const contentAt = offset + turn.contentStart;
    const contentEnd = contentAt + turn.contentLength;
    const toolsFrom = contentAt + toolsAt;
    const rest = text.slice(toolsFrom, contentEnd);
    const afterAt = known
      .filter((k) => k.trim() !== '')
      .map((k) => rest.indexOf(k))
      .filter((at) => at > 0)
      .reduce((min, at) => Math.min(min, at), rest.length);
    const toolsTo = toolsFrom + afterAt;
    const hasBefore = toolsFrom > contentAt;
    const hasAfter = toolsTo < contentEnd;
    const tools = (from: number, to: number): PromptSegment => ({
      key: 'tools',
      kind: 'tools',
      part: 'tools',
      text: text.slice(from, to),
    });
    if (hasBefore) segments.push({ ...own, text: text.slice(0, toolsFrom) });
    segments.push(tools(hasBefore ? toolsFrom : 0, hasAfter ? toolsTo : text.length));
    if (hasAfter) {
      segments.push({ ...own, ...(hasBefore ? { key: `${own.key}:after-tools` } : {}), text: text.slice(toolsTo) });
    }
  });
  if (pendingLead !== '') segments.push({ key: 'other', kind: 'other', part: 'history', text: pendingLead });
  return segments;
}

/** Where a round's prompt segments came from. */
export type PromptSource =
  /** Cut out of the prompt text the runtime reported: exact. */
  | 'runtime'
  /** The runtime did not report its prompt (a server's own template): the app's ChatML rendering of the request. */
  | 'rendered';

export interface RoundPrompt {
  readonly round: number;
  readonly runtime: RuntimeKind;
  readonly source: PromptSource;
  readonly prompt: string;
  readonly segments: readonly PromptSegment[];
  /** The model's raw output; null while the call is in flight or when it failed. */
  readonly completion: string | null;
  /** The runtime's own completion-token count, when it is not an estimate. */
  readonly reportedCompletionTokens?: number;
  /**
   * The runtime's own count of the whole prompt (its usage, not an estimate). Not taken from web-llm, whose
   * `prompt_tokens` counts only the tokens it prefilled when it reused its KV cache.
   */
  readonly reportedPromptTokens?: number;
  /** The runtime's per-part token counts (its own tokenizer), matched to segments by text. */
  readonly reportedParts?: RequestTrace['promptParts'];
  /**
   * With tool search on, the tools block had every tool of the run been sent this round (the search-off
   * counterfactual), to show what the search saved. Absent when the search tool was not offered.
   */
  readonly allToolsBlock?: string;
}

/** Runtimes whose usage counts only the prompt tokens they prefilled (a reused KV cache is not counted again). */
const PREFILL_ONLY_USAGE: ReadonlySet<RuntimeKind> = new Set<RuntimeKind>(['webllm']);

const NO_EXTENSIONS: readonly LoopExtension[] = [];
const promptsOf = new WeakMap<readonly LoopEvent[], WeakMap<readonly LoopExtension[], RoundPrompt[]>>();

/**
 * Every model call of a run with its prompt cut into segments, in order: once per event log (and set of loop
 * extensions), however many views ask.
 */
export function roundPrompts(events: readonly LoopEvent[], extensions?: readonly LoopExtension[]): RoundPrompt[] {
  let byExtensions = promptsOf.get(events);
  if (byExtensions === undefined) {
    byExtensions = new WeakMap();
    promptsOf.set(events, byExtensions);
  }
  const key = extensions ?? NO_EXTENSIONS;
  let prompts = byExtensions.get(key);
  if (prompts === undefined) {
    prompts = cutRoundPrompts(events, extensions);
    byExtensions.set(key, prompts);
  }
  return prompts;
}

function cutRoundPrompts(events: readonly LoopEvent[], extensions?: readonly LoopExtension[]): RoundPrompt[] {
  const rounds: RoundPrompt[] = [];
  const everyTool = toolsOfRun(events);
  const byName = new Map(everyTool.map((t) => [t.name, t]));
  let runtime: RuntimeKind = 'scripted';
  let system = '';
  let firstUser: string | null = null;
  let called: { round: number; toolNames: readonly string[]; runtime: RuntimeKind } | null = null;
  const close = (round: RoundPrompt) => {
    rounds.push(round);
    called = null;
  };
  const rendered = (round: number, toolNames: readonly string[]): string =>
    renderChatPrompt({
      messages: messagesSentAt(events, round, extensions),
      tools: toolNames.flatMap((n) => byName.get(n) ?? []),
    });
  for (const event of withFullTraces(events)) {
    switch (event.type) {
      case 'run-started':
        runtime = event.config.runtime.kind;
        system = event.config.system;
        break;
      case 'workspace-changed':
        if (event.runtime) runtime = event.runtime.kind;
        break;
      case 'user-message':
        firstUser ??= event.content;
        break;
      case 'model-called':
        called = { round: event.round, toolNames: event.toolNames, runtime };
        break;
      case 'model-responded': {
        const trace = event.response.trace;
        const toolNames = called?.round === event.round ? called.toolNames : [];
        const prompt = trace?.promptText;
        const source: PromptSource = prompt !== undefined ? 'runtime' : 'rendered';
        const text = prompt ?? rendered(event.round, toolNames);
        const usage = event.response.usage;
        const segments = segmentPrompt(
          text,
          [system, firstUser ?? ''].filter((k) => k !== ''),
        );
        close({
          round: event.round,
          runtime: called?.runtime ?? runtime,
          source,
          prompt: text,
          segments,
          completion: event.response.raw,
          ...(usage && !usage.estimated ? { reportedCompletionTokens: usage.completionTokens } : {}),
          ...(usage && !usage.estimated && !PREFILL_ONLY_USAGE.has(called?.runtime ?? runtime)
            ? { reportedPromptTokens: usage.promptTokens }
            : {}),
          ...(trace?.promptParts ? { reportedParts: trace.promptParts } : {}),
          ...allToolsBlock(toolNames, everyTool, segments),
        });
        break;
      }
      case 'model-failed': {
        const toolNames = called?.round === event.round ? called.toolNames : [];
        const text = rendered(event.round, toolNames);
        const segments = segmentPrompt(
          text,
          [system, firstUser ?? ''].filter((k) => k !== ''),
        );
        close({
          round: event.round,
          runtime: called?.runtime ?? runtime,
          source: 'rendered',
          prompt: text,
          segments,
          completion: null,
          ...allToolsBlock(toolNames, everyTool, segments),
        });
        break;
      }
      default:
        break;
    }
  }
  return rounds;
}

/**
 * The round's tools segment as it would read with every tool sent: the sent tools section swapped for the whole
 * one, so its count compares with the segment's own (same frame, same separator).
 */
function allToolsBlock(
  toolNames: readonly string[],
  everyTool: readonly ToolDefinition[],
  segments: readonly PromptSegment[],
): { allToolsBlock?: string } {
  if (!toolNames.includes(TOOL_SEARCH_TOOL_NAME)) return {};
  const all = everyTool.filter((t) => t.name !== TOOL_SEARCH_TOOL_NAME);
  if (all.length === 0) return {};
  const whole = renderToolsSection(all);
  const byName = new Map(everyTool.map((t) => [t.name, t]));
  const sent = renderToolsSection(toolNames.flatMap((n) => byName.get(n) ?? []));
  const segment = segments.find((s) => s.kind === 'tools');
  if (segment?.text.includes(sent)) return { allToolsBlock: segment.text.replace(sent, () => whole) };
  return { allToolsBlock: `\n\n${whole}` };
}

/** Where a figure came from: the runtime's own tokenizer, or the one estimator the page counts with. */
export type TokenSource = 'runtime' | 'estimated';

/** Token counts of one round, per segment and per bar: what every view shows for this model call. */
export interface RoundTokens {
  readonly round: number;
  /** Where the prompt's total came from. */
  readonly counted: TokenSource;
  /** Where the parts (and the segments) came from. */
  readonly partsCounted: TokenSource;
  readonly completionCounted: TokenSource;
  readonly segments: readonly number[];
  readonly system: number;
  readonly tools: number;
  readonly history: number;
  readonly new: number;
  /** The whole prompt. */
  readonly prompt: number;
  /**
   * `prompt` minus the parts' sum: 0 when the parts add up to the whole. Only a runtime that counted the whole
   * prompt but not its parts (which are then estimates) leaves a gap; the views say so.
   */
  readonly partsGap: number;
  /** Tokens of the model's output; 0 when the call failed. */
  readonly completion: number;
  /** Tool-definition tokens had every tool been sent (tool search on only). */
  readonly allTools?: number;
}

const PARTS: readonly PromptPartKind[] = ['system', 'tools', 'history', 'new'];

/**
 * Counts a round. The runtime's own counts win where it reported them: its usage for the whole prompt and the
 * completion, its per-part counts for exactly these texts (web-llm per part); everything else is counted with
 * `counter` and marked estimated. Estimated parts are counted segment by segment and the estimated total is their
 * sum, so the parts always add up to an estimated whole.
 */
export function countRound(round: RoundPrompt, counter: TokenCounter): RoundTokens {
  const reported = new Map<string, number>();
  for (const p of round.reportedParts ?? []) reported.set(p.text, p.tokens);
  const partText = (part: PromptPartKind) =>
    round.segments
      .filter((s) => s.part === part)
      .map((s) => s.text)
      .join('');
  const bySegment = round.segments.map((s) => reported.get(s.text));
  const byPart = PARTS.map((part) => {
    const text = partText(part);
    if (text === '') return 0;
    const whole = reported.get(text);
    if (whole !== undefined) return whole;
    const pieces = round.segments.filter((s) => s.part === part).map((s) => reported.get(s.text));
    return pieces.every((n) => n !== undefined) ? pieces.reduce<number>((a, n) => a + n!, 0) : undefined;
  });
  const partsFromRuntime = round.reportedParts !== undefined && byPart.every((n) => n !== undefined);
  const segments = round.segments.map((s, i) => (partsFromRuntime ? bySegment[i] : undefined) ?? counter.count(s.text));
  const parts = partsFromRuntime
    ? (byPart as number[])
    : PARTS.map((part) => round.segments.reduce((sum, s, i) => (s.part === part ? sum + segments[i]! : sum), 0));
  const [system, tools, history, fresh] = parts as [number, number, number, number];
  const sum = system + tools + history + fresh;
  const prompt = round.reportedPromptTokens ?? sum;
  const counted: TokenSource = round.reportedPromptTokens !== undefined || partsFromRuntime ? 'runtime' : 'estimated';
  const completionFromRuntime = round.completion !== null && round.reportedCompletionTokens !== undefined;
  const completion =
    round.completion === null
      ? 0
      : completionFromRuntime
        ? round.reportedCompletionTokens!
        : counter.count(round.completion);
  return {
    round: round.round,
    counted,
    partsCounted: partsFromRuntime ? 'runtime' : 'estimated',
    completionCounted: completionFromRuntime || round.completion === null ? 'runtime' : 'estimated',
    segments,
    system,
    tools,
    history,
    new: fresh,
    prompt,
    partsGap: prompt - sum,
    completion,
    ...(round.allToolsBlock !== undefined ? { allTools: counter.count(round.allToolsBlock) } : {}),
  };
}

/** Counted rounds per counter, by the round's own prompt object (stable while the log grows). */
const counted = new WeakMap<TokenCounter, WeakMap<RoundPrompt, RoundTokens>>();

/**
 * THE token function: every model call of a run, counted (see the file comment for the rule). Every view reads
 * this, never a runtime's usage or a tokenizer directly. A round is counted once per counter.
 */
export function roundTokens(
  events: readonly LoopEvent[],
  counter: TokenCounter,
  extensions?: readonly LoopExtension[],
): RoundTokens[] {
  let cache = counted.get(counter);
  if (cache === undefined) {
    cache = new WeakMap();
    counted.set(counter, cache);
  }
  const memo = cache;
  return roundPrompts(events, extensions).map((prompt) => {
    let tokens = memo.get(prompt);
    if (tokens === undefined) {
      tokens = countRound(prompt, counter);
      memo.set(prompt, tokens);
    }
    return tokens;
  });
}
