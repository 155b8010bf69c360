import { describe, expect, it } from 'vitest';
import type { ToolResult } from '../tool';
import { createToolSearchTool, TOOL_SEARCH_TOOL_DESCRIPTION, TOOL_SEARCH_TOOL_NAME } from './search-tool';
import type { ToolSearchRequest } from './tool-index';

const ctx = { now: () => 0, signal: new AbortController().signal, callId: 'c1' };
const asResult = (r: ToolResult | string): ToolResult =>
  typeof r === 'string' ? { text: r, isError: false, metadata: {} } : r;

describe('toolSearchTool', () => {
  it('has Spring’s name, description and parameters', () => {
    const tool = createToolSearchTool(() => ({
      ok: true,
      kind: 'regex',
      query: '',
      value: { hits: [], totalMatches: 0, explanation: '' },
    }));
    expect(tool.name).toBe(TOOL_SEARCH_TOOL_NAME);
    expect(tool.description).toBe(TOOL_SEARCH_TOOL_DESCRIPTION);
    expect(tool.source).toBe('search');
    expect(tool.inputSchema).toMatchObject({
      type: 'object',
      required: ['query'],
      additionalProperties: false,
      properties: { query: { type: 'string' }, maxResults: { type: 'integer', minimum: 1, maximum: 10 } },
    });
  });

  it('passes the model’s maxResults, else the configured default, and returns the names as a JSON array', async () => {
    const seen: ToolSearchRequest[] = [];
    const tool = createToolSearchTool(
      (request) => {
        seen.push(request);
        return {
          ok: true,
          kind: 'keyword',
          query: request.query,
          value: {
            hits: [
              { name: 'weather', score: 3.14159, summary: '' },
              { name: 'currentTime', score: 1, summary: '' },
            ],
            totalMatches: 7,
            explanation: 'terms',
          },
        };
      },
      { defaultMaxResults: 5 },
    );
    const result = asResult(await tool.execute({ query: 'weather', maxResults: 2 }, ctx));
    await tool.execute({ query: 'time' }, ctx);
    expect(seen).toEqual([
      { query: 'weather', maxResults: 2 },
      { query: 'time', maxResults: 5 },
    ]);
    expect(result.text).toBe('["weather","currentTime"]');
    expect(result.metadata).toMatchObject({
      index: 'keyword',
      totalMatches: 7,
      hits: [
        { name: 'weather', score: 3.142 },
        { name: 'currentTime', score: 1 },
      ],
    });
  });

  it('refuses maxResults outside 1–10 through its schema', () => {
    const tool = createToolSearchTool(() => ({ ok: false, kind: 'regex', query: '', error: '' }));
    expect(tool.validate({ query: 'x', maxResults: 11 }).ok).toBe(false);
    expect(tool.validate({ query: 'x', maxResults: 0 }).ok).toBe(false);
    expect(tool.validate({ maxResults: 3 }).ok).toBe(false);
    expect(tool.validate({ query: 'x' }).ok).toBe(true);
  });

  it('turns an index error into an error result the model reads', async () => {
    const tool = createToolSearchTool((request) => ({
      ok: false,
      kind: 'regex',
      query: request.query,
      error: 'Invalid regular expression /(/',
    }));
    const result = asResult(await tool.execute({ query: '/(/' }, ctx));
    expect(result).toMatchObject({ isError: true, text: 'Invalid regular expression /(/' });
  });
});
