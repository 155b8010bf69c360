import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ChatMemory,
  LoggerAdvisor,
  LoopMetricsAdvisor,
  MessageChatMemoryAdvisor,
  ToolCallTraceAdvisor,
} from './built-ins';
import { AdvisorChain, AdvisorChainError, sortAdvisors } from './chain';
import { maxRoundsChecker } from './eligibility';
import { DEFAULT_ORDERS, HIGHEST_PRECEDENCE } from './order';
import { buildAdvisors, DEFAULT_ADVISOR_CONFIG } from './setup';
import { createTestEnv, hookCounts, request, SYSTEM, THREE_ROUNDS, USER } from './test-env';
import { ToolCallingAdvisor } from './tool-calling-advisor';
import type { Advisor } from './types';
import { runEndDetailEnglish } from '../loop/run-end-details';

function defaultChain(memory = new ChatMemory(), memoryOrder: number = DEFAULT_ORDERS.memory): Advisor[] {
  const memoryInside = memoryOrder > DEFAULT_ORDERS.toolCalling;
  return [
    new MessageChatMemoryAdvisor(memory, memoryOrder),
    new ToolCallingAdvisor({ conversationHistoryEnabled: !memoryInside }),
    new ToolCallTraceAdvisor(),
    new LoopMetricsAdvisor(),
    new LoggerAdvisor(),
  ];
}

