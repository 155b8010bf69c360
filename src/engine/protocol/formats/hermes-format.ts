/**
 * Hermes 2 Pro / Hermes 3 (NousResearch), manual path: the `tool_use` chat template's system turn (tools as
 * Python-style signatures inside `<tools>`, a pydantic schema for the call), calls as `<tool_call>` blocks,
 * results in a `tool` turn (mlc-llm's hermes templates declare that role). The native path — web-llm's own
 * `tools` field, Hermes 8B models only — is built by the request builder, not here.
 */
import type { Message } from '../../messages';
import type { ToolDefinition } from '../../tool';
import { pythonJson } from '../python-json';
import { parseTagOutput } from '../tag-parser';
import { TOOL_CALL_TAG_SYNTAX, toolCallTags } from './qwen';
import { chatml, groupToolRuns, plain, renderThrough, wrapToolResponses } from './shared';
import type { AnnotatedWireMessage, PromptFormat } from './types';

const BASIC_TYPES: Record<string, string> = { string: 'str', number: 'float', integer: 'int', boolean: 'bool' };

/**
 * The template's `json_to_python_type` macro, as Python's jinja2 evaluates it: `list[…]` applies the macro to
 * `json_spec|items` (a list of pairs, whose `.type` is undefined, and undefined is iterable), so arrays come out
 * as `list[Union[]]`; an object with `additionalProperties: false` as `dict[str, Union[]]`.
 */
export function jsonToPythonType(spec: unknown): string {
  const record =
    typeof spec === 'object' && spec !== null && !Array.isArray(spec) ? (spec as Record<string, unknown>) : {};
  const type = record.type;
  if (typeof type === 'string' && BASIC_TYPES[type] !== undefined) return BASIC_TYPES[type];
  if (type === 'array') return 'list[Union[]]';
  if (type === 'object') {
    return 'additionalProperties' in record ? `dict[str, ${jsonToPythonType(record.additionalProperties)}]` : 'dict';
  }
  if (Array.isArray(type)) return `Union[${type.map((t) => jsonToPythonType({ type: t })).join(',')}]`;
  if (type === undefined) return 'Union[]';
  // Python recurses without end on an unknown type name ("null"); "Any" is what the macro means to say.
  return 'Any';
}

/** The `tool_use` template's system turn for these tools. */
export function renderHermesToolsSystem(tools: readonly ToolDefinition[]): string {
  const rendered = tools.map((tool) => {
    const properties = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
    const params = Object.entries(properties);
    const signature = params.map(([n, f]) => `${n}: ${jsonToPythonType(f)}`).join(', ');
    const args = params
      .map(
        ([n, f], i) =>
          (i === 0 ? '    Args:\n' : '') +
          `        ${n}(${jsonToPythonType(f)}): ${String(f.description ?? '').trim()}`,
      )
      .join('');
    const description = `${tool.name}(${signature}) - ${tool.description}\n\n${args}`;
    const parameters = params.length === 0 ? '{}' : pythonJson(tool.inputSchema);
    return `{"type": "function", "function": {"name": "${tool.name}", "description": "${description}", "parameters": ${parameters}}`;
  });
  return (
    "You are a function calling AI model. You are provided with function signatures within <tools></tools> XML tags. You may call one or more functions to assist with the user query. Don't make assumptions about what values to plug into functions. Here are the available tools: <tools> " +
    rendered.join('\n') +
    ' </tools>' +
    'Use the following pydantic model json schema for each tool call you will make: {"properties": {"name": {"title": "Name", "type": "string"}, "arguments": {"title": "Arguments", "type": "object"}}, "required": ["name", "arguments"], "title": "FunctionCall", "type": "object"}}\n' +
    'For each function call return a json object with function name and arguments within <tool_call></tool_call> XML tags as follows:\n' +
    '<tool_call>\n{"name": <function-name>, "arguments": <args-dict>}\n</tool_call>'
  );
}

function hermesWire(messages: readonly Message[], tools: readonly ToolDefinition[]): AnnotatedWireMessage[] {
  const first = messages[0];
  const system = first?.role === 'system' ? first.content : null;
  const rest = first?.role === 'system' ? messages.slice(1) : messages;
  const out: AnnotatedWireMessage[] = [];
  if (tools.length > 0) {
    const block = renderHermesToolsSystem(tools);
    const extra = system === null ? [] : [{ part: 'system' as const, text: `\n\n${system}` }];
    out.push({
      role: 'system',
      content: block + (system === null ? '' : `\n\n${system}`),
      segments: [{ part: 'tools', text: block }, ...extra],
    });
  } else if (system !== null) out.push(plain('system', system, 'system'));
  for (const item of groupToolRuns(rest)) {
    if (Array.isArray(item)) {
      out.push(plain('tool', wrapToolResponses(item), 'history'));
      continue;
    }
    if (item.role === 'assistant') out.push(plain('assistant', item.raw, 'history'));
    else if (item.role === 'system' || item.role === 'user') out.push(plain('user', item.content, 'history'));
  }
  return out;
}

export const hermesFormat: PromptFormat = {
  id: 'hermes',
  label: 'Hermes 2 Pro / 3 (tool_use template, <tool_call>)',
  toolResultRole: 'tool',
  supportsParallelCalls: true,
  toWire: hermesWire,
  renderPrompt(messages, tools) {
    return renderThrough(chatml('<|begin_of_text|>'), hermesWire(messages, tools));
  },
  structuralTag: (tools, choice, parallel) => toolCallTags(tools, choice, parallel, TOOL_CALL_TAG_SYNTAX),
  callFormat: 'tool-call-tags',
  parse: parseTagOutput,
  historyNotes: () => [],
  // Each says what the template renders, what the app sends instead, and why (shown in the Prompt view).
  knownDifferences: [
    'Your system prompt: the template renders it as a second system turn after the tools turn; the app sends it inside the tools system turn, after a blank line, because web-llm accepts a system message only as the first message (SystemMessageOrderError).',
    'Text beside tool calls: the template drops the text of an assistant turn that carries tool calls; the app sends the turn as the model wrote it (its raw output), because that is what web-llm holds in its KV cache, so the next call reuses it instead of prefilling it again.',
    'End of a tool turn: the template ends the last tool turn without a newline after "<|im_end|>" (and adds it once more messages follow); the app sends "<|im_end|>\\n" after every turn, because mlc-llm\'s conversation template writes that separator after every message. The template\'s own histories are therefore not prefix-stable either.',
    'Array parameters: the template (in Python jinja2) renders their type as list[Union[]] and an unknown type name recurses forever; the app sends list[Union[]] and "Any", because that is what Python renders and what the macro means (@huggingface/jinja throws on that template).',
    "No tools: the template fails without tools; the app sends the model's default ChatML turns, because transformers falls back to the model's default template in that case.",
    'The pydantic schema line ends with a stray "}": the template has it, so the app sends it too, because the model was trained on that exact text.',
    'Start of the prompt: the template prints bos_token; the app shows <|begin_of_text|> (Llama-based Hermes), because that is the token web-llm prepends; Hermes-2-Pro-Mistral uses <s> instead.',
  ],
};
