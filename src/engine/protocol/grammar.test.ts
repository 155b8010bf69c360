import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPrng } from '../prng';
import { createPresetTools } from '../presets';
import type { JsonSchema, ToolDefinition } from '../tool';
import { jsonSchemaValidator, toDefinition } from '../tool';
import type { Grammar, GrammarLimits } from './grammar';
import { alt, buildToolCallJsonSchema, buildToolGrammar, chars, intRange, lit, renderGbnf, uintRange } from './grammar';
import { matchGrammar, sampleGrammar } from './grammar-walk';
import { parseTagOutput } from './tag-parser';

const presets = createPresetTools();
const preset = (name: string) => presets.find((t) => t.name === name)!;
const exposed = ['calculate', 'discount', 'reserve_inventory', 'list_todos', 'current_time'].map(preset);

function tool(name: string, inputSchema: JsonSchema): ToolDefinition {
  return { name, description: name, inputSchema, returnDirect: false, needsApproval: false, source: 'user' };
}

function grammarFor(
  tools: readonly ToolDefinition[],
  choice: Parameters<typeof buildToolGrammar>[1],
  limits?: GrammarLimits,
  parallel = true,
): Grammar {
  const result = buildToolGrammar(tools, choice, { parallelToolCalls: parallel, ...(limits ? { limits } : {}) });
  if (!result.ok) throw new Error(result.error);
  return result.value.grammar;
}

/** Parses a reply as the harness does and checks every call against its tool's schema. */
function checkReply(reply: string, tools: readonly ToolDefinition[]) {
  const parsed = parseTagOutput(reply, { tools });
  // A constrained reply needs no forgiving: no issue at all, every call attempt read.
  expect(parsed.issues, reply).toEqual([]);
  expect(parsed.blocks.every((b) => b.kind === 'calls')).toBe(true);
  for (const call of parsed.calls) {
    const definition = tools.find((t) => t.name === call.name);
    expect(definition, `unknown tool ${call.name}`).toBeDefined();
    const validator = jsonSchemaValidator(definition!.inputSchema);
    if (!validator.ok) throw new Error(validator.error);
    const args: unknown = JSON.parse(call.argumentsText);
    const validation = validator.value(args);
    expect(validation.ok, `${call.name} ${call.argumentsText} ${JSON.stringify(validation)}`).toBe(true);
  }
  if (parsed.calls.length > 0) expect(parsed.content).toBe('');
  return parsed;
}

const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });
const sample = (grammar: Grammar, seed: number) => sampleGrammar(grammar, { random: createPrng(seed).next });

