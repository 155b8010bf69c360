import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AssistantMessage, Message } from '../messages';
import { createPresetTools } from '../presets';
import { diffRound, diffText, diffTokens } from './prompt-diff';
import { roundPrompts, segmentPrompt } from './prompt-segments';
import { promptText, qwen3Format } from '../protocol/formats';
import { createWorkspace28Tools, LANDSMEER_SCENARIO } from '../scenarios/workspace-28';
import { toDefinition } from '../tool';
import { playScenarioRun } from '../scenarios/tool-search-measure';

const side = (pieces: ReturnType<typeof diffText>, keep: 'added' | 'removed') =>
  pieces
    .filter((p) => p.op === 'same' || p.op === keep)
    .map((p) => p.text)
    .join('');

describe('diffText', () => {
  it('marks the added and removed tokens between two texts', () => {
    expect(diffText('The answer is 896.', 'The answer is 877.')).toEqual([
      { op: 'same', text: 'The answer is ' },
      { op: 'removed', text: '896' },
      { op: 'added', text: '877' },
      { op: 'same', text: '.' },
    ]);
    expect(diffText('a b', 'a b')).toEqual([{ op: 'same', text: 'a b' }]);
    expect(diffText('', 'new')).toEqual([{ op: 'added', text: 'new' }]);
  });

  it('keeps special tokens whole', () => {
    expect(diffTokens('<|im_start|>user\nHi<|im_end|>')).toEqual(['<|im_start|>', 'user', '\n', 'Hi', '<|im_end|>']);
  });

  it('gives both texts back from its pieces, whatever the texts (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '<|im_end|>', '{', '}', '"x"', '7') });
    fc.assert(
      fc.property(text, text, (before, after) => {
        const pieces = diffText(before, after);
        expect(side(pieces, 'added')).toBe(after);
        expect(side(pieces, 'removed')).toBe(before);
      }),
    );
  });
});

describe('diffRound', () => {
  it('shows a growing loop prompt as added turns: it extends the previous one', async () => {
    const events = await playScenarioRun({
      system: LANDSMEER_SCENARIO.system,
      user: LANDSMEER_SCENARIO.user,
      tools: createWorkspace28Tools(),
      script: LANDSMEER_SCENARIO.script,
      searchOn: false,
      index: 'keyword',
      now: () => Date.UTC(2026, 2, 14, 10, 30),
    });
    const [first, second] = roundPrompts(events);
    expect(diffRound(null, first!.segments).segments.every((d) => d.kind === 'added')).toBe(true);
    const diff = diffRound(first!.segments, second!.segments);
    expect(diff.extendsPrevious).toBe(true);
    expect(diff.reasons).toEqual([]);
    const added = diff.segments.filter((d) => d.kind === 'added');
    expect(added.map((d) => (d.kind === 'added' ? d.segment.role : null))).toEqual(['assistant', 'tool']);
    expect(diff.segments.filter((d) => d.kind === 'same').length).toBe(first!.segments.length);
  });

  it('says the tools changed when tool search added the tools it found', async () => {
    const events = await playScenarioRun({
      system: LANDSMEER_SCENARIO.system,
      user: LANDSMEER_SCENARIO.user,
      tools: createWorkspace28Tools(),
      script: LANDSMEER_SCENARIO.script,
      searchOn: true,
      index: 'keyword',
      now: () => Date.UTC(2026, 2, 14, 10, 30),
    });
    const [first, second] = roundPrompts(events);
    const diff = diffRound(first!.segments, second!.segments);
    expect(diff.extendsPrevious).toBe(false);
    expect(diff.reasons).toEqual(['tools-changed']);
    const tools = diff.segments.find((d) => d.kind === 'changed');
    expect(tools?.kind === 'changed' && tools.segment.kind).toBe('tools');
    const added =
      tools?.kind === 'changed'
        ? side(
            tools.pieces.filter((p) => p.op !== 'same'),
            'added',
          )
        : '';
    expect(added).toContain('currentTime');
  });

  it('shows what Qwen3 drops: the reasoning of turns before the last question', () => {
    const tools = createPresetTools().slice(0, 1).map(toDefinition);
    const answered: AssistantMessage = {
      role: 'assistant',
      content: 'It is 896.',
      raw: '<think>\nSimple.\n</think>\n\nIt is 896.',
      toolCalls: [],
      reasoning: 'Simple.',
    };
    const round1: Message[] = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What is 128 × 7?' },
      answered,
      { role: 'user', content: 'And minus 19?' },
    ];
    // The first question's turn as Qwen3 saw it while it was the latest (reasoning kept)…
    const before = segmentPrompt(promptText(qwen3Format.renderPrompt(round1.slice(0, 3), tools)), ['Be brief.']);
    // …and once a new question follows (reasoning dropped).
    const after = segmentPrompt(promptText(qwen3Format.renderPrompt(round1, tools)), ['Be brief.']);
    const diff = diffRound(before, after);
    expect(diff.extendsPrevious).toBe(false);
    expect(diff.reasons).toEqual(['reasoning-dropped']);
    const changed = diff.segments.find((d) => d.kind === 'changed');
    expect(
      changed?.kind === 'changed' &&
        changed.pieces
          .filter((p) => p.op === 'removed')
          .map((p) => p.text)
          .join(''),
    ).toContain('Simple.');
    expect(
      diff.segments.filter((d) => d.kind === 'added').map((d) => (d.kind === 'added' ? d.segment.role : null)),
    ).toEqual(['user']);
  });

  it('lists a turn that is no longer sent where it stood, as dropped history', () => {
    const a = segmentPrompt('<|im_start|>system\nS<|im_end|>\n<|im_start|>user\nQ<|im_end|>\n<|im_start|>assistant\n');
    const b = segmentPrompt('<|im_start|>system\nS<|im_end|>\n<|im_start|>assistant\n');
    const diff = diffRound(a, b);
    expect(diff.segments.map((d) => d.kind)).toEqual(['same', 'removed', 'same']);
    expect(diff.reasons).toEqual(['history-dropped']);
  });
});
