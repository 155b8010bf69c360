import { beforeAll, describe, expect, it } from 'vitest';
import { loadQwen3Counter } from '../../tokenizers/qwen3';
import { LoopController } from '../loop/controller';
import { DEFAULT_SETTINGS } from '../loop/events';
import type { Message } from '../messages';
import { createPresetTools } from '../presets';
import type { RoundPrompt } from './prompt-segments';
import { countRound, roundPrompts, segmentPrompt } from './prompt-segments';
import { hermesFormat, llama32Format, promptText, qwen3Format } from '../protocol/formats';
import { renderChatPrompt } from '../model-port/chat-prompt';
import { createScriptedRuntime } from '../model-port/scripted';
import { getScenario, toolsForScenario } from '../scenarios';
import { createWorkspace28Tools, LANDSMEER_SCENARIO } from '../scenarios/workspace-28';
import { createFakeClock } from '../test-support';
import type { ToolDefinition } from '../tool';
import { toDefinition } from '../tool';
import { playScenarioRun } from '../scenarios/tool-search-measure';
import type { TokenCounter } from '../tool-search/token-count';

const SEOUL = getScenario('seoul-time-math')!;

async function seoulEvents() {
  const clock = createFakeClock();
  const runtime = createScriptedRuntime({
    script: SEOUL.script,
    tokensPerSecond: 50,
    now: clock.now,
    sleep: clock.sleep,
  });
  const controller = new LoopController({ runtime: () => runtime, now: clock.now, newRunId: () => 'run_1' });
  controller.startRun({
    system: SEOUL.system,
    tools: toolsForScenario(SEOUL, createPresetTools()),
    settings: DEFAULT_SETTINGS,
  });
  controller.send(SEOUL.user);
  await controller.runToEnd();
  return controller.getEvents();
}

const tools: ToolDefinition[] = toolsForScenario(SEOUL, createPresetTools()).map(toDefinition);
const conversation: Message[] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'What is 128 × 7?' },
  {
    role: 'assistant',
    content: '',
    raw: '<think>\nMultiply.\n</think>\n\n<tool_call>\n{"name": "calculate", "arguments": {"operation": "multiply", "a": 128, "b": 7}}\n</tool_call>',
    toolCalls: [{ id: 'call_1', name: 'calculate', argumentsText: '{"operation":"multiply","a":128,"b":7}' }],
    reasoning: 'Multiply.',
  },
  { role: 'tool', toolCallId: 'call_1', name: 'calculate', content: '896', isError: false },
];

describe('segmentPrompt', () => {
  it('cuts a ChatML prompt into system, tools, each turn and the generation prompt, losing nothing', () => {
    const prompt = renderChatPrompt({ messages: conversation, tools });
    const segments = segmentPrompt(prompt, ['Be brief.']);
    expect(segments.map((s) => s.text).join('')).toBe(prompt);
    expect(segments.map((s) => [s.key, s.part])).toEqual([
      ['system', 'system'],
      ['tools', 'tools'],
      ['turn-1', 'history'],
      ['turn-2', 'history'],
      ['turn-3', 'new'],
      ['generation', 'new'],
    ]);
    expect(segments[0]!.text).toBe('<|im_start|>system\nBe brief.');
    expect(segments[1]!.text.startsWith('\n\n# Tools')).toBe(true);
    expect(segments[1]!.text.endsWith('</tool_call><|im_end|>\n')).toBe(true);
    expect(segments.map((s) => s.role ?? null)).toEqual([null, null, 'user', 'assistant', 'tool', null]);
    expect(segments[4]!.results).toBe(1);
    expect(segments[5]!.text).toBe('<|im_start|>assistant\n');
  });

  it('keeps a Llama 3.2 prompt whole, with the tools cut out of the first user message', () => {
    const messages = conversation.filter((m) => m.role !== 'assistant' && m.role !== 'tool');
    const prompt = promptText(llama32Format.renderPrompt(messages, tools, { dateString: '02 Dec 2026' }));
    const segments = segmentPrompt(prompt, ['Be brief.', 'What is 128 × 7?']);
    expect(segments.map((s) => s.text).join('')).toBe(prompt);
    expect(segments.map((s) => s.key)).toEqual(['system', 'tools', 'turn-1', 'generation']);
    expect(segments[0]!.text.startsWith('<|begin_of_text|><|start_header_id|>system')).toBe(true);
    expect(segments[1]!.text).toContain('Given the following functions');
    expect(segments[2]!.text.startsWith('What is 128 × 7?')).toBe(true);
    expect(segments[3]!.text).toBe('<|start_header_id|>assistant<|end_header_id|>\n\n');
  });

  it('cuts a Hermes tool_use prompt: the tools block first, the system prompt after it', () => {
    const prompt = promptText(hermesFormat.renderPrompt(conversation.slice(0, 2), tools));
    const segments = segmentPrompt(prompt, ['Be brief.']);
    expect(segments.map((s) => s.text).join('')).toBe(prompt);
    expect(segments.map((s) => s.key)).toEqual(['tools', 'system', 'turn-1', 'generation']);
    expect(segments[1]!.text.startsWith('Be brief.')).toBe(true);
  });

  it('gives text without a known template back as one segment', () => {
    expect(segmentPrompt('just text')).toEqual([{ key: 'other', kind: 'other', part: 'history', text: 'just text' }]);
    expect(segmentPrompt('')).toEqual([]);
  });
});

