/**
 * Builds the web-llm chat-completions request for one model call, obeying web-llm's request rules:
 * assistant content is always a string (the exact raw output, so the KV cache is reused), a system message
 * only first, the last message `user` or `tool`, `json_object` schemas as strings, `tool` role only where the
 * model's conversation template declares it. Pure: no web-llm import (types only).
 */
import type { ChatCompletionMessageParam, ChatCompletionRequestStreaming, ResponseFormat } from '@mlc-ai/web-llm';
import type { JsonSchema, Message, ModelRequest, PromptFormat, PromptSegment } from '../../engine';
import { hermesFormat, RuntimeFailure, toFunctionTool } from '../../engine';
import { isNativeToolModel } from './catalog';
import { detectFormat } from './format-detect';
import type { FormatChoice } from './prompt-format';
import { FORMAT_NAMES, hasToolFormat, promptFormatFor } from './prompt-format';
import { checkToolSupport } from './request-check';

export type RequestMode =
  /** Tools rendered into the prompt in the family's format, output constrained with a structural tag. */
  | 'prompt-tools'
  /** web-llm's own `tools` field (Hermes 8B models only): forced JSON array, its own system prompt. */
  | 'native-tools'
  /** The native path's follow-up without tools, so the model can answer in prose. */
  | 'native-final'
  /** No tools in this request. */
  | 'plain';

export interface BuildOptions {
  /** The model's prompt format; by default the one its id names (ChatML without tools when none). */
  readonly format?: FormatChoice;
  /** Qwen3: false turns reasoning off (`extra_body.enable_thinking`). */
  readonly enableThinking?: boolean;
  /** Use web-llm's `tools` field where the model supports it (Hermes 8B). */
  readonly nativeTools?: boolean;
  /** Build the native path's tool-less follow-up. */
  readonly nativeFinal?: boolean;
  /** Constrain a tool-less answer to this JSON Schema (`json_object`, the schema as a string). */
  readonly responseSchema?: JsonSchema;
  /** Llama 3.2's "Today Date" line. */
  readonly dateString?: string;
}

export interface BuiltRequest {
  readonly mode: RequestMode;
  readonly request: ChatCompletionRequestStreaming;
  readonly format: PromptFormat;
  /** Which format, and how it was chosen (recorded in the run). */
  readonly formatChoice: FormatChoice;
  /** The names of the tools this request really carries (rendered into the prompt or in `tools`). */
  readonly toolsSent: readonly string[];
  /** The prompt text the model sees, split by part (system, tools, history, new). */
  readonly segments: readonly PromptSegment[];
  readonly notes: readonly string[];
}

/** A `json_object` response format; web-llm needs the schema as a string (an object throws BindingError). */
export function jsonObjectFormat(schema: JsonSchema): ResponseFormat {
  return { type: 'json_object', schema: JSON.stringify(schema) };
}

/** The format options.format names, else the one the model id names, else ChatML without tools. */
export function resolveFormat(modelId: string, options: BuildOptions = {}): FormatChoice {
  if (options.format) return options.format;
  const detected = detectFormat(null, modelId);
  return detected.ok
    ? detected.value
    : {
        id: 'chatml',
        source: 'model-id',
        evidence: `the model id "${modelId}", which names no family with a tool format`,
      };
}

/**
 * Builds the request, or throws a RuntimeFailure when the request cannot be honoured as asked (the same
 * reason `checkToolSupport` gives) or the history cannot be sent.
 */
