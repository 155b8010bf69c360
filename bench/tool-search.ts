/**
 * Tool search on the 28-tool workspace (3 tools needed, 25 distractors), after the Spring AI blog's benchmark:
 * the Landsmeer scenario is played to the end through the real LoopController with the scripted replay, once
 * with every tool definition in every request (search off) and once per index with only `toolSearchTool` plus
 * the tools found so far (search on). Every request is rendered as the model sees it (ChatML, tools in the
 * system prompt) and counted with the real Qwen3 tokenizer. Token counts are exact for that tokenizer and
 * deterministic (the clock is fixed), unlike timings.
 */
import type { RunMeasurement, SearchComparison, ToolIndexKind } from '../src/engine';
import { compareLandsmeer } from '../src/engine';
import { loadQwen3Counter } from '../src/tokenizers/qwen3';
import type { BenchTable } from './table';

/** Saturday 14 March 2026, 11:30 in Landsmeer: every shop is open, so both runs do the whole task. */
export const BENCH_CLOCK = Date.UTC(2026, 2, 14, 10, 30);

export async function measureAll(): Promise<Record<ToolIndexKind, SearchComparison>> {
  const counter = await loadQwen3Counter();
  const compare = (index: ToolIndexKind) => compareLandsmeer(index, counter, () => BENCH_CLOCK);
  return { keyword: await compare('keyword'), regex: await compare('regex') };
}

export async function run(): Promise<BenchTable> {
  const { keyword, regex } = await measureAll();
  for (const m of [keyword.off, keyword.on, regex.on]) {
    if (m.finishReason !== 'final-answer') {
      throw new Error(`A run did not reach its final answer (search ${m.searchOn ? 'on' : 'off'}: ${m.finishReason}).`);
    }
  }
  const off = keyword.off;
  const pct = (before: number, after: number) => {
    const change = ((after - before) / before) * 100;
    return `${change > 0 ? '+' : ''}${change.toFixed(1)}%`;
  };
  const diff = (before: number, after: number) => `${after - before >= 0 ? '+' : ''}${after - before}`;
  const row = (label: string, pick: (m: RunMeasurement) => number, change = pct) => [
    label,
    pick(off),
    pick(keyword.on),
    change(pick(off), pick(keyword.on)),
    pick(regex.on),
    change(pick(off), pick(regex.on)),
  ];
  const lastTools = (m: RunMeasurement) => m.rounds.at(-1)?.toolNames.length ?? 0;
  return {
    title: 'Tool search: 28 tools (3 needed, 25 distractors), Landsmeer scenario, scripted replay',
    columns: ['', 'search off', 'search on · keyword', 'change', 'search on · regex', 'change'],
    rows: [
      row('model calls', (m) => m.modelCalls, diff),
      row('tool-definition tokens', (m) => m.toolDefinitionTokens),
      row('prompt tokens', (m) => m.promptTokens),
      row('completion tokens', (m) => m.completionTokens),
      row('total tokens', (m) => m.totalTokens),
      ['tools in the last request', lastTools(off), lastTools(keyword.on), '', lastTools(regex.on), ''],
    ],
    notes: [
      `Counted with the ${off.tokenizer} on the rendered ChatML prompt of every model call; tool-definition tokens = the tools section of the system prompt.`,
      `Per call, search off sends ${off.rounds[0]?.toolDefinitionTokens ?? 0} tool-definition tokens; search on starts at ${keyword.on.rounds[0]?.toolDefinitionTokens ?? 0} (toolSearchTool alone) and grows as tools are found.`,
      `Found with keyword: ${foundList(keyword.on)}; with regex: ${foundList(regex.on)} (the script asks for 2 results per search).`,
      'Published (Spring AI, 28 tools): 34–64% fewer total tokens, for one or two extra model calls.',
    ],
  };
}

function foundList(m: RunMeasurement): string {
  return (
    m.rounds
      .at(-1)
      ?.toolNames.filter((n) => n !== 'toolSearchTool')
      .join(', ') ?? ''
  );
}
