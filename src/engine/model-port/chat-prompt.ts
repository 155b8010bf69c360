/**
 * The prompt text a ChatML model (Qwen2.5 style) sees for a request, and the request JSON, for the runtimes
 * that have no library to ask (scripted replay, a human playing the model). The rendering follows Qwen2.5's
 * official chat template: tools go into the system message through `systemPromptWithTools`, assistant tool
 * calls are written as `<tool_call>` blocks, consecutive tool results share one `user` turn inside
 * `<tool_response>` tags, and the prompt ends with the generation prompt `<|im_start|>assistant\n`.
 */
import type { AssistantMessage, Message, OpenAIChatMessage } from '../messages';
import { toOpenAIMessages } from '../messages';
import { renderToolCallBlock, systemPromptWithTools, toFunctionTool } from '../protocol/hermes';
import type { ModelRequest, RequestPreview, RequestTrace } from '../runtime';
import { withPromptExtension } from '../runtime';
import type { ToolDefinition } from '../tool';
import { hasPrefix } from '../trace-delta';
import { assertNever, ok, type Result } from '../result';

/** Qwen2.5's template falls back to this system text when the history has none. */
export const QWEN_DEFAULT_SYSTEM = 'You are Qwen, created by Alibaba Cloud. You are a helpful assistant.';

export function renderChatPrompt(request: Pick<ModelRequest, 'messages' | 'tools'>): string {
  const { messages, tools } = request;
  const first = messages[0];
  const system = first?.role === 'system' ? first.content : QWEN_DEFAULT_SYSTEM;
  let out = `<|im_start|>system\n${systemPromptWithTools(system, tools)}<|im_end|>\n`;
  messages.forEach((message, index) => {
    switch (message.role) {
      case 'system':
        if (index > 0) out += `<|im_start|>system\n${message.content}<|im_end|>\n`;
        return;
      case 'user':
        out += `<|im_start|>user\n${message.content}<|im_end|>\n`;
        return;
      case 'assistant':
        out += `<|im_start|>assistant\n${assistantBody(message)}<|im_end|>\n`;
        return;
      case 'tool': {
        if (messages[index - 1]?.role !== 'tool') out += '<|im_start|>user';
        out += `\n<tool_response>\n${message.content}\n</tool_response>`;
        if (messages[index + 1]?.role !== 'tool') out += '<|im_end|>\n';
        return;
      }
      default:
        assertNever(message);
    }
  });
  return `${out}<|im_start|>assistant\n`;
}

/**
 * An assistant turn as the template writes it: the visible text, then one block per call, joined by newlines.
 * A call that could not be parsed is already in the text as the model wrote it (runs recorded before that
 * rule get its block written back from its text), so the prompt shows what was sent, once.
 */
export function assistantBody(message: AssistantMessage): string {
  const blocks = message.toolCalls.map((call) => {
    if (call.parseError !== undefined) {
      return message.content.includes(call.argumentsText) ? '' : `<tool_call>\n${call.argumentsText}\n</tool_call>`;
    }
    try {
      return renderToolCallBlock(call.name, JSON.parse(call.argumentsText === '' ? '{}' : call.argumentsText));
    } catch {
      return `<tool_call>\n{"name": ${JSON.stringify(call.name)}, "arguments": ${call.argumentsText}}\n</tool_call>`;
    }
  });
  return [message.content, ...blocks].filter((part) => part !== '').join('\n');
}

/** The request as an OpenAI chat-completions body (what an API-backed runtime would send). */
export function requestJson(request: ModelRequest): unknown {
  return {
    messages: toOpenAIMessages(request.messages),
    ...(request.tools.length > 0 ? { tools: request.tools.map(toFunctionTool) } : {}),
    tool_choice: request.toolChoice,
    parallel_tool_calls: request.parallelToolCalls,
    ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.seed !== undefined ? { seed: request.seed } : {}),
  };
}

/**
 * Splits text into estimated tokens: a run of up to 4 non-space characters with the whitespace before it.
 * BPE tokenizers average about 4 characters per English token, so the counts are estimates (and marked so).
 */
