import { describe, expect, it } from 'vitest';
import { float16BitsToNumber, float32ToFloat16Bits, GGUF_MAGIC, tensorByteSize } from './gguf-format';
import { readGgufHeader } from './gguf-reader';
import type { GgufHeader, GgufReadValue } from './gguf-reader';
import { writeGguf } from './gguf-writer';
import {
  buildTinyModel,
  outputSteering,
  TINY_MODEL_NAME,
  TINY_MODEL_SHAPE,
  tinyVocabulary,
  TOKEN_TYPE,
} from './tiny-model';
import { createPrng } from '../../../engine/prng';

function header(bytes: Uint8Array): GgufHeader {
  const parsed = readGgufHeader(bytes);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

function scalar(h: GgufHeader, key: string): GgufReadValue & { type: Exclude<GgufReadValue['type'], 'array'> } {
  const value = h.metadata.get(key);
  if (!value || value.type === 'array') throw new Error(`${key} is not a scalar`);
  return value as never;
}

describe('writeGguf: the container layout', () => {
  const bytes = writeGguf({
    metadata: [
      ['general.architecture', { type: 'string', value: 'llama' }],
      ['general.alignment', { type: 'u32', value: 32 }],
      ['a.i8', { type: 'i8', value: -3 }],
      ['a.u64', { type: 'u64', value: 2n ** 40n }],
      ['a.i64', { type: 'i64', value: -5 }],
      ['a.f64', { type: 'f64', value: 0.1 }],
      ['a.bool', { type: 'bool', value: true }],
      ['a.arr', { type: 'array', itemType: 'i32', values: [1, -2, 3] }],
    ],
    tensors: [
      { name: 'x', dims: [3], type: 'f32', data: new Float32Array([1, 2, 3]) },
      { name: 'y', dims: [2, 2], type: 'f16', data: new Float32Array([0.5, -1, 65504, 1e-8]) },
    ],
  });
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  it('starts with the magic, version 3 and the u64 counts', () => {
    expect(view.getUint32(0, true)).toBe(GGUF_MAGIC);
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('GGUF');
    expect(view.getUint32(4, true)).toBe(3);
    expect(view.getBigUint64(8, true)).toBe(2n);
    expect(view.getBigUint64(16, true)).toBe(8n);
    // First key: u64 length, then the bytes, then the u32 value type (8 = string).
    expect(view.getBigUint64(24, true)).toBe(BigInt('general.architecture'.length));
    expect(view.getUint32(32 + 'general.architecture'.length, true)).toBe(8);
  });

  it('round-trips every value type through the reader', () => {
    const h = header(bytes);
    expect(scalar(h, 'a.i8').value).toBe(-3);
    expect(scalar(h, 'a.u64').value).toBe(2 ** 40);
    expect(scalar(h, 'a.i64').value).toBe(-5);
    expect(scalar(h, 'a.f64').value).toBe(0.1);
    expect(scalar(h, 'a.bool').value).toBe(true);
    expect(h.metadata.get('a.arr')).toEqual({ type: 'array', itemType: 'i32', length: 3, values: [1, -2, 3] });
  });

  it('aligns the data section and every tensor to 32 bytes, offsets relative to the data section', () => {
    const h = header(bytes);
    expect(h.dataOffset % 32).toBe(0);
    expect(h.tensors.map((t) => t.offset)).toEqual([0, 32]);
    expect(h.tensors.map((t) => [t.name, t.ggmlType, t.dims])).toEqual([
      ['x', 0, [3]],
      ['y', 1, [2, 2]],
    ]);
    // The file ends padded after the last tensor.
    expect(bytes.length % 32).toBe(0);
    expect(bytes.length).toBe(h.dataOffset + 32 + 32);
    // Padding is zeros.
    expect([...bytes.subarray(h.dataOffset + 12, h.dataOffset + 32)].every((b) => b === 0)).toBe(true);
  });

  it('stores F32 data little-endian and F16 as IEEE halves', () => {
    const h = header(bytes);
    expect(view.getFloat32(h.dataOffset + 4, true)).toBe(2);
    const half = (i: number) => float16BitsToNumber(view.getUint16(h.dataOffset + 32 + 2 * i, true));
    expect([half(0), half(1), half(2)]).toEqual([0.5, -1, 65504]);
    expect(half(3)).toBeCloseTo(0, 7);
  });

  it('refuses an inconsistent spec', () => {
    const t = { name: 't', dims: [2], type: 'f32' as const, data: new Float32Array(3) };
    expect(() => writeGguf({ metadata: [], tensors: [t] })).toThrow(/2 elements, data has 3/);
    const ok = { ...t, data: new Float32Array(2) };
    expect(() => writeGguf({ metadata: [], tensors: [ok, ok] })).toThrow(/Duplicate tensor/);
    expect(() => writeGguf({ metadata: [['general.alignment', { type: 'u32', value: 64 }]], tensors: [] })).toThrow(
      /alignment/,
    );
  });
});

describe('float16 conversion', () => {
  it('rounds to nearest even and handles subnormals, overflow and NaN', () => {
    expect(float32ToFloat16Bits(1)).toBe(0x3c00);
    expect(float32ToFloat16Bits(-2)).toBe(0xc000);
    expect(float32ToFloat16Bits(65520)).toBe(0x7c00);
    expect(float32ToFloat16Bits(2 ** -24)).toBe(0x0001);
    expect(float32ToFloat16Bits(2 ** -26)).toBe(0);
    expect(float32ToFloat16Bits(Number.NaN) & 0x7c00).toBe(0x7c00);
    const prng = createPrng(7);
    for (let i = 0; i < 1000; i++) {
      const v = prng.normal(0, 3);
      expect(Math.abs(float16BitsToNumber(float32ToFloat16Bits(v)) - v)).toBeLessThanOrEqual(
        Math.abs(v) * 2 ** -11 + 2 ** -25,
      );
    }
  });
});

describe('the tiny random test model', () => {
  const bytes = buildTinyModel({ seed: 1 });
  const h = header(bytes);

  it('is deterministic for a seed and differs across seeds', () => {
    // Byte loops: a deep toEqual over half a megabyte is needlessly slow.
    const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);
    expect(same(buildTinyModel({ seed: 1 }), bytes)).toBe(true);
    expect(same(buildTinyModel({ seed: 2 }), bytes)).toBe(false);
    expect(bytes.length).toBe(583072);
  });

  it('has the llama metadata llama.cpp needs, context 2048 and add_space_prefix=false', () => {
    const expected: Record<string, unknown> = {
      'general.architecture': 'llama',
      'general.name': TINY_MODEL_NAME,
      'general.alignment': 32,
      'general.file_type': 0,
      'llama.vocab_size': 468,
      'llama.context_length': 2048,
      'llama.embedding_length': 64,
      'llama.block_count': 2,
      'llama.feed_forward_length': 128,
      'llama.attention.head_count': 4,
      'llama.attention.head_count_kv': 4,
      'llama.rope.dimension_count': 16,
      'tokenizer.ggml.model': 'llama',
      'tokenizer.ggml.bos_token_id': 1,
      'tokenizer.ggml.eos_token_id': 2,
      'tokenizer.ggml.unknown_token_id': 0,
      'tokenizer.ggml.add_bos_token': true,
      'tokenizer.ggml.add_eos_token': false,
      'tokenizer.ggml.add_space_prefix': false,
    };
    for (const [key, value] of Object.entries(expected)) expect([key, scalar(h, key).value]).toEqual([key, value]);
    expect(scalar(h, 'llama.attention.layer_norm_rms_epsilon').value).toBeCloseTo(1e-5, 10);
    expect(scalar(h, 'llama.rope.freq_base').value).toBe(10000);
    expect(String(scalar(h, 'tokenizer.chat_template').value)).toContain('<tool_call>');
    const vocab = tinyVocabulary();
    expect(scalar(h, 'tokenizer.ggml.eot_token_id').value).toBe(vocab.ids.imEnd);
    expect(h.metadata.size).toBe(27);
  });

  it('has a byte-fallback vocabulary with ChatML and tool markers', () => {
    const tokens = h.metadata.get('tokenizer.ggml.tokens');
    const types = h.metadata.get('tokenizer.ggml.token_type');
    const scores = h.metadata.get('tokenizer.ggml.scores');
    if (tokens?.type !== 'array' || types?.type !== 'array' || scores?.type !== 'array')
      throw new Error('arrays missing');
    expect([tokens.itemType, types.itemType, scores.itemType]).toEqual(['string', 'i32', 'f32']);
    expect(tokens.length).toBe(468);
    const list = tokens.values as string[];
    const typeOf = (t: string) => (types.values as number[])[list.indexOf(t)];
    expect(list.slice(0, 3)).toEqual(['<unk>', '<s>', '</s>']);
    for (let b = 0; b < 256; b++)
      expect(typeOf(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`)).toBe(TOKEN_TYPE.byte);
    expect(typeOf('<|im_start|>')).toBe(TOKEN_TYPE.control);
    expect(typeOf('<|im_end|>')).toBe(TOKEN_TYPE.control);
    expect(typeOf('<tool_call>')).toBe(TOKEN_TYPE.userDefined);
    expect(typeOf('</tool_call>')).toBe(TOKEN_TYPE.userDefined);
    expect(typeOf('▁')).toBe(TOKEN_TYPE.normal);
    expect(typeOf('{"')).toBe(TOKEN_TYPE.normal);
    // Every printable ASCII character is a token of its own.
    for (let c = 0x21; c <= 0x7e; c++) expect(list).toContain(String.fromCharCode(c));
  });

  it('has the 21 tensors with llama shapes (innermost dimension first)', () => {
    const { embedding: e, feedForward: f } = TINY_MODEL_SHAPE;
    const shapes = Object.fromEntries(h.tensors.map((t) => [t.name, t.dims]));
    expect(h.tensors).toHaveLength(21);
    expect(shapes['token_embd.weight']).toEqual([e, 468]);
    expect(shapes['output.weight']).toEqual([e, 468]);
    expect(shapes['output_norm.weight']).toEqual([e]);
    for (const b of [0, 1]) {
      expect(shapes[`blk.${b}.attn_norm.weight`]).toEqual([e]);
      expect(shapes[`blk.${b}.ffn_norm.weight`]).toEqual([e]);
      for (const m of ['attn_q', 'attn_k', 'attn_v', 'attn_output'])
        expect(shapes[`blk.${b}.${m}.weight`]).toEqual([e, e]);
      expect(shapes[`blk.${b}.ffn_gate.weight`]).toEqual([e, f]);
      expect(shapes[`blk.${b}.ffn_up.weight`]).toEqual([e, f]);
      expect(shapes[`blk.${b}.ffn_down.weight`]).toEqual([f, e]);
    }
    for (const t of h.tensors) {
      expect(t.offset % 32).toBe(0);
      expect(t.ggmlType).toBe(0);
    }
    expect(h.dataEnd).toBeLessThanOrEqual(bytes.length);
    expect(h.tensorBytes).toBe(h.tensors.reduce((n, t) => n + tensorByteSize(0, t.dims)!, 0));
  });

  it('stores F16 matrices and F32 norms with --f16', () => {
    const f16 = header(buildTinyModel({ seed: 1, f16: true }));
    const types = Object.fromEntries(f16.tensors.map((t) => [t.name, t.ggmlType]));
    expect(types['token_embd.weight']).toBe(1);
    expect(types['blk.0.ffn_down.weight']).toBe(1);
    expect(types['output_norm.weight']).toBe(0);
    expect(scalar(f16, 'general.file_type').value).toBe(1);
  });

  it('steers the output away from invalid UTF-8 bytes and towards ending turns', () => {
    const vocab = tinyVocabulary();
    const output = h.tensors.find((t) => t.name === 'output.weight')!;
    const embd = h.tensors.find((t) => t.name === 'token_embd.weight')!;
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    const channel0 = (tensor: typeof output, token: number) =>
      view.getFloat32(h.dataOffset + tensor.offset + token * 64 * 4, true);
    const byte = (b: number) => vocab.ids.byteBase + b;
    for (const b of [0x80, 0x90, 0xff, 0x00, 0x1b]) expect(channel0(output, byte(b))).toBe(-4);
    for (const b of [0x0a, 0x09, 0x41]) expect(channel0(output, byte(b))).toBe(0);
    expect(channel0(output, vocab.ids.imStart)).toBe(-4);
    expect(channel0(output, vocab.ids.imEnd)).toBeCloseTo(0.1, 6);
    expect(outputSteering(vocab, vocab.ids.toolMarkers[1]!)).toBe(-1);
    // Every embedding carries +1 in channel 0 on top of N(0, 0.02) noise.
    for (let t = 0; t < 468; t += 37) expect(channel0(embd, t)).toBeGreaterThan(0.9);
  });
});
