// @vitest-environment jsdom
/**
 * Issue 28, item 6: one count per prompt and source. The transcript, the Prompt tab and the Metrics tab (totals,
 * table, bars) are rendered on the same run, and every token figure they show is read back and compared with the
 * page's one token function, `roundTokens`: the Seoul run on the scripted replay (no counts of its own: one Qwen3
 * estimate everywhere, labelled so, parts adding up to the whole), and the same run as a runtime that counts the
 * whole prompt itself (wllama's usage): its count everywhere, and the Prompt tab says why the parts differ.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoopEvent } from '../../engine/loop/events';
import { createPresetTools } from '../../engine/presets';
import type { RoundTokens } from '../../engine';
import { roundTokens } from '../../engine';
import { getScenario, toolsForScenario } from '../../engine/scenarios';
import type { TokenCounter } from '../../engine/tool-search/token-count';
import { playScenarioRun } from '../../engine/scenarios/tool-search-measure';
import { EnglishRoot } from '../../i18n/english-root';
import { createTestPlayground } from '../../store/test-playground';
import { loadQwen3Counter } from '../../tokenizers/qwen3';
import { TranscriptView } from '../loop/transcript-view';
import { PlaygroundProvider } from '../playground-context';
import { MetricsView } from './metrics-view';
import { RequestView } from './request-view';

afterEach(cleanup);

let counter: TokenCounter;
let seoul: readonly LoopEvent[];
beforeAll(async () => {
  counter = await loadQwen3Counter();
  const scenario = getScenario('seoul-time-math')!;
  seoul = await playScenarioRun({
    system: scenario.system,
    user: scenario.user,
    tools: toolsForScenario(scenario, createPresetTools()),
    script: scenario.script,
    searchOn: false,
    index: 'keyword',
    now: () => Date.UTC(2026, 11, 3, 12, 4),
  });
}, 60_000);

/** The same run as a runtime that counts the whole prompt and the completion itself (llama.cpp's usage). */
function asCountingRuntime(events: readonly LoopEvent[]): LoopEvent[] {
  return events.map((event) => {
    if (event.type === 'run-started')
      return { ...event, config: { ...event.config, runtime: { kind: 'wllama', label: 'CPU (wllama)' } } };
    if (event.type === 'model-responded')
      return {
        ...event,
        response: {
          ...event.response,
          usage: { promptTokens: 1000 + event.round, completionTokens: 40, estimated: false },
        },
      };
    return event;
  });
}

function show(events: readonly LoopEvent[], view: 'transcript' | 'metrics' | 'prompt') {
  const { playground } = createTestPlayground();
  playground.store.setState({ run: { ...playground.store.getState().run, events } });
  render(
    <EnglishRoot>
      <PlaygroundProvider playground={playground}>
        {view === 'transcript' ? (
          <TranscriptView />
        ) : view === 'metrics' ? (
          <MetricsView />
        ) : (
          <RequestView mode="prompt" />
        )}
      </PlaygroundProvider>
    </EnglishRoot>,
  );
}

const numbers = (text: string | null) =>
  [...(text ?? '').matchAll(/\d[\d,]*/g)].map((m) => Number(m[0].replace(/,/g, '')));

async function transcriptFigures(rounds: readonly RoundTokens[]) {
  for (const r of rounds) {
    const turn = await screen.findByTestId(`assistant-${r.round}`);
    const figure = await within(turn).findByTestId('turn-tokens', {}, { timeout: 30_000 });
    expect(numbers(figure.textContent), `turn ${r.round}`).toEqual([r.prompt, r.completion]);
  }
}

