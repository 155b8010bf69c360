// The no-literal rule for components (uiLiteralSelectors in eslint.config.js): every selector fires on the English
// it is meant to catch and stays quiet on translated text and on code; every component is checked (the sweep is
// finished: no component is exempt), tests of components are not.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

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

  it('checks every component but the tests of components', async () => {
    const jsx = component('<p>Press Step</p>');
    expect(await literalErrors(jsx, 'src/ui/literal-probe.test.tsx')).toBe(0);
    expect(await literalErrors(jsx, 'src/runtimes/webllm/webllm-panel.tsx')).toBe(1);
    expect(await literalErrors(jsx, 'src/ui/tool-studio/tool-studio.tsx')).toBe(1);
  });
});
