/**
 * The built-in plain advisors and their default orders:
 * - chat memory (HIGHEST_PRECEDENCE + 200, outside): loads the stored conversation into the request and stores
 *   the request's last user message (or latest tool results) and the response. Outside the loop that is the user
 *   message and the final answer, once; inside it is every intermediate message.
 * - tool-call trace (+350, inside): sees each round's tool calls and the results sent back.
 * - loop metrics (+400, inside): sees each round's usage and tool calls; feeds the metrics panel.
 * - logger (0, inside): logs every request and response it sees.
 */
import type { Message, ToolMessage } from '../messages';
import { BaseAdvisor, type Note } from './chain';
import { DEFAULT_ORDERS } from './order';
import type { AdvisedRequest, AdvisedResponse } from './types';

/** The conversation store behind a memory advisor (Spring's ChatMemory with one conversation). */
export class ChatMemory {
  private stored: Message[] = [];

  constructor(initial: readonly Message[] = []) {
    this.stored = [...initial];
  }

  get(): readonly Message[] {
    return this.stored;
  }

  add(messages: readonly Message[]): void {
    this.stored = [...this.stored, ...messages];
  }

  clear(): void {
    this.stored = [];
  }
}

/** Spring's MessageChatMemoryAdvisor. */
export class MessageChatMemoryAdvisor extends BaseAdvisor {
  readonly kind = 'memory' as const;
  override readonly isMemory = true;

  constructor(
    private readonly memory: ChatMemory,
    order: number = DEFAULT_ORDERS.memory,
    name = 'Chat memory',
  ) {
    super(name, order);
  }

  protected before(request: AdvisedRequest, note: Note): AdvisedRequest {
    const history = this.memory.get();
    // Prepend the memory unless the prompt already carries it (the loop forwarded the whole history).
    const loaded = history.length > 0 && !containsContiguous(request.messages, history) ? history.length : 0;
    const merged = loaded > 0 ? [...history, ...request.messages] : [...request.messages];
    const messages = [...merged.filter((m) => m.role === 'system'), ...merged.filter((m) => m.role !== 'system')];
    const toStore = lastUserOrToolResponse(request.messages);
    this.memory.add(toStore);
    note({
      loaded,
      stored: toStore,
      summary:
        `loaded ${loaded} stored message(s); stored ${describeStored(toStore)}; ` +
        `request now ${messages.length} messages`,
    });
    return { ...request, messages };
  }

  protected after(response: AdvisedResponse, _request: AdvisedRequest, note: Note): AdvisedResponse {
    this.memory.add([response.message]);
    note({ stored: [response.message], summary: `stored ${describeStored([response.message])}` });
    return response;
  }
}

/** Spring's `getLastUserOrToolResponseMessage`: the trailing tool results, else the last user message. */
export function lastUserOrToolResponse(messages: readonly Message[]): Message[] {
  const trailingTools: ToolMessage[] = [];
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i]!;
    if (message.role !== 'tool') break;
    trailingTools.unshift(message);
  }
  if (trailingTools.length > 0) return trailingTools;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i]!;
    if (message.role === 'user') return [message];
  }
  return [];
}

function containsContiguous(haystack: readonly Message[], needle: readonly Message[]): boolean {
  const key = (m: Message) => JSON.stringify(m);
  const hay = haystack.map(key);
  const want = needle.map(key);
  for (let start = 0; start + want.length <= hay.length; start += 1) {
    if (want.every((k, i) => hay[start + i] === k)) return true;
  }
  return false;
}

function describeStored(messages: readonly Message[]): string {
  if (messages.length === 0) return 'nothing';
  return messages
    .map((m) => (m.role === 'assistant' && m.toolCalls.length > 0 ? 'assistant (tool calls)' : m.role))
    .join(', ');
}

/** Sees each round's tool calls (after) and the tool results sent back (before). */
export class ToolCallTraceAdvisor extends BaseAdvisor {
  readonly kind = 'trace' as const;

  constructor(order: number = DEFAULT_ORDERS.trace, name = 'Tool-call trace') {
    super(name, order);
  }

  protected before(request: AdvisedRequest, note: Note): AdvisedRequest {
    const results = lastUserOrToolResponse(request.messages).filter((m): m is ToolMessage => m.role === 'tool');
    if (results.length > 0) {
      note({ summary: `tool results sent back: ${results.map((m) => `${m.name} (${m.toolCallId})`).join(', ')}` });
    } else {
      note({ summary: 'no tool results in this request' });
    }
    return request;
  }

  protected after(response: AdvisedResponse, _request: AdvisedRequest, note: Note): AdvisedResponse {
    note({
      summary:
        response.calls.length > 0
          ? `model asked for ${response.calls.map((c) => `${c.name} (${c.id})`).join(', ')}`
          : 'no tool calls: a final answer',
    });
    return response;
  }
}

const METRICS_ROUND_KEY = 'loop-metrics:round';

/** Counts the passes it sees (rounds, inside the loop) with their usage and tool calls. */
export class LoopMetricsAdvisor extends BaseAdvisor {
  readonly kind = 'metrics' as const;

  constructor(order: number = DEFAULT_ORDERS.metrics, name = 'Loop metrics') {
    super(name, order);
  }

  protected before(request: AdvisedRequest, note: Note): AdvisedRequest {
    // The request context is shared by every round of one call, so it can count the rounds this advisor sees.
    const round = ((request.context.get(METRICS_ROUND_KEY) as number | undefined) ?? 0) + 1;
    request.context.set(METRICS_ROUND_KEY, round);
    note({ iteration: round, summary: `round ${round} starts` });
    return request;
  }

  protected after(response: AdvisedResponse, request: AdvisedRequest, note: Note): AdvisedResponse {
    const round = (request.context.get(METRICS_ROUND_KEY) as number | undefined) ?? 1;
    const tokens = response.usage
      ? `${response.usage.promptTokens} prompt + ${response.usage.completionTokens} completion tokens`
      : 'no usage reported';
    note({ iteration: round, summary: `round ${round}: ${tokens}; ${response.calls.length} tool call(s)` });
    return response;
  }
}

/** Logs every request and response it sees. */
export class LoggerAdvisor extends BaseAdvisor {
  readonly kind = 'logger' as const;

  constructor(order: number = DEFAULT_ORDERS.logger, name = 'Logger') {
    super(name, order);
  }

  protected before(request: AdvisedRequest): AdvisedRequest {
    return request;
  }

  protected after(response: AdvisedResponse): AdvisedResponse {
    return response;
  }
}
