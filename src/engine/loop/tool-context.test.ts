import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../tool';
import { checkToolContext, toolDefinitionTokens } from './tool-context';

function tool(i: number): ToolDefinition {
  return {
    name: `svc_${i}_lookup`,
    description: `Looks up record ${i}; returns its fields.`,
    inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    source: 'mcp',
    returnDirect: false,
    needsApproval: false,
  } as ToolDefinition;
}

describe('do the exposed tools fit the model’s context', () => {
  it('estimates the definitions’ tokens from their JSON', () => {
    const one = toolDefinitionTokens([tool(1)]);
    expect(one).toBeGreaterThan(20);
    expect(one).toBeLessThan(60);
    expect(toolDefinitionTokens([])).toBe(0);
  });

  it('says over when 10,000 tools exceed a 4,096-token context, near past half, fits below', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => tool(i));
    const over = checkToolContext(many, 4096);
    expect(over.kind).toBe('over');
    if (over.kind === 'over') expect(over.share).toBeGreaterThan(50);
    const few = [tool(1), tool(2)];
    const tokens = toolDefinitionTokens(few);
    expect(checkToolContext(few, tokens * 1.5).kind).toBe('near');
    expect(checkToolContext(few, tokens * 4).kind).toBe('fits');
    expect(checkToolContext(few, undefined)).toEqual({ kind: 'unknown', tokens });
  });
});
