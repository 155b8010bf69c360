/**
 * Writes the tiny random test model (a llama-architecture GGUF with seeded random weights) to a path.
 * Nothing binary is committed: tests and the bench run this at test time, the app builds the same bytes in the
 * browser. Usage: npx tsx scripts/make-tiny-model.ts <out.gguf> [--seed N] [--f16]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildTinyModel } from '../src/runtimes/wllama/gguf/tiny-model';

export function parseArgs(argv: readonly string[]): { out: string; seed: number; f16: boolean } | { error: string } {
  let out: string | null = null;
  let seed = 1;
  let f16 = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--f16') f16 = true;
    else if (arg === '--seed') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 0) return { error: '--seed needs a non-negative integer' };
      seed = value;
    } else if (arg.startsWith('--')) return { error: `unknown option ${arg}` };
    else if (out === null) out = arg;
    else return { error: `unexpected argument ${arg}` };
  }
  if (out === null) return { error: 'usage: make-tiny-model.ts <out.gguf> [--seed N] [--f16]' };
  return { out, seed, f16 };
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  if ('error' in args) {
    console.error(args.error);
    process.exit(2);
  }
  const started = performance.now();
  const bytes = buildTinyModel({ seed: args.seed, f16: args.f16 });
  mkdirSync(dirname(args.out), { recursive: true });
  writeFileSync(args.out, bytes);
  const ms = (performance.now() - started).toFixed(0);
  console.log(`wrote ${args.out}: ${bytes.length} bytes, seed ${args.seed}${args.f16 ? ', F16' : ''}, ${ms} ms`);
}

if (process.argv[1] && /make-tiny-model\.ts$/.test(process.argv[1])) main();
