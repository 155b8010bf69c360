// No module-level mutable state outside the composition root: `local/no-module-state` (lint/no-module-state.js)
// refuses each kind of it, and src/ holds none: no line silences it.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import localRules from '../lint/no-module-state.js';

/** Only this rule, so the whole of src/ lints in seconds; the project's config runs it too (eslint.config.js). */
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parser: tseslint.parser },
      plugins: { local: localRules },
      rules: { 'local/no-module-state': 'error' },
    },
  ],
});

async function refusals(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: 'src/store/probe.ts' });
  return (result?.messages ?? []).map((m) => `${m.ruleId}:${m.messageId ?? ''}`);
}

function sourceFiles(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    const source = /\.tsx?$/.test(name) && !name.endsWith('.d.ts');
    // Tests and their support, and the test setup, as eslint.config.js leaves them out.
    const test =
      /\.test\.tsx?$|\.test-support\.ts$/.test(name) || ['test-playground.ts', 'setup-tests.ts'].includes(name);
    return source && !test ? [path] : [];
  });
}

describe('no module-level state', { timeout: 120_000 }, () => {
  it.each([
    ['a let', 'let count = 0;\nexport const next = () => ++count;\n', 'variable'],
    ['an exported let', 'export let current: string | null = null;\n', 'variable'],
    ['a var', 'var seen = false;\nexport const look = () => seen;\n', 'variable'],
    [
      'an empty Set to fill',
      'const listeners = new Set<() => void>();\nexport const n = () => listeners.size;\n',
      'instance',
    ],
    ['an empty Map', 'export const cache = new Map<string, number>() as Map<string, number>;\n', 'instance'],
    ['a client', 'class Client {}\nexport const client = new Client();\n', 'instance'],
    [
      'a zustand store',
      "import { createStore } from 'zustand/vanilla';\nexport const s = createStore(() => ({}));\n",
      'store',
    ],
    [
      'a curried zustand store',
      "import { create } from 'zustand';\nexport const use = create<{ n: number }>()(() => ({ n: 0 }));\n",
      'store',
    ],
  ])('refuses %s', async (_what, code, messageId) => {
    expect(await refusals(code)).toEqual([`local/no-module-state:${messageId}`]);
  });

  it.each([
    [
      'a constant table',
      "const LEVELS = new Set(['log', 'warn']);\nexport const isLevel = (s: string) => LEVELS.has(s);\n",
    ],
    [
      'a memo keyed by objects',
      'const memo = new WeakMap<object, number>();\nexport const m = (o: object) => memo.get(o);\n',
    ],
    ['state made in a factory', 'export function make() {\n  let n = 0;\n  return () => ++n;\n}\n'],
    ['a constant', "export const NAME = 'x';\n"],
  ])('allows %s', async (_what, code) => {
    expect(await refusals(code)).toEqual([]);
  });

  it('src/ holds none outside the composition root, and no line of it silences the rule', async () => {
    const results = await eslint.lintFiles(sourceFiles('src'));
    const found = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'local/no-module-state').map((m) => `${r.filePath}:${m.line} ${m.message}`),
    );
    expect(found).toEqual([]);
    const suppressed = results.flatMap((r) =>
      r.suppressedMessages
        .filter((m) => m.ruleId === 'local/no-module-state')
        .map((m) => `${r.filePath.slice(process.cwd().length + 1)}:${m.line}`),
    );
    expect(suppressed).toEqual([]);
  });
});