export function buildRequest(modelId: string, req: ModelRequest, options: BuildOptions = {}): BuiltRequest {
  checkHistory(req.messages);
  const choice = resolveFormat(modelId, options);
  const native = options.nativeTools === true && isNativeToolModel(modelId);
  const check = checkToolSupport(req, { modelId, format: choice, nativeTools: native });
  if (!check.ok) throw new RuntimeFailure(check.error, 'tool-choice-unsupported');
  const notes: string[] = [];
  const format = promptFormatFor(choice.id);
  const withTools = hasToolFormat(choice.id);
  if (!withTools && req.tools.length > 0 && req.toolChoice !== 'none')
    notes.push(
      `${FORMAT_NAMES[choice.id]}: this model has no tool format, so the ${req.tools.length} offered tool(s) (${req.tools.map((t) => t.name).join(', ')}) are not sent; it answers in plain text. Choose its prompt format in the Model panel if it was trained on one.`,
    );
  const exposeTools = withTools && req.toolChoice !== 'none' ? req.tools : [];
  if (req.toolChoice === 'none' && req.tools.length > 0)
    notes.push('tool choice "none": the tools and the constraint are left out of this request.');
  const formatOptions = {
    ...(options.enableThinking !== undefined ? { enableThinking: options.enableThinking } : {}),
    ...(options.dateString !== undefined ? { dateString: options.dateString } : {}),
  };
  const base = {
    stream: true as const,
    stream_options: { include_usage: true },
    ...(req.maxTokens !== undefined ? { max_tokens: req.maxTokens } : {}),
    ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
    ...(req.seed !== undefined ? { seed: Math.trunc(req.seed) } : {}),
    ...(choice.id === 'qwen3' && options.enableThinking === false ? { extra_body: { enable_thinking: false } } : {}),
  };

  if (native && (exposeTools.length > 0 || options.nativeFinal)) {
    return buildNative(modelId, req, exposeTools, options.nativeFinal === true, base, notes, choice);
  }

  const wire = format.toWire(req.messages, exposeTools, formatOptions);
  const segments = format.renderPrompt(req.messages, exposeTools, formatOptions);
  const messages = wire.map(({ role, content }) => ({ role, content }) as ChatCompletionMessageParam);
  const parallel = req.parallelToolCalls && format.supportsParallelCalls;
  if (req.parallelToolCalls && !format.supportsParallelCalls && exposeTools.length > 0) {
    notes.push(
      `${format.label}: one tool call per turn (the template refuses two), so generation stops after the first call.`,
    );
  }
  const tag = format.structuralTag(exposeTools, req.toolChoice, parallel);
  let response_format: ResponseFormat | undefined;
  if (tag) {
    response_format = { type: 'structural_tag', structural_tag: { type: 'structural_tag', format: tag } };
  } else if (options.responseSchema) {
    response_format = jsonObjectFormat(options.responseSchema);
  }
  const request: ChatCompletionRequestStreaming = {
    ...base,
    messages,
    ...(response_format ? { response_format } : {}),
  };
  return {
    mode: exposeTools.length > 0 ? 'prompt-tools' : 'plain',
    request,
    format,
    formatChoice: choice,
    toolsSent: exposeTools.map((t) => t.name),
    segments,
    notes,
  };
}

function buildNative(
  modelId: string,
  req: ModelRequest,
  tools: ModelRequest['tools'],
  final: boolean,
  base: Omit<ChatCompletionRequestStreaming, 'messages'>,
  notes: string[],
  formatChoice: FormatChoice,
): BuiltRequest {
  const wire = hermesFormat.toWire(req.messages, []);
  let messages = wire.map(({ role, content }) => ({ role, content }) as ChatCompletionMessageParam);
  if (final) {
    notes.push('Native tools always force a JSON array, so the prose answer needs this request without tools.');
    const request: ChatCompletionRequestStreaming = { ...base, messages };
    return {
      mode: 'native-final',
      request,
      format: hermesFormat,
      formatChoice,
      toolsSent: [],
      segments: hermesFormat.renderPrompt(req.messages, []),
      notes,
    };
  }
  // web-llm prepends its own system prompt and throws CustomSystemPromptError on ours: fold ours into the first user turn.
  const system = messages[0]?.role === 'system' ? (messages[0].content as string) : null;
  if (system !== null) {
    messages = messages.slice(1);
    const firstUser = messages.findIndex((m) => m.role === 'user');
    if (firstUser >= 0) {
      messages[firstUser] = { role: 'user', content: `${system}\n\n${messages[firstUser]!.content as string}` };
      notes.push(
        'Native tools: web-llm forbids a custom system prompt, so it was prepended to the first user message.',
      );
    }
  }
  // checkToolSupport refused "required" and a named tool (web-llm would ignore them): only "auto" gets here.
  notes.push(`${modelId}: web-llm forces a JSON array of {name, arguments} on every reply and its own system prompt.`);
  const request: ChatCompletionRequestStreaming = {
    ...base,
    messages,
    tools: tools.map((t) => toFunctionTool(t)),
    tool_choice: 'auto',
  };
  return {
    mode: 'native-tools',
    request,
    format: hermesFormat,
    formatChoice,
    toolsSent: tools.map((t) => t.name),
    segments: hermesFormat.renderPrompt(req.messages, tools),
    notes,
  };
}

/** The app's history must end with the user or tool results: web-llm cannot continue an assistant turn. */
function checkHistory(messages: readonly Message[]): void {
  const last = messages[messages.length - 1];
  if (!last) throw new RuntimeFailure('Nothing to send: the history is empty.', 'empty-history');
  if (last.role === 'assistant' || last.role === 'system') {
    throw new RuntimeFailure(
      `web-llm needs the last message to be from the user or a tool result, not "${last.role}". Add a user message or the tool results first.`,
      'last-message-role',
    );
  }
}
