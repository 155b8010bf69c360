/**
 * `npm run lesson-model:eval` — the exported GGUF through the real llama.cpp (the project's llama-server), greedy,
 * with the app's prompts (`renderChatMlPrompt`) and the app's grammar (`buildToolGrammar`, tool choice `auto`), on
 * the held-out conversations `lesson-model:data` wrote. A turn is asked with the conversation as it should have gone
 * so far; since greedy decoding is deterministic, a conversation whose every turn is right is also right when the
 * model runs it end to end. Prints each figure beside its goal and writes `results/eval.json` and `results/eval.md`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Message } from '../../src/engine/messages';
import { buildToolGrammar } from '../../src/engine/protocol/grammar';
import type { ToolDefinition } from '../../src/engine/tool';
import { renderChatMlPrompt } from '../../src/runtimes/wllama/chatml-prompt';
import { LESSON_MODEL_NAME } from '../../src/runtimes/wllama/lesson-model';
import { startLlamaServer } from '../../e2e/llama-server';
import type { Call, TurnRecord } from './conversation';
import { DEFAULT_DATA_DIR } from './generate';

interface HeldOutTurn extends TurnRecord {
  readonly raw: string;
}

interface HeldOut {
  readonly family: string;
  readonly language: 'en' | 'ko';
  readonly tools: readonly ToolDefinition[];
  readonly prompts: readonly { readonly messages: readonly Message[]; readonly turn: number }[];
  readonly turns: readonly HeldOutTurn[];
}

/** What one model turn got right. */
export interface TurnScore {
  readonly role: TurnRecord['role'];
  readonly expectedCalls: boolean;
  readonly rightTools: boolean;
  readonly exact: boolean;
  readonly quotes: boolean;
  readonly madeCall: boolean;
}

const CALL_BLOCK = /<tool_call>\n([\s\S]*?)\n<\/tool_call>/g;

export function callsOf(raw: string): Call[] | null {
  const calls: Call[] = [];
  for (const m of raw.matchAll(CALL_BLOCK)) {
    try {
      const parsed = JSON.parse(m[1]!) as { name: string; arguments: Record<string, unknown> };
      calls.push({ name: parsed.name, arguments: parsed.arguments });
    } catch {
      return null;
    }
  }
  return calls;
}

export function scoreTurn(expected: HeldOutTurn, output: string): TurnScore {
  const want = expected.calls ?? [];
  const got = callsOf(output) ?? [];
  const expectedCalls = want.length > 0;
  const rightTools = JSON.stringify(got.map((c) => c.name)) === JSON.stringify(want.map((c) => c.name));
  const exact = expectedCalls
    ? rightTools && JSON.stringify(got.map((c) => c.arguments)) === JSON.stringify(want.map((c) => c.arguments))
    : got.length === 0 && output.trim() === expected.raw.trim();
  const quotes = (expected.mustQuote ?? []).every((q) => output.includes(q)) && (expectedCalls || got.length === 0);
  return { role: expected.role, expectedCalls, rightTools, exact, quotes, madeCall: got.length > 0 };
}

/** A turn counts as right: calls exact, or an answer with no call that quotes every value it must. */
export function turnRight(s: TurnScore): boolean {
  return s.expectedCalls ? s.exact : !s.madeCall && s.quotes;
}

interface FamilyFigures {
  n: number;
  /** Conversations whose first turn should call tools. */
  firstCount: number;
  firstToolsAndArgs: number;
  firstRightTools: number;
  nextExact: number;
  nextCount: number;
  answersWithValues: number;
  answers: number;
  conversations: number;
  noCall: number;
}

export const GOALS = {
  englishFirstTurn: 0.95,
  seoulConversation: 0.9,
  korean: 0.85,
  noTool: 0.9,
} as const;

