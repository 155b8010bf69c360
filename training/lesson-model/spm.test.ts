import { describe, expect, it } from 'vitest';
import { SpmTokenizer, TOKEN_TYPE } from './spm';

/** A hand-made vocabulary: bytes, two specials, single characters and a few merges with chosen scores. */
function vocab(merges: readonly (readonly [string, number])[]) {
  const tokens: string[] = ['<unk>', '<s>', '</s>'];
  const types: number[] = [TOKEN_TYPE.unknown, TOKEN_TYPE.control, TOKEN_TYPE.control];
  for (let b = 0; b < 256; b++) {
    tokens.push(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(TOKEN_TYPE.byte);
  }
  tokens.push('<|im_end|>', '<tool_call>');
  types.push(TOKEN_TYPE.control, TOKEN_TYPE.userDefined);
  for (const ch of ['▁', 'a', 'b', 'c', 'd']) {
    tokens.push(ch);
    types.push(TOKEN_TYPE.normal);
  }
  const scores = tokens.map(() => 0);
  for (const [text, score] of merges) {
    tokens.push(text);
    types.push(TOKEN_TYPE.normal);
    scores.push(score);
  }
  return { tokens, scores, types };
}

describe('SpmTokenizer (llama.cpp SPM)', () => {
  it('merges the highest-scoring pair first', () => {
    const t = new SpmTokenizer(
      vocab([
        ['ab', -2],
        ['bc', -1],
        ['abc', -3],
      ]),
    );
    // bc (-1) beats ab (-2): a|bc, then no token "abc" can form from a+bc? It can: "abc" is a token.
    expect(t.encode('abc').map((id) => t.vocab.tokens[id])).toEqual(['abc']);
    const u = new SpmTokenizer(
      vocab([
        ['ab', -2],
        ['bc', -1],
      ]),
    );
    expect(u.encode('abc').map((id) => u.vocab.tokens[id])).toEqual(['a', 'bc']);
  });

  it('breaks a tie by the leftmost pair', () => {
    const t = new SpmTokenizer(vocab([['aa', -1]]));
    expect(t.encode('aaa').map((id) => t.vocab.tokens[id])).toEqual(['aa', 'a']);
  });

  it('escapes spaces, splits special tokens out and falls back to bytes', () => {
    const t = new SpmTokenizer(vocab([['▁a', -1]]));
    const ids = t.encode('a a<tool_call>é<|im_end|>');
    expect(ids.map((id) => t.vocab.tokens[id])).toEqual(['a', '▁a', '<tool_call>', '<0xC3>', '<0xA9>', '<|im_end|>']);
    expect(t.decode(ids)).toBe('a a<tool_call>é<|im_end|>');
  });
});
