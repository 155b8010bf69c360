/**
 * A pure GGUF (version 3) writer: metadata key/values and F32 / F16 / Q8_0 tensors in, the file's bytes out. It
 * runs the same in Node (the make-tiny-model script, the lesson model's export, tests) and in the browser (the app
 * generates the tiny test model on demand). Layout: header, metadata, tensor infos, padding to the alignment, then each tensor's data
 * padded to the alignment as well; tensor offsets are relative to the start of the data section.
 */
import type { GgufScalarType } from './gguf-format';
import {
  alignUp,
  float32ToFloat16Bits,
  GGML_TYPE_F16,
  GGML_TYPE_F32,
  GGML_TYPE_Q8_0,
  GGUF_DEFAULT_ALIGNMENT,
  GGUF_MAGIC,
  GGUF_VALUE_TYPES,
  GGUF_VERSION,
  tensorByteSize,
} from './gguf-format';

export type GgufScalar =
  | { readonly type: 'u8' | 'i8' | 'u16' | 'i16' | 'u32' | 'i32' | 'f32' | 'f64'; readonly value: number }
  | { readonly type: 'u64' | 'i64'; readonly value: number | bigint }
  | { readonly type: 'bool'; readonly value: boolean }
  | { readonly type: 'string'; readonly value: string };

export type GgufValue =
  | GgufScalar
  | {
      readonly type: 'array';
      readonly itemType: GgufScalarType;
      readonly values: readonly (number | bigint | boolean | string)[];
    };

export interface GgufTensorSpec {
  readonly name: string;
  /** Dimensions innermost first, as ggml orders them (ne0, ne1, …). */
  readonly dims: readonly number[];
  /**
   * Storage type; the data is given as float32 either way and converted: F16, or Q8_0 (blocks of 32 values along
   * the first dimension, each an F16 scale and 32 signed bytes, as ggml's reference quantizer writes them).
   */
  readonly type: 'f32' | 'f16' | 'q8_0';
  readonly data: Float32Array;
}

export interface GgufFileSpec {
  /** In file order. `general.alignment`, when present, must be a u32 equal to `alignment`. */
  readonly metadata: readonly (readonly [string, GgufValue])[];
  readonly tensors: readonly GgufTensorSpec[];
  readonly alignment?: number;
}

/** Writes a GGUF file. Throws on an inconsistent spec (wrong data length, duplicate names…): a programming error. */
export function writeGguf(spec: GgufFileSpec): Uint8Array {
  const alignment = spec.alignment ?? GGUF_DEFAULT_ALIGNMENT;
  checkSpec(spec, alignment);
  const encoder = new TextEncoder();
  const out = new ByteWriter(encoder);

  out.u32(GGUF_MAGIC);
  out.u32(GGUF_VERSION);
  out.u64(spec.tensors.length);
  out.u64(spec.metadata.length);
  for (const [key, value] of spec.metadata) {
    out.string(key);
    writeValue(out, value);
  }

  const ggmlTypes = spec.tensors.map((t) =>
    t.type === 'f16' ? GGML_TYPE_F16 : t.type === 'q8_0' ? GGML_TYPE_Q8_0 : GGML_TYPE_F32,
  );
  let dataOffset = 0;
  const offsets: number[] = [];
  spec.tensors.forEach((tensor, i) => {
    offsets.push(dataOffset);
    dataOffset = alignUp(dataOffset + tensorByteSize(ggmlTypes[i]!, tensor.dims)!, alignment);
  });
  spec.tensors.forEach((tensor, i) => {
    out.string(tensor.name);
    out.u32(tensor.dims.length);
    for (const dim of tensor.dims) out.u64(dim);
    out.u32(ggmlTypes[i]!);
    out.u64(offsets[i]!);
  });
  out.padTo(alignment);

  spec.tensors.forEach((tensor) => {
    if (tensor.type === 'f16') for (const v of tensor.data) out.u16(float32ToFloat16Bits(v));
    else if (tensor.type === 'q8_0') writeQ8_0(out, tensor.data);
    else for (const v of tensor.data) out.f32(v);
    out.padTo(alignment);
  });
  return out.bytes();
}

function checkSpec(spec: GgufFileSpec, alignment: number): void {
  if (!Number.isInteger(alignment) || alignment <= 0 || alignment % 8 !== 0) {
    throw new Error(`GGUF alignment must be a positive multiple of 8, got ${alignment}.`);
  }
  const keys = new Set<string>();
  for (const [key, value] of spec.metadata) {
    if (keys.has(key)) throw new Error(`Duplicate GGUF metadata key ${key}.`);
    keys.add(key);
    if (key === 'general.alignment' && (value.type !== 'u32' || value.value !== alignment)) {
      throw new Error(`general.alignment must be the u32 ${alignment}.`);
    }
  }
  const names = new Set<string>();
  for (const tensor of spec.tensors) {
    if (names.has(tensor.name)) throw new Error(`Duplicate tensor name ${tensor.name}.`);
    names.add(tensor.name);
    const elements = tensor.dims.reduce((n, d) => n * d, 1);
    if (tensor.dims.length === 0 || tensor.dims.length > 4 || tensor.dims.some((d) => !Number.isInteger(d) || d <= 0)) {
      throw new Error(`Tensor ${tensor.name} has invalid dims ${JSON.stringify(tensor.dims)}.`);
    }
    if (elements !== tensor.data.length) {
      throw new Error(`Tensor ${tensor.name}: dims give ${elements} elements, data has ${tensor.data.length}.`);
    }
    if (tensor.type === 'q8_0' && tensor.dims[0]! % Q8_0_BLOCK !== 0) {
      throw new Error(`Tensor ${tensor.name}: Q8_0 needs a first dimension divisible by ${Q8_0_BLOCK}.`);
    }
  }
}

