import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ParamField, ParamShape, ParamType } from './param-form';
import {
  checkParamForm,
  emptyShape,
  formToJsonSchema,
  formToZod,
  formToZodSource,
  jsonSchemaToForm,
  newField,
  withType,
} from './param-form';

const field = (name: string, type: ParamType, extra: Partial<ParamField> = {}): ParamField => ({
  ...newField(name, type),
  ...extra,
});

describe('parameter form → zod → JSON Schema', () => {
  const form: ParamField[] = [
    field('operation', 'string', { description: 'What to do', enumValues: ['add', 'subtract'] }),
    field('a', 'number'),
    field('count', 'integer', { required: false }),
    field('options', 'object', { properties: [field('verbose', 'boolean', { required: false })] }),
    field('tags', 'array', { items: { ...emptyShape('string'), description: 'A tag' } }),
    field('level', 'integer', { enumValues: ['1', '2', '3'] }),
  ];

  it('produces the JSON Schema the model receives', () => {
    expect(formToJsonSchema(form)).toEqual({
      type: 'object',
      properties: {
        operation: { type: 'string', enum: ['add', 'subtract'], description: 'What to do' },
        a: { type: 'number' },
        count: { type: 'integer' },
        options: {
          type: 'object',
          properties: { verbose: { type: 'boolean' } },
          additionalProperties: false,
        },
        tags: { type: 'array', items: { type: 'string', description: 'A tag' } },
        level: { type: 'number', enum: [1, 2, 3] },
      },
      required: ['operation', 'a', 'options', 'tags', 'level'],
      additionalProperties: false,
    });
  });

  it('validates with the zod schema it builds', () => {
    const schema = formToZod(form);
    expect(schema.safeParse({ operation: 'add', a: 1, options: {}, tags: ['x'], level: 2 }).success).toBe(true);
    expect(schema.safeParse({ operation: 'mul', a: 1, options: {}, tags: [], level: 2 }).success).toBe(false);
    expect(schema.safeParse({ operation: 'add', a: 1, options: {}, tags: [], level: 2, extra: 1 }).success).toBe(false);
    expect(schema.safeParse({ operation: 'add', a: 1, count: 1.5, options: {}, tags: [], level: 2 }).success).toBe(
      false,
    );
  });

  it('shows zod source that builds the same schema', () => {
    const source = formToZodSource(form);
    expect(source).toContain('operation: z.enum(["add", "subtract"]).describe("What to do"),');
    expect(source).toContain('count: z.int().optional(),');
    const rebuilt = new Function('z', `return ${source}`)(z) as z.ZodType;
    expect(z.toJSONSchema(rebuilt)).toEqual(z.toJSONSchema(formToZod(form)));
  });

  it('round-trips arbitrary forms through zod source and back from JSON Schema', () => {
    const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,6}$/);
    const scalar = fc.constantFrom<ParamType>('string', 'number', 'integer', 'boolean');
    const shape: fc.Arbitrary<ParamShape> = fc.letrec<{ shape: ParamShape }>((tie) => ({
      shape: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        scalar.chain((type) =>
          fc.record({
            type: fc.constant(type),
            description: fc.constantFrom('', 'Some text'),
            enumValues:
              type === 'string' ? fc.uniqueArray(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 }) : fc.constant([]),
            properties: fc.constant([]),
            items: fc.constant(null),
          }),
        ),
        fc.record({
          type: fc.constant<ParamType>('array'),
          description: fc.constant(''),
          enumValues: fc.constant([]),
          properties: fc.constant([]),
          items: tie('shape'),
        }),
        fc.record({
          type: fc.constant<ParamType>('object'),
          description: fc.constant(''),
          enumValues: fc.constant([]),
          properties: fc
            .uniqueArray(fc.tuple(name, tie('shape'), fc.boolean()), { selector: (t) => t[0], maxLength: 3 })
            .map((l) => l.map(([n, s, required]) => ({ ...s, name: n, required }))),
          items: fc.constant(null),
        }),
      ),
    })).shape;
    const formArb = fc
      .uniqueArray(fc.tuple(name, shape, fc.boolean()), { selector: (t) => t[0], maxLength: 4 })
      .map((l) => l.map(([n, s, required]): ParamField => ({ ...s, name: n, required })));
    fc.assert(
      fc.property(formArb, (generated) => {
        expect(checkParamForm(generated)).toEqual([]);
        const rebuilt = new Function('z', `return ${formToZodSource(generated)}`)(z) as z.ZodType;
        expect(z.toJSONSchema(rebuilt)).toEqual(z.toJSONSchema(formToZod(generated)));
        const back = jsonSchemaToForm(formToJsonSchema(generated));
        expect(back).not.toBeNull();
        expect(formToJsonSchema(back!)).toEqual(formToJsonSchema(generated));
      }),
      { numRuns: 150 },
    );
  });

  it('reports every problem of a form with its path', () => {
    const problems = checkParamForm([
      field('', 'string'),
      field('1x', 'string'),
      field('a', 'number'),
      field('a', 'number'),
      field('n', 'integer', { enumValues: ['1', '1.5', 'x'] }),
      field('o', 'object', { properties: [field('bad name', 'string')] }),
    ]);
    expect(problems).toEqual([
      '#1: a parameter needs a name.',
      '1x: names use letters, digits and _ and do not start with a digit.',
      'a: the name "a" is used twice.',
      'n: allowed value "1.5" is not an integer.',
      'n: allowed value "x" is not a number.',
      'o.bad name: names use letters, digits and _ and do not start with a digit.',
    ]);
  });

  it('keeps what applies when a type changes', () => {
    const f = field('x', 'string', { description: 'd', enumValues: ['a'] });
    expect(withType(f, 'array')).toMatchObject({
      type: 'array',
      description: 'd',
      enumValues: [],
      items: { type: 'string' },
    });
    expect(withType(f, 'number')).toMatchObject({ enumValues: ['a'] });
  });

  it('refuses to turn schemas the form cannot express into a form', () => {
    expect(jsonSchemaToForm({ type: 'object', properties: { a: { type: 'number', minimum: 0 } } })).toBeNull();
    expect(jsonSchemaToForm({ type: 'object', properties: { a: { anyOf: [{ type: 'string' }] } } })).toBeNull();
  });
});
