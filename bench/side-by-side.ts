/**
 * The loop's own cost per round, side by side in one process with the Vercel AI SDK's `generateText` loop and a
 * bare hand-written loop: the same measurement as the shared runner (`../shared/bench-anchors/side-by-side.mjs`),
 * so both print the same ratios. Same work everywhere: the model returns one tool call per round (calculator and
 * currentTime in turn, zod-validated), N tool rounds, then a final text. A round is the time from entering model
 * call k to entering model call k+1 (the mock stamps it). Configurations, interleaved after a warm-up:
 *
 * - `baseline`: the simplest loop doing that work (the floor);
 * - `aisdk`: AI SDK 6 (`ai` pinned as the shared runner pins it) with `MockLanguageModelV3`;
 * - `ours`: `LoopController` with a runtime that answers pre-rendered `<tool_call>` text at once (the harness alone);
 * - `scripted`: `LoopController` with `createScriptedRuntime` as the app's scripted provider builds it, streaming
 *   instantly: the replay the page runs, prompt trace and token estimate included;
 * - `app`: `scripted` with what the app registers besides (the lab and advisor-loop extensions, the tool-search
 *   request step), every lesson off: what a round that uses no lesson pays for them.
 *
 * `npm run bench -- side-by-side`; `SIDE_BY_SIDE_SIZES=10,50` and `SIDE_BY_SIDE_REPEATS=5` change the sizes and the
 * repeats.
 */
import { performance } from 'node:perf_hooks';
import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import type { ChatRuntime, JsonValue, Script } from '../src/engine';
import {
  advisorEvents,
  createScriptedRuntime,
  DEFAULT_SETTINGS,
  defineTool,
  labExtension,
  LoopController,
  renderToolCallBlock,
  toolSearchStep,
} from '../src/engine';
import type { BenchTable } from './table';
import { median } from './table';

// ── the tools and the scripted calls, as the shared runner's common.mjs writes them ─────────────────────────

const calculatorSchema = z.object({
  operation: z.enum(['add', 'subtract', 'multiply', 'divide']),
  left: z.number(),
  right: z.number(),
});
type CalculatorInput = z.infer<typeof calculatorSchema>;
function calculator({ operation, left, right }: CalculatorInput): { result: number } {
  switch (operation) {
    case 'add':
      return { result: left + right };
    case 'subtract':
      return { result: left - right };
    case 'multiply':
      return { result: left * right };
    case 'divide':
      return { result: left / right };
  }
}
const currentTimeSchema = z.object({ timezone: z.string() });
const currentTime = ({ timezone }: { timezone: string }) => ({ timezone, iso: new Date().toISOString() });

const OPS = ['add', 'subtract', 'multiply', 'divide'] as const;
/** The call of round k (0-based): calculator and currentTime in turn, the input as JSON text. */
function scriptedCall(k: number): [name: string, input: string] {
  if (k % 2 === 0) return ['calculator', JSON.stringify({ operation: OPS[(k / 2) % 4], left: k + 1, right: 2 })];
  return ['currentTime', JSON.stringify({ timezone: 'Europe/Paris' })];
}

const ourTools = [
  defineTool({
    name: 'calculator',
    description: 'Basic arithmetic on two numbers',
    schema: calculatorSchema,
    execute: (input) => JSON.stringify(calculator(input)),
  }),
  defineTool({
    name: 'currentTime',
    description: 'Current time in a timezone',
    schema: currentTimeSchema,
    execute: (input) => JSON.stringify(currentTime(input)),
  }),
];

// ── runners: each makes one run of N tool rounds and a final text, stamping every model call ─────────────────

type Stamp = () => void;
type Runner = (stamp: Stamp) => Promise<void>;

function baselineRunner(n: number): Runner {
  const tools: Record<string, { schema: z.ZodType; execute: (input: never) => unknown }> = {
    calculator: { schema: calculatorSchema, execute: calculator },
    currentTime: { schema: currentTimeSchema, execute: currentTime },
  };
  const script = [
    ...Array.from({ length: n }, (_, k) => {
      const [name, args] = scriptedCall(k);
      return { toolCalls: [{ id: `call-${k}`, name, arguments: args }] };
    }),
    { text: 'done' },
  ];
  return async (stamp) => {
    let i = 0;
    const model = async () => {
      stamp();
      return script[i++]!;
    };
    const messages: unknown[] = [{ role: 'user', content: 'Run the scripted tools.' }];
    for (let step = 0; step <= n; step++) {
      const response = await model();
      if (!('toolCalls' in response)) {
        messages.push({ role: 'assistant', content: response.text });
        return;
      }
      messages.push({ role: 'assistant', toolCalls: response.toolCalls });
      for (const call of response.toolCalls) {
        const parsed = tools[call.name]!.schema.safeParse(JSON.parse(call.arguments));
        const content = parsed.success ? await tools[call.name]!.execute(parsed.data as never) : parsed.error.message;
        messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content });
      }
    }
    throw new Error('baseline: no final text');
  };
}