const Q8_0_BLOCK = 32;

/** ggml's `quantize_row_q8_0_ref`: per block of 32, d = max|x| / 127 stored as F16, q = roundf(x / d). */
function writeQ8_0(out: ByteWriter, data: Float32Array): void {
  for (let block = 0; block < data.length; block += Q8_0_BLOCK) {
    let amax = 0;
    for (let j = 0; j < Q8_0_BLOCK; j++) amax = Math.max(amax, Math.abs(data[block + j]!));
    const d = amax / 127;
    const id = d !== 0 ? 1 / d : 0;
    out.u16(float32ToFloat16Bits(d));
    for (let j = 0; j < Q8_0_BLOCK; j++) {
      const x = data[block + j]! * id;
      // C's roundf: halves away from zero.
      out.fixed(1, (view, at) => view.setInt8(at, Math.sign(x) * Math.floor(Math.abs(x) + 0.5)));
    }
  }
}

function writeValue(out: ByteWriter, value: GgufValue): void {
  out.u32(GGUF_VALUE_TYPES[value.type]);
  if (value.type === 'array') {
    out.u32(GGUF_VALUE_TYPES[value.itemType]);
    out.u64(value.values.length);
    for (const item of value.values) writeScalar(out, value.itemType, item);
    return;
  }
  writeScalar(out, value.type, value.value);
}

function writeScalar(out: ByteWriter, type: GgufScalarType, value: number | bigint | boolean | string): void {
  switch (type) {
    case 'string':
      return out.string(String(value));
    case 'bool':
      return out.u8(value ? 1 : 0);
    case 'u8':
      return out.u8(Number(value));
    case 'i8':
      return out.fixed(1, (view, at) => view.setInt8(at, Number(value)));
    case 'u16':
      return out.u16(Number(value));
    case 'i16':
      return out.fixed(2, (view, at) => view.setInt16(at, Number(value), true));
    case 'u32':
      return out.u32(Number(value));
    case 'i32':
      return out.fixed(4, (view, at) => view.setInt32(at, Number(value), true));
    case 'f32':
      return out.f32(Number(value));
    case 'f64':
      return out.fixed(8, (view, at) => view.setFloat64(at, Number(value), true));
    case 'u64':
      return out.u64(value as number | bigint);
    case 'i64':
      return out.fixed(8, (view, at) => view.setBigInt64(at, BigInt(value as number | bigint), true));
    default: {
      const never: never = type;
      throw new Error(`Unknown GGUF type ${String(never)}`);
    }
  }
}

/** An append-only little-endian byte buffer that grows by doubling. */
class ByteWriter {
  private buffer = new ArrayBuffer(1 << 16);
  private view = new DataView(this.buffer);
  private length = 0;

  constructor(private readonly encoder: TextEncoder) {}

  fixed(size: number, write: (view: DataView, at: number) => void): void {
    this.reserve(size);
    write(this.view, this.length);
    this.length += size;
  }
  u8(v: number): void {
    this.fixed(1, (view, at) => view.setUint8(at, v));
  }
  u16(v: number): void {
    this.fixed(2, (view, at) => view.setUint16(at, v, true));
  }
  u32(v: number): void {
    this.fixed(4, (view, at) => view.setUint32(at, v, true));
  }
  u64(v: number | bigint): void {
    this.fixed(8, (view, at) => view.setBigUint64(at, BigInt(v), true));
  }
  f32(v: number): void {
    this.fixed(4, (view, at) => view.setFloat32(at, v, true));
  }
  string(s: string): void {
    const bytes = this.encoder.encode(s);
    this.u64(bytes.length);
    this.reserve(bytes.length);
    new Uint8Array(this.buffer, this.length, bytes.length).set(bytes);
    this.length += bytes.length;
  }
  padTo(alignment: number): void {
    const target = alignUp(this.length, alignment);
    this.reserve(target - this.length);
    // The buffer is zero-initialised and never rewound, so the padding is already zeros.
    this.length = target;
  }
  bytes(): Uint8Array {
    return new Uint8Array(this.buffer, 0, this.length).slice();
  }
  private reserve(extra: number): void {
    if (this.length + extra <= this.buffer.byteLength) return;
    let size = this.buffer.byteLength;
    while (size < this.length + extra) size *= 2;
    const next = new ArrayBuffer(size);
    new Uint8Array(next).set(new Uint8Array(this.buffer, 0, this.length));
    this.buffer = next;
    this.view = new DataView(next);
  }
}
