/**
 * Long runs (#13's goals): the engine's per-round cost over a 1,000-round run (last 10% vs first 10%), and a run's
 * file size and retained heap at 100 and 500 rounds — each beside its goal. The scripted replay's cost per round at
 * 10, 50, 200 and 1,000 rounds is measured in `side-by-side.ts`, as the shared runner measures it. Heap is measured
 * with `--expose-gc` when available (`npm run bench` passes it).
 */
import { longRun, longRunFileText } from './long-run';
import type { BenchTable } from './table';
import { median } from './table';

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

function collect(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return false;
  gc();
  gc();
  return true;
}

/** Bytes the run's log keeps alive (the events as the app holds them), or null without `--expose-gc`. */
async function retained(rounds: number): Promise<{ heap: number | null; file: number }> {
  const hasGc = collect();
  const before = process.memoryUsage().heapUsed;
  const run = await longRun(rounds);
  collect();
  const heap = hasGc ? process.memoryUsage().heapUsed - before : null;
  const file = Buffer.byteLength(longRunFileText(run.events));
  return { heap, file };
}

export async function run(): Promise<BenchTable> {
  await longRun(50); // warm-up
  const long = await longRun(1000, true);
  const first = median(long.roundMs.slice(0, 100));
  const last = median(long.roundMs.slice(-100));
  const r100 = await retained(100);
  const r500 = await retained(500);
  const heap = (bytes: number | null) => (bytes === null ? 'n/a (run node with --expose-gc)' : mb(bytes));
  return {
    title: 'Long runs: engine flatness, run file and heap (goals from #13; the replay per round: side-by-side)',
    columns: ['figure', 'measured', 'goal'],
    rows: [
      [
        'engine per round (bare runtime), last 10% / first 10% of 1,000 rounds',
        `${(last / first).toFixed(2)}×`,
        '≤ 1.2×',
      ],
      ['run file, 100 rounds', mb(r100.file), '—'],
      ['run file, 500 rounds', mb(r500.file), '≤ 5 MB'],
      ['heap held by the run, 100 rounds', heap(r100.heap), '—'],
      ['heap held by the run, 500 rounds', heap(r500.heap), '≤ 10 MB'],
    ],
    notes: [
      'Prompt traces are stored as the change from the previous one (trace-delta.ts), so the file and the heap grow linearly.',
    ],
  };
}
