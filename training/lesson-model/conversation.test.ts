import { describe, expect, it } from 'vitest';
import { createPrng } from '../../src/engine/prng';
import { renderChatMlPrompt } from '../../src/runtimes/wllama/chatml-prompt';
import { FAMILIES, timeAndMath } from './families';

describe('training conversations', () => {
  it('render exactly as the app renders the same messages, with the assistant replies marked', async () => {
    const c = await timeAndMath({ rng: createPrng(3), split: 'train' });
    const text = c.segments.map((s) => s.text).join('');
    const last = c.prompts[c.prompts.length - 1]!;
    const prompt = renderChatMlPrompt(last.messages, c.tools);
    expect(text.startsWith(prompt)).toBe(true);
    const trained = c.segments.filter((s) => s.train);
    expect(trained.length).toBe(3);
    expect(trained.every((s) => s.text.endsWith('<|im_end|>'))).toBe(true);
    expect(trained[0]!.text).toMatch(/^<tool_call>\n\{"name": "(current_time|calculate)"/);
  });

  it('are deterministic for a seed, in every family', async () => {
    for (const family of FAMILIES) {
      const a = await family.make({ rng: createPrng(5), split: 'train' });
      const b = await family.make({ rng: createPrng(5), split: 'train' });
      expect(a.segments).toEqual(b.segments);
    }
  });
});
