/**
 * 10,000 MCP tools: the import (parse and check every schema), the write to IndexedDB, and what a reload does
 * with them (read and validate every record, then turn each into an engine tool as the workspace catalog does).
 * IndexedDB is fake-indexeddb here (Node); the browser's is faster. Goal: each under 10 s on this machine.
 */
import 'fake-indexeddb/auto';
import type { ToolExecutor } from '../src/engine';
import { EMPTY_WORKSPACE, exposedDefinitions, parseMcpToolsListText, specToTool } from '../src/engine';
import { createStatusBoard } from '../src/persistence/connection';
import { createUserToolsDb } from '../src/persistence/user-tools-db';

import { buildCatalog } from '../src/store/catalog';
import type { BenchTable } from './table';

const userToolsDb = createUserToolsDb({ board: createStatusBoard() });
const { loadUserTools, saveUserTools } = userToolsDb;
const closeUserToolsDb = userToolsDb.close;

const COUNT = 10_000;

/** A realistic tools/list entry: a few typed properties, an enum, a nested object and an array. */
function mcpTool(i: number) {
  return {
    name: `svc_${i}_lookup`,
    title: `Lookup ${i}`,
    description: `Looks up record ${i} in service ${i % 37}; returns its fields.`,
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'The record id' },
        limit: { type: 'integer', minimum: 1, maximum: 100 },
        mode: { type: 'string', enum: ['fast', 'full'] },
        filter: { type: 'object', properties: { field: { type: 'string' }, value: { type: 'string' } } },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['id'],
    },
  };
}

/** Never called: the bench measures building the tools, not running them. */
const idleExecutor: ToolExecutor = {
  run: () => Promise.reject(new Error('not run in the bench')),
};

export async function run(): Promise<BenchTable> {
  const text = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    result: { tools: Array.from({ length: COUNT }, (_, i) => mcpTool(i)) },
  });
  let n = 0;
  const t0 = performance.now();
  const parsed = parseMcpToolsListText(text, () => `bench-${++n}`, Date.now());
  const t1 = performance.now();
  if (!parsed.ok) throw new Error(parsed.error);
  await saveUserTools(parsed.value.tools);
  const t2 = performance.now();
  await closeUserToolsDb();

  const t3 = performance.now();
  const loaded = await loadUserTools();
  const t4 = performance.now();
  const tools = loaded.tools.flatMap((spec) => {
    const tool = specToTool(spec, idleExecutor);
    return tool.ok ? [tool.value] : [];
  });
  const t5 = performance.now();
  const first = tools[0]!.validate({ id: 'x', limit: 5 });
  const t6 = performance.now();
  if (!first.ok || tools.length !== COUNT) throw new Error('the reloaded tools are not all usable');
  await closeUserToolsDb();

  // What the playground's start-up does next with them (before the page is "ready"): build the catalog, expose
  // them all in the workspace and compute the next request's tools — recomputed on every workspace change.
  const t7 = performance.now();
  const catalog = buildCatalog([{ id: 'user-tools', label: 'My tools', tools: () => tools }]);
  const t8 = performance.now();
  const exposed = exposedDefinitions({ ...EMPTY_WORKSPACE, exposed: tools.map((t) => t.name) }, catalog.all);
  const t9 = performance.now();
  if (!exposed.ok || exposed.value.length !== COUNT) throw new Error('the exposed tools are not all there');
  await closeUserToolsDb();
  indexedDB.deleteDatabase('tlp-user-tools');

  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return {
    title: `${COUNT.toLocaleString('en')} MCP tools: import and reload (fake-indexeddb in Node)`,
    columns: ['step', 'time', 'goal'],
    rows: [
      [`import: parse ${(text.length / 1e6).toFixed(1)} MB and check every schema`, s(t1 - t0), ''],
      ['import: write them to IndexedDB (one transaction)', s(t2 - t1), ''],
      ['import, total', s(t2 - t0), '< 10 s'],
      ['reload: read and validate every record', s(t4 - t3), ''],
      ['reload: turn each into an engine tool (validators built lazily)', s(t5 - t4), ''],
      ['reload, total', s(t5 - t3), '< 10 s'],
      ['first validation of one tool (builds its validator)', `${(t6 - t5).toFixed(1)} ms`, ''],
      ['start-up: build the catalog from them', `${(t8 - t7).toFixed(1)} ms`, ''],
      [
        'start-up: expose all of them in the next request (once per workspace change)',
        `${(t9 - t8).toFixed(1)} ms`,
        '< 100 ms',
      ],
    ],
    notes: [`${parsed.value.problems.length} import problems; ${loaded.problems.length} unreadable records.`],
  };
}
