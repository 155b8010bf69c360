import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Message, ToolMessage } from '../messages';
import type { ModelRequest } from '../runtime';
import type { ToolDefinition } from '../tool';
import { defineTool, toDefinition } from '../tool';
import { foundToolNames, parseToolNames, searchResultGroups } from './accumulate';
import { applyToolSearch, ToolSearchSession, toolSearchStep, withSystemSuffix } from './apply';
import { TOOL_SEARCH_SYSTEM_SUFFIX, TOOL_SEARCH_TOOL_NAME } from './search-tool';

const def = (name: string, description = `The ${name} tool.`): ToolDefinition =>
  toDefinition(defineTool({ name, description, schema: z.object({}), execute: () => '' }));

const ALL = ['currentTime', 'weather', 'clothing', 'getProduct'].map((n) => def(n));

const assistant = (calls: string[] = []): Message => ({
  role: 'assistant',
  content: '',
  raw: '',
  toolCalls: calls.map((name, i) => ({ id: `c${i}`, name, argumentsText: '{}' })),
});
const searchResult = (names: string[] | string, isError = false): ToolMessage => ({
  role: 'tool',
  toolCallId: 'x',
  name: TOOL_SEARCH_TOOL_NAME,
  content: typeof names === 'string' ? names : JSON.stringify(names),
  isError,
});
const toolResult = (name: string, content: string): ToolMessage => ({
  role: 'tool',
  toolCallId: 'y',
  name,
  content,
  isError: false,
});

const SYSTEM: Message = { role: 'system', content: 'Be helpful.' };
const USER: Message = { role: 'user', content: 'Plan my day.' };

function request(
  messages: readonly Message[],
  tools: readonly ToolDefinition[] = [def(TOOL_SEARCH_TOOL_NAME), ...ALL],
): ModelRequest {
  return { messages, tools, toolChoice: 'auto', parallelToolCalls: true, round: 1 };
}

describe('accumulation of found tools (Spring extractToolNameReferences)', () => {
  const history: Message[] = [
    SYSTEM,
    USER,
    assistant([TOOL_SEARCH_TOOL_NAME]),
    searchResult(['currentTime', 'getProduct']),
    assistant(['currentTime', TOOL_SEARCH_TOOL_NAME, TOOL_SEARCH_TOOL_NAME]),
    toolResult('currentTime', '2026-03-14T11:30+01:00'),
    searchResult(['weather']),
    searchResult(['weather', 'clothing']),
  ];

  it('groups search results per assistant turn, parallel searches together', () => {
    expect(searchResultGroups(history)).toEqual([
      ['currentTime', 'getProduct'],
      ['weather', 'weather', 'clothing'],
    ]);
  });

  it('unites every round’s results in order of discovery (accumulation on, the default)', () => {
    expect(
      foundToolNames(
        history,
        ALL.map((t) => t.name),
      ),
    ).toEqual(['currentTime', 'getProduct', 'weather', 'clothing']);
  });

  it('keeps only the latest group’s results with accumulation off', () => {
    expect(
      foundToolNames(
        history,
        ALL.map((t) => t.name),
        false,
      ),
    ).toEqual(['weather', 'clothing']);
  });

  it('ignores names that are not available, error results and results that are not a JSON list of names', () => {
    const messages: Message[] = [
      assistant(),
      searchResult(['weather', 'noSuchTool', TOOL_SEARCH_TOOL_NAME]),
      searchResult(['clothing'], true),
      searchResult('Invalid regular expression'),
    ];
    expect(
      foundToolNames(
        messages,
        ALL.map((t) => t.name),
      ),
    ).toEqual(['weather']);
    expect(parseToolNames('["a", 1]')).toBeNull();
    expect(parseToolNames('{"a": 1}')).toBeNull();
  });

  it('finds nothing before the first search', () => {
    expect(
      foundToolNames(
        [SYSTEM, USER],
        ALL.map((t) => t.name),
      ),
    ).toEqual([]);
  });
});

