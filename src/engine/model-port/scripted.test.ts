import { describe, expect, it } from 'vitest';
import type { Message } from '../messages';
import type { ModelRequest } from '../runtime';
import { createFakeClock } from '../test-support';
import { estimateTokens, renderChatPrompt } from './chat-prompt';
import type { Script } from './script';
import { createScriptedRuntime, scriptExhaustedText } from './scripted';

const script: Script = {
  steps: [
    { toolCalls: [{ name: 'calculate', arguments: { operation: 'multiply', a: 128, b: 7 } }] },
    { text: 'The answer is {{last:calculate}}.', finishReason: 'stop' },
  ],
};
const request = (messages: Message[], round = 1): ModelRequest => ({
  messages,
  tools: [],
  toolChoice: 'auto',
  parallelToolCalls: true,
  round,
});
const first: Message[] = [
  { role: 'system', content: 'sys' },
  { role: 'user', content: 'q' },
];
const second: Message[] = [
  ...first,
  { role: 'assistant', content: '', raw: '', toolCalls: [{ id: 'call_1', name: 'calculate', argumentsText: '{}' }] },
  { role: 'tool', toolCallId: 'call_1', name: 'calculate', content: '896', isError: false },
];

function runtime(tokensPerSecond = 20, extra: { prefillTokensPerSecond?: number } = {}) {
  const clock = createFakeClock();
  return {
    clock,
    rt: createScriptedRuntime({ script, tokensPerSecond, sleep: clock.sleep, now: clock.now, ...extra }),
  };
}

describe('scripted runtime', () => {
  it('streams the rendered turn token by token and returns it as raw text', async () => {
    const { rt } = runtime();
    const deltas: string[] = [];
    const response = await rt.generate(request(first), {
      signal: new AbortController().signal,
      onDelta: (d) => deltas.push(d),
    });
    const expected =
      '<tool_call>\n{"name": "calculate", "arguments": {"operation": "multiply", "a": 128, "b": 7}}\n</tool_call>';
    expect(response.raw).toBe(expected);
    expect(deltas.join('')).toBe(expected);
    expect(deltas.length).toBe(estimateTokens(expected).length);
    expect(deltas.length).toBeGreaterThan(5);
    expect(response.finishReason).toBe('stop');
    expect(rt.kind).toBe('scripted');
  });

  it('picks the step from the messages and substitutes earlier results', async () => {
    const { rt } = runtime();
    const response = await rt.generate(request(second, 7), { signal: new AbortController().signal, onDelta: () => {} });
    expect(response.raw).toBe('The answer is 896.');
  });

  it('reports estimated usage, timings from the injected clock and a trace', async () => {
    const { rt } = runtime(20, { prefillTokensPerSecond: 1000 });
    const response = await rt.generate(request(second), { signal: new AbortController().signal, onDelta: () => {} });
    const promptText = renderChatPrompt(request(second));
    const promptTokens = estimateTokens(promptText).length;
    const completion = estimateTokens('The answer is 896.').length;
    expect(response.usage).toEqual({ promptTokens, completionTokens: completion, estimated: true });
    const prefillMs = (promptTokens / 1000) * 1000;
    expect(response.timings?.timeToFirstTokenMs).toBeCloseTo(prefillMs + 50, 6);
    expect(response.timings?.totalMs).toBeCloseTo(prefillMs + completion * 50, 6);
    expect(response.timings?.decodeTokensPerSecond).toBeCloseTo(20, 6);
    expect(response.timings?.prefillTokensPerSecond).toBeCloseTo(promptTokens / ((prefillMs + 50) / 1000), 6);
    expect(response.trace?.promptText).toBe(promptText);
    expect(response.trace?.requestJson).toMatchObject({
      messages: [{ role: 'system' }, { role: 'user' }, { role: 'assistant' }, { role: 'tool' }],
    });
  });

  it('tokensPerSecond 0 streams without waiting', async () => {
    const { rt, clock } = runtime(0);
    const t0 = clock.now();
    const response = await rt.generate(request(first), { signal: new AbortController().signal, onDelta: () => {} });
    expect(clock.now()).toBe(t0);
    expect(response.timings).toMatchObject({ timeToFirstTokenMs: 0, totalMs: 0 });
  });

  it('abort resolves with the text so far and finish reason abort', async () => {
    const clock = createFakeClock();
    const controller = new AbortController();
    let ticks = 0;
    const rt = createScriptedRuntime({
      script,
      tokensPerSecond: 10,
      now: clock.now,
      sleep: async (ms, signal) => {
        clock.advance(ms);
        if (++ticks === 4) {
          controller.abort();
          // A sleep that rejects on abort must be handled too.
          if (signal.aborted) throw new DOMException('aborted', 'AbortError');
        }
      },
    });
    const deltas: string[] = [];
    const response = await rt.generate(request(first), { signal: controller.signal, onDelta: (d) => deltas.push(d) });
    expect(response.finishReason).toBe('abort');
    expect(deltas).toHaveLength(3);
    expect(response.raw).toBe(deltas.join(''));
    expect(response.usage?.completionTokens).toBe(3);
  });

  it('answers with a clear text turn when the script runs out', async () => {
    const { rt } = runtime();
    const messages: Message[] = [...second, { role: 'assistant', content: 'x', raw: 'x', toolCalls: [] }];
    const response = await rt.generate(request(messages), { signal: new AbortController().signal, onDelta: () => {} });
    expect(response.raw).toBe(scriptExhaustedText(3, 2));
    expect(response.raw).toContain('no turn for model call 3');
    expect(response.finishReason).toBe('stop');
  });
});
