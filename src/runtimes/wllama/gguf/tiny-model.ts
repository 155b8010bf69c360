/**
 * The tiny random test model: a llama-architecture GGUF (2 blocks, 64 wide, 468-token byte-fallback
 * SentencePiece vocabulary with ChatML and tool markers) with weights from a seeded PRNG. About 580 KB, built
 * in ~50 ms, the same bytes for the same seed in Node and in the browser. Its text is nonsense by design: it
 * exists so tests exercise a real llama.cpp load, tokenize and decode, and grammar-constrained tool calls.
 *
 * Two deliberate tweaks (see docs in shared/reference/cpu-engine.md):
 * - Output steering. Channel 0 of every embedding gets +1, which survives the small random blocks and the final
 *   RMS norm as h[0] ≈ +8; channel 0 of `output.weight` is then −4 for tokens that must never be sampled (lone
 *   bytes ≥ 0x80 that make invalid UTF-8 and crash llama-server's JSON output, control bytes, `<unk>`, `<s>`,
 *   `<|im_start|>`), +0.33 for `<tool_call>` (so a grammar-constrained `auto` reply opens a call now and then),
 *   −1 for the other tool markers, +0.1 for `<|im_end|>` (so free text ends now and then) and 0 for the rest.
 * - `tokenizer.ggml.add_space_prefix = false`, so text after a special token tokenizes as written.
 */
import { createPrng } from '../../../engine';
import type { GgufTensorSpec, GgufValue } from './gguf-writer';
import { writeGguf } from './gguf-writer';
import { llamaGgufMetadata } from './llama-metadata';

export const TINY_MODEL_NAME = 'tiny-random-test-model';

export const TINY_MODEL_SHAPE = {
  embedding: 64,
  blocks: 2,
  feedForward: 128,
  heads: 4,
  headsKv: 4,
  contextLength: 2048,
  ropeDimensions: 16,
} as const;

/** SentencePiece token types, as llama.cpp numbers them. */
export const TOKEN_TYPE = { normal: 1, unknown: 2, control: 3, userDefined: 4, unused: 5, byte: 6 } as const;

export const TOOL_MARKERS = [
  '<tool_call>',
  '</tool_call>',
  '<|tool_call_start|>',
  '<|tool_call_end|>',
  '<|tool_list_start|>',
  '<|tool_list_end|>',
] as const;

/**
 * Two-character merges (each one step from single characters, as SentencePiece merging needs): JSON
 * punctuation, the commonest English bigrams and space-prefixed initials. They cut the character-level prompt
 * (the tool schemas in the system prompt) by about a third, so a few loop rounds fit the 2048-token context.
 */
const MERGES = [
  '{"',
  '":',
  '",',
  '"}',
  '}}',
  '▁"',
  'na',
  'me',
  'th',
  'he',
  'in',
  'er',
  'an',
  're',
  'on',
  'at',
  'en',
  'nd',
  'ti',
  'es',
  'or',
  'te',
  'of',
  'ed',
  'is',
  'it',
  'al',
  'ar',
  'st',
  'to',
  'nt',
  'ng',
  'se',
  'ha',
  'as',
  'ou',
  'io',
  'le',
  've',
  'co',
  'de',
  'ri',
  'ro',
  'ic',
  'ne',
  'ea',
  'ra',
  'ce',
  'li',
  'ch',
  'll',
  'be',
  'ma',
  'si',
  'om',
  'ur',
  'ca',
  'el',
  'ta',
  'la',
  'ns',
  'ge',
  'ly',
  'ei',
  'os',
  'no',
  'pe',
  'do',
  'su',
  'pa',
  'ec',
  'ac',
  'ot',
  'di',
  'ol',
  'tr',
  'sh',
  'ad',
  'ct',
  'wo',
  '▁t',
  '▁a',
  '▁o',
  '▁i',
  '▁s',
  '▁w',
  '▁c',
  '▁f',
  '▁p',
  '▁b',
  '▁d',
  '▁m',
  '▁h',
  '▁r',
  '▁e',
  '▁n',
  '▁l',
  '▁g',
  '▁{',
  '▁[',
  '▁<',
  '▁(',
  '▁1',
  ':▁',
  ',▁',
  '.▁',
] as const;

export interface TinyVocabulary {
  readonly tokens: readonly string[];
  readonly scores: readonly number[];
  readonly types: readonly number[];
  readonly ids: {
    readonly unk: number;
    readonly bos: number;
    readonly eos: number;
    readonly imStart: number;
    readonly imEnd: number;
    readonly byteBase: number;
    readonly toolMarkers: readonly number[];
  };
}

