import { describe, expect, it } from 'vitest';
import type { Tool, ToolResult } from '../tool';
import { measureRun, playScenarioRun } from './tool-search-measure';
import type { TokenCounter } from '../tool-search/token-count';
import {
  createWorkspace28Tools,
  LANDSMEER_SCENARIO,
  RELEVANT_TOOL_NAMES,
  WORKSPACE_28_TOOL_NAMES,
} from './workspace-28';

/** Saturday 14 March 2026, 11:30 in Landsmeer (UTC+1). */
const SATURDAY_MORNING = Date.UTC(2026, 2, 14, 10, 30);
const ctx = (now = SATURDAY_MORNING) => ({ now: () => now, signal: new AbortController().signal, callId: 'c1' });

function byName(name: string, tools: Tool[] = createWorkspace28Tools()): Tool {
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no ${name}`);
  return tool;
}

async function run(name: string, args: unknown, now = SATURDAY_MORNING, tools?: Tool[]): Promise<string> {
  const tool = byName(name, tools);
  const valid = tool.validate(args);
  if (!valid.ok) throw new Error(valid.error.join('; '));
  const out: ToolResult | string = await tool.execute(valid.value, ctx(now));
  return typeof out === 'string' ? out : out.text;
}

describe('the 28-tool workspace', () => {
  it('has 28 uniquely named tools: the 3 the task needs and 25 described distractors', () => {
    const tools = createWorkspace28Tools();
    expect(tools).toHaveLength(28);
    expect(new Set(tools.map((t) => t.name)).size).toBe(28);
    expect(WORKSPACE_28_TOOL_NAMES).toEqual(tools.map((t) => t.name));
    expect(WORKSPACE_28_TOOL_NAMES.slice(0, 3)).toEqual([...RELEVANT_TOOL_NAMES]);
    for (const tool of tools) {
      expect(tool.description.length, tool.name).toBeGreaterThan(35);
      expect(tool.inputSchema.type).toBe('object');
    }
  });

  it('currentTime reads the injected clock in the place’s time zone, DST included', async () => {
    expect(await run('currentTime', { location: 'Landsmeer, NL' })).toBe('2026-03-14T11:30+01:00');
    expect(await run('currentTime', { location: 'landsmeer' }, Date.UTC(2026, 6, 1, 10, 0))).toBe(
      '2026-07-01T12:00+02:00',
    );
    await expect(run('currentTime', { location: 'Atlantis' })).rejects.toThrow('Unknown location "Atlantis"');
  });

  it('weather is deterministic per place and time, and explains a malformed time', async () => {
    const a = await run('weather', { location: 'Landsmeer, NL', atTime: '2026-03-14T11:30+01:00' });
    const b = await run('weather', { location: 'Landsmeer, NL', atTime: '2026-03-14T10:30Z' });
    expect(a).toBe(b);
    expect(a).toMatch(
      /^Landsmeer, NL, Saturday 14 March 2026, 11:30: -?\d+ °C \(feels like -?\d+ °C\), (cold|cool|mild|warm); /,
    );
    await expect(run('weather', { location: 'Landsmeer, NL', atTime: 'this afternoon' })).rejects.toThrow('ISO 8601');
  });

  it('clothing lists the shops open at the given time', async () => {
    const saturday = await run('clothing', { location: 'Landsmeer, NL', openAtTime: '2026-03-14T11:30+01:00' });
    expect(saturday).toContain('4 of 4 clothing shops in Landsmeer, NL are open at Saturday 11:30');
    const sundayMorning = await run('clothing', { location: 'Landsmeer, NL', openAtTime: '2026-03-15T12:30' });
    expect(sundayMorning).toContain('1 of 4');
    expect(sundayMorning).toContain('Denim & Co');
    const night = await run('clothing', { location: 'Landsmeer, NL', openAtTime: '2026-03-15T22:00+01:00' });
    expect(night).toBe('None of the 4 clothing shops in Landsmeer, NL is open at Sunday 22:00.');
    await expect(run('clothing', { location: 'Seoul, KR', openAtTime: '2026-03-14T11:30' })).rejects.toThrow(
      'No shop data',
    );
  });

  it('the distractors work on their own records', async () => {
    const tools = createWorkspace28Tools();
    const created = JSON.parse(
      await run('createProduct', { name: 'Rain hat', category: 'accessories', priceEur: 25 }, 0, tools),
    ) as { sku: string };
    expect(await run('listProductsByCategory', { category: 'accessories' }, 0, tools)).toContain('Rain hat');
    const order = JSON.parse(await run('createOrder', { sku: created.sku, quantity: 2 }, 0, tools)) as { id: string };
    expect(await run('cancelOrder', { orderId: order.id }, 0, tools)).toContain('cancelled');
    expect(await run('findShoesBySize', { size: '41' }, 0, tools)).toBe('[]');
    expect(await run('searchPerfumesByNote', { note: 'Vanilla' }, 0, tools)).toContain('Amber Canal');
    expect(await run('convertCurrency', { amount: 100, from: 'EUR', to: 'USD' }, 0, tools)).toBe(
      '100 EUR = 108.00 USD',
    );
    expect(
      await run(
        'convertTimeZone',
        { dateTime: '2026-03-14T09:30', fromZone: 'Europe/Amsterdam', toZone: 'Asia/Seoul' },
        0,
        tools,
      ),
    ).toBe('2026-03-14T17:30+09:00');
    await expect(run('getProduct', { sku: 'SKU-9' }, 0, tools)).rejects.toThrow('No product with id "SKU-9"');
    // A fresh workspace does not see the first one's records.
    expect(await run('listProductsByCategory', { category: 'accessories' })).not.toContain('Rain hat');
  });
});

/** Counts whitespace-separated words: enough to read the run's shape here (token figures are in measure.test). */
const words: TokenCounter = { label: 'words', count: (text) => text.split(/\s+/).filter(Boolean).length };

describe('the Landsmeer scenario with the scripted replay', () => {
  const play = (
    searchOn: boolean,
    index: 'keyword' | 'regex' = 'keyword',
    tools = createWorkspace28Tools(),
    now = SATURDAY_MORNING,
  ) =>
    playScenarioRun({
      system: LANDSMEER_SCENARIO.system,
      user: LANDSMEER_SCENARIO.user,
      tools,
      script: LANDSMEER_SCENARIO.script,
      searchOn,
      index,
      now: () => now,
    });

  it('exposes toolSearchTool and the 28 tools', () => {
    expect(LANDSMEER_SCENARIO.toolNames).toEqual(['toolSearchTool', ...WORKSPACE_28_TOOL_NAMES]);
  });

  it.each(['keyword', 'regex'] as const)(
    'search on (%s): search, call what was found, answer in 5 model calls',
    async (index) => {
      const m = measureRun(await play(true, index), words);
      expect(m.finishReason).toBe('final-answer');
      expect(m.modelCalls).toBe(5);
      expect(m.rounds[0]!.toolNames).toEqual(['toolSearchTool']);
      expect(m.rounds.map((r) => r.searches.map((s) => s.query))).toEqual([
        ['current time at a location'],
        ['weather forecast'],
        ['clothing shops open now'],
        [],
        [],
      ]);
      // Found tools accumulate: each round exposes what every earlier search found.
      for (const [i, round] of m.rounds.entries()) {
        const before = new Set(m.rounds[i - 1]?.toolNames ?? []);
        expect([...before].every((name) => round.toolNames.includes(name))).toBe(true);
      }
      expect(m.rounds[1]!.newlyFound).toContain('currentTime');
      expect(m.rounds[2]!.toolNames).toContain('weather');
      expect(m.rounds[3]!.newlyFound).toContain('clothing');
      expect(m.rounds.flatMap((r) => r.newlyFound)).toEqual(
        expect.arrayContaining(['currentTime', 'weather', 'clothing']),
      );
      expect(m.finalAnswer).toContain('local time 2026-03-14T11:30+01:00');
      expect(m.finalAnswer).toContain('Dorpsstraat Mode');
    },
  );

  it('search off: every tool in every request, answer in 3 model calls', async () => {
    const m = measureRun(await play(false), words);
    expect(m.finishReason).toBe('final-answer');
    expect(m.modelCalls).toBe(3);
    for (const round of m.rounds) expect(round.toolNames).toHaveLength(28);
    expect(m.finalAnswer).toContain('Clothing shops open right now: 4 of 4');
  });

  it('both settings reach the same answer', async () => {
    expect(measureRun(await play(true), words).finalAnswer).toBe(measureRun(await play(false), words).finalAnswer);
  });

  it('a search that misses ends with an honest answer instead of calling a tool that was never offered', async () => {
    const withoutWeather = createWorkspace28Tools().filter((t) => t.name !== 'weather');
    const events = await play(true, 'regex', withoutWeather);
    const m = measureRun(events, words);
    expect(m.finishReason).toBe('final-answer');
    expect(m.finalAnswer).toContain('I searched for a weather tool');
    const called = events.flatMap((e) => (e.type === 'model-responded' ? e.message.toolCalls.map((c) => c.name) : []));
    expect(called).not.toContain('weather');
  });
});
