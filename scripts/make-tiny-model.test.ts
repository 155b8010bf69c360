import { describe, expect, it } from 'vitest';
import { parseArgs } from './make-tiny-model';

describe('make-tiny-model arguments', () => {
  it('takes an output path, a seed and --f16', () => {
    expect(parseArgs(['out/tiny.gguf'])).toEqual({ out: 'out/tiny.gguf', seed: 1, f16: false });
    expect(parseArgs(['--seed', '7', 'x.gguf', '--f16'])).toEqual({ out: 'x.gguf', seed: 7, f16: true });
  });

  it('explains what is wrong', () => {
    expect(parseArgs([])).toEqual({ error: 'usage: make-tiny-model.ts <out.gguf> [--seed N] [--f16]' });
    expect(parseArgs(['x.gguf', '--seed', '-1'])).toEqual({ error: '--seed needs a non-negative integer' });
    expect(parseArgs(['x.gguf', '--big'])).toEqual({ error: 'unknown option --big' });
    expect(parseArgs(['a.gguf', 'b.gguf'])).toEqual({ error: 'unexpected argument b.gguf' });
  });
});
