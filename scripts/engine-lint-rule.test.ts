// The rule that keeps src/engine/ pure: linting a file there that imports React (or zustand, web-llm, idb)
// must fail, and the same import outside the engine must pass.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function messagesFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

// ESLint's first run loads the whole typescript-eslint config: slow on a busy 2-core machine.
describe('the engine purity lint rule', { timeout: 60_000 }, () => {
  it.each([
    ["import { useState } from 'react';", 'React'],
    ["import { create } from 'zustand';", 'zustand'],
    ["import { CreateMLCEngine } from '@mlc-ai/web-llm';", 'runtime library'],
    ["import { openDB } from 'idb';", 'storage'],
  ])('refuses %s in src/engine/', async (line, word) => {
    const messages = await messagesFor('src/engine/lint-probe.ts', `${line}\nexport const probe = 1;\n`);
    expect(messages.some((m) => m.startsWith('no-restricted-imports') && m.includes(word))).toBe(true);
  });

  it('refuses the DOM globals in src/engine/', async () => {
    const messages = await messagesFor('src/engine/lint-probe.ts', 'export const title = document.title;\n');
    expect(messages.some((m) => m.startsWith('no-restricted-globals'))).toBe(true);
  });

  it('allows React outside the engine', async () => {
    const messages = await messagesFor(
      'src/ui/lint-probe.tsx',
      "import { useState } from 'react';\nexport const probe = useState;\n",
    );
    expect(messages.filter((m) => m.startsWith('no-restricted'))).toEqual([]);
  });
});
