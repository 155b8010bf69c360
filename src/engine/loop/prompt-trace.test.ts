import { describe, expect, it } from 'vitest';
import type { LoopEvent } from './events';
import {
  checkPrefixExtension,
  partTotals,
  roundResponses,
  TraceChain,
  traceChainProblem,
  withFullTraces,
} from './prompt-trace';

describe('prompt trace', () => {
  it('sums tokens per part in order', () => {
    const totals = partTotals(
      [
        { part: 'system', text: 'a' },
        { part: 'tools', text: 'b' },
        { part: 'history', text: 'c' },
        { part: 'system', text: 'd' },
        { part: 'new', text: 'e' },
      ],
      [1, 2, 3, 4, 5],
    );
    expect(totals).toEqual([
      { part: 'system', tokens: 5, text: 'ad' },
      { part: 'tools', tokens: 2, text: 'b' },
      { part: 'history', tokens: 3, text: 'c' },
      { part: 'new', tokens: 5, text: 'e' },
    ]);
  });
  it('checks that a round extends the previous prompt plus output', () => {
    expect(checkPrefixExtension(null, 'x')).toEqual({ kind: 'first-round' });
    expect(checkPrefixExtension({ prompt: 'P<a>', output: 'OUT' }, 'P<a>OUT<end>more')).toEqual({
      kind: 'extends',
      reusedChars: 7,
    });
    const d = checkPrefixExtension({ prompt: 'P<a>', output: '<think>x</think>OUT' }, 'P<a>OUT<end>');
    expect(d).toMatchObject({ kind: 'diverges', at: 4, expected: '<think>x</think>OUT', actual: 'OUT<end>' });
  });
});

describe('a run’s traces stored as a chain', () => {
  const responded = (round: number, promptText: string): LoopEvent =>
    ({
      type: 'model-responded',
      at: round,
      round,
      response: {
        raw: `reply ${round}`,
        finishReason: 'stop',
        trace: { requestJson: { messages: promptText.split('\n') }, promptText },
      },
      message: { role: 'assistant', content: `reply ${round}`, toolCalls: [] },
      stop: { raw: 'stop', derived: 'final-answer' },
      calls: [],
    }) as unknown as LoopEvent;

  it('grows linearly: each round stores only what it added, and reads back whole', () => {
    const chain = new TraceChain();
    const prompts: string[] = [];
    let prompt = 'system: you are a helpful assistant with tools\n';
    const stored: LoopEvent[] = [];
    for (let round = 1; round <= 200; round++) {
      prompt += `user: question number ${round} about the weather in Seoul\nassistant: reply ${round}\n`;
      prompts.push(prompt);
      stored.push(chain.store(responded(round, prompt)));
    }
    const size = (events: readonly LoopEvent[]) => JSON.stringify(events).length;
    const whole = prompts.reduce((sum, p) => sum + p.length * 2, 0);
    // The whole traces hold every prompt twice (text and request); the chain holds each line about twice.
    expect(size(stored)).toBeLessThan(whole / 20);
    const full = withFullTraces(stored);
    expect(full.map((e) => (e.type === 'model-responded' ? e.response.trace?.promptText : null))).toEqual(prompts);
    expect(traceChainProblem(stored)).toBeNull();
    expect(roundResponses(stored, 150).current?.response.trace?.promptText).toBe(prompts[149]);
    expect(roundResponses(stored, 150).previous?.response.trace?.promptText).toBe(prompts[148]);
  });

  it('takes over a restored log: old whole traces become changes, and the next one chains to the last', () => {
    const whole = [responded(1, 'a'.repeat(100)), responded(2, `${'a'.repeat(100)}b`)];
    const chain = new TraceChain();
    const kept = chain.reset(whole);
    expect(kept.map((e) => e.type === 'model-responded' && e.response.trace && 'delta' in e.response.trace)).toEqual([
      false,
      true,
    ]);
    const next = chain.store(responded(3, `${'a'.repeat(100)}bc`));
    expect(
      withFullTraces([...kept, next]).map((e) => e.type === 'model-responded' && e.response.trace?.promptText),
    ).toEqual(['a'.repeat(100), `${'a'.repeat(100)}b`, `${'a'.repeat(100)}bc`]);
    // A log whose only whole trace is the first is kept as is; the next trace still chains to its last one.
    const again = new TraceChain();
    const same = again.reset(kept);
    const after = again.store(responded(3, `${'a'.repeat(100)}bc`));
    expect(withFullTraces([...same, after]).at(-1)).toEqual(withFullTraces([...kept, next]).at(-1));
    expect(traceChainProblem([next])).toMatch(/no trace comes before it/);
  });
});
