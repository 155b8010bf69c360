/**
 * The tool sandbox's engine (QuickJS in WebAssembly, src/sandbox/): what one execution costs to start, how fast
 * a tight loop runs compared with V8 running the same code directly, and how long a memory bomb takes to end as
 * "exceeded its memory limit". Measured in this Node process on the same runner the browser's sandbox worker uses
 * (the browser adds a worker start per execution; see the README's sandbox notes for the figures in Chromium).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { RunMessage } from '../src/sandbox/protocol';
import { loadQuickJS } from '../src/sandbox/quickjs-module';
import { runInQuickJS } from '../src/sandbox/quickjs-runner';
import type { BenchTable } from './table';
import { median } from './table';

const host = {
  now: () => performance.now(),
  setTimer: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimer: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const LOOP = 'let s = 0; for (let i = 0; i < 1e6; i++) s += i; return s;';
const BOMB = 'const a = []; for (;;) a.push(new Array(1e7).fill(1.5));';
const SMALL_BOMB = 'const a = []; for (let i = 0; ; i++) a.push({ i, s: "x" + i });';

export async function run(): Promise<BenchTable> {
  const bytes = await readFile(createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm'));
  const compileStarted = performance.now();
  const wasm = await WebAssembly.compile(bytes);
  const compileMs = performance.now() - compileStarted;

  const once = async (code: string, memoryMb = 64, timeoutMs = 30_000) => {
    const request: RunMessage = {
      type: 'run',
      toolName: 'bench',
      code,
      args: {},
      allowNetwork: false,
      timeoutMs,
      memoryLimitBytes: memoryMb * 1024 * 1024,
      maxOutputChars: 1000,
      maxConsoleChars: 1000,
    };
    const started = performance.now();
    const module = await loadQuickJS(wasm, request.memoryLimitBytes);
    const loaded = performance.now();
    const done = await runInQuickJS(module, request, host);
    return { instantiateMs: loaded - started, totalMs: performance.now() - started, done };
  };

  await once('return 1'); // warm-up
  const starts = [];
  for (let i = 0; i < 15; i++) starts.push(await once('return 1'));
  const loops = [];
  for (let i = 0; i < 3; i++) loops.push((await once(LOOP)).done.durationMs);
  const v8Loop = new Function(LOOP) as () => number;
  const v8 = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    v8Loop();
    v8.push(performance.now() - started);
  }
  const bomb = await once(BOMB);
  const small = await once(SMALL_BOMB);
  const ended = (r: typeof bomb) => `${r.done.outcome.kind}, ${r.totalMs.toFixed(0)} ms`;
  const quickjsLoop = median(loops);
  const v8LoopMs = median(v8);
  return {
    title: 'Tool sandbox: QuickJS (WebAssembly) per execution (median; Node, same runner as the browser worker)',
    columns: ['measure', 'result', 'goal'],
    rows: [
      ['compile the 0.5 MB engine (once per page)', `${compileMs.toFixed(0)} ms`, '—'],
      [
        'start one execution (instantiate in a capped memory)',
        `${median(starts.map((s) => s.instantiateMs)).toFixed(1)} ms`,
        '< 50 ms',
      ],
      ['a trivial tool, start to result', `${median(starts.map((s) => s.totalMs)).toFixed(1)} ms`, '< 50 ms'],
      [
        'tight loop, 1e6 additions: QuickJS vs V8',
        `${quickjsLoop.toFixed(0)} ms vs ${v8LoopMs.toFixed(1)} ms (×${Math.round(quickjsLoop / Math.max(v8LoopMs, 0.01))})`,
        '< 3000 ms (the default time limit)',
      ],
      ['bomb: new Array(1e7).fill(1.5) in a loop, 64 MB', ended(bomb), 'out-of-memory < 3000 ms'],
      ['bomb: small objects in a loop, 64 MB', ended(small), 'out-of-memory < 3000 ms'],
    ],
    notes: [
      'QuickJS interprets bytecode (no JIT): tool code runs tens of times slower than V8, which is the price of a heap cap the tab can rely on.',
    ],
  };
}