export function tinyVocabulary(): TinyVocabulary {
  const tokens: string[] = [];
  const scores: number[] = [];
  const types: number[] = [];
  const add = (text: string, type: number, score = 0) => {
    tokens.push(text);
    types.push(type);
    scores.push(score);
    return tokens.length - 1;
  };
  const unk = add('<unk>', TOKEN_TYPE.unknown);
  const bos = add('<s>', TOKEN_TYPE.control);
  const eos = add('</s>', TOKEN_TYPE.control);
  const byteBase = tokens.length;
  for (let b = 0; b < 256; b++) add(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`, TOKEN_TYPE.byte);
  const imStart = add('<|im_start|>', TOKEN_TYPE.control);
  const imEnd = add('<|im_end|>', TOKEN_TYPE.control);
  const toolMarkers = TOOL_MARKERS.map((m) => add(m, TOKEN_TYPE.userDefined));
  let rank = 0;
  add('▁', TOKEN_TYPE.normal, -rank++);
  for (let c = 0x21; c <= 0x7e; c++) add(String.fromCharCode(c), TOKEN_TYPE.normal, -rank++);
  for (const merge of MERGES) add(merge, TOKEN_TYPE.normal, -rank++);
  if (new Set(tokens).size !== tokens.length) throw new Error('the tiny vocabulary has a duplicate token');
  return { tokens, scores, types, ids: { unk, bos, eos, imStart, imEnd, byteBase, toolMarkers } };
}

/** The steering value of channel 0 of `output.weight` for a token (see the file comment). */
export function outputSteering(vocab: TinyVocabulary, id: number): number {
  const { unk, bos, imStart, imEnd, byteBase, toolMarkers } = vocab.ids;
  if (id === unk || id === bos || id === imStart) return -4;
  if (id >= byteBase && id < byteBase + 256) {
    const byte = id - byteBase;
    const allowedControl = byte === 0x09 || byte === 0x0a;
    if (byte >= 0x80 || (byte < 0x20 && !allowedControl) || byte === 0x7f) return -4;
    return 0;
  }
  // `<tool_call>` at +0.33 (logit ≈ +2.6): where the tool-protocol grammar allows a call (only at the start of a
  // reply, never inside text) the model opens one about a quarter of the time, so an `auto` loop both calls
  // tools and answers. Above ≈ +3 the other tokens would fall under the sampler's min_p cut and every reply
  // would be a call. The other markers stay rare.
  if (id === toolMarkers[0]) return 0.33;
  if (toolMarkers.includes(id)) return -1;
  // A nudge for end-of-turn: at 0 it rarely makes the sampler's top 40, and free text would always run to
  // max_tokens. At +0.1 (logit ≈ +0.8) a text turn ends after about 50 tokens.
  if (id === imEnd) return 0.1;
  return 0;
}

export interface TinyModelOptions {
  /** PRNG seed for the weights; the same seed gives the same bytes. Default 1. */
  readonly seed?: number;
  /** Store the matrices as F16 (about half the size); norms stay F32. Default false. */
  readonly f16?: boolean;
  /** Rewrites the metadata before writing (test fixtures: a broken header on a model that is otherwise whole). */
  readonly editMetadata?: (metadata: (readonly [string, GgufValue])[]) => (readonly [string, GgufValue])[];
}

/** Builds the tiny model's GGUF bytes. */
export function buildTinyModel(options: TinyModelOptions = {}): Uint8Array {
  const seed = options.seed ?? 1;
  const matrixType = options.f16 ? 'f16' : 'f32';
  const vocab = tinyVocabulary();
  const nVocab = vocab.tokens.length;
  const { embedding: nEmbd, blocks, feedForward: nFf } = TINY_MODEL_SHAPE;
  const prng = createPrng(seed);
  const random = (count: number) => {
    const data = new Float32Array(count);
    for (let i = 0; i < count; i++) data[i] = prng.normal(0, 0.02);
    return data;
  };
  const ones = (count: number) => new Float32Array(count).fill(1);

  const tokenEmbd = random(nEmbd * nVocab);
  for (let t = 0; t < nVocab; t++) tokenEmbd[t * nEmbd] = tokenEmbd[t * nEmbd]! + 1;
  const output = random(nEmbd * nVocab);
  for (let t = 0; t < nVocab; t++) output[t * nEmbd] = outputSteering(vocab, t);

  const tensors: GgufTensorSpec[] = [
    { name: 'token_embd.weight', dims: [nEmbd, nVocab], type: matrixType, data: tokenEmbd },
    { name: 'output_norm.weight', dims: [nEmbd], type: 'f32', data: ones(nEmbd) },
    { name: 'output.weight', dims: [nEmbd, nVocab], type: matrixType, data: output },
  ];
  for (let b = 0; b < blocks; b++) {
    const p = `blk.${b}.`;
    tensors.push(
      { name: `${p}attn_norm.weight`, dims: [nEmbd], type: 'f32', data: ones(nEmbd) },
      { name: `${p}attn_q.weight`, dims: [nEmbd, nEmbd], type: matrixType, data: random(nEmbd * nEmbd) },
      { name: `${p}attn_k.weight`, dims: [nEmbd, nEmbd], type: matrixType, data: random(nEmbd * nEmbd) },
      { name: `${p}attn_v.weight`, dims: [nEmbd, nEmbd], type: matrixType, data: random(nEmbd * nEmbd) },
      { name: `${p}attn_output.weight`, dims: [nEmbd, nEmbd], type: matrixType, data: random(nEmbd * nEmbd) },
      { name: `${p}ffn_norm.weight`, dims: [nEmbd], type: 'f32', data: ones(nEmbd) },
      { name: `${p}ffn_gate.weight`, dims: [nEmbd, nFf], type: matrixType, data: random(nEmbd * nFf) },
      { name: `${p}ffn_down.weight`, dims: [nFf, nEmbd], type: matrixType, data: random(nFf * nEmbd) },
      { name: `${p}ffn_up.weight`, dims: [nEmbd, nFf], type: matrixType, data: random(nEmbd * nFf) },
    );
  }
  const metadata = tinyModelMetadata(vocab, seed, options.f16 ?? false);
  return writeGguf({
    metadata: options.editMetadata ? options.editMetadata(metadata) : metadata,
    tensors,
    alignment: 32,
  });
}

export function tinyModelMetadata(vocab: TinyVocabulary, seed: number, f16: boolean): (readonly [string, GgufValue])[] {
  const s = TINY_MODEL_SHAPE;
  return llamaGgufMetadata({
    name: TINY_MODEL_NAME,
    description: `Random weights (seed ${seed}): its text is nonsense by design. For tests only.`,
    // llama_ftype: 0 = all F32, 1 = mostly F16.
    fileType: f16 ? 1 : 0,
    shape: s,
    vocab,
    ids: vocab.ids,
  });
}

export { QWEN25_CHAT_TEMPLATE } from './llama-metadata';
