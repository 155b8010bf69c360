/**
 * GGUF files for tests that must be refused: pure builders shared by the unit tests and the end-to-end test.
 */
import { readGgufHeader } from './gguf-reader';
import { writeGguf } from './gguf-writer';
import { buildTinyModel } from './tiny-model';

/** The tiny model with its architecture renamed to one llama.cpp does not know (keys renamed along). */
export function ggufWithUnknownArchitecture(architecture = 'frobnicator'): Uint8Array {
  return buildTinyModel({
    editMetadata: (metadata) =>
      metadata.map(([key, value]) =>
        key === 'general.architecture'
          ? ([key, { type: 'string', value: architecture }] as const)
          : ([key.replace(/^llama\./, `${architecture}.`), value] as const),
      ),
  });
}

/** The tiny model without the hyperparameters llama.cpp requires (embedding length, block count, head count…). */
export function ggufWithoutHyperparameters(): Uint8Array {
  const dropped = new Set([
    'llama.context_length',
    'llama.embedding_length',
    'llama.block_count',
    'llama.feed_forward_length',
    'llama.attention.head_count',
  ]);
  return buildTinyModel({ editMetadata: (metadata) => metadata.filter(([key]) => !dropped.has(key)) });
}

/**
 * A header-only llama GGUF that declares one F32 tensor of `2^31` elements (8 GiB of weights) and contains
 * none of its data: a model too large for memory, as the app must see it before reading any weights.
 */
export function oversizedGgufHeader(): Uint8Array {
  const name = 'blk.0.huge.weight';
  const full = writeGguf({
    metadata: [
      ['general.architecture', { type: 'string', value: 'llama' }],
      ['general.name', { type: 'string', value: 'oversized-test-model' }],
      ['llama.context_length', { type: 'u32', value: 4096 }],
      ['llama.block_count', { type: 'u32', value: 32 }],
      ['llama.embedding_length', { type: 'u32', value: 4096 }],
      ['llama.attention.head_count', { type: 'u32', value: 32 }],
    ],
    tensors: [{ name, dims: [1], type: 'f32', data: new Float32Array(1) }],
  });
  const parsed = readGgufHeader(full);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const bytes = full.slice(0, parsed.value.dataOffset);
  // The tensor info is: u64 name length, name, u32 n_dims, u64 dims…; patch dims[0] from 1 to 2^31.
  const nameBytes = new TextEncoder().encode(name);
  const at = findBytes(bytes, nameBytes) + nameBytes.length + 4;
  new DataView(bytes.buffer, bytes.byteOffset).setBigUint64(at, 2n ** 31n, true);
  return bytes;
}

function findBytes(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  throw new Error('bytes not found');
}
