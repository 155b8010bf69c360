import { describe, expect, it } from 'vitest';
import { readGgufHeader } from './gguf-reader';
import { checkModelFile, estimateMemory } from './model-check';
import { ggufWithoutHyperparameters, ggufWithUnknownArchitecture, oversizedGgufHeader } from './test-fixtures';
import { buildTinyModel } from './tiny-model';

const GiB = 1024 ** 3;
const options = { nCtx: 2048, memoryBudgetBytes: 4 * GiB, memoryBudgetReason: 'the test budget' };
const tiny = buildTinyModel({ seed: 1 });
const check = (bytes: Uint8Array, fileSize = bytes.length) =>
  checkModelFile(readGgufHeader(bytes, fileSize), fileSize, options);

describe('checkModelFile', () => {
  it('accepts the tiny model and summarizes it', () => {
    const result = check(tiny);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({
      architecture: 'llama',
      name: 'tiny-random-test-model',
      tensorCount: 21,
      tensorTypes: ['F32'],
      contextLength: 2048,
      blockCount: 2,
      vocabSize: 468,
      hasChatTemplate: true,
    });
    // 2 layers × 2048 tokens × 4 KV heads × (16 + 16) × 2 bytes.
    expect(result.value.memory.kvCacheBytes).toBe(2 * 2048 * 4 * 32 * 2);
  });

  it('says plainly when a file is not a GGUF', () => {
    const result = check(new TextEncoder().encode('<!doctype html><html>404</html>'));
    expect(result).toMatchObject({ ok: false, error: { problem: 'not-gguf' } });
    expect(!result.ok && result.error.message).toMatch(/not a GGUF model file: it starts with "<!do"/);
  });

  it('reports a GGUF cut inside its header as truncated', () => {
    const result = check(tiny.slice(0, 3000));
    expect(result).toMatchObject({ ok: false, error: { problem: 'truncated' } });
  });

  it('reports a GGUF cut inside its tensor data as truncated, with both sizes', () => {
    const result = check(tiny.slice(0, 400_000));
    expect(result).toMatchObject({ ok: false, error: { problem: 'truncated' } });
    expect(!result.ok && result.error.message).toMatch(
      /truncated: its header describes 569 KiB of data but the file has only 391 KiB/,
    );
  });

  it('asks for more bytes (not "truncated") when only a prefix of a longer file was read', () => {
    const parsed = readGgufHeader(tiny.slice(0, 3000), tiny.length);
    expect(parsed).toMatchObject({ ok: false, error: { kind: 'need-more-bytes' } });
  });

  it('refuses a model too large for memory before loading it', () => {
    const bytes = oversizedGgufHeader();
    const result = check(bytes);
    expect(result).toMatchObject({ ok: false, error: { problem: 'too-large' } });
    expect(!result.ok && result.error.message).toMatch(
      /too large for memory: it needs about 9\.8 GiB \(weights 8\.0 GiB, context cache 1\.0 GiB for 2048 tokens\), and the test budget allows 4\.0 GiB/,
    );
  });

  it('rejects other GGUF versions and absurd counts as damaged', () => {
    const v9 = tiny.slice();
    new DataView(v9.buffer).setUint32(4, 9, true);
    expect(check(v9)).toMatchObject({ ok: false, error: { problem: 'unsupported-version' } });
    const absurd = tiny.slice();
    new DataView(absurd.buffer).setBigUint64(16, 2n ** 40n, true);
    expect(check(absurd)).toMatchObject({ ok: false, error: { problem: 'malformed' } });
  });

  it('caps the context of the estimate at the trained context', () => {
    const parsed = readGgufHeader(tiny);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(estimateMemory(parsed.value, 32768).nCtx).toBe(2048);
  });
});

describe('what llama.cpp requires of the header', () => {
  it('refuses a GGUF without the hyperparameters llama.cpp needs, naming them, before llama.cpp sees it', () => {
    expect(check(ggufWithoutHyperparameters())).toEqual({
      ok: false,
      error: {
        problem: 'missing-hyperparameters',
        message: expect.stringContaining(
          'lacks hyperparameters llama.cpp needs to build the model: llama.context_length, llama.embedding_length, llama.block_count',
        ),
        // The same as data, for the panel to word in the page's language.
        text: {
          key: 'missingHyperparameters',
          keys: ['llama.context_length', 'llama.embedding_length', 'llama.block_count'],
        },
      },
    });
  });

  it('passes a whole header of an architecture it cannot judge on to llama.cpp (its log decides)', () => {
    expect(check(ggufWithUnknownArchitecture())).toMatchObject({ ok: true, value: { architecture: 'frobnicator' } });
  });
});