describe('the ordering rule: outside once per request, inside once per round', () => {
  it('default chain, three rounds: memory 1×, trace, metrics and logger 3×', async () => {
    const env = createTestEnv(THREE_ROUNDS);
    const response = await AdvisorChain.build(defaultChain(), env).nextCall(request());
    expect(env.calls()).toBe(3);
    expect(response.message.content).toContain('877');
    expect(hookCounts(env)).toEqual({
      'Chat memory.before': 1,
      'Chat memory.after': 1,
      'Tool calling.initialize-loop': 1,
      'Tool calling.before-call': 3,
      'Tool calling.after-call': 3,
      'Tool calling.next-instructions': 2,
      'Tool calling.finalize-loop': 1,
      'Tool-call trace.before': 3,
      'Tool-call trace.after': 3,
      'Loop metrics.before': 3,
      'Loop metrics.after': 3,
      'Logger.before': 3,
      'Logger.after': 3,
    });
  });

  it('an advisor ordered below the loop runs once, whatever it is', async () => {
    const env = createTestEnv(THREE_ROUNDS);
    const advisors: Advisor[] = [
      new ToolCallingAdvisor(),
      new LoggerAdvisor(HIGHEST_PRECEDENCE + 100),
      new ToolCallTraceAdvisor(HIGHEST_PRECEDENCE + 250),
      new LoopMetricsAdvisor(HIGHEST_PRECEDENCE + 301),
    ];
    await AdvisorChain.build(advisors, env).nextCall(request());
    const counts = hookCounts(env);
    expect(counts['Logger.before']).toBe(1);
    expect(counts['Tool-call trace.after']).toBe(1);
    expect(counts['Loop metrics.before']).toBe(3);
  });

  it('without a loop advisor every advisor runs once and the tool calls come back unexecuted', async () => {
    const env = createTestEnv(THREE_ROUNDS);
    const response = await AdvisorChain.build([new LoggerAdvisor(), new ToolCallTraceAdvisor()], env).nextCall(
      request(),
    );
    expect(env.calls()).toBe(1);
    expect(env.log.some((l) => l.startsWith('tools'))).toBe(false);
    expect(response.calls.map((c) => c.name)).toEqual(['current_time', 'calculate']);
    expect(hookCounts(env)).toEqual({
      'Logger.before': 1,
      'Logger.after': 1,
      'Tool-call trace.before': 1,
      'Tool-call trace.after': 1,
    });
  });

  it('holds for any orders and any number of rounds (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: HIGHEST_PRECEDENCE + 1, max: 2147483646 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: HIGHEST_PRECEDENCE + 1, max: 2147483646 }),
        fc.integer({ min: 0, max: 4 }),
        async (orders, loopOrder, toolRounds) => {
          const turns = [...Array.from({ length: toolRounds }, () => ({ tools: ['calculate'] })), { text: 'answer' }];
          const env = createTestEnv(turns);
          const loggers = orders.map((order, i) => new LoggerAdvisor(order, `A${i}`));
          await AdvisorChain.build([...loggers, new ToolCallingAdvisor({ order: loopOrder })], env).nextCall(request());
          const counts = hookCounts(env);
          const sorted = sortAdvisors([...loggers, { order: loopOrder, name: 'loop' }]);
          const loopIndex = sorted.findIndex((a) => a.name === 'loop');
          sorted.forEach((a, index) => {
            if (a.name === 'loop') return;
            const expected = index > loopIndex ? toolRounds + 1 : 1;
            expect(counts[`${a.name}.before`]).toBe(expected);
            expect(counts[`${a.name}.after`]).toBe(expected);
          });
          // The tie rule: strictly lower is always outside, strictly higher always inside.
          loggers.forEach((a) => {
            if (a.order < loopOrder) expect(counts[`${a.name}.before`]).toBe(1);
            if (a.order > loopOrder) expect(counts[`${a.name}.before`]).toBe(toolRounds + 1);
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('hooks fire in the documented order', () => {
  it('outside before → initialize → (before-call → inside befores → model → inside afters → after-call → tools → next) … → finalize → outside after', async () => {
    const env = createTestEnv([{ tools: ['current_time'] }, { text: 'It is 19:41.' }]);
    await AdvisorChain.build(defaultChain(), env).nextCall(request());
    expect(env.log).toEqual([
      'Chat memory.before',
      'Tool calling.initialize-loop',
      'Tool calling.before-call',
      'Tool-call trace.before',
      'Loop metrics.before',
      'Logger.before',
      'model 1',
      'Logger.after',
      'Loop metrics.after',
      'Tool-call trace.after',
      'Tool calling.after-call',
      'tools current_time',
      'Tool calling.next-instructions',
      'Tool calling.before-call',
      'Tool-call trace.before',
      'Loop metrics.before',
      'Logger.before',
      'model 2',
      'Logger.after',
      'Loop metrics.after',
      'Tool-call trace.after',
      'Tool calling.after-call',
      'Tool calling.finalize-loop',
      'Chat memory.after',
    ]);
  });

  it('a subclass overriding the hooks sees initialize ×1, before/after ×2, finalize ×1 (Spring’s hook test)', async () => {
    const seen: string[] = [];
    class Counting extends ToolCallingAdvisor {
      protected override doInitializeLoop(...args: Parameters<ToolCallingAdvisor['doInitializeLoop']>) {
        seen.push('init');
        return super.doInitializeLoop(...args);
      }
      protected override doBeforeCall(...args: Parameters<ToolCallingAdvisor['doBeforeCall']>) {
        seen.push('before');
        return super.doBeforeCall(...args);
      }
      protected override doAfterCall(...args: Parameters<ToolCallingAdvisor['doAfterCall']>) {
        seen.push('after');
        return super.doAfterCall(...args);
      }
      protected override doFinalizeLoop(...args: Parameters<ToolCallingAdvisor['doFinalizeLoop']>) {
        seen.push('finalize');
        return super.doFinalizeLoop(...args);
      }
    }
    const env = createTestEnv([{ tools: ['calculate'] }, { text: '877' }]);
    await AdvisorChain.build([new Counting()], env).nextCall(request());
    expect(seen).toEqual(['init', 'before', 'after', 'before', 'after', 'finalize']);
  });

  it('finalize also runs after a returnDirect break, and the tool result is the answer', async () => {
    const env = createTestEnv([{ tools: ['check_inventory'] }, { text: 'never' }], { returnDirect: true });
    const response = await AdvisorChain.build([new ToolCallingAdvisor()], env).nextCall(request());
    expect(env.calls()).toBe(1);
    expect(response.ending?.reason).toBe('return-direct');
    expect(response.message.content).toBe('result of check_inventory');
    expect(env.log.at(-1)).toBe('Tool calling.finalize-loop');
  });
});

describe('memory placement', () => {
  it('outside (default): stores the user message and the final answer once; the loop keeps the tool transcript', async () => {
    const memory = new ChatMemory();
    const env = createTestEnv(THREE_ROUNDS);
    await AdvisorChain.build(defaultChain(memory), env).nextCall(request());
    expect(memory.get().map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(memory.get()[1]).toMatchObject({ content: expect.stringContaining('877') });
    // The loop forwards its whole history: round 3 carries system, user, and two tool rounds.
    expect(env.requests[2]!.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'tool',
    ]);
  });

  it('inside (internal history off): stores every intermediate message, tool calls included', async () => {
    const memory = new ChatMemory();
    const env = createTestEnv(THREE_ROUNDS);
    await AdvisorChain.build(defaultChain(memory, HIGHEST_PRECEDENCE + 400), env).nextCall(request());
    expect(memory.get().map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    const stored = memory.get();
    expect(stored[1]).toMatchObject({
      role: 'assistant',
      toolCalls: [{ name: 'current_time' }, { name: 'calculate' }],
    });
    const counts = hookCounts(env);
    expect(counts['Chat memory.before']).toBe(3);
    expect(counts['Chat memory.after']).toBe(3);
    // The model still sees the whole turn: the memory rebuilds what the loop no longer forwards.
    expect(env.requests[2]!.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'tool',
    ]);
    // What the loop forwarded into the inner chain in round 3: system + latest tool result only.
    const next = env.invocations.filter((i) => i.hook === 'next-instructions').at(-1)!;
    expect(next.sees.roles).toEqual(['system', 'tool']);
  });

  it('inside with the internal history left on does not duplicate the history (already in the prompt)', async () => {
    const memory = new ChatMemory();
    const env = createTestEnv(THREE_ROUNDS);
    const advisors = [new MessageChatMemoryAdvisor(memory, HIGHEST_PRECEDENCE + 400), new ToolCallingAdvisor()];
    await AdvisorChain.build(advisors, env).nextCall(request());
    expect(env.requests[2]!.messages).toHaveLength(7);
  });

  it('outside, a second request loads the first exchange into the prompt', async () => {
    const memory = new ChatMemory();
    await AdvisorChain.build(defaultChain(memory), createTestEnv(THREE_ROUNDS)).nextCall(request());
    const env = createTestEnv([{ text: 'You are welcome.' }]);
    await AdvisorChain.build(defaultChain(memory), env).nextCall(
      request([SYSTEM, { role: 'user', content: 'Thanks!' }]),
    );
    expect(env.requests[0]!.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(env.requests[0]!.messages[1]).toEqual(USER);
  });

  it('buildAdvisors switches the internal history off exactly when a memory advisor sits inside', () => {
    const deps = { memory: new ChatMemory(), maxRounds: () => 10 };
    const outside = buildAdvisors(DEFAULT_ADVISOR_CONFIG, deps);
    expect(outside.ok && outside.value.conversationHistoryEnabled).toBe(true);
    const moved = {
      advisors: DEFAULT_ADVISOR_CONFIG.advisors.map((s) =>
        s.kind === 'memory' ? { ...s, order: HIGHEST_PRECEDENCE + 400 } : s,
      ),
    };
    const inside = buildAdvisors(moved, deps);
    expect(inside.ok && inside.value.conversationHistoryEnabled).toBe(false);
    const loop = inside.ok ? inside.value.advisors.find((a) => a.kind === 'tool-calling') : undefined;
    expect(loop instanceof ToolCallingAdvisor && loop.conversationHistoryEnabled).toBe(false);
  });
});

describe('chain construction', () => {
  it('two tool-calling advisors are an error naming both', () => {
    expect(() =>
      AdvisorChain.build(
        [new ToolCallingAdvisor(), new ToolCallingAdvisor({ name: 'Second loop' })],
        createTestEnv([]),
      ),
    ).toThrow(/At most one tool-calling advisor.*found 2: \[Tool calling, Second loop\]/);
    const config = {
      advisors: [
        ...DEFAULT_ADVISOR_CONFIG.advisors,
        { id: 'loop-2', kind: 'tool-calling' as const, order: 5, enabled: true },
      ],
    };
    const built = buildAdvisors(config, { memory: new ChatMemory(), maxRounds: () => 10 });
    expect(built).toEqual({ ok: false, error: expect.stringContaining('At most one tool-calling advisor') });
  });

  it('sorts ascending; on a tie the later-registered advisor runs first (Spring’s pushAll)', () => {
    const a = { order: 5, name: 'a' };
    const b = { order: 0, name: 'b' };
    const c = { order: 5, name: 'c' };
    expect(sortAdvisors([a, b, c]).map((x) => x.name)).toEqual(['b', 'c', 'a']);
  });

  it('copy(after) refuses an advisor that is not in the chain', () => {
    const chain = AdvisorChain.build([new LoggerAdvisor()], createTestEnv([]));
    expect(() => chain.copy(new ToolCallingAdvisor())).toThrow(AdvisorChainError);
  });

  it('sums usage over the rounds for the advisors outside the loop', async () => {
    const env = createTestEnv(THREE_ROUNDS);
    const response = await AdvisorChain.build(defaultChain(), env).nextCall(request());
    expect(response.usage).toEqual({ promptTokens: 430, completionTokens: 45, estimated: false });
    const metricsAfter = env.invocations.filter((i) => i.name === 'Loop metrics' && i.hook === 'after');
    expect(metricsAfter.map((i) => i.sees.usage?.promptTokens)).toEqual([100, 150, 180]);
  });
});

describe('eligibility', () => {
  it('the max-rounds checker stops the loop at the limit without executing the last calls', async () => {
    const env = createTestEnv(THREE_ROUNDS);
    const loop = new ToolCallingAdvisor({ eligibility: maxRoundsChecker(() => 2) });
    const response = await AdvisorChain.build([loop], env).nextCall(request());
    expect(env.calls()).toBe(2);
    expect(env.log.filter((l) => l.startsWith('tools'))).toEqual(['tools current_time,calculate']);
    expect(response.ending).toMatchObject({ reason: 'max-rounds' });
    expect(runEndDetailEnglish(response.ending!.detail)).toContain('after 2 model calls');
    expect(response.calls.map((c) => c.name)).toEqual(['calculate']);
  });

  it('a limit the run stays under changes nothing', async () => {
    const env = createTestEnv(THREE_ROUNDS);
    const response = await AdvisorChain.build(
      [new ToolCallingAdvisor({ eligibility: maxRoundsChecker(() => 3) })],
      env,
    ).nextCall(request());
    expect(env.calls()).toBe(3);
    expect(response.ending).toBeUndefined();
  });
});
