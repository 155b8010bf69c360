import { describe, expect, it } from 'vitest';
import { createPrng } from '../prng';
import { buildToolGrammar } from '../protocol/grammar';
import { matchGrammar, sampleGrammar } from '../protocol/grammar-walk';
import { parseTagOutput } from '../protocol/tag-parser';
import type { JsonSchema, ToolDefinition } from '../tool';
import { checkToolInputSchema, findStructurelessRefCycle, SCHEMA_LIMITS } from './json-schema-check';
import { parseMcpToolsListText } from './mcp-import';
import type { StudioProblems } from './problems';
import { problemsEnglish } from './problems';
import type { Result } from '../result';

/** A refused check's problems in English, one per line ('' when it passed). */
const refusedWith = (check: Result<unknown, StudioProblems>) => (check.ok ? '' : problemsEnglish(check.error));

function nested(levels: number): JsonSchema {
  let schema: JsonSchema = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { a: schema } };
  return schema;
}

const cyclic: JsonSchema = {
  type: 'object',
  properties: { x: { $ref: '#/$defs/a' } },
  $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
};

/** A legitimately recursive schema: a tree whose children refer back to the node. */
const tree: JsonSchema = {
  type: 'object',
  properties: { root: { $ref: '#/$defs/node' } },
  required: ['root'],
  additionalProperties: false,
  $defs: {
    node: {
      type: 'object',
      properties: {
        label: { type: 'string', maxLength: 4 },
        children: { type: 'array', items: { $ref: '#/$defs/node' }, maxItems: 2 },
      },
      required: ['label'],
      additionalProperties: false,
    },
  },
};

function tool(name: string, inputSchema: JsonSchema): ToolDefinition {
  return { name, description: name, inputSchema, returnDirect: false, needsApproval: false, source: 'mcp' };
}

describe('hostile schemas are bounded with a clear message', { timeout: 30_000 }, () => {
  it('refuses a schema nested 4,000 levels deep, without a stack overflow', () => {
    expect(refusedWith(checkToolInputSchema(nested(4000)))).toContain(
      `nested more than ${SCHEMA_LIMITS.maxDepth} levels deep`,
    );
    expect(checkToolInputSchema(nested(20)).ok).toBe(true);
  });

  it('refuses a schema with too many nodes or too many characters', () => {
    const wide: Record<string, unknown> = {};
    for (let i = 0; i < 6000; i++) wide[`p${i}`] = { type: 'string' };
    expect(refusedWith(checkToolInputSchema({ type: 'object', properties: wide }))).toContain(
      'more than 5,000 objects and arrays',
    );
    const long = { type: 'object', properties: { a: { type: 'string', description: 'x'.repeat(250_000) } } };
    expect(refusedWith(checkToolInputSchema(long))).toContain('characters long');
  });

  it('refuses a $ref cycle without structure (a → b → a), naming it', () => {
    expect(findStructurelessRefCycle(cyclic)).toBe('#/$defs/a → #/$defs/b → #/$defs/a');
    expect(refusedWith(checkToolInputSchema(cyclic))).toContain(
      '$ref chain #/$defs/a → #/$defs/b → #/$defs/a loops without any structure',
    );
    expect(findStructurelessRefCycle({ type: 'object', $defs: { s: { $ref: '#/$defs/s' } } })).toBe(
      '#/$defs/s → #/$defs/s',
    );
    expect(findStructurelessRefCycle({ type: 'object', allOf: [{ $ref: '#' }] })).toBe('# → #');
    expect(
      findStructurelessRefCycle({
        type: 'object',
        properties: { v: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/w' }] } },
        $defs: { w: { allOf: [{ $ref: '#/properties/v' }] } },
      }),
    ).toBe('#/properties/v → #/$defs/w → #/properties/v');
  });

  it('keeps a legitimately recursive schema: validation works at any depth', () => {
    expect(findStructurelessRefCycle(tree)).toBeNull();
    expect(findStructurelessRefCycle({ type: 'object', properties: { next: { $ref: '#' } } })).toBeNull();
    const check = checkToolInputSchema(tree);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    const good = { root: { label: 'a', children: [{ label: 'b', children: [{ label: 'c' }] }, { label: 'd' }] } };
    expect(check.value.validate(good)).toEqual({ ok: true, value: good });
    const bad = check.value.validate({ root: { label: 'a', children: [{ label: 'b', children: [{ label: 7 }] }] } });
    expect(bad).toEqual({ ok: false, error: [expect.stringContaining('root.children.0.children.0.label')] });
  });

  it('keeps a legitimately recursive schema: the grammar recurses, and what it allows validates', () => {
    const built = buildToolGrammar([tool('plant', tree)], 'required', {
      parallelToolCalls: false,
      limits: { maxArrayItems: 2, maxStringLength: 4 },
    });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.value.notes).toEqual([]);
    const nestedReply =
      '<tool_call>\n{"name": "plant", "arguments": {"root": {"label": "a", "children": [{"label": "b", "children": [{"label": "c"}]}]}}}\n</tool_call>';
    expect(matchGrammar(built.value.grammar, nestedReply)).toBe(true);
    const check = checkToolInputSchema(tree);
    if (!check.ok) throw new Error(problemsEnglish(check.error));
    for (let seed = 1; seed <= 40; seed++) {
      const reply = sampleGrammar(built.value.grammar, { random: createPrng(seed).next });
      const [call] = parseTagOutput(reply).calls;
      expect(check.value.validate(JSON.parse(call!.argumentsText)).ok).toBe(true);
    }
  });

  it('builds a finite grammar even if a structureless cycle reaches it, and says so', () => {
    const built = buildToolGrammar([tool('loop', cyclic)], 'required', { parallelToolCalls: false });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.value.notes).toEqual([expect.stringContaining('loops back to itself without structure')]);
    // Every rule derives a finite text: sampling terminates.
    expect(sampleGrammar(built.value.grammar, { random: createPrng(3).next })).toContain('"name": "loop"');
  });

  it('an MCP import names the deep and the cyclic tools and imports the others', () => {
    let n = 0;
    // Written as text: JSON.stringify itself recurses and would overflow on 4,000 levels.
    const deep = `${'{"type":"object","properties":{"a":'.repeat(4000)}{"type":"string"}${'}}'.repeat(4000)}`;
    const text = `{"tools":[{"name":"deep","inputSchema":${deep}},${JSON.stringify({ name: 'cyclic', inputSchema: cyclic })},${JSON.stringify({ name: 'plant', inputSchema: tree })}]}`;
    const result = parseMcpToolsListText(text, () => `id-${++n}`, 0);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.tools.map((t) => t.name)).toEqual(['plant']);
    expect(result.value.problems).toEqual([
      expect.stringMatching(/^Tool 1 \("deep"\): inputSchema — The schema is nested more than 64 levels deep/),
      expect.stringMatching(/^Tool 2 \("cyclic"\): inputSchema — The schema's \$ref chain/),
    ]);
  });
});