describe('applyToolSearch', () => {
  it('exposes only the search tool at first and appends the system suffix once', () => {
    const applied = applyToolSearch(request([SYSTEM, USER]), ALL);
    expect(applied.tools.map((t) => t.name)).toEqual([TOOL_SEARCH_TOOL_NAME]);
    expect(applied.messages[0]).toEqual({ role: 'system', content: `Be helpful.\n\n${TOOL_SEARCH_SYSTEM_SUFFIX}` });
    expect(withSystemSuffix(applied.messages, TOOL_SEARCH_SYSTEM_SUFFIX)).toBe(applied.messages);
    expect(applied.messages.slice(1)).toEqual([USER]);
  });

  it('adds the tools found so far, round after round', () => {
    const round2 = [SYSTEM, USER, assistant([TOOL_SEARCH_TOOL_NAME]), searchResult(['currentTime'])];
    expect(applyToolSearch(request(round2), ALL).tools.map((t) => t.name)).toEqual([
      TOOL_SEARCH_TOOL_NAME,
      'currentTime',
    ]);
    const round3 = [
      ...round2,
      assistant(['currentTime', TOOL_SEARCH_TOOL_NAME]),
      toolResult('currentTime', 'now'),
      searchResult(['weather']),
    ];
    expect(applyToolSearch(request(round3), ALL).tools.map((t) => t.name)).toEqual([
      TOOL_SEARCH_TOOL_NAME,
      'currentTime',
      'weather',
    ]);
  });

  it('adds a system message when there is none, and sends none with systemSuffix null', () => {
    expect(applyToolSearch(request([USER]), ALL).messages[0]).toEqual({
      role: 'system',
      content: TOOL_SEARCH_SYSTEM_SUFFIX,
    });
    expect(applyToolSearch(request([SYSTEM, USER]), ALL, { systemSuffix: null }).messages).toEqual([SYSTEM, USER]);
  });
});

describe('toolSearchStep', () => {
  const context = {} as Parameters<typeof toolSearchStep.apply>[1];

  it('passes a request without toolSearchTool through unchanged (search off)', () => {
    const plain = request([SYSTEM, USER], ALL);
    expect(toolSearchStep.apply(plain, context)).toBe(plain);
  });

  it('applies search to a request that exposes toolSearchTool, the other tools being the searchable set', () => {
    const on = request([SYSTEM, USER, assistant(), searchResult(['weather'])], [def(TOOL_SEARCH_TOOL_NAME), ...ALL]);
    expect(toolSearchStep.apply(on, context).tools.map((t) => t.name)).toEqual([TOOL_SEARCH_TOOL_NAME, 'weather']);
  });
});

describe('ToolSearchSession', () => {
  it('rebuilds the index only when the tool set’s fingerprint changes', () => {
    const session = new ToolSearchSession({ index: 'regex' });
    session.syncTools([def(TOOL_SEARCH_TOOL_NAME), ...ALL]);
    session.syncTools([def(TOOL_SEARCH_TOOL_NAME), ...ALL]);
    expect(session.reindexCount).toBe(1);
    // Same tools in another order: same fingerprint.
    session.syncTools([def(TOOL_SEARCH_TOOL_NAME), ...[...ALL].reverse()]);
    expect(session.reindexCount).toBe(1);
    // A changed description is a new tool set.
    session.syncTools([def(TOOL_SEARCH_TOOL_NAME), ...ALL.slice(1), def('currentTime', 'Now.')]);
    expect(session.reindexCount).toBe(2);
    // Switching the index kind indexes the current tools into the new index.
    session.setIndexKind('keyword');
    expect(session.indexKind).toBe('keyword');
    expect(session.reindexCount).toBe(3);
  });

  it('binds toolSearchTool to its index: the result is the JSON list of names', async () => {
    const session = new ToolSearchSession({ index: 'keyword' });
    session.syncTools([def('weather', 'Weather forecast for a city.'), def('getProduct', 'A catalog product.')]);
    const ctx = { now: () => 0, signal: new AbortController().signal, callId: 'c1' };
    const result = await session.tool.execute({ query: 'weather forecast', maxResults: 1 }, ctx);
    expect(typeof result === 'string' ? result : result.text).toBe('["weather"]');
    const error = await session.tool.execute({ query: '' }, ctx);
    expect(typeof error !== 'string' && error.isError).toBe(true);
  });

  it('reports an empty index as an error result rather than an empty list', () => {
    const session = new ToolSearchSession();
    expect(session.search({ query: 'weather' })).toMatchObject({ ok: false, error: expect.stringContaining('empty') });
  });
});
