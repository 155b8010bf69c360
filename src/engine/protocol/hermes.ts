/**
 * The text tool-call protocol shared by every text-producing runtime, in the Hermes / Qwen style the small
 * models were trained on: tools listed as JSON inside `<tools>` in the system prompt, calls written back as
 * `<tool_call>{"name": …, "arguments": {…}}</tool_call>`. Rendering matches Qwen2.5's official chat template
 * byte for byte; parsing (`./tag-parser`) never throws, whatever the model wrote.
 */
import type { ToolDefinition } from '../tool';
import { pythonJson } from './python-json';
import { TOOL_CALL_CLOSE, TOOL_CALL_OPEN } from './tag-parser';

export { TOOL_CALL_CLOSE, TOOL_CALL_OPEN };

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