export function estimateTokens(text: string): string[] {
  return text.match(/\s*\S{1,4}|\s+/g) ?? [];
}

/**
 * `estimateTokens(text).length`, incrementally: a prompt that extends the previous one is counted from the
 * previous one's last piece on (earlier pieces cannot change: each piece is as long as the text after it allowed,
 * and that text is the same). One counter per runtime; any other prompt is counted whole.
 */
export function createTokenCounter(): (text: string) => number {
  let last: { text: string; count: number; lastStart: number } | null = null;
  return (text) => {
    const from = last !== null && last.count > 0 && hasPrefix(text, last.text) ? last : null;
    const start = from ? from.lastStart : 0;
    let count = from ? from.count - 1 : 0;
    let lastStart = start;
    const piece = /\s*\S{1,4}|\s+/g;
    piece.lastIndex = start;
    for (let m = piece.exec(text); m !== null; m = piece.exec(text)) {
      count++;
      lastStart = m.index;
    }
    last = { text, count, lastStart };
    return count;
  };
}

/** The body a runtime without a library records, as its preview (`ChatRuntime.previewRequest`). */
export function openAiPreview(request: ModelRequest): Result<RequestPreview> {
  return ok({ wire: 'openai-chat', body: requestJson(request) });
}

export function traceFor(request: ModelRequest, notes: readonly string[]): RequestTrace {
  const promptText = renderChatPrompt(request);
  return { requestJson: requestJson(request), promptText, notes };
}

/** A call's trace, and its prompt's size in estimated tokens (`estimateTokens(promptText).length`). */
export interface TracedPrompt {
  readonly trace: RequestTrace;
  readonly promptTokens: number;
}

/**
 * `traceFor` and the prompt's estimated tokens, with nothing redone per call that an earlier call of the same
 * runtime already did: each message's prompt text and request-body entry are made once (kept per message object,
 * for as long as the message lives); the system turn with the tools rendered in is made again only when the system
 * text or a tool changes; and a request whose messages extend the previous request's (the same message objects
 * first: the loop's history only grows at the end) adds the new messages' text to the previous prompt and counts
 * only that text. The prompt is then never read whole on the way: a long run's call costs what its new messages
 * cost, and the trace says by how much its prompt extends the previous one (`withPromptExtension`), so the log
 * stores it without comparing the two. Same text, body and count as `traceFor` and `estimateTokens` (tested).
 * One per runtime.
 */
