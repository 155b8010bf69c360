/**
 * Llama 3.2 Instruct (1B / 3B). Its template puts the tools in the **first user message** as indented JSON,
 * prefixes the system turn with a knowledge-cutoff / date header, trims every message, and expects a bare
 * JSON call `{"name": …, "parameters": {…}}` — one per turn. mlc-llm's llama-3_1 template maps the `tool`
 * role onto `ipython`, so results go back with role "tool", JSON-encoded as the official template encodes them.
 */
import type { AssistantMessage, Message, ToolCall, ToolMessage } from '../../messages';
import type { ToolDefinition } from '../../tool';
import { toFunctionTool } from '../hermes';
import { parseLlamaOutput } from '../llama-parser';
import { pythonJson } from '../python-json';
import { toolCallTags } from './qwen';
import { plain, renderThrough } from './shared';
import type { ConversationTemplate } from './shared';
import type { AnnotatedWireMessage, FormatOptions, PromptFormat } from './types';

export const LLAMA_DEFAULT_DATE = '26 Jul 2024';

const TOOLS_PREAMBLE =
  'Given the following functions, please respond with a JSON for a function call with its proper arguments that best answers the given prompt.\n\n' +
  'Respond in the format {"name": function name, "parameters": dictionary of argument name and its value}.Do not use variables.\n\n';

export const LLAMA_CALL_SYNTAX = {
  trigger: '{"name": ',
  begin: (name: string) => `{"name": ${JSON.stringify(name)}, "parameters": `,
  end: '}',
};

const llama31Template: ConversationTemplate = {
  bos: '<|begin_of_text|>',
  header: (role) => `<|start_header_id|>${role === 'tool' ? 'ipython' : role}<|end_header_id|>\n\n`,
  separator: '<|eot_id|>',
  generationPrompt: () => '<|start_header_id|>assistant<|end_header_id|>\n\n',
};

function llamaWire(
  messages: readonly Message[],
  tools: readonly ToolDefinition[],
  options?: FormatOptions,
): AnnotatedWireMessage[] {
  const first = messages[0];
  const system = first?.role === 'system' ? first.content.trim() : '';
  let rest = first?.role === 'system' ? messages.slice(1) : messages;
  const header =
    (tools.length > 0 ? 'Environment: ipython\n' : '') +
    `Cutting Knowledge Date: December 2023\nToday Date: ${options?.dateString ?? LLAMA_DEFAULT_DATE}\n\n`;
  const out: AnnotatedWireMessage[] = [
    { role: 'system', content: header + system, segments: [{ part: 'system', text: header + system }] },
  ];
  if (tools.length > 0 && rest[0]?.role === 'user') {
    const block = TOOLS_PREAMBLE + tools.map((t) => JSON.stringify(toFunctionTool(t), null, 4) + '\n\n').join('');
    const text = rest[0].content.trim();
    out.push({
      role: 'user',
      content: block + text,
      segments: [
        { part: 'tools', text: block },
        { part: 'history', text },
      ],
    });
    rest = rest.slice(1);
  }
  for (let i = 0; i < rest.length; i++) {
    const m = rest[i]!;
    switch (m.role) {
      case 'system':
      case 'user':
        out.push(plain('user', m.content.trim(), 'history'));
        break;
      case 'assistant':
        if (m.toolCalls.length < 2) {
          out.push(plain('assistant', m.raw.trim(), 'history'));
          break;
        }
        // The template refuses two calls in one turn: send them one per turn, each followed by its result.
        i += splitTurn(m, resultsAfter(rest, i + 1), out);
        break;
      case 'tool':
        out.push(toolTurn(m));
        break;
    }
  }
  return out;
}

/** The official template JSON-encodes every tool result (a string is iterable in jinja). */
function toolTurn(result: ToolMessage): AnnotatedWireMessage {
  return plain('tool', JSON.stringify(result.content), 'history');
}

/** The tool messages right after position `from`. */
function resultsAfter(messages: readonly Message[], from: number): ToolMessage[] {
  const out: ToolMessage[] = [];
  for (let i = from; i < messages.length && messages[i]!.role === 'tool'; i++) out.push(messages[i] as ToolMessage);
  return out;
}

/** One assistant turn per call, each followed by its result; returns how many results it used. */
function splitTurn(turn: AssistantMessage, results: readonly ToolMessage[], out: AnnotatedWireMessage[]): number {
  const used = new Set<ToolMessage>();
  for (const call of turn.toolCalls) {
    out.push(plain('assistant', renderLlamaCall(call), 'history'));
    const result = results.find((r) => r.toolCallId === call.id && !used.has(r));
    if (result) {
      used.add(result);
      out.push(toolTurn(result));
    }
  }
  for (const result of results) if (!used.has(result)) out.push(toolTurn(result));
  return results.length;
}

/** A call as the official template renders it: `{"name": "…", "parameters": <tojson>}`. */
export function renderLlamaCall(call: ToolCall): string {
  let args: string;
  try {
    args = pythonJson(JSON.parse(call.argumentsText === '' ? '{}' : call.argumentsText));
  } catch {
    args = call.argumentsText; // not JSON: sent as the model wrote it
  }
  return `{"name": ${JSON.stringify(call.name)}, "parameters": ${args}}`;
}

/** The turns of a history that the official template would refuse, and how they are sent instead. */
function llamaHistoryNotes(messages: readonly Message[]): string[] {
  return messages.flatMap((m) =>
    m.role === 'assistant' && m.toolCalls.length > 1
      ? [
          `⚠ The assistant turn calling ${m.toolCalls.map((c) => c.name || '?').join(', ')} holds ${m.toolCalls.length} ` +
            'tool calls. Llama 3.2\'s official template refuses such a turn ("This model only supports single ' +
            `tool-calls at once!"), so the app sends it as ${m.toolCalls.length} assistant turns of one call each, ` +
            'each followed by its result: what the template renders for calls made one at a time.',
        ]
      : [],
  );
}

export const llama32Format: PromptFormat = {
  id: 'llama-3.2',
  label: 'Llama 3.2 (JSON {"name", "parameters"}, tools in the first user message)',
  toolResultRole: 'tool',
  supportsParallelCalls: false,
  toWire: llamaWire,
  renderPrompt(messages, tools, options) {
    return renderThrough(llama31Template, llamaWire(messages, tools, options));
  },
  // The template refuses assistant turns with two calls, so generation always stops after the first one.
  structuralTag: (tools, choice) => toolCallTags(tools, choice, false, LLAMA_CALL_SYNTAX),
  callFormat: 'llama-json',
  parse: parseLlamaOutput,
  historyNotes: llamaHistoryNotes,
  knownDifferences: [
    'The "Today Date" line: transformers prints the day of rendering (strftime_now); the app prints the day the run started (editable in the Prompt view), so a replay or a later round renders the same prompt. Without a date the template itself falls back to 26 Jul 2024.',
    'Assistant turns are sent back as the raw text; the template re-renders a parsed call as {"name": "…", "parameters": <tojson>}. Identical when the model wrote that canonical form (the structural tag writes it).',
    'One tool call per assistant turn: the official template raises on two, so parallel calls are always off for this family, and a turn with two calls (from another runtime, or written by a person) is sent as single-call turns, each followed by its result.',
    'Tools go into the first user message only when the history starts with a user message (the template raises otherwise).',
  ],
};
