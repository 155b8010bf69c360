import { describe, expect, it } from 'vitest';
import { createPrng } from '../../src/engine/prng';
import type { RenderedConversation } from './conversation';
import { FAMILIES } from './families';
import { SpmTokenizer, TOKEN_TYPE } from './spm';
import { buildVocabulary, wordsOf } from './vocab';

async function sample(): Promise<RenderedConversation[]> {
  const rng = createPrng(9);
  const out: RenderedConversation[] = [];
  for (let i = 0; i < 3; i++) for (const f of FAMILIES) out.push(await f.make({ rng, split: 'train' }));
  return out;
}

describe('the lesson vocabulary', () => {
  it('keeps digits single, classes apart, and every copied value the same in prose and in JSON', async () => {
    const conversations = await sample();
    const values = new Set<string>();
    for (const c of conversations)
      for (const t of c.turns)
        for (const call of t.calls ?? [])
          for (const v of Object.values(call.arguments))
            if (typeof v === 'string') wordsOf(v).forEach((w) => values.add(w));
    const vocab = buildVocabulary(
      conversations.map((c) => c.segments.map((s) => s.text).join('')),
      values,
      { letterMerges: 300, punctMerges: 40, spaceWords: 60, minCount: 2 },
    );
    const normal = vocab.tokens.filter((_, i) => vocab.types[i] === TOKEN_TYPE.normal);
    for (const token of normal) {
      if (token.length === 1) continue;
      expect(token, 'no multi-character token holds a digit').not.toMatch(/[0-9]/);
      expect(token, 'letters never join punctuation').not.toMatch(/[A-Za-z][^A-Za-z]|[^A-Za-z▁][A-Za-z]/);
      expect(token, 'Hangul syllables stay single').not.toMatch(/[가-힣]/);
    }
    const t = new SpmTokenizer(vocab);
    for (const word of values) {
      const alone = t.encode(word);
      expect(t.encode(` ${word}`)).toEqual([t.idOf('▁')!, ...alone]);
      expect(t.encode(`"${word}"`).slice(1, -1)).toEqual(alone);
    }
    expect(t.encode('Asia/Seoul').slice(2)).toEqual(t.encode('Seoul'));
    expect(t.encode('128').length).toBe(3);
  });
});