export function createTraceRenderer(): (request: ModelRequest, notes: readonly string[]) => TracedPrompt {
  const bodies = new WeakMap<Message, string>();
  const wire = new WeakMap<Message, OpenAIChatMessage>();
  const functionTools = new WeakMap<ToolDefinition, ReturnType<typeof toFunctionTool>>();
  let header: { system: string; tools: readonly ToolDefinition[]; text: string } | null = null;
  /** The previous request's messages (the loop never changes a history array) and its prompt, in parts. */
  let previous: {
    readonly messages: readonly Message[];
    readonly head: string;
    /** The prompt before its closing generation turn, and its pieces. */
    readonly before: string;
    readonly pieces: Pieces;
    readonly end: string;
    readonly prompt: string;
    /** The request body's messages. */
    readonly wire: readonly OpenAIChatMessage[];
  } | null = null;

  const bodyOf = (message: Message, index: number): string => {
    if (message.role === 'system') return messageBody(message, index);
    let body = bodies.get(message);
    if (body === undefined) {
      body = messageBody(message, index);
      bodies.set(message, body);
    }
    return body;
  };
  const wireOf = (message: Message): OpenAIChatMessage => {
    let entry = wire.get(message);
    if (entry === undefined) {
      entry = toOpenAIMessages([message])[0]!;
      wire.set(message, entry);
    }
    return entry;
  };
  const functionToolOf = (tool: ToolDefinition): ReturnType<typeof toFunctionTool> => {
    let entry = functionTools.get(tool);
    if (entry === undefined) {
      entry = toFunctionTool(tool);
      functionTools.set(tool, entry);
    }
    return entry;
  };
  const headerOf = (messages: readonly Message[], tools: readonly ToolDefinition[]): string => {
    const first = messages[0];
    const system = first?.role === 'system' ? first.content : QWEN_DEFAULT_SYSTEM;
    if (!header || header.system !== system || !sameItems(header.tools, tools)) {
      header = { system, tools, text: `<|im_start|>system\n${systemPromptWithTools(system, tools)}<|im_end|>\n` };
    }
    return header.text;
  };
  /** The messages' parts from `from` on, each after the closer its predecessor needs. */
  const partsFrom = (messages: readonly Message[], from: number): string => {
    let out = '';
    for (let i = from; i < messages.length; i++) {
      const message = messages[i]!;
      const afterTool = i > 0 && messages[i - 1]!.role === 'tool';
      if (message.role === 'tool') out += (afterTool ? '' : '<|im_start|>user') + bodyOf(message, i);
      else out += (afterTool ? '<|im_end|>\n' : '') + bodyOf(message, i);
    }
    return out;
  };

  return (request, notes) => {
    const { messages, tools } = request;
    const head = headerOf(messages, tools);
    const last = previous;
    const extended =
      last !== null &&
      last.head === head &&
      last.messages.length <= messages.length &&
      last.messages.every((m, i) => messages[i] === m);
    const added = extended ? partsFrom(messages, last.messages.length) : '';
    const before = extended ? last.before + added : head + partsFrom(messages, 0);
    const pieces = extended ? appendPieces(last.pieces, added) : appendPieces(NO_PIECES, before);
    const end = `${messages.at(-1)?.role === 'tool' ? '<|im_end|>\n' : ''}<|im_start|>assistant\n`;
    const prompt = before + end;
    const wireMessages = extended
      ? last.wire.concat(messages.slice(last.messages.length).map(wireOf))
      : messages.map(wireOf);
    previous = { messages, head, before, pieces, end, prompt, wire: wireMessages };
    const trace: RequestTrace = {
      requestJson: {
        messages: wireMessages,
        ...(tools.length > 0 ? { tools: tools.map(functionToolOf) } : {}),
        tool_choice: request.toolChoice,
        parallel_tool_calls: request.parallelToolCalls,
        ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(request.seed !== undefined ? { seed: request.seed } : {}),
      },
      promptText: prompt,
      notes,
    };
    // The previous prompt is this one's start when what this one adds begins with the previous closing turn.
    const after = added + end;
    if (extended && after.startsWith(last.end)) {
      withPromptExtension(trace, { previous: last.prompt, appended: after.slice(last.end.length) });
    }
    return { trace, promptTokens: appendPieces(pieces, end).count };
  };
}

/** A text's estimated tokens (`estimateTokens`) as a count and its last piece, the only one more text can change. */
interface Pieces {
  readonly count: number;
  readonly last: string;
}

const NO_PIECES: Pieces = { count: 0, last: '' };

/**
 * The pieces of a text followed by `text`: its earlier pieces stand (each is as long as the text after it
 * allowed, and that text is the same), its last one is counted again with `text` after it.
 */
function appendPieces(pieces: Pieces, text: string): Pieces {
  if (text === '') return pieces;
  const tail = pieces.last + text;
  const piece = /\s*\S{1,4}|\s+/g;
  let count = pieces.count > 0 ? pieces.count - 1 : 0;
  let lastStart = 0;
  for (let m = piece.exec(tail); m !== null; m = piece.exec(tail)) {
    count++;
    lastStart = m.index;
  }
  return { count, last: tail.slice(lastStart) };
}

/** One message's text in the prompt (a tool result without the turn around it; a first system message: none). */
function messageBody(message: Message, index: number): string {
  switch (message.role) {
    case 'system':
      return index > 0 ? `<|im_start|>system\n${message.content}<|im_end|>\n` : '';
    case 'user':
      return `<|im_start|>user\n${message.content}<|im_end|>\n`;
    case 'assistant':
      return `<|im_start|>assistant\n${assistantBody(message)}<|im_end|>\n`;
    case 'tool':
      return `\n<tool_response>\n${message.content}\n</tool_response>`;
    default:
      return assertNever(message);
  }
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a === b || (a.length === b.length && a.every((item, i) => item === b[i]));
}
