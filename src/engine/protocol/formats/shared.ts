/**
 * Pieces the formats share: grouping consecutive tool results, wrapping them in `<tool_response>` blocks,
 * and rendering annotated wire messages through a runtime conversation template (role header, content,
 * separator) with each piece attributed to a prompt part.
 */
import type { Message, ToolMessage } from '../../messages';
import type { AnnotatedWireMessage, PromptPartKind, PromptSegment, WireMessage } from './types';

/** One `<tool_response>` block per result, separated by a newline — Qwen's and Hermes's layout. */
export function wrapToolResponses(results: readonly ToolMessage[]): string {
  return results.map((r) => `<tool_response>\n${r.content}\n</tool_response>`).join('\n');
}

/** Splits a history into runs: each run of consecutive tool messages becomes one group. */
export function groupToolRuns(messages: readonly Message[]): (Message | ToolMessage[])[] {
  const out: (Message | ToolMessage[])[] = [];
  for (const m of messages) {
    const last = out[out.length - 1];
    if (m.role === 'tool') {
      if (Array.isArray(last)) last.push(m);
      else out.push([m]);
    } else out.push(m);
  }
  return out;
}

/** A plain (one-part) annotated wire message. */
export function plain(role: WireMessage['role'], content: string, part: PromptPartKind): AnnotatedWireMessage {
  return { role, content, segments: [{ part, text: content }] };
}

/** A runtime conversation template, as mlc-llm defines it (role header, separator, generation prompt). */
export interface ConversationTemplate {
  /** Text rendered for the BOS token id the template prefixes (shown, so the token count is right). */
  readonly bos: string;
  header(role: WireMessage['role']): string;
  readonly separator: string;
  /** The open assistant header that ends every prompt. */
  generationPrompt(): string;
}

/**
 * Renders wire messages through a template. Message parts: the system message keeps its own segments;
 * messages after the last assistant turn are the new turn; the rest is history; the generation prompt is new.
 */
export function renderThrough(
  template: ConversationTemplate,
  wire: readonly AnnotatedWireMessage[],
  generationSuffix = '',
): PromptSegment[] {
  let lastAssistant = -1;
  wire.forEach((m, i) => {
    if (m.role === 'assistant') lastAssistant = i;
  });
  const segments: PromptSegment[] = [];
  if (template.bos) segments.push({ part: 'system', text: template.bos });
  wire.forEach((m, i) => {
    const framePart: PromptPartKind = m.role === 'system' ? 'system' : i > lastAssistant ? 'new' : 'history';
    segments.push({ part: framePart, text: template.header(m.role) });
    for (const s of m.segments) {
      // Segments marked history/new by toWire are re-attributed by position; system/tools keep their part.
      const part = s.part === 'system' || s.part === 'tools' ? s.part : framePart;
      segments.push({ part, text: s.text });
    }
    segments.push({ part: framePart, text: template.separator });
  });
  segments.push({ part: 'new', text: template.generationPrompt() + generationSuffix });
  return mergeAdjacent(segments.filter((s) => s.text !== ''));
}

function mergeAdjacent(segments: PromptSegment[]): PromptSegment[] {
  const out: PromptSegment[] = [];
  for (const s of segments) {
    const last = out[out.length - 1];
    if (last && last.part === s.part) out[out.length - 1] = { part: s.part, text: last.text + s.text };
    else out.push(s);
  }
  return out;
}

/** ChatML, as mlc-llm's qwen2 / qwen3 / hermes templates render it. */
export function chatml(bos = ''): ConversationTemplate {
  return {
    bos,
    header: (role) => `<|im_start|>${role}\n`,
    separator: '<|im_end|>\n',
    generationPrompt: () => '<|im_start|>assistant\n',
  };
}

/** The index of the last user message (a real question, not tool results): Qwen3's `last_query_index`. */
export function lastQueryIndex(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === 'user') return i;
  return messages.length - 1;
}