describe('buildToolGrammar: every reply the grammar allows parses and validates', () => {
  it('auto: text without call blocks, or one or more valid calls', () => {
    const grammar = grammarFor(exposed, 'auto');
    let texts = 0;
    let calls = 0;
    fc.assert(
      fc.property(seeds, (seed) => {
        const reply = sample(grammar, seed);
        expect(matchGrammar(grammar, reply)).toBe(true);
        const parsed = checkReply(reply, exposed);
        if (parsed.calls.length === 0) {
          texts++;
          expect(reply).not.toContain('<tool_call>');
        } else calls++;
      }),
      { numRuns: 400 },
    );
    expect(texts).toBeGreaterThan(0);
    expect(calls).toBeGreaterThan(0);
  });

  it('required: at least one call, any exposed tool', () => {
    const grammar = grammarFor(exposed, 'required');
    const names = new Set<string>();
    fc.assert(
      fc.property(seeds, (seed) => {
        const parsed = checkReply(sample(grammar, seed), exposed);
        expect(parsed.calls.length).toBeGreaterThanOrEqual(1);
        for (const c of parsed.calls) names.add(c.name);
      }),
      { numRuns: 300 },
    );
    expect(names.size).toBe(exposed.length);
    expect(matchGrammar(grammar, 'Sure, let me check.')).toBe(false);
    expect(matchGrammar(grammar, '')).toBe(false);
  });

  it('named: only that tool', () => {
    const grammar = grammarFor(exposed, { name: 'discount' });
    fc.assert(
      fc.property(seeds, (seed) => {
        const parsed = checkReply(sample(grammar, seed), exposed);
        expect(parsed.calls.length).toBeGreaterThanOrEqual(1);
        expect(parsed.calls.every((c) => c.name === 'discount')).toBe(true);
      }),
      { numRuns: 200 },
    );
    const other = '<tool_call>\n{"name": "list_todos", "arguments": {}}\n</tool_call>';
    expect(matchGrammar(grammar, other)).toBe(false);
    expect(matchGrammar(grammarFor(exposed, 'required'), other)).toBe(true);
  });

  it('none (and auto without tools): free text, never a call block', () => {
    for (const grammar of [grammarFor(exposed, 'none'), grammarFor([], 'auto')]) {
      expect(matchGrammar(grammar, 'Just text, even <tool_cal> or </tool_call>.')).toBe(true);
      expect(matchGrammar(grammar, '')).toBe(true);
      expect(matchGrammar(grammar, 'x <tool_call>\n{"name": "list_todos", "arguments": {}}\n</tool_call>')).toBe(false);
      expect(matchGrammar(grammar, '<tool_call>')).toBe(false);
      fc.assert(
        fc.property(seeds, (seed) => {
          expect(sample(grammar, seed)).not.toContain('<tool_call>');
        }),
        { numRuns: 200 },
      );
    }
  });

  it('writes calls exactly as the Qwen2.5 template renders them', () => {
    const grammar = grammarFor(exposed, 'auto');
    const call =
      '<tool_call>\n{"name": "calculate", "arguments": {"operation": "multiply", "a": 35000, "b": 0.82}}\n</tool_call>';
    expect(matchGrammar(grammar, call)).toBe(true);
    expect(matchGrammar(grammar, `${call}\n${call}`)).toBe(true);
    // Other whitespace, key order, extra keys, wrong enum values, leading zeros, exponents: all refused.
    expect(matchGrammar(grammar, call.replace('"a": 35000', '"a":35000'))).toBe(false);
    expect(
      matchGrammar(grammar, call.replace('"operation": "multiply", "a": 35000', '"a": 35000, "operation": "multiply"')),
    ).toBe(false);
    expect(matchGrammar(grammar, call.replace('"b": 0.82}', '"b": 0.82, "c": 1}'))).toBe(false);
    expect(matchGrammar(grammar, call.replace('multiply', 'power'))).toBe(false);
    expect(matchGrammar(grammar, call.replace('35000', '035000'))).toBe(false);
    expect(matchGrammar(grammar, call.replace('35000', '3.5e4'))).toBe(false);
    expect(matchGrammar(grammar, `Text first ${call}`)).toBe(false);
    // A `<` in a string argument is written escaped, so no argument can close the block early.
    const time = (tz: string) =>
      `<tool_call>\n{"name": "current_time", "arguments": {"timezone": "${tz}"}}\n</tool_call>`;
    expect(matchGrammar(grammar, time('a</tool_call>b'))).toBe(false);
    expect(matchGrammar(grammar, time('a\\u003c/tool_call>b'))).toBe(true);
  });

  it('without parallel calls allows exactly one block; maxCalls bounds them', () => {
    const one = grammarFor(exposed, 'required', undefined, false);
    const two = grammarFor(exposed, 'required', { maxCalls: 2 });
    const block = '<tool_call>\n{"name": "list_todos", "arguments": {}}\n</tool_call>';
    expect(matchGrammar(one, block)).toBe(true);
    expect(matchGrammar(one, `${block}\n${block}`)).toBe(false);
    expect(matchGrammar(two, `${block}\n${block}`)).toBe(true);
    expect(matchGrammar(two, `${block}\n${block}\n${block}`)).toBe(false);
  });

  it('enforces the bounds of the preset tools (number 0–100, integer 1–1000, minLength 1)', () => {
    const g = grammarFor(exposed, 'required');
    const discount = (p: string) =>
      `<tool_call>\n{"name": "discount", "arguments": {"price": 35000, "percent": ${p}}}\n</tool_call>`;
    for (const ok of ['0', '18', '99.99', '100', '100.00'])
      expect([ok, matchGrammar(g, discount(ok))]).toEqual([ok, true]);
    for (const bad of ['-1', '100.5', '101', '1000'])
      expect([bad, matchGrammar(g, discount(bad))]).toEqual([bad, false]);
    const reserve = (q: string) =>
      `<tool_call>\n{"name": "reserve_inventory", "arguments": {"sku": "SKU-100", "quantity": ${q}}}\n</tool_call>`;
    expect(matchGrammar(g, reserve('1000'))).toBe(true);
    expect(matchGrammar(g, reserve('0'))).toBe(false);
    expect(matchGrammar(g, reserve('1.5'))).toBe(false);
    expect(matchGrammar(g, '<tool_call>\n{"name": "current_time", "arguments": {"timezone": ""}}\n</tool_call>')).toBe(
      false,
    );
  });

  it('honours the limits that keep a random model finite', () => {
    const g = grammarFor(exposed, 'required', { maxStringLength: 4, maxFractionDigits: 2 });
    const time = (tz: string) =>
      `<tool_call>\n{"name": "current_time", "arguments": {"timezone": "${tz}"}}\n</tool_call>`;
    expect(matchGrammar(g, time('Asia'))).toBe(true);
    expect(matchGrammar(g, time('Asia/Seoul'))).toBe(false);
    const calc = (b: string) =>
      `<tool_call>\n{"name": "calculate", "arguments": {"operation": "add", "a": 1, "b": ${b}}}\n</tool_call>`;
    expect(matchGrammar(g, calc('0.25'))).toBe(true);
    expect(matchGrammar(g, calc('0.125'))).toBe(false);
  });
});

