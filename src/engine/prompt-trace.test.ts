import { describe, expect, it } from 'vitest';
import { checkPrefixExtension, partTotals } from './prompt-trace';

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
