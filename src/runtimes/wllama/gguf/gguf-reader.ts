/**
 * A pure GGUF header reader: checks the magic and version, reads the metadata and the tensor infos, and says
 * where the data section ends. It is how the app tells "not a GGUF", "truncated" and "too large for memory"
 * apart before handing a file to llama.cpp (whose own errors are much less clear), and how the tests check the
 * writer's layout. Never throws on bad input: every problem is a result.
 */
import type { GgufScalarType, GgufValueType } from './gguf-format';
import {
  alignUp,
  GGML_TYPES,
  GGUF_DEFAULT_ALIGNMENT,
  GGUF_MAGIC,
  GGUF_SCALAR_SIZE,
  tensorByteSize,
  valueTypeFromCode,
} from './gguf-format';
import type { Result } from '../../../engine';

/** Arrays up to this length are kept whole; longer ones (a 150k-token vocabulary) keep only their length. */
const KEEP_ARRAY_ITEMS = 4096;
/** Sanity bounds: a count or a string longer than these means the bytes are not a GGUF header. */
const MAX_COUNT = 100_000_000;
const MAX_STRING = 64 * 1024 * 1024;

export type GgufReadScalar = number | bigint | boolean | string;

export type GgufReadValue =
  | { readonly type: GgufScalarType; readonly value: GgufReadScalar }
  | {
      readonly type: 'array';
      readonly itemType: GgufScalarType;
      readonly length: number;
      /** The items, or null when the array was longer than the reader keeps. */
      readonly values: readonly GgufReadScalar[] | null;
    };

export interface GgufTensorInfo {
  readonly name: string;
  readonly dims: readonly number[];
  readonly ggmlType: number;
  /** Relative to the data section. */
  readonly offset: number;
  /** Null for a ggml type the reader does not know. */
  readonly byteSize: number | null;
}

export interface GgufHeader {
  readonly version: number;
  readonly alignment: number;
  readonly metadata: ReadonlyMap<string, GgufReadValue>;
  readonly tensors: readonly GgufTensorInfo[];
  /** Where the data section starts (the header's size, padded to the alignment). */
  readonly dataOffset: number;
  /** Where the last byte of tensor data ends; the file must be at least this long. */
  readonly dataEnd: number;
  /** Sum of the tensor sizes the reader could compute. */
  readonly tensorBytes: number;
  /** Codes of the ggml types it could not size (their tensors are not counted). */
  readonly unknownTypes: readonly number[];
}

export type GgufHeaderProblem =
  | { readonly kind: 'not-gguf'; readonly message: string; readonly start: string }
  | { readonly kind: 'unsupported-version'; readonly message: string; readonly version: number }
  | { readonly kind: 'malformed'; readonly message: string }
  /** The file ends inside the header or before its last tensor's data. */
  | { readonly kind: 'truncated'; readonly message: string }
  /** The bytes given end inside the header but the file is longer: read more and try again. */
  | { readonly kind: 'need-more-bytes'; readonly message: string };

export type GgufHeaderResult = Result<GgufHeader, GgufHeaderProblem>;

class OutOfBytes extends Error {}
class Malformed extends Error {}

/**
 * Parses the header from the file's first bytes. `fileSize` is the whole file's size: it separates a
 * truncated file from a prefix that is merely too short, and bounds the data section.
 */
