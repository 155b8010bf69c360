import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolCall } from '../messages';
import type { Tool } from '../tool';
import { defineTool } from '../tool';
import { createToolRegistry } from '../tool-registry';
import type { CallDecision, ExceptionMode } from './tool-execution';
import { DENIED_TEXT, executeToolCall, executeToolCalls, isReturnDirect, parseArguments } from './tool-execution';
import { createFakeClock } from '../test-support';

function setup(extra: Tool[] = [], exceptionMode: ExceptionMode = 'send-to-model') {
  const clock = createFakeClock();
  const log: string[] = [];
  const tools: Tool[] = [
    defineTool({
      name: 'slow',
      description: 'Waits, then records.',
      schema: z.object({ label: z.string().describe('label') }),
      execute: async ({ label }) => {
        log.push(`start ${label}`);
        await new Promise((r) => setTimeout(r, 5));
        clock.advance(30);
        log.push(`end ${label}`);
        return `done ${label}`;
      },
    }),
    defineTool({
      name: 'fast',
      description: 'Records at once.',
      schema: z.object({ label: z.string().describe('label') }),
      execute: ({ label }) => {
        log.push(`start ${label}`);
        log.push(`end ${label}`);
        return `done ${label}`;
      },
    }),
    defineTool({
      name: 'direct',
      description: 'returnDirect tool.',
      returnDirect: true,
      schema: z.object({ n: z.number().describe('n') }),
      execute: ({ n }) => `direct ${n}`,
    }),
    defineTool({
      name: 'explode',
      description: 'Always throws.',
      schema: z.object({}),
      execute: () => {
        throw new Error('kaboom');
      },
    }),
    ...extra,
  ];
  const options = {
    registry: createToolRegistry(tools),
    exceptionMode,
    now: clock.now,
    signal: new AbortController().signal,
  };
  return { clock, log, options };
}

const call = (id: string, name: string, args: unknown): ToolCall => ({
  id,
  name,
  argumentsText: typeof args === 'string' ? args : JSON.stringify(args),
});
const approve = (): CallDecision => ({ kind: 'approve' });

