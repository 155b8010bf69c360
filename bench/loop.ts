/**
 * Loop orchestration cost: how long the manual loop's own machinery (events, reducer, parsing, tool execution,
 * projections) takes per round over 1,000 rounds with a trivial tool. Measured twice: with a bare runtime that
 * answers a fixed tool call at once (the harness alone), and with the scripted replay streaming instantly
 * (which also renders the whole ChatML prompt for its trace and estimates tokens every call, as the app does).
 */
import type { ChatRuntime, Script } from '../src/engine';
import {
  createScriptedRuntime,
  DEFAULT_SETTINGS,
  defineTool,
  LoopController,
  renderToolCallBlock,
  transcript,
  turnTable,
  usageTotals,
} from '../src/engine';
import { z } from 'zod';
import type { BenchTable } from './table';
import { median } from './table';

const ROUNDS = 1000;

const echo = defineTool({
  name: 'echo',
  description: 'Echoes its input.',
  schema: z.object({ text: z.string() }),
  execute: ({ text }) => text,
});

/** Every model call asks for one tool, so the max-rounds guard ends the run after ROUNDS calls. */
const script: Script = {
  steps: Array.from({ length: ROUNDS }, (_, i) => ({
    toolCalls: [{ name: 'echo', arguments: { text: `round ${i}` } }],
  })),
};

type RuntimeChoice = 'bare' | 'scripted';

function makeRuntime(choice: RuntimeChoice, now: () => number): ChatRuntime {
  if (choice === 'scripted') return createScriptedRuntime({ script, tokensPerSecond: 0, sleep: async () => {}, now });
  return {
    kind: 'scripted',
    label: 'bare',
    generate: async (request) => ({
      raw: renderToolCallBlock('echo', { text: `round ${request.round}` }),
      finishReason: 'stop',
    }),
  };
}

async function oneRun(choice: RuntimeChoice): Promise<{ totalMs: number; projectionMs: number; events: number }> {
  let clock = 0;
  const runtime = makeRuntime(choice, () => clock++);
  const controller = new LoopController({ runtime: () => runtime, now: () => clock, newRunId: () => 'bench' });
  const started = performance.now();
  controller.startRun({ system: 'bench', tools: [echo], settings: { ...DEFAULT_SETTINGS, maxRounds: ROUNDS } });
  controller.send('go');
  await controller.runToEnd();
  const totalMs = performance.now() - started;
  const before = performance.now();
  const events = controller.getEvents();
  transcript(events);
  turnTable(events);
  usageTotals(events);
  return { totalMs, projectionMs: performance.now() - before, events: events.length };
}

async function measure(choice: RuntimeChoice, repeats: number) {
  await oneRun(choice); // warm-up
  const runs = [];
  for (let i = 0; i < repeats; i += 1) runs.push(await oneRun(choice));
  return {
    total: median(runs.map((r) => r.totalMs)),
    projections: median(runs.map((r) => r.projectionMs)),
    events: runs[0]?.events ?? 0,
  };
}

export async function run(): Promise<BenchTable> {
  const bare = await measure('bare', 5);
  const scripted = await measure('scripted', 3);
  const perRound = (ms: number) => `${((ms / ROUNDS) * 1000).toFixed(0)} µs`;
  return {
    title: `Loop orchestration over ${ROUNDS} rounds (model call + 1 tool call each; median)`,
    columns: ['measure', 'bare runtime (harness only)', 'scripted replay'],
    rows: [
      ['whole run', `${bare.total.toFixed(0)} ms`, `${scripted.total.toFixed(0)} ms`],
      ['per round', perRound(bare.total), perRound(scripted.total)],
      ['events in the log', bare.events, scripted.events],
      [
        'projections (transcript, turn table, usage)',
        `${bare.projections.toFixed(1)} ms`,
        `${scripted.projections.toFixed(1)} ms`,
      ],
    ],
    notes: [
      'The scripted replay re-renders the whole growing prompt and estimates its tokens on every call, so its cost grows with the history; real runs have ≤ 10 rounds.',
    ],
  };
}
