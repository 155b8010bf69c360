/**
 * `npm run lesson-model:export` — the trained weights (written by `train.py --export`) as a GGUF, with the project's
 * own writer: the llama architecture llama.cpp and wllama load, the lesson vocabulary, Qwen2.5's chat template.
 * Matrices in Q8_0 (default) or F16, norms in F32; the output projection is tied to the embedding (llama.cpp reuses
 * `token_embd.weight` when `output.weight` is absent).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GgufTensorSpec } from '../../src/runtimes/wllama/gguf/gguf-writer';
import { writeGguf } from '../../src/runtimes/wllama/gguf/gguf-writer';
import { llamaGgufMetadata } from '../../src/runtimes/wllama/gguf/llama-metadata';
import { LESSON_MODEL_NAME } from '../../src/runtimes/wllama/lesson-model';
import { DEFAULT_DATA_DIR } from './generate';

interface Manifest {
  readonly config: { d: number; layers: number; heads: number; ff: number; context: number };
  readonly tensors: readonly { readonly name: string; readonly shape: readonly number[]; readonly offset: number }[];
}

export function buildLessonGguf(
  weightsDir: string,
  dataDir: string,
  matrixType: 'q8_0' | 'f16',
  description: string,
): Uint8Array {
  const manifest = JSON.parse(readFileSync(join(weightsDir, 'manifest.json'), 'utf8')) as Manifest;
  const blob = readFileSync(join(weightsDir, 'weights.f32'));
  const floats = new Float32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4);
  const vocab = JSON.parse(readFileSync(join(dataDir, 'vocab.json'), 'utf8')) as {
    tokens: string[];
    scores: number[];
    types: number[];
    ids: { unk: number; bos: number; eos: number; imStart: number; imEnd: number };
  };
  const tensors: GgufTensorSpec[] = manifest.tensors.map((t) => {
    const count = t.shape.reduce((n, d) => n * d, 1);
    const data = floats.slice(t.offset / 4, t.offset / 4 + count);
    // PyTorch's (out, in) row-major is ggml's [in, out] (ne0 = in): the same bytes, the dims listed innermost first.
    const dims = [...t.shape].reverse();
    return { name: t.name, dims, type: t.shape.length === 2 ? matrixType : 'f32', data };
  });
  const c = manifest.config;
  const metadata = llamaGgufMetadata({
    name: LESSON_MODEL_NAME,
    description,
    fileType: matrixType === 'q8_0' ? 7 : 1,
    shape: {
      embedding: c.d,
      blocks: c.layers,
      feedForward: c.ff,
      heads: c.heads,
      headsKv: c.heads,
      contextLength: c.context,
      ropeDimensions: c.d / c.heads,
    },
    vocab,
    ids: vocab.ids,
  });
  return writeGguf({ metadata, tensors, alignment: 32 });
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

if (process.argv[1]?.endsWith('export.ts')) {
  const weights = arg('weights', join(DEFAULT_DATA_DIR, '..', 'export'));
  const out = arg('out', 'public/lesson-model/lesson-model.gguf');
  const type = arg('type', 'q8_0') as 'q8_0' | 'f16';
  const description = arg(
    'description',
    'Trained by Tool Loop Playground on its own lessons (English and Korean). It knows only these lessons.',
  );
  const bytes = buildLessonGguf(weights, arg('data', DEFAULT_DATA_DIR), type, description);
  writeFileSync(out, bytes);
  console.log(`wrote ${out}: ${(bytes.length / 1e6).toFixed(2)} MB (${type})`);
}
