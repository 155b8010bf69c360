import { describe, expect, it } from 'vitest';
import { createToolRegistry } from '../tool-registry';
import { defineTool } from '../tool';
import { executeToolCall } from '../loop/tool-execution';
import { z } from 'zod';
import type { ToolExecutor, ToolRunRequest } from './executor';
import { newUserToolSpec } from './spec';
import type { UserToolSpec } from './spec';
import { specToTool } from './to-tool';
import { copyPresetToSpec, freeName } from './preset-copy';

/** Records what it was asked to run and answers like a sandbox that returned `text`. */
function recordingExecutor(text = 'ok') {
  const calls: ToolRunRequest[] = [];
  const executor: ToolExecutor = {
    async run(request) {
      calls.push(request);
      return {
        outcome: { kind: 'returned', text, truncated: false, originalLength: text.length },
        console: [],
        consoleTruncated: false,
        events: [
          { type: 'started', at: 0, detail: 'started' },
          { type: 'finished', at: 1, detail: 'finished' },
        ],
        durationMs: 1,
      };
    },
  };
  return { executor, calls };
}

const ctx = { now: () => 0, signal: new AbortController().signal, callId: 'call_1' };

describe('a user tool as an engine Tool', () => {
  it('validates with its schema and runs its code through the executor', async () => {
    const { executor, calls } = recordingExecutor('5');
    const compiled = specToTool(newUserToolSpec('1', 'add', 0), executor);
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    const tool = compiled.value;
    expect(tool).toMatchObject({ name: 'add', source: 'user', needsApproval: false });
    expect(tool.inputSchema).toMatchObject({ type: 'object', required: ['a', 'b'] });
    expect(tool.validate({ a: 1, b: 2 }).ok).toBe(true);
    expect(tool.validate({ a: 1 }).ok).toBe(false);
    const result = await tool.execute({ a: 2, b: 3 }, ctx);
    expect(result).toMatchObject({ text: '5', isError: false, metadata: { sandbox: { outcome: 'returned' } } });
    expect(calls[0]).toMatchObject({ toolName: 'add', args: { a: 2, b: 3 }, allowNetwork: false, timeoutMs: 3000 });
  });

  it('goes through the loop’s execution manager: started/finished events land in the call outcome', async () => {
    const { executor } = recordingExecutor('5');
    const compiled = specToTool(newUserToolSpec('1', 'add', 0), executor);
    if (!compiled.ok) throw new Error(compiled.error);
    const outcome = await executeToolCall(
      { id: 'call_1', name: 'add', argumentsText: '{"a":2,"b":3}' },
      { kind: 'approve' },
      {
        registry: createToolRegistry([compiled.value]),
        exceptionMode: 'send-to-model',
        now: () => 0,
        signal: ctx.signal,
      },
    );
    expect(outcome).toMatchObject({ kind: 'result', disposition: 'executed', result: { text: '5' } });
    if (outcome.kind === 'result') {
      expect((outcome.result.metadata.sandbox as { events: { type: string }[] }).events.map((e) => e.type)).toEqual([
        'started',
        'finished',
      ]);
    }
  });

  it('refuses a spec with a bad name or schema, with the reason', () => {
    const { executor } = recordingExecutor();
    expect(specToTool({ ...newUserToolSpec('1', 'bad name', 0) }, executor)).toMatchObject({
      ok: false,
      error: expect.stringContaining('not a valid tool name'),
    });
    const badSchema: UserToolSpec = {
      ...newUserToolSpec('1', 'x', 0),
      parameters: null,
      jsonSchema: { type: 'object', properties: 5 },
    };
    expect(specToTool(badSchema, executor)).toMatchObject({
      ok: false,
      error: expect.stringContaining('Not a valid JSON Schema'),
    });
    const badForm: UserToolSpec = {
      ...newUserToolSpec('1', 'x', 0),
      parameters: [{ ...newUserToolSpec('1', 'x', 0).parameters![0]!, name: '' }],
    };
    expect(specToTool(badForm, executor)).toMatchObject({ ok: false, error: expect.stringContaining('needs a name') });
  });

  it('forces a pause for an MCP tool without a mock, and explains if it is approved anyway', async () => {
    const { executor, calls } = recordingExecutor();
    const spec: UserToolSpec = {
      ...newUserToolSpec('1', 'remote', 0),
      kind: 'mcp',
      code: '',
      needsApproval: false,
      parameters: null,
      jsonSchema: { type: 'object' },
    };
    const compiled = specToTool(spec, executor);
    if (!compiled.ok) throw new Error(compiled.error);
    expect(compiled.value).toMatchObject({ source: 'mcp', needsApproval: true });
    const result = await compiled.value.execute({}, ctx);
    expect(result).toMatchObject({ isError: true, text: expect.stringContaining('write its result by hand') });
    expect(calls).toHaveLength(0);
    const mocked = specToTool({ ...spec, code: 'return "mock"' }, executor);
    if (!mocked.ok) throw new Error(mocked.error);
    expect(mocked.value.needsApproval).toBe(false);
    await mocked.value.execute({}, ctx);
    expect(calls).toHaveLength(1);
  });

  it('is refused next to a preset of the same name, naming both', () => {
    const { executor } = recordingExecutor();
    const preset = defineTool({
      name: 'calculate',
      description: 'Calculator',
      schema: z.object({}),
      execute: () => '',
    });
    const compiled = specToTool(newUserToolSpec('1', 'calculate', 0), executor);
    if (!compiled.ok) throw new Error(compiled.error);
    expect(() => createToolRegistry([preset, compiled.value])).toThrow(
      /Two tools of this request are named "calculate": the preset tool/,
    );
  });
});

describe('copying a preset', () => {
  it('keeps name, description and schema, as a form when it fits, with a code template', () => {
    const preset = defineTool({
      name: 'discount',
      description: 'Applies a discount',
      schema: z.object({ price: z.number().describe('Price'), percent: z.number() }),
      returnDirect: true,
      execute: () => '',
    });
    const spec = copyPresetToSpec(preset, 'new', new Set(['discount', 'discount_copy']), 0);
    expect(spec).toMatchObject({
      name: 'discount_copy_2',
      description: 'Applies a discount',
      returnDirect: true,
      kind: 'code',
      jsonSchema: null,
    });
    expect(spec.parameters?.map((p) => p.name)).toEqual(['price', 'percent']);
    expect(spec.code).toContain('const { price, percent } = args;');
    const { executor } = recordingExecutor();
    const compiled = specToTool(spec, executor);
    expect(compiled.ok && compiled.value.inputSchema).toEqual(preset.inputSchema);
  });

  it('keeps a schema the form cannot express as JSON Schema', () => {
    const preset = defineTool({
      name: 'p',
      description: '',
      schema: z.object({ n: z.number().min(0) }),
      execute: () => '',
    });
    const spec = copyPresetToSpec(preset, 'x', new Set(), 0);
    expect(spec.parameters).toBeNull();
    expect(spec.jsonSchema).toEqual(preset.inputSchema);
  });

  it('finds a free name', () => {
    expect(freeName('a', new Set())).toBe('a');
    expect(freeName('a', new Set(['a', 'a_2']))).toBe('a_3');
  });
});
