import { describe, expect, it } from 'vitest';
import { applyNode, checkNode, diffValue, SAME, textEdit } from './trace-delta';

const roundTrip = (previous: unknown, next: unknown) => {
  const node = diffValue(previous, next);
  expect(checkNode(JSON.parse(JSON.stringify(node))).ok).toBe(true);
  const applied = applyNode(previous, JSON.parse(JSON.stringify(node)));
  expect(applied).toEqual({ ok: true, value: next });
  return node;
};

describe('trace deltas', () => {
  it('stores a prompt that extends the previous one as only the extension', () => {
    const before = `<|im_start|>system\n${'tools '.repeat(40)}<|im_end|>\n`;
    const after = `${before}<|im_start|>user\nhello<|im_end|>\n`;
    expect(textEdit(before, after)).toEqual([before.length, '<|im_start|>user\nhello<|im_end|>\n', 0]);
    expect(roundTrip(before, after)).toEqual({ t: [before.length, '<|im_start|>user\nhello<|im_end|>\n', 0] });
  });

  it('stores a prompt that changed in the middle as the shared start and end around the change', () => {
    const before = `${'a'.repeat(100)}OLD${'z'.repeat(100)}`;
    const after = `${'a'.repeat(100)}NEW!${'z'.repeat(100)}`;
    expect(roundTrip(before, after)).toEqual({ t: [100, 'NEW!', 100] });
  });

  it('keeps the shared start of arrays and the changed keys of objects; removes dropped keys', () => {
    const message = (n: number) => ({ role: 'user', content: `message ${n}` });
    const previous = { model: 'm', messages: [message(1), message(2)], seed: 1, stream: true };
    const next = { model: 'm', messages: [message(1), message(2), message(3)], stream: true, tools: [] };
    const node = roundTrip(previous, next);
    expect(node).toEqual({ o: { messages: { a: 2, i: [{ v: message(3) }] }, tools: { v: [] } }, r: ['seed'] });
    expect(diffValue(previous, structuredClone(previous))).toBe(SAME);
    roundTrip([1, 2, 3], [1, 2]);
    roundTrip('short', 'other');
    roundTrip({ a: { b: [{ c: 'x'.repeat(80) }] } }, { a: { b: [{ c: `${'x'.repeat(80)}y` }] } });
  });

  it('says why a change does not fit what it changes, and refuses malformed nodes', () => {
    expect(applyNode(42, { t: [0, 'x', 0] })).toEqual({
      ok: false,
      error: 'a text edit of something that is not a text',
    });
    expect(applyNode('abc', { t: [2, 'x', 2] })).toEqual({
      ok: false,
      error: 'a text edit longer than the text it edits',
    });
    expect(applyNode([1], { a: 3, i: [] })).toMatchObject({ ok: false });
    expect(applyNode('x', { o: {} })).toMatchObject({ ok: false });
    expect(checkNode({ t: [1, 2, 3] })).toEqual({ ok: false, error: 'a malformed text edit' });
    expect(checkNode({ a: -1, i: [] })).toEqual({ ok: false, error: 'a malformed array edit' });
    expect(checkNode({ q: 1 })).toEqual({ ok: false, error: 'an unknown kind of trace edit' });
    expect(checkNode({ o: { k: { s: 2 } } })).toMatchObject({ ok: false });
  });
});
