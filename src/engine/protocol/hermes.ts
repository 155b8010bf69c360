/**
 * The text tool-call protocol shared by every text-producing runtime, in the Hermes / Qwen style the small
 * models were trained on: tools listed as JSON inside `<tools>` in the system prompt, calls written back as
 * `<tool_call>{"name": …, "arguments": {…}}</tool_call>`. Rendering matches Qwen2.5's official chat template
 * byte for byte; parsing never throws, whatever the model wrote.
 */
import type { ToolCall } from '../messages';
import type { ToolDefinition } from '../tool';
import { pythonJson } from './python-json';

export const TOOL_CALL_OPEN = '<tool_call>';
export const TOOL_CALL_CLOSE = '</tool_call>';

/** A tool as the OpenAI / HF chat templates receive it. */
export function toFunctionTool(tool: ToolDefinition): {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
} {
  return {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  };
}

/** The "# Tools" section Qwen2.5 / Qwen3 / Hermes-style templates append to the system message. */
export function renderToolsSection(tools: readonly ToolDefinition[]): string {
  const lines = tools.map((t) => '\n' + pythonJson(toFunctionTool(t))).join('');
  return (
    '# Tools\n\nYou may call one or more functions to assist with the user query.\n\n' +
    'You are provided with function signatures within <tools></tools> XML tags:\n<tools>' +
    lines +
    '\n</tools>\n\nFor each function call, return a json object with function name and arguments within ' +
    '<tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>'
  );
}

/** The system message with the tools rendered in (unchanged when no tools are exposed). */
export function systemPromptWithTools(system: string, tools: readonly ToolDefinition[]): string {
  if (tools.length === 0) return system;
  return `${system}\n\n${renderToolsSection(tools)}`;
}

/** One call block as the template renders an assistant tool call. */
export function renderToolCallBlock(name: string, args: unknown): string {
  return `${TOOL_CALL_OPEN}\n{"name": ${JSON.stringify(name)}, "arguments": ${pythonJson(args)}}\n${TOOL_CALL_CLOSE}`;
}

export interface ParsedOutput {
  /** Visible text: everything outside tool-call and think blocks, trimmed. */
  readonly content: string;
  readonly reasoning?: string;
  /** Complete blocks, in order; a block whose JSON did not parse is a call with `parseError`. */
  readonly toolCalls: readonly ToolCall[];
  /** The text of a `<tool_call>` block that was opened but never closed. */
  readonly unterminatedBlock: string | null;
  /** The unterminated block's call, when its JSON happens to be complete. */
  readonly unterminatedCall: ToolCall | null;
}

/** Parses raw model output. `makeId` numbers the calls (`call_1`, …) because the text carries no ids. */
export function parseModelOutput(raw: string, makeId: () => string): ParsedOutput {
  const { text: withoutThink, reasoning } = extractThinking(raw);
  const toolCalls: ToolCall[] = [];
  let content = '';
  let unterminatedBlock: string | null = null;
  let unterminatedCall: ToolCall | null = null;
  let cursor = 0;
  while (cursor < withoutThink.length) {
    const open = withoutThink.indexOf(TOOL_CALL_OPEN, cursor);
    if (open === -1) {
      content += withoutThink.slice(cursor);
      break;
    }
    content += withoutThink.slice(cursor, open);
    const bodyStart = open + TOOL_CALL_OPEN.length;
    const close = withoutThink.indexOf(TOOL_CALL_CLOSE, bodyStart);
    if (close === -1) {
      unterminatedBlock = withoutThink.slice(bodyStart);
      const call = parseCallBody(unterminatedBlock, makeId);
      unterminatedCall = call.parseError === undefined ? call : null;
      break;
    }
    toolCalls.push(parseCallBody(withoutThink.slice(bodyStart, close), makeId));
    cursor = close + TOOL_CALL_CLOSE.length;
  }
  return {
    content: content.trim(),
    ...(reasoning !== undefined ? { reasoning } : {}),
    toolCalls,
    unterminatedBlock,
    unterminatedCall,
  };
}

/** Parses the JSON inside one block: `{"name": …, "arguments": {…}}` (also `parameters`, or arguments as a string). */
export function parseCallBody(body: string, makeId: () => string): ToolCall {
  const id = makeId();
  const trimmed = body.trim();
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    const name = /"name"\s*:\s*"([^"]*)"/.exec(trimmed)?.[1] ?? '';
    return {
      id,
      name,
      argumentsText: trimmed,
      parseError: `invalid JSON in the tool call block (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { id, name: '', argumentsText: trimmed, parseError: 'the tool call block is not a JSON object' };
  }
  const record = value as Record<string, unknown>;
  const name = record.name;
  if (typeof name !== 'string' || name === '') {
    return { id, name: '', argumentsText: trimmed, parseError: 'the tool call has no "name"' };
  }
  const args = record.arguments ?? record.parameters ?? {};
  const argumentsText = typeof args === 'string' ? args : JSON.stringify(args);
  return { id, name, argumentsText };
}

/** Takes `<think>…</think>` blocks out (an unclosed `<think>` runs to the end). */
export function extractThinking(raw: string): { text: string; reasoning?: string } {
  if (!raw.includes('<think>')) return { text: raw };
  const parts: string[] = [];
  let text = '';
  let cursor = 0;
  while (cursor < raw.length) {
    const open = raw.indexOf('<think>', cursor);
    if (open === -1) {
      text += raw.slice(cursor);
      break;
    }
    text += raw.slice(cursor, open);
    const close = raw.indexOf('</think>', open);
    if (close === -1) {
      parts.push(raw.slice(open + 7));
      break;
    }
    parts.push(raw.slice(open + 7, close));
    cursor = close + 8;
  }
  return { text, reasoning: parts.map((p) => p.trim()).join('\n\n') };
}

/** The assistant text to send back in history: raw output with `<think>` blocks removed. */
export function stripThinking(raw: string): string {
  return extractThinking(raw).text.replace(/^\s+/, '');
}