export function readGgufHeader(bytes: Uint8Array, fileSize: number = bytes.length): GgufHeaderResult {
  if (bytes.length < 4 || new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true) !== GGUF_MAGIC) {
    if (bytes.length < 4 && fileSize >= 4)
      return { ok: false, error: { kind: 'need-more-bytes', message: 'Need the first 4 bytes.' } };
    const start = Array.from(bytes.slice(0, 4), (b) => (b >= 32 && b < 127 ? String.fromCharCode(b) : '.')).join('');
    return {
      ok: false,
      error: {
        kind: 'not-gguf',
        message: `This is not a GGUF model file: it starts with "${start}", a GGUF file starts with "GGUF".`,
        start,
      },
    };
  }
  const reader = new ByteReader(bytes);
  try {
    reader.skip(4);
    const version = reader.u32();
    if (version !== 2 && version !== 3) {
      return {
        ok: false,
        error: {
          kind: 'unsupported-version',
          message: `This GGUF file has version ${version}; llama.cpp reads versions 2 and 3.`,
          version,
        },
      };
    }
    const tensorCount = reader.count();
    const kvCount = reader.count();
    const metadata = new Map<string, GgufReadValue>();
    for (let i = 0; i < kvCount; i++) {
      const key = reader.string();
      const type = reader.valueType();
      metadata.set(key, readValue(reader, type));
    }
    const alignmentValue = metadata.get('general.alignment');
    const alignment =
      alignmentValue && alignmentValue.type !== 'array' && typeof alignmentValue.value === 'number'
        ? alignmentValue.value
        : GGUF_DEFAULT_ALIGNMENT;
    if (!Number.isInteger(alignment) || alignment <= 0) throw new Malformed(`general.alignment is ${alignment}.`);
    const tensors: GgufTensorInfo[] = [];
    for (let i = 0; i < tensorCount; i++) {
      const name = reader.string();
      const nDims = reader.u32();
      if (nDims < 1 || nDims > 4) throw new Malformed(`tensor ${name} has ${nDims} dimensions.`);
      const dims: number[] = [];
      for (let d = 0; d < nDims; d++) dims.push(reader.u64());
      const ggmlType = reader.u32();
      const offset = reader.u64();
      tensors.push({ name, dims, ggmlType, offset, byteSize: tensorByteSize(ggmlType, dims) });
    }
    const dataOffset = alignUp(reader.position, alignment);
    let dataEnd = dataOffset;
    let tensorBytes = 0;
    const unknownTypes = new Set<number>();
    for (const tensor of tensors) {
      if (tensor.byteSize === null) {
        unknownTypes.add(tensor.ggmlType);
        dataEnd = Math.max(dataEnd, dataOffset + tensor.offset);
        continue;
      }
      tensorBytes += tensor.byteSize;
      dataEnd = Math.max(dataEnd, dataOffset + tensor.offset + tensor.byteSize);
    }
    return {
      ok: true,
      value: {
        version,
        alignment,
        metadata,
        tensors,
        dataOffset,
        dataEnd,
        tensorBytes,
        unknownTypes: [...unknownTypes],
      },
    };
  } catch (error) {
    if (error instanceof OutOfBytes) {
      if (bytes.length < fileSize) {
        return {
          ok: false,
          error: { kind: 'need-more-bytes', message: 'The header continues past the bytes read so far.' },
        };
      }
      return {
        ok: false,
        error: {
          kind: 'truncated',
          message: `This GGUF file is truncated: it ends inside its header (after ${fileSize} bytes). Download it again.`,
        },
      };
    }
    if (error instanceof Malformed) {
      return { ok: false, error: { kind: 'malformed', message: `This GGUF file is damaged: ${error.message}` } };
    }
    throw error;
  }
}

function readValue(reader: ByteReader, type: GgufValueType): GgufReadValue {
  if (type !== 'array') return { type, value: readScalar(reader, type) };
  const itemType = reader.valueType();
  if (itemType === 'array') throw new Malformed('nested arrays are not supported.');
  const length = reader.count();
  if (length > KEEP_ARRAY_ITEMS) {
    if (itemType === 'string') for (let i = 0; i < length; i++) reader.skip(reader.u64());
    else reader.skip(length * GGUF_SCALAR_SIZE[itemType]);
    return { type, itemType, length, values: null };
  }
  const values: GgufReadScalar[] = [];
  for (let i = 0; i < length; i++) values.push(readScalar(reader, itemType));
  return { type, itemType, length, values };
}

