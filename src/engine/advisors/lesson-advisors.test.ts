import { describe, expect, it } from 'vitest';
import { LoggerAdvisor } from './built-ins';
import { AdvisorChain } from './chain';
import { DEFAULT_ORDERS, HIGHEST_PRECEDENCE } from './order';
import { shortenToolResults, tokensSaved } from './shorten-results';
import { createTestEnv, hookCounts, request, THREE_ROUNDS } from './test-env';
import { ThinkTraceAdvisor } from './think-trace';
import { ToolCallingAdvisor } from './tool-calling-advisor';
import type { Message } from '../messages';

describe('the think-trace advisor', () => {
  it('inside the loop (+360) records each round’s reasoning; the logger outside (+250) sees one request', async () => {
    const env = createTestEnv([
      { tools: ['current_time'], text: 'Let me check the time first.' },
      { text: 'It is 19:41.' },
    ]);
    const chain = AdvisorChain.build(
      [new ToolCallingAdvisor(), new ThinkTraceAdvisor(), new LoggerAdvisor(HIGHEST_PRECEDENCE + 250)],
      env,
    );
    await chain.nextCall(request());
    expect(DEFAULT_ORDERS.thinkTrace).toBe(HIGHEST_PRECEDENCE + 360);
    const thoughts = env.invocations.filter((i) => i.name === 'Think trace' && i.hook === 'after');
    expect(thoughts.map((i) => i.sees.reasoning)).toEqual(['Let me check the time first.', '']);
    expect(hookCounts(env)).toMatchObject({ 'Logger.before': 1, 'Logger.after': 1, 'Think trace.after': 2 });
  });
});

describe('the doGetNextInstructionsForToolCall hook that shortens results', () => {
  it('cuts a tool result over the limit, keeps short ones, and counts the tokens saved', () => {
    const long = 'x'.repeat(2000);
    const messages: Message[] = [
      { role: 'tool', toolCallId: 'a', name: 'order_history', content: long, isError: false },
      { role: 'tool', toolCallId: 'b', name: 'calculate', content: '877', isError: false },
    ];
    const { messages: out, shortened } = shortenToolResults(messages, 600);
    expect(out[1]).toBe(messages[1]);
    expect(out[0]!.content.startsWith('x'.repeat(600))).toBe(true);
    expect(out[0]!.content).toContain('1400 of 2000 characters left out');
    expect(shortened).toHaveLength(1);
    expect(shortened[0]).toMatchObject({ callId: 'a', name: 'order_history', charsBefore: 2000 });
    expect(tokensSaved(shortened)).toBeGreaterThan(300);
  });

  it('in the chain: the next round’s request carries the shortened result, and the hook records the saving', async () => {
    const env = createTestEnv(THREE_ROUNDS);
    const chain = AdvisorChain.build([new ToolCallingAdvisor({ shortenToolResults: 5 })], env);
    await chain.nextCall(request());
    const second = env.requests[1]!.messages.filter((m) => m.role === 'tool');
    expect(second.every((m) => m.content.includes('characters left out'))).toBe(true);
    const hook = env.invocations.find((i) => i.hook === 'next-instructions');
    expect(hook?.sees.shortened?.length).toBe(2);
    expect(hook?.sees.summary).toMatch(/tokens saved/);
  });
});
