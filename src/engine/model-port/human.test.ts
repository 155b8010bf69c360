import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../runtime';
import { interpretResponse } from '../protocol/interpret';
import { createFakeClock } from '../test-support';
import { checkHumanTurn, createHumanRuntime, humanTurnProblem, renderHumanTurn } from './human';

const request: ModelRequest = {
  messages: [{ role: 'user', content: 'What is 2+3?' }],
  tools: [],
  toolChoice: 'auto',
  parallelToolCalls: true,
  round: 1,
};

function counter() {
  let n = 0;
  return () => `call_${++n}`;
}

describe('human runtime', () => {
  it('waits for the learner, exposes the pending request and notifies listeners', async () => {
    const clock = createFakeClock();
    const rt = createHumanRuntime({ now: clock.now });
    let notified = 0;
    const unsubscribe = rt.subscribe(() => notified++);
    expect(rt.getPendingRequest()).toBeNull();
    expect(rt.submit({ text: 'hi', toolCalls: [], finishReason: 'stop' })).toMatchObject({
      ok: false,
      error: { kind: 'not-waiting', message: expect.stringContaining('not waiting') },
    });
    const deltas: string[] = [];
    const pending = rt.generate(request, { signal: new AbortController().signal, onDelta: (d) => deltas.push(d) });
    expect(rt.getPendingRequest()).toBe(request);
    expect(notified).toBe(1);
    clock.advance(4000);
    expect(rt.submit({ text: 'It is 5.', toolCalls: [], finishReason: 'stop' })).toEqual({ ok: true });
    const response = await pending;
    expect(response).toMatchObject({ raw: 'It is 5.', finishReason: 'stop' });
    // The four seconds spent writing are not reported as a model latency.
    expect(response.timings).toBeUndefined();
    expect(response.usage?.estimated).toBe(true);
    expect(response.trace?.promptText).toContain('<|im_start|>user\nWhat is 2+3?<|im_end|>');
    expect(deltas).toEqual(['It is 5.']);
    expect(rt.getPendingRequest()).toBeNull();
    expect(notified).toBe(2);
    unsubscribe();
    expect(rt.kind).toBe('human');
  });

  it('renders tool calls through the protocol; the learner ids are kept, others get harness ids', async () => {
    const rt = createHumanRuntime({ now: createFakeClock().now });
    const pending = rt.generate(request, { signal: new AbortController().signal, onDelta: () => {} });
    rt.submit({
      text: 'Adding.',
      toolCalls: [
        { id: 'toolu_01', name: 'calculate', argumentsText: '{"operation":"add","a":2,"b":3}' },
        { name: 'calculate', argumentsText: '{"operation":"add","a":1,"b":1}' },
      ],
      finishReason: 'tool_calls',
    });
    const response = await pending;
    expect(response.raw).toBe(
      'Adding.\n<tool_call>\n{"name": "calculate", "arguments": {"operation": "add", "a": 2, "b": 3}}\n</tool_call>\n' +
        '<tool_call>\n{"name": "calculate", "arguments": {"operation": "add", "a": 1, "b": 1}}\n</tool_call>',
    );
    const interpreted = interpretResponse(response, counter());
    expect(interpreted.executableCalls.map((c) => [c.id, c.argumentsText])).toEqual([
      ['toolu_01', '{"operation":"add","a":2,"b":3}'],
      ['call_1', '{"operation":"add","a":1,"b":1}'],
    ]);
    expect(interpreted.stop).toMatchObject({ raw: 'tool_calls', derived: 'tool_calls' });
    expect(interpreted.message.content).toBe('Adding.');
  });

  it('arguments that are not JSON reach the harness as a malformed call', () => {
    const raw = renderHumanTurn({ text: '', toolCalls: [{ name: 'calculate', argumentsText: '{a: 1' }] });
    const interpreted = interpretResponse({ raw, finishReason: 'stop' }, counter());
    expect(interpreted.message.toolCalls[0]).toMatchObject({ name: 'calculate', parseError: expect.any(String) });
    expect(interpreted.stop.anomalies.map((a) => a.kind)).toContain('malformed-tool-call');
    expect(renderHumanTurn({ text: '', toolCalls: [{ name: 'list_todos', argumentsText: '' }] })).toContain(
      '"arguments": {}',
    );
  });

  it('refuses turns that cannot be sent', () => {
    expect(checkHumanTurn({ text: ' ', toolCalls: [], finishReason: 'stop' })).toBe(
      'Write some text or add a tool call.',
    );
    expect(checkHumanTurn({ text: '', toolCalls: [{ name: ' ', argumentsText: '{}' }], finishReason: 'stop' })).toBe(
      'Tool call 1 has no name.',
    );
    expect(
      checkHumanTurn({
        text: '',
        toolCalls: [
          { id: 'a', name: 'x', argumentsText: '{}' },
          { id: 'a', name: 'y', argumentsText: '{}' },
        ],
        finishReason: 'stop',
      }),
    ).toContain('share the id "a"');
    expect(checkHumanTurn({ text: 'x', toolCalls: [], finishReason: 'finished' as never })).toContain(
      'Unknown finish reason',
    );
    // The same refusals as data, for the composer to word in the page's language.
    expect(
      humanTurnProblem({ text: '', toolCalls: [{ name: ' ', argumentsText: '{}' }], finishReason: 'stop' }),
    ).toEqual({
      kind: 'unnamed-call',
      call: 1,
      message: 'Tool call 1 has no name.',
    });
    expect(humanTurnProblem({ text: 'x', toolCalls: [], finishReason: 'finished' as never })).toMatchObject({
      kind: 'unknown-finish-reason',
      finishReason: 'finished',
    });
    expect(humanTurnProblem({ text: 'x', toolCalls: [], finishReason: 'stop' })).toBeNull();
  });

  it('abort resolves with finish reason abort and clears the pending request', async () => {
    const rt = createHumanRuntime({ now: createFakeClock().now });
    const controller = new AbortController();
    const pending = rt.generate(request, { signal: controller.signal, onDelta: () => {} });
    controller.abort();
    await expect(pending).resolves.toMatchObject({ raw: '', finishReason: 'abort' });
    expect(rt.getPendingRequest()).toBeNull();
    const already = new AbortController();
    already.abort();
    await expect(rt.generate(request, { signal: already.signal, onDelta: () => {} })).resolves.toMatchObject({
      finishReason: 'abort',
    });
  });

  it('a second request abandons the first as aborted', async () => {
    const rt = createHumanRuntime({ now: createFakeClock().now });
    const first = rt.generate(request, { signal: new AbortController().signal, onDelta: () => {} });
    const second = rt.generate({ ...request, round: 2 }, { signal: new AbortController().signal, onDelta: () => {} });
    await expect(first).resolves.toMatchObject({ finishReason: 'abort' });
    expect(rt.getPendingRequest()?.round).toBe(2);
    rt.submit({ text: 'ok', toolCalls: [], finishReason: 'stop' });
    await expect(second).resolves.toMatchObject({ raw: 'ok' });
  });
});
