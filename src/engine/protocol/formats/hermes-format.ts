/**
 * Hermes 2 Pro / Hermes 3 (NousResearch), manual path: the `tool_use` chat template's system turn (tools as
 * Python-style signatures inside `<tools>`, a pydantic schema for the call), calls as `<tool_call>` blocks,
 * results in a `tool` turn (mlc-llm's hermes templates declare that role). The native path — web-llm's own
 * `tools` field, Hermes 8B models only — is built by the request builder, not here.
 */
import type { Message } from '../../messages';
import type { ToolDefinition } from '../../tool';
import { parseModelOutput } from '../hermes';
import { pythonJson } from '../python-json';
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
  parse: parseModelOutput,
  knownDifferences: [
    "The caller's system prompt is appended to the tools system turn after a blank line; the template renders it as a second system turn, which web-llm refuses (system only first).",
    'Assistant turns keep their text (the raw output); the template drops the text of a turn that carries tool calls.',
    'A tool turn ends with "<|im_end|>\\n" like every mlc-llm turn; the template omits that newline (and the last block\'s), so its histories are not prefix-stable anyway.',
    'Array parameters render as list[Union[]] like Python jinja2 (@huggingface/jinja throws on that template); an unknown type name renders "Any" where Python recurses without end.',
    "Without tools the template fails; the model's default ChatML template is used.",
    'The pydantic schema line ends with a stray "}" — copied from the official template, which has it.',
    'The BOS token is <|begin_of_text|> (Llama-based Hermes); Hermes-2-Pro-Mistral uses <s>.',
  ],
};
