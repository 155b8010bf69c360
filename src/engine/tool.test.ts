import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, errorMessage, jsonSchemaValidator, toDefinition, zodToToolSchema } from './tool';

describe('zodToToolSchema', () => {
  const schema = z.object({
    city: z.string().describe('The city name.'),
    days: z.number().int().min(1).max(7).describe('How many days.'),
    unit: z.enum(['c', 'f']).optional().describe('Temperature unit.'),
  });

  it('drops $schema, keeps additionalProperties false, required and descriptions', () => {
    const json = zodToToolSchema(schema);
    expect(json).not.toHaveProperty('$schema');
    expect(json).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'The city name.' },
        days: { type: 'integer', minimum: 1, maximum: 7, description: 'How many days.' },
        unit: { type: 'string', enum: ['c', 'f'], description: 'Temperature unit.' },
      },
      required: ['city', 'days'],
      additionalProperties: false,
    });
  });

  it('defineTool exposes the schema, the flags and a validator that lists issues with paths', () => {
    const tool = defineTool({
      name: 'weather',
      description: 'Forecast.',
      schema,
      returnDirect: true,
      execute: () => 'ok',
    });
    expect(tool.inputSchema).toEqual(zodToToolSchema(schema));
    expect(tool.returnDirect).toBe(true);
    expect(tool.needsApproval).toBe(false);
    expect(tool.source).toBe('preset');
    expect(tool.validate({ city: 'Seoul', days: 2 })).toEqual({ ok: true, value: { city: 'Seoul', days: 2 } });
    const bad = tool.validate({ city: 3, days: 9, extra: true });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.some((i) => i.startsWith('city:'))).toBe(true);
      expect(bad.error.some((i) => i.startsWith('days:'))).toBe(true);
    }
    // z.object strips keys it does not know (as Spring's Jackson mapper ignores unknown properties).
    expect(tool.validate({ city: 'Seoul', days: 2, extra: true })).toEqual({
      ok: true,
      value: { city: 'Seoul', days: 2 },
    });
    expect(tool.validate('nope')).toMatchObject({ ok: false, error: [expect.stringMatching(/^\(root\): /)] });
    expect(Object.keys(toDefinition(tool)).sort()).toEqual(
      ['description', 'inputSchema', 'name', 'needsApproval', 'returnDirect', 'source'].sort(),
    );
  });
});

describe('jsonSchemaValidator', () => {
  it('validates against a pasted JSON Schema', () => {
    const made = jsonSchemaValidator({
      type: 'object',
      properties: { sku: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } },
      required: ['sku'],
      additionalProperties: false,
    });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(made.value({ sku: 'A', quantity: 2 }).ok).toBe(true);
    expect(made.value({ quantity: 2 }).ok).toBe(false);
    expect(made.value({ sku: 'A', quantity: 0 }).ok).toBe(false);
    expect(made.value({ sku: 'A', more: 1 }).ok).toBe(false);
  });

  it('refuses non-objects and non-object schemas with a reason', () => {
    expect(jsonSchemaValidator([] as never)).toEqual({ ok: false, error: 'The input schema must be a JSON object.' });
    const wrongType = jsonSchemaValidator({ type: 'string' });
    expect(wrongType.ok).toBe(false);
    if (!wrongType.ok) expect(wrongType.error).toContain('"type": "object"');
  });
});

describe('errorMessage', () => {
  it('reads errors, strings and other values', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage(new TypeError())).toBe('TypeError');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage({ a: 1 })).toBe('{"a":1}');
  });
});
