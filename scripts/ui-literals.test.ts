// The no-literal rule for components (uiLiteralSelectors in eslint.config.js): every selector fires on the English
// it is meant to catch and stays quiet on translated text and on code; a component not on the unswept list is
// checked; and the unswept list holds only files that still need sweeping (it only shrinks).
import { existsSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { UNSWEPT_COMPONENTS, uiLiteralSelectors } from '../eslint.config.js';

const eslint = new ESLint({ cwd: process.cwd() });

async function literalErrors(source: string, filePath = 'src/ui/literal-probe.tsx'): Promise<number> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').length;
}

const component = (jsx: string) => `export function Probe({ t, on }: { t: (k: string) => string; on: boolean }) {
  return (${jsx});
}
`;

describe('components speak through the catalogs', { timeout: 120_000 }, () => {
  it.each([
    ['text between tags', '<p>Press Step</p>'],
    ['an accessible name', '<button aria-label="Close">x</button>'],
    ['a title', '<span title="Tokens sent">1</span>'],
    ['a placeholder', '<input placeholder="type here" />'],
    ['a string child', "<p>{'Nothing yet'}</p>"],
    ['a conditional child', "<p>{on ? 'Running' : ''}</p>"],
    ['a template child', '<p>{`Turn ${on}`}</p>'],
  ])('refuses %s', async (_, jsx) => {
    expect(await literalErrors(component(jsx))).toBe(1);
  });

  it.each([
    ['translated text', "<p>{t('step')}</p>"],
    ['punctuation and numbers', "<p>{' → '}· 3</p>"],
    ['code', '<p><code>finish_reason</code> <kbd>Esc</kbd></p>'],
    ['a class name', '<p className="muted small">{t(\'x\')}</p>'],
  ])('accepts %s', async (_, jsx) => {
    expect(await literalErrors(component(jsx))).toBe(0);
  });

  it('checks tests of components nowhere, and unswept components only once they leave the list', async () => {
    const jsx = component('<p>Press Step</p>');
    expect(await literalErrors(jsx, 'src/ui/literal-probe.test.tsx')).toBe(0);
    const listed = UNSWEPT_COMPONENTS[0];
    if (listed !== undefined) expect(await literalErrors(jsx, listed)).toBe(0);
  });

  it('lists only components that exist and still hold English literals', async () => {
    for (const file of UNSWEPT_COMPONENTS) expect(existsSync(file), `${file} is gone: unlist it`).toBe(true);
    // The rule switched on for the listed files too: each must still break it, or it leaves the list.
    const strict = new ESLint({
      cwd: process.cwd(),
      overrideConfig: {
        files: ['src/**/*.tsx'],
        rules: { 'no-restricted-syntax': ['error', ...uiLiteralSelectors.map((selector) => ({ selector }))] },
      },
    });
    const results = await strict.lintFiles([...UNSWEPT_COMPONENTS]);
    const clean = results
      .filter((r) => !r.messages.some((m) => m.ruleId === 'no-restricted-syntax'))
      .map((r) => r.filePath);
    expect(clean, 'swept: remove these from UNSWEPT_COMPONENTS').toEqual([]);
  });
});
