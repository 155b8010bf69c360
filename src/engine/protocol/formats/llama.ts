/**
 * Llama 3.2 Instruct (1B / 3B). Its template puts the tools in the **first user message** as indented JSON,
 * prefixes the system turn with a knowledge-cutoff / date header, trims every message, and expects a bare
 * JSON call `{"name": …, "parameters": {…}}` — one per turn. mlc-llm's llama-3_1 template maps the `tool`
 * role onto `ipython`, so results go back with role "tool", JSON-encoded as the official template encodes them.
 */
import type { Message, ToolCall } from '../../messages';
import type { ToolDefinition } from '../../tool';
import { extractThinking, toFunctionTool } from '../hermes';
import type { ParsedOutput } from '../hermes';
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
  for (const m of rest) {
    switch (m.role) {
      case 'system':
      case 'user':
        out.push(plain('user', m.content.trim(), 'history'));
        break;
      case 'assistant':
        out.push(plain('assistant', m.raw.trim(), 'history'));
        break;
      case 'tool':
        // The official template JSON-encodes every tool result (a string is iterable in jinja).
        out.push(plain('tool', JSON.stringify(m.content), 'history'));
        break;
    }
  }
  return out;
}

/**
 * Finds the balanced JSON object starting at `start` (strings and escapes respected). Returns its end index
 * (exclusive), or -1 when it never closes.
 */
export function scanJsonObject(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** Parses Llama 3.x calls: `{"name": …, "parameters": {…}}` objects (optionally after `<|python_tag|>`). */
export function parseLlamaOutput(raw: string, makeId: () => string): ParsedOutput {
  const { text: body, reasoning } = extractThinking(raw.replaceAll('<|python_tag|>', ''));
  const toolCalls: ToolCall[] = [];
  let content = '';
  let unterminatedBlock: string | null = null;
  let cursor = 0;
  const callStart = /\{\s*"name"\s*:/g;
  while (cursor < body.length) {
    callStart.lastIndex = cursor;
    const match = callStart.exec(body);
    if (!match) {
      content += body.slice(cursor);
      break;
    }
    content += body.slice(cursor, match.index);
    const end = scanJsonObject(body, match.index);
    if (end === -1) {
      unterminatedBlock = body.slice(match.index);
      break;
    }
    toolCalls.push(llamaCall(body.slice(match.index, end), makeId));
    // Several calls may be separated by ";" (Llama 3.1's multi-call form): the separator is not content.
    cursor = end + (/^\s*;/.exec(body.slice(end))?.[0].length ?? 0);
  }
  return {
    content: content.trim(),
    ...(reasoning !== undefined ? { reasoning } : {}),
    toolCalls,
    unterminatedBlock,
    unterminatedCall: null,
  };
}

function llamaCall(text: string, makeId: () => string): ToolCall {
  const id = makeId();
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const name = typeof value.name === 'string' ? value.name : '';
    const args = value.parameters ?? value.arguments ?? {};
    if (name === '') return { id, name, argumentsText: text, parseError: 'the tool call has no "name"' };
    return { id, name, argumentsText: typeof args === 'string' ? args : JSON.stringify(args) };
  } catch (error) {
    return {
      id,
      name: '',
      argumentsText: text,
      parseError: `invalid JSON in the tool call (${(error as Error).message})`,
    };
  }
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
  parse: parseLlamaOutput,
  knownDifferences: [
    'The "Today Date" line uses an injected date (default 26 Jul 2024, the template\'s own fallback); transformers fills in the real date with strftime_now.',
    'Assistant turns are sent back as the raw text; the template re-renders a parsed call as {"name": "…", "parameters": <tojson>}. Identical when the model wrote that canonical form (the structural tag writes it).',
    'One tool call per assistant turn: the official template raises on two, so parallel calls are always off for this family.',
    'Tools go into the first user message only when the history starts with a user message (the template raises otherwise).',
  ],
};