async function main(): Promise<void> {
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
  };
  const model = arg('model', 'public/lesson-model/lesson-model.gguf');
  const data = arg('data', DEFAULT_DATA_DIR);
  const limit = Number(arg('limit', '40'));
  const out = arg('out', 'training/lesson-model/results');
  const lines = readFileSync(join(data, 'heldout.jsonl'), 'utf8').trim().split('\n');
  const conversations = lines.map((l) => JSON.parse(l) as HeldOut);
  const server = await startLlamaServer({
    model: { path: model, alias: LESSON_MODEL_NAME },
    context: 4096,
    threads: 2,
  });
  const figures = new Map<string, FamilyFigures>();
  const started = Date.now();
  let generated = 0;
  try {
    const counts = new Map<string, number>();
    for (const c of conversations) {
      const key = `${c.family}/${c.language}`;
      const seen = counts.get(key) ?? 0;
      if (seen >= limit) continue;
      counts.set(key, seen + 1);
      const f = figures.get(key) ?? {
        n: 0,
        firstCount: 0,
        firstToolsAndArgs: 0,
        firstRightTools: 0,
        nextExact: 0,
        nextCount: 0,
        answersWithValues: 0,
        answers: 0,
        conversations: 0,
        noCall: 0,
      };
      f.n++;
      let allRight = true;
      for (const prompt of c.prompts) {
        const turn = c.turns[prompt.turn]!;
        if (!turn.train) continue;
        const grammar = buildToolGrammar(c.tools, 'auto', { parallelToolCalls: true });
        if (!grammar.ok) throw new Error(`grammar: ${grammar.error}`);
        const response = await fetch(`${server.origin}/completion`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            prompt: renderChatMlPrompt(prompt.messages, c.tools),
            grammar: grammar.value.gbnf,
            n_predict: 320,
            temperature: 0,
            top_k: 1,
            cache_prompt: true,
          }),
        });
        if (!response.ok) throw new Error(`llama-server answered ${response.status}: ${await response.text()}`);
        const body = (await response.json()) as { content: string; tokens_predicted?: number };
        generated += body.tokens_predicted ?? 0;
        const score = scoreTurn(turn, body.content);
        const right = turnRight(score);
        allRight = allRight && right;
        if (score.role === 'first' && score.expectedCalls) {
          f.firstCount++;
          f.firstRightTools += score.rightTools ? 1 : 0;
          f.firstToolsAndArgs += score.exact ? 1 : 0;
        }
        if (score.role === 'next') {
          f.nextCount++;
          f.nextExact += score.exact ? 1 : 0;
        }
        if (score.role === 'answer') {
          f.answers++;
          f.answersWithValues += right ? 1 : 0;
          f.noCall += score.madeCall ? 0 : 1;
        }
      }
      f.conversations += allRight ? 1 : 0;
      figures.set(key, f);
    }
  } finally {
    await server.stop();
  }
  const seconds = (Date.now() - started) / 1000;
  const report = summarize(figures);
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, 'eval.json'),
    JSON.stringify({ model, seconds, generated, families: Object.fromEntries(figures), goals: report.goals }, null, 1),
  );
  writeFileSync(join(out, 'eval.md'), report.markdown);
  console.log(report.markdown);
  console.log(`${generated} tokens generated in ${seconds.toFixed(0)} s`);
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

export function summarize(figures: ReadonlyMap<string, FamilyFigures>): {
  markdown: string;
  goals: { name: string; value: number; goal: number | null; met: boolean | null }[];
} {
  const rows = [...figures.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  const sum = (filter: (key: string) => boolean, pick: (f: FamilyFigures) => [number, number]) => {
    let hit = 0;
    let all = 0;
    for (const [key, f] of rows) {
      if (!filter(key)) continue;
      const [h, n] = pick(f);
      hit += h;
      all += n;
    }
    return all === 0 ? 0 : hit / all;
  };
  const reportOnly = (k: string) => k.startsWith('unseen-') || k.startsWith('order-history');
  const english = (k: string) => k.endsWith('/en') && !reportOnly(k) && !k.startsWith('no-tool');
  const goals = [
    {
      name: 'English, turn 1: right tools and exact arguments',
      value: sum(english, (f) => [f.firstToolsAndArgs, f.firstCount]),
      goal: GOALS.englishFirstTurn,
    },
    {
      name: 'Seoul-style conversation right end to end (English)',
      value: sum(
        (k) => k === 'seoul/en',
        (f) => [f.conversations, f.n],
      ),
      goal: GOALS.seoulConversation,
    },
    {
      name: 'Korean conversations right end to end',
      value: sum(
        (k) => k.endsWith('/ko') && !k.startsWith('no-tool'),
        (f) => [f.conversations, f.n],
      ),
      goal: GOALS.korean,
    },
    {
      name: 'No-tool questions answered without a call',
      value: sum(
        (k) => k.startsWith('no-tool'),
        (f) => [f.noCall, f.answers],
      ),
      goal: GOALS.noTool,
    },
    {
      name: 'Unseen tools: right tool and arguments (report)',
      value: sum(
        (k) => k.startsWith('unseen-tool'),
        (f) => [f.firstToolsAndArgs, f.firstCount],
      ),
      goal: null,
    },
    {
      name: 'Unseen cities: right zone (report)',
      value: sum(
        (k) => k.startsWith('unseen-city'),
        (f) => [f.firstToolsAndArgs, f.firstCount],
      ),
      goal: null,
    },
  ].map((g) => ({ ...g, met: g.goal === null ? null : g.value >= g.goal }));
  const lines = [
    '| goal | measured | target |',
    '|---|---|---|',
    ...goals.map(
      (g) =>
        `| ${g.name} | **${pct(g.value)}** | ${g.goal === null ? 'report' : `≥ ${pct(g.goal)} (${g.met ? 'met' : 'not met'})`} |`,
    ),
    '',
    '| family / language | n | turn 1 tools | turn 1 exact | next call exact | answers with values | conversations right |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      ([key, f]) =>
        `| ${key} | ${f.n} | ${f.firstCount ? pct(f.firstRightTools / f.firstCount) : '—'} | ${f.firstCount ? pct(f.firstToolsAndArgs / f.firstCount) : '—'} | ${f.nextCount ? pct(f.nextExact / f.nextCount) : '—'} | ${f.answers ? pct(f.answersWithValues / f.answers) : '—'} | ${pct(f.conversations / f.n)} |`,
    ),
  ];
  return { markdown: lines.join('\n') + '\n', goals };
}

if (process.argv[1]?.endsWith('eval.ts')) await main();
