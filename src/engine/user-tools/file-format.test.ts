import { describe, expect, it } from 'vitest';
import { exportUserTools, importUserTools, USER_TOOLS_FORMAT } from './file-format';
import { newUserToolSpec } from './spec';

describe('the user tools file', () => {
  const tools = [
    newUserToolSpec('a', 'add', 1),
    { ...newUserToolSpec('b', 'other', 2), parameters: null, jsonSchema: { type: 'object' } },
  ];

  it('round-trips', () => {
    const result = importUserTools(exportUserTools(tools, 0));
    expect(result).toEqual({ ok: true, value: { tools, problems: [] } });
  });

  it('refuses a foreign or corrupted file with a reason', () => {
    expect(importUserTools('nope')).toMatchObject({ ok: false, error: expect.stringContaining('not JSON') });
    expect(importUserTools('{"tools": []}')).toMatchObject({
      ok: false,
      error: expect.stringContaining('not a Tool Loop Playground tools file'),
    });
    expect(importUserTools(JSON.stringify({ format: USER_TOOLS_FORMAT, version: 9, tools: [] }))).toMatchObject({
      ok: false,
      error: expect.stringContaining('version 9'),
    });
  });

  it('reports bad entries and keeps the good ones', () => {
    const text = JSON.stringify({
      format: USER_TOOLS_FORMAT,
      version: 1,
      tools: [tools[0], { ...tools[0], id: 'c' }, { id: 'x', name: 'broken' }, { ...tools[1], parameters: [] }],
    });
    const result = importUserTools(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.tools.map((t) => t.id)).toEqual(['a']);
    expect(result.value.problems).toEqual([
      'Tool 2: the name "add" appears twice in the file.',
      expect.stringMatching(/^Tool 3: /),
      expect.stringContaining('exactly one of them'),
    ]);
  });
});