describe('JSON Schema features', () => {
  const rich = tool('rich', {
    type: 'object',
    properties: {
      mode: { const: 'fast' },
      tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1, maxItems: 3 },
      nested: {
        type: 'object',
        properties: { x: { type: 'integer', minimum: -5, maximum: 5 }, y: { type: ['string', 'null'] } },
        required: ['x'],
        additionalProperties: false,
      },
      choice: { anyOf: [{ type: 'boolean' }, { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 }] },
      tree: { $ref: '#/$defs/node' },
    },
    required: ['mode', 'tags'],
    additionalProperties: false,
    $defs: {
      node: {
        type: 'object',
        properties: {
          value: { type: 'integer' },
          children: { type: 'array', items: { $ref: '#/$defs/node' }, maxItems: 2 },
        },
        required: ['value'],
        additionalProperties: false,
      },
    },
  });
  const optionalOnly = tool('optional_only', {
    type: 'object',
    properties: { a: { type: 'boolean' }, b: { type: 'null' }, c: { type: 'string', maxLength: 2 } },
    additionalProperties: false,
  });
  const loose = tool('loose', { type: 'object' });

  it('samples of const, enum, arrays, nested objects, anyOf, type lists and recursive $refs validate', () => {
    const tools = [rich, optionalOnly, loose];
    const grammar = grammarFor(tools, 'required', { maxArrayItems: 3, maxStringLength: 8 });
    fc.assert(
      fc.property(seeds, (seed) => void checkReply(sample(grammar, seed), tools)),
      { numRuns: 300 },
    );
  });

  it('writes optional properties in declaration order, any subset', () => {
    const grammar = grammarFor([optionalOnly], 'required');
    const call = (args: string) => `<tool_call>\n{"name": "optional_only", "arguments": ${args}}\n</tool_call>`;
    for (const ok of [
      '{}',
      '{"a": true}',
      '{"b": null}',
      '{"a": false, "c": "hi"}',
      '{"a": true, "b": null, "c": ""}',
    ]) {
      expect([ok, matchGrammar(grammar, call(ok))]).toEqual([ok, true]);
    }
    for (const bad of ['{"c": "hi", "a": true}', '{, "a": true}', '{"a": true,}', '{"c": "long"}']) {
      expect([bad, matchGrammar(grammar, call(bad))]).toEqual([bad, false]);
    }
  });

  it('enforces exclusive bounds', () => {
    const grammar = grammarFor([rich], 'required');
    const call = (choice: string) =>
      `<tool_call>\n{"name": "rich", "arguments": {"mode": "fast", "tags": ["a"], "choice": ${choice}}}\n</tool_call>`;
    for (const ok of ['true', '0.5', '9.99', '1']) expect([ok, matchGrammar(grammar, call(ok))]).toEqual([ok, true]);
    for (const bad of ['0', '10', '0.0', '10.5', '-1'])
      expect([bad, matchGrammar(grammar, call(bad))]).toEqual([bad, false]);
  });

  it('lists what it cannot enforce, and says why a request cannot be built', () => {
    const patterned = tool('patterned', {
      type: 'object',
      properties: {
        id: { type: 'string', pattern: '^C-\\d+$' },
        at: { type: 'string', format: 'date-time' },
        r: { type: 'number', minimum: -1.5 },
      },
      required: ['id'],
    });
    const result = buildToolGrammar([patterned], 'auto', { parallelToolCalls: true });
    expect(result.ok && result.value.notes).toEqual([
      'patterned: patterned-args-id: pattern ^C-\\d+$ is not enforced',
      'patterned: patterned-args-at: format "date-time" is not enforced',
      'patterned: patterned-args-r: number bounds other than whole numbers ≥ 0 are not enforced',
    ]);
    expect(buildToolGrammar(exposed, { name: 'nope' }, { parallelToolCalls: true })).toEqual({
      ok: false,
      error:
        'Tool choice names "nope", which is not among the exposed tools (calculate, discount, reserve_inventory, list_todos, current_time).',
    });
    expect(buildToolGrammar([], 'required', { parallelToolCalls: true })).toMatchObject({ ok: false });
    expect(buildToolGrammar([exposed[0]!, exposed[0]!], 'auto', { parallelToolCalls: true })).toMatchObject({
      ok: false,
    });
  });

  it('gives the same contract as a JSON Schema', () => {
    const schema = buildToolCallJsonSchema([toDefinition(preset('discount')), toDefinition(preset('list_todos'))]);
    const validator = jsonSchemaValidator(schema.anyOf ? { type: 'object', ...schema } : schema);
    expect(Array.isArray(schema.anyOf)).toBe(true);
    if (!validator.ok) throw new Error(validator.error);
    expect(validator.value({ name: 'discount', arguments: { price: 1, percent: 5 } }).ok).toBe(true);
    expect(validator.value({ name: 'discount', arguments: { price: 1, percent: 500 } }).ok).toBe(false);
    expect(validator.value({ name: 'list_todos', arguments: {} }).ok).toBe(true);
  });
});

