/**
 * `npm run lesson-model:check-tokenizer` — the trainer's tokenizer against llama.cpp's on the held-out set.
 * Writes a one-block GGUF with random weights that carries the lesson vocabulary (tokens, scores, types: what the
 * export writes), serves it with the project's llama-server, and compares `/tokenize` with `SpmTokenizer.encode` on
 * each held-out conversation's last prompt as the app renders it, its last assistant turn, and non-Latin text
 * (byte fallback). Exits 1 on any difference, printing the first few with the tokens around them.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPrng } from '../../src/engine/prng';
import type { Message } from '../../src/engine/messages';
import type { ToolDefinition } from '../../src/engine/tool';
import { writeGguf } from '../../src/runtimes/wllama/gguf/gguf-writer';
import type { GgufTensorSpec } from '../../src/runtimes/wllama/gguf/gguf-writer';
import { llamaGgufMetadata } from '../../src/runtimes/wllama/gguf/llama-metadata';
import { renderChatMlPrompt } from '../../src/runtimes/wllama/chatml-prompt';
import { startLlamaServer } from '../../e2e/llama-server';
import { DEFAULT_DATA_DIR } from './generate';
import { SpmTokenizer } from './spm';

interface Vocab {
  readonly tokens: string[];
  readonly scores: number[];
  readonly types: number[];
  readonly ids: { unk: number; bos: number; eos: number; imStart: number; imEnd: number };
}

interface HeldOutLine {
  readonly tools: readonly ToolDefinition[];
  readonly prompts: readonly { readonly messages: readonly Message[] }[];
  readonly turns: readonly { readonly raw: string }[];
}

/** A one-block llama GGUF with seeded random weights: only its vocabulary matters here. */
function vocabularyGguf(vocab: Vocab): Uint8Array {
  const d = 64;
  const ff = 128;
  const prng = createPrng(1);
  const random = (n: number) => Float32Array.from({ length: n }, () => prng.normal(0, 0.02));
  const ones = (n: number) => new Float32Array(n).fill(1);
  const matrix = (name: string, rows: number, cols: number): GgufTensorSpec => ({
    name,
    dims: [rows, cols],
    type: 'q8_0',
    data: random(rows * cols),
  });
  const tensors: GgufTensorSpec[] = [
    matrix('token_embd.weight', d, vocab.tokens.length),
    { name: 'output_norm.weight', dims: [d], type: 'f32', data: ones(d) },
    { name: 'blk.0.attn_norm.weight', dims: [d], type: 'f32', data: ones(d) },
    matrix('blk.0.attn_q.weight', d, d),
    matrix('blk.0.attn_k.weight', d, d),
    matrix('blk.0.attn_v.weight', d, d),
    matrix('blk.0.attn_output.weight', d, d),
    { name: 'blk.0.ffn_norm.weight', dims: [d], type: 'f32', data: ones(d) },
    matrix('blk.0.ffn_gate.weight', d, ff),
    matrix('blk.0.ffn_up.weight', d, ff),
    matrix('blk.0.ffn_down.weight', ff, d),
  ];
  const metadata = llamaGgufMetadata({
    name: 'lesson-vocabulary-check',
    description: 'Random weights; carries the lesson vocabulary for the tokenizer check.',
    fileType: 7,
    shape: { embedding: d, blocks: 1, feedForward: ff, heads: 2, headsKv: 2, contextLength: 2048, ropeDimensions: 32 },
    vocab,
    ids: vocab.ids,
  });
  return writeGguf({ metadata, tensors, alignment: 32 });
}

const data = process.argv[2] ?? DEFAULT_DATA_DIR;
const vocab = JSON.parse(readFileSync(join(data, 'vocab.json'), 'utf8')) as Vocab;
const work = mkdtempSync(join(tmpdir(), 'lesson-tokenizer-'));
const model = join(work, 'vocabulary.gguf');
writeFileSync(model, vocabularyGguf(vocab));
const server = await startLlamaServer({ model: { path: model, alias: 'lesson-vocabulary-check' } });
const tokenizer = new SpmTokenizer(vocab);
const lines = readFileSync(join(data, 'heldout.jsonl'), 'utf8').trim().split('\n');
let same = 0;
const differences: string[] = [];
try {
  for (const line of lines) {
    const conversation = JSON.parse(line) as HeldOutLine;
    const last = conversation.prompts.at(-1)!;
    const text =
      renderChatMlPrompt(last.messages, conversation.tools) + conversation.turns.at(-1)!.raw + ' ü é 漢字 😀';
    const response = await fetch(`${server.origin}/tokenize`, {
      method: 'POST',
      body: JSON.stringify({ content: text, add_special: false, parse_special: true }),
    });
    const theirs = ((await response.json()) as { tokens: number[] }).tokens;
    const ours = tokenizer.encode(text);
    if (theirs.length === ours.length && theirs.every((id, i) => id === ours[i])) {
      same++;
      continue;
    }
    const at = ours.findIndex((id, i) => id !== theirs[i]);
    const around = (ids: readonly number[]) => ids.slice(Math.max(0, at - 3), at + 5).map((id) => vocab.tokens[id]);
    differences.push(
      `at token ${at}: ours ${JSON.stringify(around(ours))}, llama.cpp ${JSON.stringify(around(theirs))}`,
    );
  }
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
console.log(`${same} of ${lines.length} held-out texts tokenized identically by llama.cpp and the trainer`);
for (const difference of differences.slice(0, 5)) console.log(`  ${difference}`);
process.exit(differences.length === 0 ? 0 : 1);
