import { describe, expect, it } from 'vitest';
import { checkJsonSchemaText, checkToolInputSchema } from './json-schema-check';
import { problemsEnglish } from './problems';

describe('checking a pasted JSON Schema', () => {
  it('accepts a tool input schema and validates with it', () => {
    const check = checkJsonSchemaText(
      '{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"sku":{"type":"string"}},"required":["sku"]}',
    );
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.value.schema).not.toHaveProperty('$schema');
    expect(check.value.validate({ sku: 'A1' }).ok).toBe(true);
    expect(check.value.validate({}).ok).toBe(false);
  });

  it.each([
    ['not JSON', '{"type": "object",', 'not valid JSON'],
    ['not an object', '[1]', 'must be a JSON object'],
    ['not an object schema', '{"type": "string"}', '"type": "object"'],
    ['an unknown type', '{"type":"object","properties":{"a":{"type":"strnig"}}}', 'properties.a'],
    ['properties that are not a map of schemas', '{"type":"object","properties":5}', 'properties'],
    ['required that is not an array', '{"type":"object","required":"a"}', 'required'],
    [
      'a required name with no property',
      '{"type":"object","properties":{"a":{"type":"string"}},"required":["b"]}',
      '"b" is required',
    ],
    ['a bad minLength', '{"type":"object","properties":{"a":{"type":"string","minLength":"x"}}}', 'minLength'],
    ['an empty enum', '{"type":"object","properties":{"a":{"enum":[]}}}', 'enum'],
    ['a dangling $ref', '{"type":"object","properties":{"a":{"$ref":"#/defs/x"}}}', 'Not a valid JSON Schema'],
  ])('refuses %s with a clear message', (_label, text, fragment) => {
    const check = checkJsonSchemaText(text);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(problemsEnglish(check.error)).toContain(fragment);
  });

  it('refuses null', () => {
    expect(checkToolInputSchema(null).ok).toBe(false);
  });
});
