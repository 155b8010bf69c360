/**
 * `npm run lesson-model:data` — writes the lesson model's vocabulary and its training and held-out data.
 * Deterministic (fixed seeds): the same code writes the same bytes. Output (default
 * `~/.cache/tool-loop-playground/lesson-model/data`, outside the repository):
 * - `vocab.json` — tokens, scores, types (what the GGUF carries);
 * - `train.tokens.u16`, `train.mask.u8`, `train.docs.json` — every conversation as BOS + tokens, a mask of the
 *   tokens to learn, and per document its offset, length, family and whether it is a compact (no system prompt)
 *   curriculum copy;
 * - `heldout.*` — the same for the held-out conversations, plus `heldout.jsonl` with each conversation's messages,
 *   tools and expected turns for `lesson-model:eval`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createPrng } from '../../src/engine/prng';
import type { Prng } from '../../src/engine/prng';
import type { RenderedConversation } from './conversation';
import { FAMILIES, REPORT_ONLY } from './families';
import type { Family } from './families';
import { SCENARIO_TEXTS } from './scenario-texts';
import { SpmTokenizer } from './spm';
import { buildVocabulary, wordsOf } from './vocab';
import type { BuiltVocabulary } from './vocab';
import type { Split } from './world';

export const DEFAULT_DATA_DIR = join(homedir(), '.cache', 'tool-loop-playground', 'lesson-model', 'data');

export interface DataOptions {
  readonly out: string;
  readonly train: number;
  readonly heldoutPerFamily: number;
  /** Conversations whose longest rendering is over this many tokens are left out (the training context). */
  readonly maxTokens: number;
}

function weighted(rng: Prng): { name: string; make: Family } {
  const total = FAMILIES.reduce((s, f) => s + f.weight, 0);
  let r = rng.next() * total;
  for (const f of FAMILIES) {
    r -= f.weight;
    if (r < 0) return f;
  }
  return FAMILIES[FAMILIES.length - 1]!;
}

/** The copied values of a conversation: string arguments and the values an answer must quote. */
function valueWordsOf(c: RenderedConversation, into: Set<string>): void {
  for (const turn of c.turns) {
    for (const call of turn.calls ?? []) {
      for (const value of Object.values(call.arguments))
        if (typeof value === 'string') for (const w of wordsOf(value)) into.add(w);
    }
    for (const q of turn.mustQuote ?? []) for (const w of wordsOf(q)) into.add(w);
  }
}

export interface EncodedDoc {
  readonly tokens: number[];
  readonly mask: number[];
  /** [start, end) of each assistant turn's tokens (its `<|im_end|>` included). */
  readonly turns: [number, number][];
}

export function encodeConversation(
  tokenizer: SpmTokenizer,
  vocab: BuiltVocabulary,
  c: RenderedConversation,
  compact: boolean,
): EncodedDoc {
  const tokens = [vocab.ids.bos];
  const mask = [0];
  const turns: [number, number][] = [];
  c.segments.forEach((segment, i) => {
    let text = segment.text;
    if (compact && i === 0) text = text.slice(text.indexOf('<|im_start|>user'));
    const ids = tokenizer.encode(text);
    const start = tokens.length;
    tokens.push(...ids);
    for (let k = 0; k < ids.length; k++) mask.push(segment.train ? 1 : 0);
    if (i % 2 === 1) turns.push([start, tokens.length]);
  });
  return { tokens, mask, turns };
}

function writeSet(
  out: string,
  name: string,
  docs: readonly (EncodedDoc & { family: string; compact: boolean; language: string })[],
): number {
  const total = docs.reduce((s, d) => s + d.tokens.length, 0);
  const tokens = new Uint16Array(total);
  const mask = new Uint8Array(total);
  const index: {
    offset: number;
    length: number;
    family: string;
    compact: boolean;
    language: string;
    turns: [number, number][];
  }[] = [];
  let offset = 0;
  for (const d of docs) {
    tokens.set(d.tokens, offset);
    mask.set(d.mask, offset);
    index.push({
      offset,
      length: d.tokens.length,
      family: d.family,
      compact: d.compact,
      language: d.language,
      turns: d.turns,
    });
    offset += d.tokens.length;
  }
  writeFileSync(join(out, `${name}.tokens.u16`), tokens);
  writeFileSync(join(out, `${name}.mask.u8`), mask);
  writeFileSync(join(out, `${name}.docs.json`), JSON.stringify(index));
  return total;
}

