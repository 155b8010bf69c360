import { describe, expect, it } from 'vitest';
import { KeywordToolIndex, queryTerms, splitWords, stem } from './keyword-index';
import type { IndexedTool } from './tool-index';
import { toIndexedTool } from './tool-index';
import { createWorkspace28Tools } from '../scenarios/workspace-28';

const tool = (name: string, description: string, parameters = ''): IndexedTool => ({ name, description, parameters });

function indexOf(tools: IndexedTool[]): KeywordToolIndex {
  const index = new KeywordToolIndex();
  index.reindex(tools);
  return index;
}

const workspace = () => indexOf(createWorkspace28Tools().map(toIndexedTool));

describe('keyword text processing', () => {
  it('splits camelCase and snake_case names into words', () => {
    expect(splitWords('currentTime get_weather HTTPServer v2Api')).toEqual([
      'current',
      'Time',
      'get',
      'weather',
      'HTTPServer',
      'v2',
      'Api',
    ]);
  });

  it('drops stop words and single letters and stems plurals, -ing and -ed alike', () => {
    expect(queryTerms('Find the clothing shops that opened for me')).toEqual(['find', 'cloth', 'shop', 'open']);
    expect(stem('clothes')).toBe(stem('clothing'));
    expect(stem('categories')).toBe('category');
    expect(stem('class')).toBe('class');
  });
});

describe('KeywordToolIndex (BM25 via MiniSearch)', () => {
  it('ranks the tool that matches most and best first, names weighing more than descriptions', () => {
    const index = indexOf([
      tool('listOrders', 'Lists orders; each order has a delivery date and the weather at delivery.'),
      tool('weather', 'Current conditions and forecast for a city.'),
    ]);
    const result = index.search({ query: 'weather' });
    expect(result.ok && result.value.hits.map((h) => h.name)).toEqual(['weather', 'listOrders']);
  });

  it('finds the three Landsmeer tools on the 28-tool workspace', () => {
    const index = workspace();
    const top = (query: string) => {
      const result = index.search({ query, maxResults: 1 });
      return result.ok ? result.value.hits[0]?.name : result.error;
    };
    expect(top('current time at a location')).toBe('currentTime');
    expect(top('weather forecast')).toBe('weather');
    expect(top('clothes shops open now')).toBe('clothing');
    expect(top('perfume with vanilla notes')).toBe('searchPerfumesByNote');
  });

  it('matches parameter text and word prefixes', () => {
    const index = indexOf([
      tool('lookup', 'Looks a record up.', 'postcode The postal code'),
      tool('other', 'Unrelated.'),
    ]);
    expect(index.search({ query: 'postal' })).toMatchObject({ ok: true, value: { hits: [{ name: 'lookup' }] } });
    expect(index.search({ query: 'postc' })).toMatchObject({ ok: true, value: { hits: [{ name: 'lookup' }] } });
  });

  it('limits hits to maxResults (default 10) and counts all matches', () => {
    const index = indexOf(Array.from({ length: 14 }, (_, i) => tool(`shop${i}`, 'A shop tool.')));
    const three = index.search({ query: 'shop', maxResults: 3 });
    expect(three.ok && three.value.hits.length).toBe(3);
    expect(three.ok && three.value.totalMatches).toBe(14);
    const all = index.search({ query: 'shop' });
    expect(all.ok && all.value.hits.length).toBe(10);
  });

  it('returns no hits for words no tool has', () => {
    expect(workspace().search({ query: 'submarine periscope' })).toMatchObject({
      ok: true,
      value: { hits: [], totalMatches: 0 },
    });
  });

  it('answers an empty or stop-words-only query with an error outcome that says how to ask', () => {
    const empty = workspace().search({ query: '  ' });
    expect(empty).toMatchObject({ ok: false, kind: 'keyword' });
    expect(!empty.ok && empty.error).toContain('The query is empty');
    const vague = workspace().search({ query: 'what is it?' });
    expect(!vague.ok && vague.error).toContain('no searchable words');
  });

  it('rebuilds from scratch on reindex', () => {
    const index = indexOf([tool('weather', 'Forecast.')]);
    index.reindex([tool('clothing', 'Shops.')]);
    expect(index.size).toBe(1);
    expect(index.search({ query: 'weather forecast' })).toMatchObject({ ok: true, value: { hits: [] } });
  });
});