describe('executeToolCalls', () => {
  it('runs the calls sequentially in the model order, each finishing before the next starts', async () => {
    const { log, options } = setup();
    const batch = await executeToolCalls(
      [call('c1', 'slow', { label: 'A' }), call('c2', 'fast', { label: 'B' }), call('c3', 'slow', { label: 'C' })],
      approve,
      options,
    );
    expect(log).toEqual(['start A', 'end A', 'start B', 'end B', 'start C', 'end C']);
    expect(batch.toolMessages.map((m) => [m.toolCallId, m.content])).toEqual([
      ['c1', 'done A'],
      ['c2', 'done B'],
      ['c3', 'done C'],
    ]);
    expect(batch.returnDirect).toBe(false);
  });

  it('pairs results with ids, not positions (ids out of order stay with their call)', async () => {
    const { options } = setup();
    const batch = await executeToolCalls(
      [call('zeta', 'fast', { label: 'first' }), call('alpha', 'fast', { label: 'second' })],
      approve,
      options,
    );
    expect(batch.toolMessages).toEqual([
      { role: 'tool', toolCallId: 'zeta', name: 'fast', content: 'done first', isError: false },
      { role: 'tool', toolCallId: 'alpha', name: 'fast', content: 'done second', isError: false },
    ]);
  });

  it('measures each call with the injected clock', async () => {
    const { options, clock } = setup();
    const t0 = clock.now();
    const batch = await executeToolCalls(
      [call('c1', 'slow', { label: 'A' }), call('c2', 'fast', { label: 'B' })],
      approve,
      options,
    );
    expect(batch.outcomes[0]).toMatchObject({ startedAt: t0, durationMs: 30 });
    expect(batch.outcomes[1]).toMatchObject({ startedAt: t0 + 30, durationMs: 0 });
  });

  it('returnDirect only when every executed call is returnDirect', async () => {
    const { options } = setup();
    const all = await executeToolCalls(
      [call('a', 'direct', { n: 1 }), call('b', 'direct', { n: 2 })],
      approve,
      options,
    );
    expect(all.returnDirect).toBe(true);
    const mixed = await executeToolCalls(
      [call('a', 'direct', { n: 1 }), call('b', 'fast', { label: 'x' })],
      approve,
      options,
    );
    expect(mixed.returnDirect).toBe(false);
    // A denied call did not execute: the executed one decides.
    const denied = await executeToolCalls(
      [call('a', 'direct', { n: 1 }), call('b', 'fast', { label: 'x' })],
      (c) => (c.id === 'b' ? { kind: 'deny' } : { kind: 'approve' }),
      options,
    );
    expect(denied.returnDirect).toBe(true);
    // Nothing executed: never returnDirect.
    const none = await executeToolCalls([call('a', 'direct', { n: 1 })], () => ({ kind: 'deny' }), options);
    expect(none.returnDirect).toBe(false);
    // A non-returnDirect call with bad arguments keeps the loop going so the model can fix it.
    const badArgs = await executeToolCalls(
      [call('a', 'direct', { n: 1 }), call('b', 'fast', { nope: 1 })],
      approve,
      options,
    );
    expect(badArgs.returnDirect).toBe(false);
    // A hand-written result stands in for running the tool.
    const written = await executeToolCalls(
      [call('a', 'direct', { n: 1 })],
      () => ({ kind: 'write', text: '42' }),
      options,
    );
    expect(written.returnDirect).toBe(true);
    expect(isReturnDirect([])).toBe(false);
  });

  it('turns invalid JSON into an error result sent to the model', async () => {
    const { options } = setup();
    const batch = await executeToolCalls([call('a', 'fast', '{"label": ')], approve, options);
    expect(batch.outcomes[0]).toMatchObject({ kind: 'result', disposition: 'invalid-json', executed: false });
    expect(batch.toolMessages[0]).toMatchObject({ isError: true, toolCallId: 'a' });
    expect(batch.toolMessages[0]!.content).toMatch(/^Invalid arguments for fast: not valid JSON/);
  });

  it('turns schema violations into an error result listing every issue', async () => {
    const { options, log } = setup();
    const strict = defineTool({
      name: 'strict',
      description: 'Two fields.',
      schema: z.object({ a: z.number().describe('a'), b: z.enum(['x', 'y']).describe('b') }),
      execute: () => 'ran',
    });
    const withStrict = { ...options, registry: createToolRegistry([...options.registry.tools, strict]) };
    const batch = await executeToolCalls(
      [call('a', 'slow', { label: 5 }), call('b', 'strict', { a: 'one', b: 'z' })],
      approve,
      withStrict,
    );
    expect(batch.outcomes[0]).toMatchObject({ disposition: 'invalid-arguments', executed: false });
    expect(batch.toolMessages[0]!.content).toMatch(/^Invalid arguments for slow:\n- label: /);
    const text = batch.toolMessages[1]!.content;
    expect(text.split('\n')).toEqual([
      'Invalid arguments for strict:',
      expect.stringMatching(/^- a: /),
      expect.stringMatching(/^- b: /),
    ]);
    expect(batch.toolMessages[1]!.isError).toBe(true);
    expect(log).toEqual([]);
  });

  it('refuses numbers the arguments cannot hold before the tool runs: never as null, never rounded', async () => {
    const { options } = setup();
    const ran: unknown[] = [];
    const measure = defineTool({
      name: 'measure',
      description: 'A nullable number and a count.',
      schema: z.object({ n: z.number().nullable().describe('n'), count: z.number().int().describe('count') }),
      execute: (args) => {
        ran.push(args);
        return 'ran';
      },
    });
    const registry = createToolRegistry([...options.registry.tools, measure]);
    const run = (argumentsText: string, decision: CallDecision = approve()) =>
      executeToolCall({ id: 'c', name: 'measure', argumentsText }, decision, { ...options, registry });
    // -8e5555 is valid JSON; JSON.parse makes it -Infinity and JSON.stringify prints that as null, which this
    // schema would accept.
    const overflow = await run('{"n": -8e5555, "count": 1}');
    expect(overflow).toMatchObject({ disposition: 'invalid-arguments', executed: false });
    expect(overflow.kind === 'result' && overflow.result.text).toBe(
      'Invalid arguments for measure:\n- n: -8e5555 overflows to -Infinity (no finite number is that large)',
    );
    const big = await run('{"n": null, "count": 9007199254740993}');
    expect(big.kind === 'result' && big.result.text).toContain('count: 9007199254740993 cannot be held exactly');
    const beyond = await run('{"n": null, "count": 9007199254740992}');
    expect(beyond.kind === 'result' && beyond.result.text).toContain(
      'count: 9007199254740992 is an integer beyond 2^53',
    );
    const fraction = await run('{"n": 0.5, "count": 2.5}');
    expect(fraction.kind === 'result' && fraction.result.text).toBe(
      'Invalid arguments for measure:\n- count: 2.5 is a fraction, but the schema asks for an integer',
    );
    // Arguments a person edits at a pause are held to the same rule.
    const edited = await run('{"n": 1, "count": 1}', { kind: 'edit', argumentsText: '{"n": 1e999, "count": 1}' });
    expect(edited).toMatchObject({ disposition: 'invalid-arguments', argumentsText: '{"n": 1e999, "count": 1}' });
    expect(ran).toEqual([]);
    await run('{"n": -1.5e300, "count": 3}');
    expect(ran).toEqual([{ n: -1.5e300, count: 3 }]);
  });

  it('treats blank arguments as {}', async () => {
    expect(parseArguments('  ')).toEqual({ ok: true, value: {} });
    const { options } = setup();
    const batch = await executeToolCalls([call('a', 'explode', '')], approve, options);
    expect(batch.outcomes[0]).toMatchObject({ disposition: 'tool-error' });
  });

  it('unknown tool: error result naming the available tools (send-to-model)', async () => {
    const { options } = setup();
    const batch = await executeToolCalls([call('a', 'nope', {}), call('b', 'fast', { label: 'x' })], approve, options);
    expect(batch.stopped).toBeUndefined();
    expect(batch.outcomes[0]).toMatchObject({ disposition: 'unknown-tool', executed: false });
    expect(batch.toolMessages[0]).toMatchObject({ isError: true });
    expect(batch.toolMessages[0]!.content).toContain('Unknown tool "nope"');
    expect(batch.toolMessages[0]!.content).toContain('slow, fast, direct, explode');
    expect(batch.toolMessages[1]!.content).toBe('done x');
  });

  it('unknown tool: stops the batch (stop-loop); later calls do not run', async () => {
    const { options, log } = setup([], 'stop-loop');
    const batch = await executeToolCalls(
      [call('a', 'fast', { label: 'before' }), call('b', 'nope', {}), call('c', 'fast', { label: 'after' })],
      approve,
      options,
    );
    expect(batch.stopped).toEqual({ callId: 'b', error: expect.stringContaining('Unknown tool "nope"') });
    expect(log).toEqual(['start before', 'end before']);
    expect(batch.toolMessages).toEqual([]);
    expect(batch.outcomes[1]).toMatchObject({ kind: 'stop', disposition: 'unknown-tool' });
  });

  it('throwing tool: the error text goes to the model with isError (send-to-model)', async () => {
    const { options } = setup();
    const batch = await executeToolCalls([call('a', 'explode', {})], approve, options);
    expect(batch.toolMessages[0]).toMatchObject({ content: 'Error: kaboom', isError: true });
    expect(batch.outcomes[0]).toMatchObject({ disposition: 'tool-error', executed: true });
  });

  it('throwing tool: the loop stops with the error (stop-loop)', async () => {
    const { options } = setup([], 'stop-loop');
    const batch = await executeToolCalls(
      [call('a', 'explode', {}), call('b', 'fast', { label: 'x' })],
      approve,
      options,
    );
    expect(batch.stopped).toEqual({ callId: 'a', error: 'explode failed: kaboom' });
    expect(batch.outcomes).toHaveLength(1);
  });

  it('a result with isError counts as a tool error', async () => {
    const failing = defineTool({
      name: 'soft',
      description: 'Reports a failure as data.',
      schema: z.object({}),
      execute: () => ({ text: 'no luck', isError: true, metadata: {} }),
    });
    const { options } = setup([failing]);
    const outcome = await executeToolCall(call('a', 'soft', {}), approve(), options);
    expect(outcome).toMatchObject({
      kind: 'result',
      disposition: 'tool-error',
      result: { text: 'no luck', isError: true },
    });
  });
});

