/**
 * Test support for the advisor tests: a chain environment whose model answers from a list of turns and whose tool
 * manager answers every call with "result of NAME", recording everything in one ordered log.
 */
import type { AssistantMessage, Message, ToolCall, ToolMessage } from '../messages';
import type { AdvisedRequest, AdvisedResponse, AdvisorInvocation, ChainEnvironment } from './types';

export interface TestTurn {
  readonly tools?: readonly string[];
  readonly text?: string;
  readonly usage?: { readonly promptTokens: number; readonly completionTokens: number };
}

export interface TestEnv extends ChainEnvironment {
  /** `model 1`, `tools current_time,calculate`, `Chat memory.before`, … in the order they happened. */
  readonly log: string[];
  readonly requests: AdvisedRequest[];
  readonly invocations: AdvisorInvocation[];
  /** Model calls made so far. */
  calls(): number;
}

export function createTestEnv(turns: readonly TestTurn[], options: { returnDirect?: boolean } = {}): TestEnv {
  const log: string[] = [];
  const requests: AdvisedRequest[] = [];
  const invocations: AdvisorInvocation[] = [];
  let round = 0;
  let callId = 0;
  return {
    log,
    requests,
    invocations,
    calls: () => round,
    async callModel(request) {
      round += 1;
      requests.push(request);
      log.push(`model ${round}`);
      const turn = turns[round - 1] ?? { text: 'done' };
      const calls: ToolCall[] = (turn.tools ?? []).map((name) => ({
        id: `call_${++callId}`,
        name,
        argumentsText: '{}',
      }));
      const message: AssistantMessage = {
        role: 'assistant',
        content: turn.text ?? '',
        raw: turn.text ?? '',
        toolCalls: calls,
      };
      const response: AdvisedResponse = {
        message,
        calls,
        usage: turn.usage ? { ...turn.usage, estimated: false } : null,
        finishRaw: 'stop',
        round,
      };
      return response;
    },
    async executeTools(calls, fullHistory: readonly Message[], response) {
      log.push(`tools ${calls.map((c) => c.name).join(',')}`);
      const toolMessages: ToolMessage[] = calls.map((c) => ({
        role: 'tool',
        toolCallId: c.id,
        name: c.name,
        content: `result of ${c.name}`,
        isError: false,
      }));
      return {
        history: [...fullHistory, response.message, ...toolMessages],
        toolMessages,
        returnDirect: options.returnDirect ?? false,
      };
    },
    record(invocation) {
      invocations.push(invocation);
      log.push(`${invocation.name}.${invocation.hook}`);
    },
  };
}

/** How many times each `name.hook` ran. */
export function hookCounts(env: TestEnv): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const inv of env.invocations) counts[`${inv.name}.${inv.hook}`] = (counts[`${inv.name}.${inv.hook}`] ?? 0) + 1;
  return counts;
}

export const SYSTEM: Message = { role: 'system', content: 'You are a helpful assistant.' };
export const USER: Message = { role: 'user', content: 'What time is it in Seoul, and what is (128 × 7) − 19?' };

export function request(messages: readonly Message[] = [SYSTEM, USER]): AdvisedRequest {
  return { messages, tools: [], context: new Map() };
}

/** Three rounds: two tools, one tool, the answer (the shape of seoul-time-math). */
export const THREE_ROUNDS: readonly TestTurn[] = [
  { tools: ['current_time', 'calculate'], usage: { promptTokens: 100, completionTokens: 20 } },
  { tools: ['calculate'], usage: { promptTokens: 150, completionTokens: 10 } },
  {
    text: 'It is 19:41 in Seoul, and the calculation comes to 877.',
    usage: { promptTokens: 180, completionTokens: 15 },
  },
];
