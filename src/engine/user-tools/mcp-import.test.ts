import { describe, expect, it } from 'vitest';
import { parseMcpToolsListText } from './mcp-import';

let n = 0;
const newId = () => `id-${++n}`;

const weather = {
  name: 'get_weather',
  title: 'Weather',
  description: 'Current weather for a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

describe('importing an MCP tools/list result', () => {
  it.each([
    ['the JSON-RPC response', { jsonrpc: '2.0', id: 1, result: { tools: [weather] } }],
    ['the result', { tools: [weather], nextCursor: 'abc' }],
    ['a bare array', [weather]],
  ])('reads %s', (_label, value) => {
    const result = parseMcpToolsListText(JSON.stringify(value), newId, 5);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.problems).toEqual([]);
    expect(result.value.tools).toEqual([
      expect.objectContaining({
        name: 'get_weather',
        description: 'Current weather for a city',
        kind: 'mcp',
        code: '',
        parameters: null,
        needsApproval: true,
        jsonSchema: weather.inputSchema,
        updatedAt: 5,
      }),
    ]);
  });

  it('imports the good tools and names each bad one', () => {
    const text = JSON.stringify({
      tools: [
        weather,
        { name: 'no_schema' },
        { name: 'bad schema', inputSchema: { type: 'object' } },
        { name: 'str', inputSchema: { type: 'string' } },
        { name: 'calculate', inputSchema: { type: 'object' } },
        42,
      ],
    });
    const result = parseMcpToolsListText(text, newId, 0, new Set(['calculate']));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.tools.map((t) => t.name)).toEqual(['get_weather']);
    expect(result.value.problems).toHaveLength(5);
    expect(result.value.problems[0]).toMatch(/^Tool 2 \("no_schema"\): inputSchema/);
    expect(result.value.problems[1]).toContain('not a valid tool name');
    expect(result.value.problems[2]).toContain('"type": "object"');
    expect(result.value.problems[3]).toContain('already exists');
    expect(result.value.problems[4]).toMatch(/^Tool 6:/);
  });

  it('refuses what is not a tools/list result', () => {
    expect(parseMcpToolsListText('{"hello": 1}', newId, 0)).toMatchObject({
      ok: false,
      error: expect.stringContaining('not an MCP tools/list'),
    });
    expect(parseMcpToolsListText('{', newId, 0)).toMatchObject({
      ok: false,
      error: expect.stringContaining('Not valid JSON'),
    });
  });
});

describe('size bounds of an MCP import', () => {
  it('refuses more tools than one import takes, with the count', () => {
    const tools = Array.from({ length: 20_001 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: 'object' } }));
    expect(parseMcpToolsListText(JSON.stringify(tools), newId, 0)).toEqual({
      ok: false,
      error: expect.stringContaining('20,001 tools; one import takes at most 20,000'),
    });
  });
});
