// The layer zones: for every layer of src/, linting a file there that imports another layer must fail exactly when
// the layer table (LAYERS in eslint.config.js) has no such arrow; importing the composition root always fails; an
// import cycle fails; and docs/architecture.md states the same table.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINE_LAYERS, INJECTED_GLOBALS, LAYERS } from '../eslint.config.js';

const eslint = new ESLint({ cwd: process.cwd() });

/** A real module of each layer to point the probe's import at (the rule checks resolved files only). */
const MODULE_OF: Record<string, string> = {
  engine: 'engine', // its entry, src/engine/index.ts: the one module other layers may import
  i18n: 'i18n/languages',
  runtimes: 'runtimes/provider',
  sandbox: 'sandbox/protocol',
  persistence: 'persistence/runs-db',
  tokenizers: 'tokenizers/qwen3',
  mcp: 'mcp/problems',
  platform: 'platform/timers',
  store: 'store/slice',
  ui: 'ui/download',
};

const layers = Object.keys(LAYERS);

async function zoneErrors(fromLayer: string, importPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import '${importPath}';\n`, { filePath: `src/${fromLayer}/lint-probe.ts` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

// ESLint's first run loads the whole config with its resolver: slow on a busy 2-core machine.
describe('the layer zones', { timeout: 120_000 }, () => {
  it('knows a module of every layer', () => {
    expect(Object.keys(MODULE_OF).sort()).toEqual([...layers].sort());
  });

  it.each(layers)('src/%s/ may import exactly the layers the table lists', async (layer) => {
    for (const other of layers) {
      if (other === layer) continue;
      const errors = await zoneErrors(layer, `../${MODULE_OF[other]}`);
      const allowed = (LAYERS[layer] ?? []).includes(other);
      expect({ from: layer, to: other, refused: errors.length > 0 }).toEqual({
        from: layer,
        to: other,
        refused: !allowed,
      });
      if (!allowed) expect(errors[0]).toContain(`src/${layer}/ may import only`);
    }
    expect(await zoneErrors(layer, '../main')).toHaveLength(1);
    expect(await zoneErrors(layer, '../app-root')).toHaveLength(1);
  });
});

describe('the engine entry', { timeout: 120_000 }, () => {
  it.each(layers.filter((layer) => layer !== 'engine' && (LAYERS[layer] ?? []).includes('engine')))(
    'src/%s/ imports the engine only through src/engine/index.ts',
    async (layer) => {
      expect(await zoneErrors(layer, '../engine')).toEqual([]);
      const inside = await zoneErrors(layer, '../engine/loop/controller');
      expect(inside).toHaveLength(1);
      expect(inside[0]).toContain('src/engine/index.ts');
    },
  );

  it('src/i18n/ may take the message tables through src/engine/tables.ts, and nothing else beside the entry', async () => {
    expect(await zoneErrors('i18n', '../engine/tables')).toEqual([]);
    expect(await zoneErrors('i18n', '../engine/loop/notices')).toHaveLength(1);
  });

  it('the composition root imports the engine only through src/engine/index.ts', async () => {
    const errors = async (importPath: string) => {
      const [result] = await eslint.lintText(`import '${importPath}';\n`, { filePath: 'src/app-root.tsx' });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths');
    };
    expect(await errors('./engine')).toEqual([]);
    expect(await errors('./engine/loop/controller')).toHaveLength(1);
  });
});

/** A real module of each engine folder, and of the core. */
const ENGINE_MODULE_OF: Record<string, string> = {
  protocol: 'protocol/hermes',
  augmentation: 'augmentation/augmented-tool',
  policy: 'policy/policy',
  'user-tools': 'user-tools/spec',
  presets: 'presets/calculator',
  loop: 'loop/events',
  'model-port': 'model-port/scripted',
  lab: 'lab/types',
  'tool-search': 'tool-search/search-tool',
  advisors: 'advisors/types',
  'prompt-diff': 'prompt-diff/prompt-diff',
  scenarios: 'scenarios/catalog',
  'run-file': 'run-file/format',
  codegen: 'codegen/schema',
  checks: 'checks/check',
};
const engineFolders = Object.keys(ENGINE_LAYERS);

describe('the engine layers', { timeout: 240_000 }, () => {
  it('knows a module of every engine folder, and the table has no two folders importing each other', () => {
    // A folder the table does not name would have no zone at all: every folder of src/engine/ is a row.
    const folders = readdirSync('src/engine').filter((name) => statSync(join('src/engine', name)).isDirectory());
    expect([...engineFolders].sort()).toEqual(folders.sort());
    expect(Object.keys(ENGINE_MODULE_OF).sort()).toEqual([...engineFolders].sort());
    for (const folder of engineFolders) {
      for (const other of ENGINE_LAYERS[folder] ?? []) {
        expect(engineFolders).toContain(other);
        expect({ folder, other, back: (ENGINE_LAYERS[other] ?? []).includes(folder) }).toEqual({
          folder,
          other,
          back: false,
        });
      }
    }
  });

  it.each(engineFolders)(
    'src/engine/%s/ may import exactly the core and the folders the table lists',
    async (folder) => {
      const errors = (path: string) => zoneErrors(`engine/${folder}`, path);
      for (const other of engineFolders) {
        if (other === folder) continue;
        const refused = (await errors(`../${ENGINE_MODULE_OF[other]}`)).length > 0;
        expect({ from: folder, to: other, refused }).toEqual({
          from: folder,
          to: other,
          refused: !(ENGINE_LAYERS[folder] ?? []).includes(other),
        });
      }
      expect(await errors('../result')).toEqual([]);
      expect((await errors('../index'))[0]).toContain(`src/engine/${folder}/ may import only the core`);
    },
  );

  it('the core imports no engine folder', async () => {
    for (const folder of engineFolders) {
      const refused = await zoneErrors('engine', `./${ENGINE_MODULE_OF[folder]}`);
      expect({ folder, refused: refused.length }).toEqual({ folder, refused: 1 });
      expect(refused[0]).toContain('imports no engine folder');
    }
    expect(await zoneErrors('engine', './result')).toEqual([]);
  });
});

describe('no import cycles', { timeout: 120_000 }, () => {
  const dir = join('src', 'engine', '__cycle_probe__');
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('the lint rule refuses two modules that import each other', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    const [result] = await eslint.lintFiles([join(dir, 'a.ts')]);
    expect(result?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });

  // import-x/no-cycle skips type-only imports; a loop of types still ties two modules together, so the whole
  // import graph of src/ is checked here, `import type` included.
  it('src/ has no cycle, type-only imports included', () => {
    expect(importCycles('src')).toEqual([]);
  });

  it('the graph check finds a type-only cycle', () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a.ts'), "import type { B } from './b';\nexport type A = { b?: B };\n");
    writeFileSync(join(dir, 'b.ts'), "import type { A } from './a';\nexport type B = { a?: A };\n");
    expect(importCycles(dir)).toEqual([[join(dir, 'a.ts'), join(dir, 'b.ts')]]);
  });
});

describe('docs/architecture.md', () => {
  it('lists every event kind in its catalogue', async () => {
    const { LOOP_EVENT_TYPES } = await import('../src/engine/run-file/event-schema');
    const doc = readFileSync('docs/architecture.md', 'utf8');
    const catalogue = doc.slice(doc.indexOf('## The event log'), doc.indexOf('## Saving'));
    const listed = [...catalogue.matchAll(/^\| `([a-z-]+)` +\|/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...LOOP_EVENT_TYPES].sort());
  });

  it('states the engine layer table of eslint.config.js', () => {
    const doc = readFileSync('docs/architecture.md', 'utf8');
    const rows = new Map<string, string[]>();
    for (const match of doc.matchAll(/^\| `src\/engine\/([a-z0-9-]+)\/` +\| ([^|]*)\|/gm)) {
      const imports = [...match[2]!.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]!);
      rows.set(match[1]!, imports.sort());
    }
    expect(Object.fromEntries(rows)).toEqual(
      Object.fromEntries(engineFolders.map((folder) => [folder, [...(ENGINE_LAYERS[folder] ?? [])].sort()])),
    );
  });

  it('states the layer table of eslint.config.js', () => {
    const doc = readFileSync('docs/architecture.md', 'utf8');
    const rows = new Map<string, string[]>();
    for (const match of doc.matchAll(/^\| `src\/([a-z0-9-]+)\/` +\| ([^|]*)\|/gm)) {
      const imports = [...match[2]!.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]!);
      rows.set(match[1]!, imports.sort());
    }
    expect(Object.fromEntries(rows)).toEqual(
      Object.fromEntries(layers.map((layer) => [layer, [...(LAYERS[layer] ?? [])].sort()])),
    );
  });
});

/** What linting `code` as a file at `filePath` reports, as rule ids. */
async function ruleIds(code: string, filePath: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId);
}

describe('the platform below the store', { timeout: 120_000 }, () => {
  it('the brief names are all banned: timers, fetch, addEventListener, navigator', () => {
    expect(INJECTED_GLOBALS).toEqual(expect.arrayContaining(['setTimeout', 'fetch', 'addEventListener', 'navigator']));
  });

  it.each(['engine', 'store'])(
    'src/%s/ takes no timer, fetch, event listener or navigator of its own',
    async (layer) => {
      for (const name of INJECTED_GLOBALS) {
        const bare = await ruleIds(`export const probe = () => ${name};\n`, `src/${layer}/lint-probe.ts`);
        expect({ name, bare }).toEqual({ name, bare: ['no-restricted-globals'] });
        const viaGlobal = await ruleIds(
          `export const probe = () => globalThis.${name};\n`,
          `src/${layer}/lint-probe.ts`,
        );
        expect({ name, viaGlobal }).toEqual({ name, viaGlobal: ['no-restricted-properties'] });
      }
      // A signal's own listener is not the page's: only the globals are refused.
      expect(
        await ruleIds(
          "export const probe = (s: AbortSignal) => s.addEventListener('abort', () => {});\n",
          `src/${layer}/lint-probe.ts`,
        ),
      ).toEqual([]);
      // Tests drive the code with real timers.
      expect(await ruleIds('export const probe = () => setTimeout;\n', `src/${layer}/lint-probe.test.ts`)).toEqual([]);
    },
  );

  it('the platform and the composition root may use them', async () => {
    expect(await ruleIds('export const probe = () => fetch;\n', 'src/platform/lint-probe.ts')).toEqual([]);
    expect(await ruleIds('export const probe = () => navigator;\n', 'src/app-root-probe.ts')).toEqual([]);
  });
});

/** Every TypeScript file under `root`. */
function sourceFiles(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative import names ('./x' → './x.ts', './x.tsx' or './x/index.ts'), or null. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = join(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The strongly connected groups of more than one file in the import graph under `root` (Tarjan). */
function importCycles(root: string): string[][] {
  const files = sourceFiles(root);
  const edges = new Map(
    files.map((file) => [
      file,
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.map((f) => resolveImport(file, f.fileName))
        .filter((f): f is string => f !== null && files.includes(f)),
    ]),
  );
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== file);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}
