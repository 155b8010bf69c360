/**
 * "Also rewrite the call in the history". An edited call normally stays in the history as the model wrote it: the
 * model then sees its own call next to the result of the edited run (and may notice they disagree). Rewriting it
 * (as a graph debugger lets you edit state) makes the model see the edited call as its own. The rewrite changes
 * the call's arguments and, where the raw text carries the call — the text protocols send `raw` back — the block
 * that holds it, written again in the same syntax. A call the runtime's library parsed natively has no text in
 * `raw`: only its arguments change. Pure.
 */
import type { AssistantMessage, Message, ToolCall } from '../messages';
import { parseOutput } from '../protocol/interpret';
import type { CallFormat } from '../protocol/parse-result';
import { CALL_FORMATS } from '../protocol/parse-result';
import type { CallDecision } from './tool-execution';

/** The arguments to write into the history, by call id: the edits that asked for a rewrite. */
export function historyEdits(decisions: Readonly<Record<string, CallDecision>>): ReadonlyMap<string, string> {
  const edits = new Map<string, string>();
  for (const [callId, decision] of Object.entries(decisions)) {
    if (decision.kind === 'edit' && decision.rewriteHistory === true) edits.set(callId, decision.argumentsText);
  }
  return edits;
}

/** The history with every assistant call named in `edits` rewritten (the same array when there is none). */
export function rewriteHistory(history: readonly Message[], edits: ReadonlyMap<string, string>): readonly Message[] {
  if (edits.size === 0) return history;
  return history.map((m) => (m.role === 'assistant' ? rewriteCalls(m, edits) : m));
}

/** One assistant message with the calls named in `edits` rewritten; the same object when it holds none of them. */
export function rewriteCalls(message: AssistantMessage, edits: ReadonlyMap<string, string>): AssistantMessage {
  if (!message.toolCalls.some((c) => edits.has(c.id))) return message;
  const toolCalls = message.toolCalls.map((call): ToolCall => {
    const edited = edits.get(call.id);
    // An edited unparsable call runs with the edited arguments; rewritten, it is a well-formed call.
    return edited === undefined ? call : { id: call.id, name: call.name, argumentsText: compactJson(edited) };
  });
  return { ...message, toolCalls, raw: rewriteRaw(message, toolCalls, edits) };
}

/** Where each call of a message sits in its raw text: the block text and the calls (by index) it holds. */
interface Located {
  readonly format: CallFormat;
  readonly blocks: readonly { readonly text: string; readonly calls: readonly number[] }[];
}

function rewriteRaw(message: AssistantMessage, toolCalls: readonly ToolCall[], edits: ReadonlyMap<string, string>) {
  const located = CALL_FORMATS.map((format) => locate(message, format)).find((l) => l !== null);
  if (!located) return message.raw; // native calls: the raw text holds none
  let raw = message.raw;
  let cursor = 0;
  for (const block of located.blocks) {
    const at = raw.indexOf(block.text, cursor);
    if (at < 0) return message.raw;
    if (!block.calls.some((i) => edits.has(toolCalls[i]!.id))) {
      cursor = at + block.text.length;
      continue;
    }
    const written = block.calls.map((i) => callText(located.format, toolCalls[i]!)).join('\n');
    raw = raw.slice(0, at) + written + raw.slice(at + block.text.length);
    cursor = at + written.length;
  }
  return raw;
}

/**
 * Reads the raw text with one format's parser and pairs its call attempts with the message's calls, in order,
 * as `interpretResponse` handed them out (a failed block holds a call only when it was answered with an error
 * result). Null when they do not pair up: the message was not written in this format.
 */
function locate(message: AssistantMessage, format: CallFormat): Located | null {
  const calls = message.toolCalls;
  const blocks: { text: string; calls: number[] }[] = [];
  let next = 0;
  for (const block of parseOutput(message.raw, format).blocks) {
    if (block.kind === 'calls') {
      const indexes: number[] = [];
      for (const parsed of block.calls) {
        const call = calls[next];
        if (!call || call.parseError !== undefined || call.name !== parsed.name) return null;
        indexes.push(next++);
      }
      blocks.push({ text: block.text, calls: indexes });
    } else if (calls[next]?.parseError !== undefined) {
      blocks.push({ text: block.text, calls: [next++] });
    }
  }
  return next === calls.length && blocks.length > 0 ? { format, blocks } : null;
}

/** One call in the format's syntax, as the chat templates write it. */
function callText(format: CallFormat, call: ToolCall): string {
  const args = call.argumentsText.trim() === '' ? '{}' : call.argumentsText;
  const name = JSON.stringify(call.name);
  switch (format) {
    case 'tool-call-tags':
      return `<tool_call>\n{"name": ${name}, "arguments": ${args}}\n</tool_call>`;
    case 'llama-json':
      return `{"name": ${name}, "parameters": ${args}}`;
  }
}

/** JSON written compactly, as the parser records arguments; text that is not JSON stays as it is. */
function compactJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}
