import { readFileSync, writeFileSync } from 'node:fs';
import { createPrng } from '../../src/engine/prng';
import { writeGguf } from '../../src/runtimes/wllama/gguf/gguf-writer';
import type { GgufTensorSpec } from '../../src/runtimes/wllama/gguf/gguf-writer';
import { llamaGgufMetadata } from '../../src/runtimes/wllama/gguf/llama-metadata';
import { startLlamaServer } from '../../e2e/llama-server';
import { SpmTokenizer } from './spm';
const dir = `${process.env.HOME}/.cache/tool-loop-playground/lesson-model/data`;
const vocab = JSON.parse(readFileSync(`${dir}/vocab.json`, 'utf8'));
const d = 64, ff = 128, V = vocab.tokens.length;
const rng = createPrng(1);
const rand = (n: number) => Float32Array.from({ length: n }, () => rng.normal(0, 0.02));
const ones = (n: number) => new Float32Array(n).fill(1);
const tensors: GgufTensorSpec[] = [
  { name: 'token_embd.weight', dims: [d, V], type: 'q8_0', data: rand(d * V) },
  { name: 'output_norm.weight', dims: [d], type: 'f32', data: ones(d) },
];
for (const p of ['blk.0.']) tensors.push(
  { name: `${p}attn_norm.weight`, dims: [d], type: 'f32', data: ones(d) },
  { name: `${p}attn_q.weight`, dims: [d, d], type: 'q8_0', data: rand(d * d) },
  { name: `${p}attn_k.weight`, dims: [d, d], type: 'q8_0', data: rand(d * d) },
  { name: `${p}attn_v.weight`, dims: [d, d], type: 'q8_0', data: rand(d * d) },
  { name: `${p}attn_output.weight`, dims: [d, d], type: 'q8_0', data: rand(d * d) },
  { name: `${p}ffn_norm.weight`, dims: [d], type: 'f32', data: ones(d) },
  { name: `${p}ffn_gate.weight`, dims: [d, ff], type: 'q8_0', data: rand(d * ff) },
  { name: `${p}ffn_up.weight`, dims: [d, ff], type: 'q8_0', data: rand(d * ff) },
  { name: `${p}ffn_down.weight`, dims: [ff, d], type: 'q8_0', data: rand(ff * d) },
);
const meta = llamaGgufMetadata({ name: 'x', description: 'x', fileType: 7, shape: { embedding: d, blocks: 1, feedForward: ff, heads: 2, headsKv: 2, contextLength: 2048, ropeDimensions: 32 }, vocab, ids: vocab.ids });
writeFileSync('/tmp/lm/tokcheck.gguf', writeGguf({ metadata: meta, tensors, alignment: 32 }));
const server = await startLlamaServer({ model: { path: '/tmp/lm/tokcheck.gguf', alias: 'x' } });
const t = new SpmTokenizer(vocab);
const lines = readFileSync(`${dir}/heldout.jsonl`, 'utf8').trim().split('\n');
const { renderChatMlPrompt } = await import('../../src/runtimes/wllama/chatml-prompt');
let ok = 0, bad = 0;
for (const line of lines.slice(0, 300)) {
  const c = JSON.parse(line);
  const last = c.prompts[c.prompts.length - 1];
  const text = renderChatMlPrompt(last.messages, c.tools) + c.turns[c.turns.length - 1].raw + 'ü é 漢字 😀';
  const r = await fetch(`${server.origin}/tokenize`, { method: 'POST', body: JSON.stringify({ content: text, add_special: false, parse_special: true }) });
  const theirs = (await r.json()).tokens as number[];
  const ours = t.encode(text);
  if (JSON.stringify(theirs) === JSON.stringify(ours)) ok++;
  else { bad++; if (bad < 3) { const i = ours.findIndex((x, k) => x !== theirs[k]); console.log('mismatch at', i, ours.slice(i - 3, i + 5).map((x) => vocab.tokens[x]), theirs.slice(i - 3, i + 5).map((x: number) => vocab.tokens[x])); } }
}
console.log({ ok, bad });
await server.stop();
