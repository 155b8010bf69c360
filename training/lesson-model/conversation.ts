/**
 * One training conversation, built turn by turn with the engine's own parts: the tools' definitions are the ones
 * the app exposes (overrides applied), calls run through the harness's `executeToolCalls` (so results, error
 * results and their wording are the app's), and the text is rendered with the CPU runtime's `renderChatMlPrompt` —
 * the exact bytes the app sends to wllama and llama-server. The assistant turns that the model should learn are
 * marked; everything else is context.
 */
import type { AssistantMessage, Message, ToolCall } from '../../src/engine/messages';
import { renderToolCallBlock } from '../../src/engine/protocol/hermes';
import type { Tool, ToolLanguage } from '../../src/engine/tool';
import { executeToolCalls } from '../../src/engine/loop/tool-execution';
import { createToolRegistry } from '../../src/engine/tool-registry';
import { renderChatMlPrompt } from '../../src/runtimes/wllama/chatml-prompt';

export interface Call {
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** A piece of the rendered conversation: `train` marks the model's own reply (with its `<|im_end|>`). */
export interface Segment {
  readonly text: string;
  readonly train: boolean;
}

/** What the evaluation needs to know about one assistant turn. */
export interface TurnRecord {
  /** What the turn is: the first reply, a follow-up call, the final answer… */
  readonly role: 'first' | 'next' | 'answer';
  readonly calls?: readonly Call[];
  /** Values the final answer must quote. */
  readonly mustQuote?: readonly string[];
  readonly train: boolean;
}

export interface RenderedConversation {
  readonly family: string;
  readonly language: ToolLanguage;
  readonly segments: readonly Segment[];
  readonly turns: readonly TurnRecord[];
  /** The messages up to each assistant turn, for an evaluation that asks a real llama.cpp. */
  readonly prompts: readonly { readonly messages: readonly Message[]; readonly turn: number }[];
  readonly tools: readonly Tool[];
}

/** Arguments in the order the app's grammar writes them: required keys first, then optional, each in declaration order. */
export function grammarOrder(tool: Tool, args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const properties = Object.keys((tool.inputSchema.properties as Record<string, unknown> | undefined) ?? {});
  const required = new Set(Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required.map(String) : []);
  const ordered: Record<string, unknown> = {};
  for (const key of [...properties.filter((k) => required.has(k)), ...properties.filter((k) => !required.has(k))]) {
    if (key in args) ordered[key] = args[key];
  }
  for (const key of Object.keys(args)) {
    if (!(key in ordered)) throw new Error(`grammarOrder: ${tool.name} has no parameter ${key}`);
  }
  return ordered;
}

export class Session {
  private readonly messages: Message[] = [];
  private readonly turns: TurnRecord[] = [];
  private readonly assistantAt: number[] = [];
  private nextId = 1;

  constructor(
    readonly family: string,
    readonly language: ToolLanguage,
    system: string,
    readonly tools: readonly Tool[],
    private readonly now: number,
  ) {
    this.messages.push({ role: 'system', content: system });
  }

  user(text: string): void {
    this.messages.push({ role: 'user', content: text });
  }

  /** The model answers in text. */
  answer(text: string, options: { train?: boolean; mustQuote?: readonly string[] } = {}): void {
    this.assistant(text, [], { role: 'answer', train: options.train ?? true, mustQuote: options.mustQuote ?? [] });
  }

  /** The model calls tools; they run through the harness and their results join the history. Returns the result texts. */
  async call(
    calls: readonly Call[],
    options: { train?: boolean; role?: 'first' | 'next' } = {},
  ): Promise<{ readonly text: string; readonly isError: boolean }[]> {
    const toolCalls: ToolCall[] = calls.map((c) => {
      const tool = this.tools.find((t) => t.name === c.name);
      if (!tool) throw new Error(`Session.call: ${c.name} is not exposed in ${this.family}`);
      return {
        id: `call_${this.nextId++}`,
        name: c.name,
        argumentsText: JSON.stringify(grammarOrder(tool, c.arguments)),
      };
    });
    const ordered = calls.map((c) => ({
      name: c.name,
      arguments: grammarOrder(
        this.tools.find((t) => t.name === c.name)!,
        c.arguments,
      ),
    }));
    const raw = ordered.map((c) => renderToolCallBlock(c.name, c.arguments)).join('\n');
    const role = options.role ?? (this.turns.length === 0 ? 'first' : 'next');
    this.assistant(raw, toolCalls, { role, train: options.train ?? true, calls: ordered });
    const batch = await executeToolCalls(toolCalls, () => ({ kind: 'approve' }), {
      registry: createToolRegistry(this.tools),
      exceptionMode: 'send-to-model',
      now: () => this.now,
      signal: new AbortController().signal,
      grants: { allowWrite: false },
      language: (name) =>
        this.language === 'ko' && this.tools.find((t) => t.name === name)?.inLanguage ? 'ko' : undefined,
    });
    if (batch.stopped) throw new Error(`Session.call: the loop stopped in ${this.family}: ${batch.stopped.error}`);
    this.messages.push(...batch.toolMessages);
    return batch.toolMessages.map((m) => ({ text: m.content, isError: m.isError }));
  }

  private assistant(raw: string, toolCalls: ToolCall[], record: TurnRecord): void {
    this.assistantAt.push(this.messages.length);
    const message: AssistantMessage = { role: 'assistant', content: toolCalls.length > 0 ? '' : raw, raw, toolCalls };
    this.messages.push(message);
    this.turns.push(record);
  }

  /** The conversation as the app renders it, cut into context and the replies to learn. */
  render(): RenderedConversation {
    const definitions = this.tools;
    const segments: Segment[] = [];
    let sofar = '';
    const prompts: { messages: Message[]; turn: number }[] = [];
    this.assistantAt.forEach((index, turn) => {
      const before = this.messages.slice(0, index);
      const prompt = renderChatMlPrompt(before, definitions);
      if (!prompt.startsWith(sofar))
        throw new Error(`render: the prompt of turn ${turn} does not extend the one before`);
      segments.push({ text: prompt.slice(sofar.length), train: false });
      const reply = (this.messages[index] as AssistantMessage).raw + '<|im_end|>';
      segments.push({ text: reply, train: this.turns[turn]!.train });
      sofar = prompt + reply;
      prompts.push({ messages: before, turn });
    });
    const whole = renderChatMlPrompt(this.messages, definitions);
    if (!whole.startsWith(sofar)) throw new Error('render: the whole conversation does not extend its last reply');
    return { family: this.family, language: this.language, segments, turns: this.turns, prompts, tools: this.tools };
  }
}
