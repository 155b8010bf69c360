/**
 * Qwen2.5-Instruct and Qwen3 (hybrid thinking). Both were trained on the Hermes-style layout: tools as JSON
 * lines inside `<tools>` in the system turn, calls as `<tool_call>\n{"name", "arguments"}\n</tool_call>`.
 * mlc-llm's qwen2/qwen3 conversation templates declare only user and assistant, so tool results go back
 * as one user turn of `<tool_response>` blocks — exactly what the official template renders for them.
 */
import type { Message } from '../../messages';
import type { ToolChoice } from '../../runtime';
import type { ToolDefinition } from '../../tool';
import { renderToolsSection } from '../hermes';
import { parseTagOutput } from '../tag-parser';
import { chatml, groupToolRuns, lastQueryIndex, plain, renderThrough, wrapToolResponses } from './shared';
import type { AnnotatedWireMessage, FormatOptions, PromptFormat, TriggeredTagsFormat } from './types';

export const QWEN25_DEFAULT_SYSTEM = 'You are Qwen, created by Alibaba Cloud. You are a helpful assistant.';

/** One triggered tag per tool, its JSON Schema as the arguments' grammar (tool choice mapped onto it). */
export function toolCallTags(
  tools: readonly ToolDefinition[],
  choice: ToolChoice,
  parallel: boolean,
  syntax: { trigger: string; begin: (name: string) => string; end: string },
): TriggeredTagsFormat | null {
  if (tools.length === 0 || choice === 'none') return null;
  const chosen = typeof choice === 'object' ? tools.filter((t) => t.name === choice.name) : tools;
  return {
    type: 'triggered_tags',
    triggers: [syntax.trigger],
    tags: chosen.map((t) => ({
      begin: syntax.begin(t.name),
      content: { type: 'json_schema', json_schema: t.inputSchema },
      end: syntax.end,
    })),
    at_least_one: choice !== 'auto',
    stop_after_first: !parallel,
  };
}

export const TOOL_CALL_TAG_SYNTAX = {
  trigger: '<tool_call>',
  begin: (name: string) => `<tool_call>\n{"name": ${JSON.stringify(name)}, "arguments": `,
  end: '}\n</tool_call>',
};

function systemMessage(system: string | null, tools: readonly ToolDefinition[]): AnnotatedWireMessage | null {
  if (tools.length === 0) return system === null ? null : plain('system', system, 'system');
  const section = renderToolsSection(tools);
  if (system === null) return plain('system', section, 'tools');
  return {
    role: 'system',
    content: `${system}\n\n${section}`,
    segments: [
      { part: 'system', text: system },
      { part: 'tools', text: `\n\n${section}` },
    ],
  };
}

/** Assistant text as sent back: the raw output, with reasoning dropped where the Qwen3 template drops it. */
function assistantContent(raw: string, keepReasoning: boolean): string {
  if (keepReasoning || !raw.includes('</think>')) return raw;
  return raw.slice(raw.lastIndexOf('</think>') + '</think>'.length).replace(/^\n+/, '');
}

function qwenWire(
  messages: readonly Message[],
  tools: readonly ToolDefinition[],
  defaultSystem: string | null,
  thinking: boolean,
): AnnotatedWireMessage[] {
  const first = messages[0];
  const system = first?.role === 'system' ? first.content : defaultSystem;
  const rest = first?.role === 'system' ? messages.slice(1) : messages;
  const lastQuery = lastQueryIndex(rest);
  const out: AnnotatedWireMessage[] = [];
  const sys = systemMessage(system, tools);
  if (sys) out.push(sys);
  let index = 0;
  for (const item of groupToolRuns(rest)) {
    if (Array.isArray(item)) {
      out.push(plain('user', wrapToolResponses(item), 'history'));
      index += item.length;
      continue;
    }
    switch (item.role) {
      case 'system':
        // web-llm accepts a system message only first; a later one is sent as user text.
        out.push(plain('user', item.content, 'history'));
        break;
      case 'user':
        out.push(plain('user', item.content, 'history'));
        break;
      case 'assistant':
        out.push(plain('assistant', assistantContent(item.raw, !thinking || index > lastQuery), 'history'));
        break;
      case 'tool':
        break; // grouped above
    }
    index += 1;
  }
  return out;
}

export const qwen25Format: PromptFormat = {
  id: 'qwen2.5',
  label: 'Qwen2.5 (Hermes-style <tool_call>)',
  toolResultRole: 'user',
  supportsParallelCalls: true,
  toWire: (messages, tools) => qwenWire(messages, tools, QWEN25_DEFAULT_SYSTEM, false),
  renderPrompt(messages, tools) {
    return renderThrough(chatml(), this.toWire(messages, tools));
  },
  structuralTag: (tools, choice, parallel) => toolCallTags(tools, choice, parallel, TOOL_CALL_TAG_SYNTAX),
  callFormat: 'tool-call-tags',
  parse: parseTagOutput,
  historyNotes: () => [],
  knownDifferences: [
    'Assistant turns are sent back as the exact raw text the model produced (so web-llm reuses its KV cache); the official template re-renders parsed calls as `<tool_call>\\n{"name": …, "arguments": <tojson>}\\n</tool_call>`. Identical whenever the model wrote that canonical form, which the structural tag enforces for the call itself.',
    'A system message that is not first is sent as a user turn (web-llm throws SystemMessageOrderError otherwise); the template would render a second system turn.',
  ],
};

export const qwen3Format: PromptFormat = {
  id: 'qwen3',
  label: 'Qwen3 (thinking, Hermes-style <tool_call>)',
  toolResultRole: 'user',
  supportsParallelCalls: true,
  toWire: (messages, tools) => qwenWire(messages, tools, null, true),
  renderPrompt(messages, tools, options?: FormatOptions) {
    const suffix = options?.enableThinking === false ? '<think>\n\n</think>\n\n' : '';
    return renderThrough(chatml(), this.toWire(messages, tools), suffix);
  },
  structuralTag: (tools, choice, parallel) => toolCallTags(tools, choice, parallel, TOOL_CALL_TAG_SYNTAX),
  callFormat: 'tool-call-tags',
  parse: parseTagOutput,
  historyNotes: () => [],
  knownDifferences: [
    'Assistant turns are sent as raw text (see Qwen2.5). For turns after the last user question the raw text keeps its <think> block, as the template does; earlier turns lose it, as the template does.',
    'With thinking off, web-llm puts the empty <think></think> block in the reply header, so the raw output lacks it; sent back, that turn renders without it — the template renders it the same way (no reasoning, not the last message) but the KV cache held it, so that turn is prefilled again.',
    'A system message that is not first is sent as a user turn (web-llm allows system only first).',
  ],
};
