import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './tool';
import { createToolRegistry, DuplicateToolNameError, findDuplicateToolName } from './tool-registry';

const make = (name: string, description: string, source: 'preset' | 'user' = 'preset') =>
  defineTool({ name, description, source, schema: z.object({}), execute: () => '' });

describe('createToolRegistry', () => {
  it('finds tools by name', () => {
    const registry = createToolRegistry([make('a', 'first'), make('b', 'second')]);
    expect(registry.get('b')?.description).toBe('second');
    expect(registry.get('c')).toBeUndefined();
    expect(registry.tools.map((t) => t.name)).toEqual(['a', 'b']);
  });

  it('refuses a duplicate name, naming both tools, never overwriting', () => {
    const first = make('calculate', 'Preset calculator');
    const second = make('calculate', 'My own calculator', 'user');
    expect(() => createToolRegistry([first, second])).toThrow(DuplicateToolNameError);
    try {
      createToolRegistry([first, second]);
    } catch (error) {
      const e = error as DuplicateToolNameError;
      expect(e.first).toBe(first);
      expect(e.second).toBe(second);
      expect(e.message).toContain('Preset calculator');
      expect(e.message).toContain('My own calculator');
      expect(e.message).toContain('preset tool');
      expect(e.message).toContain('user tool');
    }
  });

  it('findDuplicateToolName reports the message or null', () => {
    expect(findDuplicateToolName([make('a', 'x'), make('b', 'y')])).toBeNull();
    expect(findDuplicateToolName([make('a', 'x'), make('a', 'y')])).toMatch(/named "a"/);
  });
});