async function metricsFigures(rounds: readonly RoundTokens[]) {
  const bars = await screen.findByTestId('token-bars', {}, { timeout: 30_000 });
  const sum = (pick: (r: RoundTokens) => number) => rounds.reduce((n, r) => n + pick(r), 0);
  expect(numbers(screen.getByTestId('metric-prompt-tokens').textContent)).toEqual([sum((r) => r.prompt)]);
  expect(numbers(screen.getByTestId('metric-completion-tokens').textContent)).toEqual([sum((r) => r.completion)]);
  for (const r of rounds) {
    const cells = within(screen.getByTestId(`metrics-round-${r.round}`)).getAllByRole('cell');
    expect([numbers(cells[1]!.textContent)[0], numbers(cells[2]!.textContent)[0]]).toEqual([r.prompt, r.completion]);
    const bar = within(bars).getByTestId(`bar-round-${r.round}`);
    for (const part of ['system', 'tools', 'history', 'new', 'completion'] as const) {
      const drawn = bar.querySelector(`[data-part="${part}"]`)?.getAttribute('data-tokens') ?? '0';
      expect(Number(drawn), `bar ${r.round} ${part}`).toBe(part === 'completion' ? r.completion : r[part]);
    }
  }
  const en = (n: number) => n.toLocaleString('en');
  expect(bars.getAttribute('aria-label')).toContain(
    rounds.map((r) => `${en(r.prompt)} + ${en(r.completion)}`).join(', '),
  );
}

async function promptFigures(rounds: readonly RoundTokens[]) {
  for (const r of rounds) {
    act(() => {
      fireEvent.change(screen.getByLabelText('Model call'), { target: { value: String(r.round) } });
    });
    const parts = await screen.findByTestId('prompt-part-tokens', {}, { timeout: 30_000 });
    await within(parts).findByText(r.prompt.toLocaleString('en'));
    expect(numbers(parts.textContent).slice(0, 5)).toEqual([r.system, r.tools, r.history, r.new, r.prompt]);
  }
}

describe('every token figure on the page comes from the one token function', { timeout: 90_000 }, () => {
  it('Seoul on the scripted replay: one estimate everywhere, labelled, the parts adding up to the whole', async () => {
    const rounds = roundTokens(seoul, counter);
    expect(rounds).toHaveLength(3);
    for (const r of rounds) {
      expect(r).toMatchObject({ counted: 'estimated', partsCounted: 'estimated', partsGap: 0 });
      expect(r.system + r.tools + r.history + r.new).toBe(r.prompt);
    }
    // The runtime's own usage is an estimate of another kind (four characters a token): never shown.
    const usage = seoul.flatMap((e) => (e.type === 'model-responded' ? [e.response.usage!.promptTokens] : []));
    expect(usage).not.toEqual(rounds.map((r) => r.prompt));

    show(seoul, 'transcript');
    await transcriptFigures(rounds);
    expect(screen.getAllByTestId('turn-tokens').every((f) => f.textContent?.endsWith('(estimated)'))).toBe(true);
    cleanup();
    show(seoul, 'metrics');
    await metricsFigures(rounds);
    expect(screen.getByTestId('bars-source').textContent).toContain('Estimated with the bundled Qwen3 tokenizer');
    cleanup();
    show(seoul, 'prompt');
    await promptFigures(rounds);
    expect(screen.getByTestId('prompt-tokens-source').textContent).toContain('the parts add up to the prompt');
  });

  it('a runtime that counts the whole prompt: its count everywhere, and the Prompt tab says why the parts differ', async () => {
    const events = asCountingRuntime(seoul);
    const rounds = roundTokens(events, counter);
    expect(rounds.map((r) => [r.prompt, r.completion, r.counted, r.partsCounted])).toEqual([
      [1001, 40, 'runtime', 'estimated'],
      [1002, 40, 'runtime', 'estimated'],
      [1003, 40, 'runtime', 'estimated'],
    ]);
    show(events, 'transcript');
    await transcriptFigures(rounds);
    expect(screen.getAllByTestId('turn-tokens').some((f) => f.textContent?.includes('estimated'))).toBe(false);
    cleanup();
    show(events, 'metrics');
    await metricsFigures(rounds);
    expect(screen.getByTestId('bars-source').textContent).toContain('the parts in the bars are estimates');
    cleanup();
    show(events, 'prompt');
    await promptFigures(rounds);
    const source = screen.getByTestId('prompt-tokens-source').textContent ?? '';
    expect(source).not.toContain('reports no counts');
    const last = rounds.at(-1)!;
    expect(source).toContain(
      `The runtime counted the whole prompt with its own tokenizer: ${last.prompt.toLocaleString('en')} tokens`,
    );
    expect(source).toContain(`add up to ${(last.prompt - last.partsGap).toLocaleString('en')}`);
  });
});