function aisdkRunner(n: number): Runner {
  const tools = {
    calculator: tool({
      description: 'Basic arithmetic on two numbers',
      inputSchema: calculatorSchema,
      execute: async (input) => calculator(input),
    }),
    currentTime: tool({
      description: 'Current time in a timezone',
      inputSchema: currentTimeSchema,
      execute: async (input) => currentTime(input),
    }),
  };
  const usage = {
    inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 5, text: 5, reasoning: undefined },
  };
  const timestamp = new Date(0);
  const steps = [
    ...Array.from({ length: n }, (_, k) => {
      const [toolName, input] = scriptedCall(k);
      return {
        content: [{ type: 'tool-call' as const, toolCallId: `call-${k}`, toolName, input }],
        finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
        usage,
        response: { id: `resp-${k}`, modelId: 'mock', timestamp },
        warnings: [],
      };
    }),
    {
      content: [{ type: 'text' as const, text: 'done' }],
      finishReason: { unified: 'stop' as const, raw: 'stop' },
      usage,
      response: { id: `resp-${n}`, modelId: 'mock', timestamp },
      warnings: [],
    },
  ];
  const stopWhen = stepCountIs(n + 1);
  return async (stamp) => {
    let i = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        stamp();
        return steps[i++]!;
      },
    });
    const result = await generateText({ model, tools, stopWhen, prompt: 'Run the scripted tools.' });
    if (result.text !== 'done' || result.steps.length !== n + 1) throw new Error('aisdk: bad end');
  };
}

type OursMode = 'ours' | 'scripted' | 'app';

function oursRunner(n: number, mode: OursMode): Runner {
  const raws = [
    ...Array.from({ length: n }, (_, k) => {
      const [name, args] = scriptedCall(k);
      return { raw: renderToolCallBlock(name, JSON.parse(args)), finishReason: 'stop' as const };
    }),
    { raw: 'done', finishReason: 'stop' as const },
  ];
  const script: Script = {
    steps: [
      ...Array.from({ length: n }, (_, k) => {
        const [name, args] = scriptedCall(k);
        return { toolCalls: [{ name, arguments: JSON.parse(args) as { [key: string]: JsonValue } }] };
      }),
      { text: 'done' },
    ],
  };
  const settings = { ...DEFAULT_SETTINGS, maxRounds: n + 1 };
  return async (stamp) => {
    let runtime: ChatRuntime;
    if (mode === 'ours') {
      let i = 0;
      runtime = {
        kind: 'scripted',
        label: 'bare',
        generate: async () => {
          stamp();
          return raws[i++]!;
        },
      };
    } else {
      // As the app's scripted provider builds it (src/runtimes/scripted/scripted-provider.tsx), streaming instantly.
      const inner = createScriptedRuntime({
        script,
        tokensPerSecond: 0,
        sleep: async () => {},
        now: () => performance.now(),
      });
      runtime = {
        ...inner,
        generate: (request, options) => {
          stamp();
          return inner.generate(request, options);
        },
      };
    }
    const controller = new LoopController({
      runtime: () => runtime,
      now: Date.now,
      newRunId: () => 'bench',
      ...(mode === 'app' ? { extensions: [labExtension, advisorEvents], requestSteps: [toolSearchStep] } : {}),
    });
    controller.startRun({ system: 'bench', tools: ourTools, settings });
    controller.send('Run the scripted tools.');
    await controller.runToEnd();
    const state = controller.getState();
    if (state.finished?.reason !== 'final-answer' || state.round !== n + 1) {
      throw new Error(`${mode}: bad end ${state.finished?.reason} ${state.round}`);
    }
  };
}

const CONFIGS = ['baseline', 'aisdk', 'ours', 'scripted', 'app'] as const;
type Config = (typeof CONFIGS)[number];

const RUNNERS: Record<Config, (n: number) => Runner> = {
  baseline: baselineRunner,
  aisdk: aisdkRunner,
  ours: (n) => oursRunner(n, 'ours'),
  scripted: (n) => oursRunner(n, 'scripted'),
  app: (n) => oursRunner(n, 'app'),
};

// ── measurement, as the shared runner measures ──────────────────────────────────────────────────────────────

/** The median round of `runs` runs of `n` rounds, in µs. */
async function measure(run: Runner, n: number, runs: number): Promise<number> {
  await new Promise((resolve) => setImmediate(resolve));
  const rounds = new Float64Array(n * runs);
  const stamps = new Float64Array(n + 2);
  let at = 0;
  let filled = 0;
  const stamp = () => {
    stamps[at++] = performance.now();
  };
  for (let r = 0; r < runs; r++) {
    at = 0;
    await run(stamp);
    if (at !== n + 1) throw new Error(`expected ${n + 1} model calls, saw ${at}`);
    for (let k = 0; k < n; k++) rounds[filled++] = (stamps[k + 1]! - stamps[k]!) * 1000;
  }
  return median([...rounds]);
}