function readScalar(reader: ByteReader, type: GgufScalarType): GgufReadScalar {
  switch (type) {
    case 'string':
      return reader.string();
    case 'bool':
      return reader.fixed(1, (v, at) => v.getUint8(at)) !== 0;
    case 'u8':
      return reader.fixed(1, (v, at) => v.getUint8(at));
    case 'i8':
      return reader.fixed(1, (v, at) => v.getInt8(at));
    case 'u16':
      return reader.fixed(2, (v, at) => v.getUint16(at, true));
    case 'i16':
      return reader.fixed(2, (v, at) => v.getInt16(at, true));
    case 'u32':
      return reader.u32();
    case 'i32':
      return reader.fixed(4, (v, at) => v.getInt32(at, true));
    case 'f32':
      return reader.fixed(4, (v, at) => v.getFloat32(at, true));
    case 'f64':
      return reader.fixed(8, (v, at) => v.getFloat64(at, true));
    case 'u64': {
      const big = reader.fixed(8, (v, at) => v.getBigUint64(at, true));
      return big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
    }
    case 'i64': {
      const big = reader.fixed(8, (v, at) => v.getBigInt64(at, true));
      return big <= BigInt(Number.MAX_SAFE_INTEGER) && big >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(big) : big;
    }
    default: {
      const never: never = type;
      throw new Malformed(`unknown value type ${String(never)}`);
    }
  }
}

class ByteReader {
  position = 0;
  private readonly view: DataView;
  private readonly decoder = new TextDecoder('utf-8', { fatal: false });

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  fixed<T>(size: number, read: (view: DataView, at: number) => T): T {
    if (this.position + size > this.bytes.length) throw new OutOfBytes();
    const value = read(this.view, this.position);
    this.position += size;
    return value;
  }
  skip(size: number): void {
    if (this.position + size > this.bytes.length) throw new OutOfBytes();
    this.position += size;
  }
  u32(): number {
    return this.fixed(4, (v, at) => v.getUint32(at, true));
  }
  u64(): number {
    const big = this.fixed(8, (v, at) => v.getBigUint64(at, true));
    if (big > BigInt(Number.MAX_SAFE_INTEGER)) throw new Malformed(`a size of ${big} bytes is beyond any real file.`);
    return Number(big);
  }
  count(): number {
    const n = this.u64();
    if (n > MAX_COUNT) throw new Malformed(`a count of ${n} is beyond any real model.`);
    return n;
  }
  valueType(): GgufValueType {
    const code = this.u32();
    const type = valueTypeFromCode(code);
    if (type === null) throw new Malformed(`unknown metadata value type ${code}.`);
    return type;
  }
  string(): string {
    const length = this.u64();
    if (length > MAX_STRING) throw new Malformed(`a string of ${length} bytes.`);
    if (this.position + length > this.bytes.length) throw new OutOfBytes();
    const text = this.decoder.decode(this.bytes.subarray(this.position, this.position + length));
    this.position += length;
    return text;
  }
}

/** A metadata value as a number (u32, u64, f32, …), or undefined. */
export function metaNumber(header: GgufHeader, key: string): number | undefined {
  const value = header.metadata.get(key);
  if (!value || value.type === 'array') return undefined;
  return typeof value.value === 'number'
    ? value.value
    : typeof value.value === 'bigint'
      ? Number(value.value)
      : undefined;
}

/** A metadata value as a string, or undefined. */
export function metaString(header: GgufHeader, key: string): string | undefined {
  const value = header.metadata.get(key);
  return value && value.type === 'string' && typeof value.value === 'string' ? value.value : undefined;
}

/** Which known ggml type names a header uses, for display ("Q4_K, Q6_K, F32"). */
export function tensorTypeNames(header: GgufHeader): string[] {
  const names = new Set<string>();
  for (const t of header.tensors) names.add(GGML_TYPES[t.ggmlType]?.name ?? `type ${t.ggmlType}`);
  return [...names];
}