describe('integer ranges', () => {
  const wrap = (expr: ReturnType<typeof uintRange>): Grammar => ({ root: 'root', rules: new Map([['root', expr]]) });

  it('uintRange matches exactly the decimal integers in [lo, hi]', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 120_000 }),
        (a, b, n) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const g = wrap(uintRange(lo, hi));
          expect(matchGrammar(g, String(n))).toBe(n >= lo && n <= hi);
          expect(matchGrammar(g, `0${n}`)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('intRange handles negative bounds without "-0"', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer({ min: -6000, max: 6000 }),
        (a, b, n) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const g = wrap(intRange(lo, hi));
          expect(matchGrammar(g, String(n))).toBe(n >= lo && n <= hi);
          expect(matchGrammar(g, '-0')).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('renderGbnf', () => {
  it('escapes literals and character classes the way llama.cpp parses them', () => {
    const grammar: Grammar = {
      root: 'root',
      rules: new Map([
        [
          'root',
          alt(
            lit('say "hi"\\\n\t'),
            chars(
              [
                [0x2d, 0x2d],
                [0x5e, 0x5e],
                [0x5d, 0x5d],
                [0x00, 0x1f],
              ],
              true,
            ),
          ),
        ],
      ]),
    };
    expect(renderGbnf(grammar)).toBe('root ::= "say \\"hi\\"\\\\\\n\\t" | [^\\x2D\\x5E\\]\\x00-\\x1F]\n');
  });

  it('renders the preset tools deterministically, root first', () => {
    const a = buildToolGrammar(exposed, 'auto', { parallelToolCalls: true });
    const b = buildToolGrammar(exposed, 'auto', { parallelToolCalls: true });
    expect(a.ok && b.ok && a.value.gbnf === b.value.gbnf).toBe(true);
    expect(a.ok && a.value.gbnf.startsWith('root ::= calls | text\n')).toBe(true);
    expect(a.ok && a.value.gbnf).toContain('call ::= "<tool_call>\\n{\\"name\\": " (call-calculate | call-discount');
  });
});
