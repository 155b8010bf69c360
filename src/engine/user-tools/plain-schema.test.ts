import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSchemaValidator } from '../tool';
import { checkToolInputSchema } from './json-schema-check';

/**
 * A schema of only the keywords json-schema-check verifies in full (and no $ref) gets its zod validator built on
 * first use. That is safe only if zod can always build one for such a schema that passed the check: this property
 * test is the proof the shortcut relies on.
 */
const leafType = fc.constantFrom('string', 'number', 'integer', 'boolean', 'null');
const annotations = fc.record(
  {
    description: fc.string({ maxLength: 20 }),
    title: fc.string({ maxLength: 10 }),
    default: fc.jsonValue({ maxDepth: 1 }),
    examples: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }),
  },
  { requiredKeys: [] },
);
const stringKeywords = fc.record(
  {
    minLength: fc.nat(5),
    maxLength: fc.nat(20),
    pattern: fc.constantFrom('^[a-z]+$', '\\d{3}', '.*', '^(a|b)$'),
    format: fc.constantFrom('email', 'date-time', 'uri', 'uuid', 'date', 'made-up-format'),
  },
  { requiredKeys: [] },
);
const numberKeywords = fc.record(
  {
    minimum: fc.integer({ min: -100, max: 0 }),
    maximum: fc.integer({ min: 0, max: 100 }),
    exclusiveMinimum: fc.integer({ min: -200, max: -101 }),
    exclusiveMaximum: fc.integer({ min: 101, max: 200 }),
  },
  { requiredKeys: [] },
);

const { schema } = fc.letrec<{ schema: unknown; object: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(leafType, annotations, stringKeywords, numberKeywords).map(([type, a, str, num]) => ({
      type,
      ...a,
      ...(type === 'string' ? str : {}),
      ...(type === 'number' || type === 'integer' ? num : {}),
    })),
    fc.record({
      enum: fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean()), { minLength: 1, maxLength: 4 }),
    }),
    fc.record({ const: fc.jsonValue({ maxDepth: 1 }) }),
    fc.record({
      type: fc.constant('array'),
      items: tie('schema'),
      minItems: fc.nat(2),
      maxItems: fc.integer({ min: 2, max: 5 }),
    }),
    fc.record({ anyOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ oneOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ allOf: fc.array(tie('schema'), { minLength: 1, maxLength: 2 }) }),
    fc.record({ type: fc.array(leafType, { minLength: 1, maxLength: 3 }) }),
    fc.record({ not: tie('schema') }),
    fc.constantFrom(true, false),
    tie('object'),
  ),
  object: fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/), tie('schema'), { maxKeys: 4 }).chain((properties) =>
    fc.record({
      type: fc.constant('object'),
      properties: fc.constant(properties),
      required: fc.subarray(Object.keys(properties)),
      additionalProperties: fc.oneof(fc.boolean(), tie('schema')),
    }),
  ),
}));

describe('plain schemas: the lazy validator shortcut', { timeout: 60_000 }, () => {
  it('zod builds a validator for every plain tool input schema that passes the check', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/), schema, { maxKeys: 5 }), (properties) => {
        const input = { type: 'object', properties, required: Object.keys(properties).slice(0, 1) };
        const checked = checkToolInputSchema(input);
        if (!checked.ok) return; // refused with a reason: nothing is built later
        const built = jsonSchemaValidator(input);
        expect(built.ok, built.ok ? '' : built.error).toBe(true);
        checked.value.validate({}); // the lazy validator runs without throwing
      }),
      { numRuns: 400 },
    );
  });
});
