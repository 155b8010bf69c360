import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_SETTINGS } from '../loop/events';
import { exposedDefinitions } from '../loop/request';
import { EMPTY_WORKSPACE } from '../loop/workspace';
import { createPresetTools } from '../presets';
import { createFakeClock } from '../test-support';
import { defineTool, toDefinition } from '../tool';
import { executeToolCall } from '../loop/tool-execution';
import { createToolRegistry } from '../tool-registry';
import { augmentationOf, augmentSchema, augmentTool, isAugmented } from './augmented-tool';

const clock = createFakeClock();
const discount = () => createPresetTools().find((t) => t.name === 'discount')!;

describe('the augmented schema', () => {
  it('adds innerThought (required) and confidence beside the tool’s own parameters, once', () => {
    const schema = augmentTool(discount()).inputSchema;
    expect(schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['price', 'percent', 'innerThought'],
      properties: {
        price: { type: 'number' },
        innerThought: { type: 'string', description: 'Your reasoning for calling this tool' },
        confidence: { type: 'string', description: 'Confidence level (low, medium, high)' },
      },
    });
    expect(augmentSchema(schema)).toEqual(schema);
    expect(isAugmented({ inputSchema: schema })).toBe(true);
    expect(isAugmented(discount())).toBe(false);
  });

  it('gives a schema without properties the augmented ones', () => {
    expect(augmentSchema({ type: 'object' })).toEqual({
      type: 'object',
      properties: {
        innerThought: { type: 'string', description: 'Your reasoning for calling this tool' },
        confidence: { type: 'string', description: 'Confidence level (low, medium, high)' },
      },
      required: ['innerThought'],
    });
  });
});

describe('the augmented tool', () => {
  it('strips the augmented fields before the tool runs and records them with what the tool received', async () => {
    let received: unknown = null;
    const spy = defineTool({
      name: 'spy',
      description: 'Records its arguments.',
      schema: z.object({ a: z.number() }).strict(),
      execute: (args) => {
        received = args;
        return 'ok';
      },
    });
    const tool = augmentTool(spy);
    const call = {
      id: 'call_1',
      name: 'spy',
      argumentsText: '{"a": 1, "innerThought": "Need a", "confidence": "high"}',
    };
    const outcome = await executeToolCall(
      call,
      { kind: 'approve' },
      {
        registry: createToolRegistry([tool]),
        exceptionMode: 'send-to-model',
        now: clock.now,
        signal: new AbortController().signal,
      },
    );
    expect(received).toEqual({ a: 1 });
    expect(outcome).toMatchObject({ kind: 'result', disposition: 'executed', result: { text: 'ok' } });
    expect(outcome.kind === 'result' && augmentationOf(outcome.result.metadata)).toEqual({
      augmented: { innerThought: 'Need a', confidence: 'high' },
      toolReceived: '{"a":1}',
    });
  });

  it('refuses a call without innerThought, and still checks the tool’s own arguments', () => {
    const tool = augmentTool(discount());
    expect(tool.validate({ price: 100, percent: 10 })).toEqual({
      ok: false,
      error: ['innerThought: required (an augmented argument)'],
    });
    const both = tool.validate({ price: 'x', percent: 10, innerThought: 3 });
    expect(both.ok).toBe(false);
    expect(!both.ok && both.error[0]).toBe('innerThought: expected a string');
    expect(!both.ok && both.error.some((e) => e.startsWith('price'))).toBe(true);
  });

  it('runs the real discount preset with only its own arguments (its schema forbids extra ones)', async () => {
    const tool = augmentTool(discount());
    const valid = tool.validate({ price: 35000, percent: 18, innerThought: 'exact arithmetic' });
    expect(valid.ok).toBe(true);
    const ctx = { now: clock.now, signal: new AbortController().signal, callId: 'c' };
    const result = await tool.execute(valid.ok ? valid.value : null, ctx);
    expect(result).toMatchObject({ text: '28700', isError: false });
    // Called directly, with the raw arguments, it strips them too.
    expect(await tool.execute({ price: 100, percent: 50, confidence: 'low' }, ctx)).toMatchObject({ text: '50' });
  });
});

describe('augmentation in the workspace', () => {
  it('the request’s tools carry the augmented schemas exactly while the setting is on', () => {
    const catalog = createPresetTools().map(toDefinition);
    const workspace = { ...EMPTY_WORKSPACE, exposed: ['discount', 'calculate'] };
    const off = exposedDefinitions(workspace, catalog);
    const on = exposedDefinitions({ ...workspace, settings: { ...DEFAULT_SETTINGS, augmentArguments: true } }, catalog);
    expect(off.ok && off.value.every((t) => !isAugmented(t))).toBe(true);
    expect(on.ok && on.value.map((t) => isAugmented(t))).toEqual([true, true]);
  });
});