export async function generateData(options: DataOptions): Promise<void> {
  mkdirSync(options.out, { recursive: true });
  const started = Date.now();

  // 1. The vocabulary, from a sample of training conversations and the app's own scenario texts.
  const sampleRng = createPrng(11);
  const sample: RenderedConversation[] = [];
  for (let i = 0; i < 2500; i++) sample.push(await weighted(sampleRng).make({ rng: sampleRng, split: 'train' }));
  const valueWords = new Set<string>();
  sample.forEach((c) => valueWordsOf(c, valueWords));
  const texts = [...sample.map((c) => c.segments.map((s) => s.text).join('')), ...SCENARIO_TEXTS];
  const vocab = buildVocabulary(texts, valueWords);
  const tokenizer = new SpmTokenizer(vocab);
  writeFileSync(
    join(options.out, 'vocab.json'),
    JSON.stringify({ tokens: vocab.tokens, scores: vocab.scores, types: vocab.types, ids: vocab.ids }),
  );
  console.log(`vocabulary: ${vocab.tokens.length} tokens (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  // 2. Training conversations, each full and (a quarter of them) compact too.
  const rng = createPrng(2026);
  const train: (EncodedDoc & { family: string; compact: boolean; language: string })[] = [];
  let skipped = 0;
  for (let i = 0; i < options.train; i++) {
    const family = weighted(rng);
    const c = await family.make({ rng, split: 'train' });
    const full = encodeConversation(tokenizer, vocab, c, false);
    if (full.tokens.length > options.maxTokens) {
      skipped++;
      continue;
    }
    train.push({ ...full, family: c.family, compact: false, language: c.language });
    if (rng.next() < 0.25)
      train.push({
        ...encodeConversation(tokenizer, vocab, c, true),
        family: c.family,
        compact: true,
        language: c.language,
      });
    if (i % 5000 === 0) console.log(`  train ${i}/${options.train} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  const trainTokens = writeSet(options.out, 'train', train);
  console.log(
    `train: ${train.length} documents, ${trainTokens} tokens (${skipped} over ${options.maxTokens} tokens left out)`,
  );

  // 3. Held-out conversations: every family on the held-out side, plus the report-only families.
  const heldRng = createPrng(777);
  const held: (EncodedDoc & { family: string; compact: boolean; language: string })[] = [];
  const lines: string[] = [];
  const families = [...FAMILIES.map((f) => ({ name: f.name, make: f.make })), ...REPORT_ONLY];
  for (const family of families) {
    for (let i = 0; i < options.heldoutPerFamily; i++) {
      const split: Split = 'heldout';
      const c = await family.make({ rng: heldRng, split });
      const doc = encodeConversation(tokenizer, vocab, c, false);
      held.push({ ...doc, family: c.family, compact: false, language: c.language });
      lines.push(
        JSON.stringify({
          family: c.family,
          language: c.language,
          tools: c.tools.map((t) => ({
            name: t.name,
            description: t.description,
            inputSchema: t.inputSchema,
            returnDirect: t.returnDirect,
            needsApproval: t.needsApproval,
            source: t.source,
          })),
          prompts: c.prompts,
          turns: c.turns.map((t, k) => ({ ...t, raw: c.segments[2 * k + 1]!.text.replace(/<\|im_end\|>$/, '') })),
        }),
      );
    }
  }
  const heldTokens = writeSet(options.out, 'heldout', held);
  writeFileSync(join(options.out, 'heldout.jsonl'), lines.join('\n') + '\n');
  console.log(
    `held-out: ${held.length} conversations, ${heldTokens} tokens (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

if (process.argv[1]?.endsWith('generate.ts')) {
  await generateData({
    out: arg('out', DEFAULT_DATA_DIR),
    train: Number(arg('train', '60000')),
    heldoutPerFamily: Number(arg('heldout', '40')),
    maxTokens: Number(arg('max-tokens', '2048')),
  });
}