describe('roundPrompts', () => {
  it('cuts every model call of a run out of the prompt the runtime reported', async () => {
    const events = await seoulEvents();
    const rounds = roundPrompts(events);
    expect(rounds.map((r) => r.round)).toEqual([1, 2, 3]);
    for (const r of rounds) {
      expect(r.source).toBe('runtime');
      expect(r.segments.map((s) => s.text).join('')).toBe(r.prompt);
      expect(r.completion).not.toBeNull();
    }
    // Each round adds the previous reply and its tool results as new turns.
    expect(rounds.map((r) => r.segments.filter((s) => s.kind === 'message').length)).toEqual([1, 3, 5]);
    expect(rounds[2]!.segments.filter((s) => s.part === 'new').map((s) => s.key)).toEqual(['turn-5', 'generation']);
  });

  it('with tool search on, carries the all-tools block each round could have sent', async () => {
    const events = await playScenarioRun({
      system: LANDSMEER_SCENARIO.system,
      user: LANDSMEER_SCENARIO.user,
      tools: createWorkspace28Tools(),
      script: LANDSMEER_SCENARIO.script,
      searchOn: true,
      index: 'keyword',
      now: () => Date.UTC(2026, 2, 14, 10, 30),
    });
    const rounds = roundPrompts(events);
    expect(rounds).toHaveLength(5);
    expect(rounds.every((r) => r.allToolsBlock?.includes('"name": "currentTime"'))).toBe(true);
    expect(rounds[0]!.allToolsBlock!.length).toBeGreaterThan(
      rounds[0]!.segments.find((s) => s.kind === 'tools')!.text.length * 5,
    );
  });
});

describe('countRound', () => {
  let counter: TokenCounter;
  beforeAll(async () => {
    counter = await loadQwen3Counter();
  }, 60_000);

  it('counts each segment with the counter, the bars adding up to the prompt', async () => {
    const [first, , last] = roundPrompts(await seoulEvents());
    for (const round of [first!, last!]) {
      const counted = countRound(round, counter);
      expect(counted.counted).toBe('estimated');
      expect(counted.segments).toHaveLength(round.segments.length);
      expect(counted.prompt).toBe(counted.segments.reduce((a, n) => a + n, 0));
      expect(counted.prompt).toBe(counted.system + counted.tools + counted.history + counted.new);
      // Cut at turn boundaries (special tokens), the pieces count like the whole prompt.
      expect(Math.abs(counted.prompt - counter.count(round.prompt))).toBeLessThanOrEqual(2);
      expect(counted.completion).toBe(counter.count(round.completion!));
    }
    expect(countRound(last!, counter).history).toBeGreaterThan(countRound(first!, counter).history);
  });

  it('prefers the runtime’s own counts when it reported them for these texts', () => {
    const prompt = promptText(qwen3Format.renderPrompt(conversation, tools));
    const segments = segmentPrompt(prompt, ['Be brief.']);
    const byPart = (part: string) =>
      segments
        .filter((s) => s.part === part)
        .map((s) => s.text)
        .join('');
    const round: RoundPrompt = {
      round: 2,
      runtime: 'webllm',
      source: 'runtime',
      prompt,
      segments,
      completion: 'It is 896.',
      reportedCompletionTokens: 6,
      reportedParts: [
        { part: 'system', tokens: 11, text: byPart('system') },
        { part: 'tool schemas', tokens: 222, text: byPart('tools') },
        { part: 'history', tokens: 33, text: byPart('history') },
        { part: 'new message', tokens: 44, text: byPart('new') },
      ],
    };
    const counted = countRound(round, counter);
    expect(counted).toMatchObject({ counted: 'runtime', system: 11, tools: 222, history: 33, new: 44, prompt: 310 });
    expect(counted.completion).toBe(6);
    // Parts it did not all report fall back to the counter, marked estimated; its completion count still stands.
    const partial = countRound({ ...round, reportedParts: round.reportedParts!.slice(0, 1) }, counter);
    expect(partial).toMatchObject({ counted: 'estimated', partsCounted: 'estimated', completionCounted: 'runtime' });
    expect(partial.completion).toBe(6);
    expect(partial.partsGap).toBe(0);
  });
});