describe('decisions', () => {
  it('deny: the model receives a denial result with isError, the tool does not run', async () => {
    const { options, log } = setup();
    const plain = await executeToolCall(call('a', 'fast', { label: 'x' }), { kind: 'deny' }, options);
    expect(plain).toMatchObject({
      kind: 'result',
      disposition: 'denied',
      executed: false,
      result: { text: DENIED_TEXT, isError: true },
    });
    const why = await executeToolCall(
      call('a', 'fast', { label: 'x' }),
      { kind: 'deny', reason: 'too risky' },
      options,
    );
    expect(why).toMatchObject({ result: { text: `${DENIED_TEXT} Reason: too risky` } });
    expect(log).toEqual([]);
  });

  it('write: the hand-written text is the result, the tool does not run', async () => {
    const { options, log } = setup();
    const outcome = await executeToolCall(
      call('a', 'fast', { label: 'x' }),
      { kind: 'write', text: '123', isError: false },
      options,
    );
    expect(outcome).toMatchObject({
      disposition: 'written-by-hand',
      executed: true,
      result: { text: '123', isError: false },
    });
    const asError = await executeToolCall(
      call('a', 'fast', { label: 'x' }),
      { kind: 'write', text: 'nope', isError: true },
      options,
    );
    expect(asError).toMatchObject({ result: { isError: true } });
    expect(log).toEqual([]);
  });

  it('edit: the tool runs with the edited arguments, recorded on the outcome', async () => {
    const { options, log } = setup();
    const outcome = await executeToolCall(
      call('a', 'fast', { label: 'old' }),
      { kind: 'edit', argumentsText: '{"label":"new"}' },
      options,
    );
    expect(log).toEqual(['start new', 'end new']);
    expect(outcome).toMatchObject({ argumentsText: '{"label":"new"}', result: { text: 'done new' } });
  });

  it('an unparsed call gives an error result unless the person edits it into shape', async () => {
    const { options } = setup();
    const broken: ToolCall = {
      id: 'a',
      name: 'fast',
      argumentsText: '{"name": "fast", "arguments": {',
      parseError: 'bad',
    };
    const approved = await executeToolCall(broken, approve(), options);
    expect(approved).toMatchObject({
      disposition: 'unparsed-call',
      result: { isError: true, text: 'Could not parse the tool call: bad' },
    });
    const edited = await executeToolCall(broken, { kind: 'edit', argumentsText: '{"label":"fixed"}' }, options);
    expect(edited).toMatchObject({ disposition: 'executed', result: { text: 'done fixed' } });
  });

  describe('calls the harness cannot run, in the tools’ language', () => {
    const broken: ToolCall = {
      id: 'a',
      name: 'fast',
      argumentsText: '{"name": "fast", "arguments": {',
      parseError: 'bad',
    };
    const korean = (names: readonly string[]) => (name: string) => (names.includes(name) ? ('ko' as const) : undefined);

    it('English, byte for byte as before, when no tool is described in Korean', async () => {
      const { options } = setup();
      const english = { ...options, language: () => undefined };
      expect(await executeToolCall(broken, approve(), english)).toMatchObject({
        result: { text: 'Could not parse the tool call: bad' },
      });
      expect(await executeToolCall(call('a', 'nope', {}), approve(), english)).toMatchObject({
        result: { isError: true, text: 'Unknown tool "nope". Available tools: slow, fast, direct, explode.' },
      });
      const empty = { ...options, registry: createToolRegistry([]) };
      expect(await executeToolCall(call('a', 'nope', {}), approve(), empty)).toMatchObject({
        result: { text: 'Unknown tool "nope". Available tools: none.' },
      });
    });

    it('Korean when the tools are described in Korean (the named tool’s own language first)', async () => {
      const { options } = setup();
      const ko = { ...options, language: korean(['slow']) };
      expect(await executeToolCall(broken, approve(), ko)).toMatchObject({
        disposition: 'unparsed-call',
        result: { isError: true, text: '도구 호출을 해석할 수 없습니다: bad' },
      });
      expect(await executeToolCall(call('a', 'nope', {}), approve(), ko)).toMatchObject({
        disposition: 'unknown-tool',
        result: {
          isError: true,
          text: '알 수 없는 도구 "nope"입니다. 사용할 수 있는 도구: slow, fast, direct, explode.',
        },
      });
      const empty = { ...options, registry: createToolRegistry([]), language: korean(['nope']) };
      expect(await executeToolCall(call('a', 'nope', {}), approve(), empty)).toMatchObject({
        result: { text: '알 수 없는 도구 "nope"입니다. 사용할 수 있는 도구: 없음.' },
      });
      // The named tool speaks English although another is Korean: its own language wins.
      const own = { ...options, language: (name: string) => (name === 'fast' ? ('en' as const) : ('ko' as const)) };
      expect(await executeToolCall(broken, approve(), own)).toMatchObject({
        result: { text: 'Could not parse the tool call: bad' },
      });
    });

    it('the stop-loop reason stays English (the harness’s, not the model’s)', async () => {
      const { options } = setup([], 'stop-loop');
      const outcome = await executeToolCall(call('a', 'nope', {}), approve(), {
        ...options,
        language: korean(['slow']),
      });
      expect(outcome).toMatchObject({
        kind: 'stop',
        error: 'Unknown tool "nope". Available tools: slow, fast, direct, explode.',
      });
    });
  });
});
