/** `npm run bench`: runs every benchmark module and prints their tables one after another. */
import { formatTable } from './table';
import type { BenchTable } from './table';

type Bench = { readonly name: string; readonly load: () => Promise<{ run: () => Promise<BenchTable> }> };

const benches: Bench[] = [
  { name: 'side-by-side', load: () => import('./side-by-side') },
  { name: 'loop', load: () => import('./loop') },
  { name: 'traces', load: () => import('./traces') },
  { name: 'tool-search', load: () => import('./tool-search') },
  { name: 'bundle', load: () => import('./bundle') },
  { name: 'wllama', load: () => import('./wllama') },
  { name: 'persistence', load: () => import('./persistence') },
  { name: 'sandbox', load: () => import('./sandbox') },
  { name: 'mcp-import', load: () => import('./mcp-import') },
  { name: 'browser', load: () => import('./browser') },
];

const only = process.argv.slice(2);
let failed = false;
for (const bench of benches.filter((b) => only.length === 0 || only.includes(b.name))) {
  try {
    const module = await bench.load();
    console.log(formatTable(await module.run()) + '\n');
  } catch (error) {
    failed = true;
    console.error(
      `## ${bench.name}: failed — ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
}
process.exit(failed ? 1 : 0);