export interface SideBySide {
  /** Median round (µs), per size and configuration: the median of the repeats. */
  readonly round: ReadonlyMap<number, Partial<Record<Config, number>>>;
  /** A per-repeat ratio's median (adjacent measurements in one process), per size. */
  readonly ratio: (n: number, a: Config, b: Config) => number | null;
}

/**
 * Measures every configuration at every size: warm-up, then `repeats` measurements interleaved. The AI SDK and the
 * baseline are left out above 200 rounds (the AI SDK's rounds grow with the history: a 1,000-round run takes
 * minutes). Runs per measurement as the shared runner: 1,000 rounds' worth, a tenth of that for the replays.
 */
export async function sideBySide(sizes: readonly number[], repeats: number): Promise<SideBySide> {
  const round = new Map<number, Partial<Record<Config, number>>>();
  const samples = new Map<number, Partial<Record<Config, number[]>>>();
  for (const n of sizes) {
    const configs = CONFIGS.filter((c) => n <= 200 || (c !== 'aisdk' && c !== 'baseline'));
    const runs = Math.max(5, Math.ceil(1000 / n));
    const runsOf = (c: Config) => (c === 'scripted' || c === 'app' ? Math.max(3, Math.ceil(runs / 10)) : runs);
    const runners = configs.map((c) => [c, RUNNERS[c](n)] as const);
    for (const [c, run] of runners) await measure(run, n, Math.max(3, Math.ceil(runsOf(c) / 2)));
    const of: Partial<Record<Config, number[]>> = {};
    for (let rep = 0; rep < repeats; rep++) {
      for (const [c, run] of runners) (of[c] ??= []).push(await measure(run, n, runsOf(c)));
    }
    samples.set(n, of);
    round.set(n, Object.fromEntries(Object.entries(of).map(([c, xs]) => [c, median(xs)])));
  }
  return {
    round,
    ratio: (n, a, b) => {
      const xs = samples.get(n)?.[a];
      const ys = samples.get(n)?.[b];
      return xs && ys ? median(xs.map((x, i) => x / ys[i]!)) : null;
    },
  };
}

export async function run(): Promise<BenchTable> {
  const sizes = (process.env.SIDE_BY_SIDE_SIZES ?? '10,50,200,1000').split(',').map(Number);
  const repeats = Number(process.env.SIDE_BY_SIDE_REPEATS ?? '3');
  const measured = await sideBySide(sizes, repeats);
  const us = (x: number | undefined) => (x === undefined ? '—' : `${x >= 100 ? x.toFixed(0) : x.toFixed(1)} µs`);
  const times = (x: number | null | undefined) => (x === null || x === undefined ? '—' : `${x.toFixed(2)}×`);
  const ratio = (x: number | null) => (x === null ? '—' : x.toFixed(3));
  const across = (config: Config, n: number) => {
    const at = measured.round.get(n)?.[config];
    const at10 = measured.round.get(10)?.[config];
    return at !== undefined && at10 !== undefined ? at / at10 : null;
  };
  const rows: (string | number)[][] = sizes.map((n) => {
    const r = measured.round.get(n) ?? {};
    const cells = CONFIGS.filter((c) => r[c] !== undefined).map((c) => `${c} ${us(r[c])}`);
    return [`µs per round at ${n} rounds`, cells.join(' · '), '—'];
  });
  return {
    title: 'The loop per round, side by side with AI SDK 6 (median round; the shared runner’s measurement)',
    columns: ['figure', 'measured', 'goal'],
    rows: [
      ...rows,
      ['ours/aisdk at 50 rounds (the harness against AI SDK 6)', ratio(measured.ratio(50, 'ours', 'aisdk')), '≤ 0.10'],
      ['scripted replay, 200 vs 10 rounds', times(across('scripted', 200)), '≤ 1.5×'],
      ['scripted replay, 1,000 vs 10 rounds', times(across('scripted', 1000)), '≤ 1.5×'],
      ['ours, 1,000 vs 10 rounds', times(across('ours', 1000)), '≤ 1.5×'],
      [
        'app (lessons registered, all off) / scripted at 50 rounds',
        times(measured.ratio(50, 'app', 'scripted')),
        '≈ 1',
      ],
    ],
    notes: [
      'A round is model call k entered → model call k+1 entered; each cell is the median of the repeats’ median rounds; ratios are the median of per-repeat ratios (adjacent measurements in one process).',
      'The shared runner (../shared/bench-anchors/side-by-side.mjs, see its README) measures the same configurations (baseline, aisdk, ours, scripted) the same way: its figures agree within the machine’s noise.',
    ],
  };
}
