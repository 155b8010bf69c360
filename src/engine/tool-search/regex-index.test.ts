import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_LENGTH, patternForQuery, queryToPattern, RegexToolIndex, scoreTool } from './regex-index';
import type { IndexedTool } from './tool-index';

const tool = (name: string, description: string): IndexedTool => ({ name, description, parameters: '' });

const TOOLS: IndexedTool[] = [
  tool('getProduct', 'Get a catalog product by SKU.'),
  tool('weather', 'Get the weather at a location: temperature and wind.'),
  tool('weatherAlerts', 'Severe storm warnings for a region.'),
  tool('currentTime', 'Get the current local time at a location.'),
];

function indexOf(tools: IndexedTool[] = TOOLS): RegexToolIndex {
  const index = new RegexToolIndex();
  index.reindex(tools);
  return index;
}

describe('queryToPattern (Spring convertQueryToRegexPattern)', () => {
  it('lowercases, splits on whitespace and punctuation, drops stop words and 1-letter tokens, de-duplicates', () => {
    expect(queryToPattern('Get the Weather, for a city! weather?')).toBe('(get|weather|city)');
  });

  it('escapes regex metacharacters inside tokens', () => {
    expect(queryToPattern('c++ $price')).toBe('(c\\+\\+|\\$price)');
  });

  it('keeps the raw tokens when every token is a stop word', () => {
    expect(queryToPattern('what is it')).toBe('(what|is|it)');
  });

  it('turns a blank query into .*', () => {
    expect(queryToPattern('   ')).toBe('.*');
    expect(queryToPattern('')).toBe('.*');
  });

  it('drops tail tokens until the pattern (with Spring’s (?i) prefix) fits in 200 characters', () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}x`);
    const pattern = queryToPattern(words.join(' '));
    expect(`(?i)${pattern}`.length).toBeLessThanOrEqual(MAX_PATTERN_LENGTH);
    expect(pattern.startsWith('(word0x|word1x|')).toBe(true);
    expect(pattern).not.toContain('word39x');
  });
});

describe('RegexToolIndex', () => {
  it('scores name matches above description matches (2 per name match + position bonus)', () => {
    const regex = /(weather)/gi;
    // name: 1 match at 0 → 2 + 1; description: 2 matches, first at 8 → 2 + 0.5/1.8
    expect(scoreTool(regex, tool('weather', 'Get the weather at a location: weather.'))).toBeCloseTo(
      3 + 2 + 0.5 / 1.8,
      6,
    );
    expect(scoreTool(regex, tool('x', 'nothing here'))).toBe(0);
  });

  it('ranks by score, best first, and keeps only tools scoring above 0', () => {
    const result = indexOf().search({ query: 'weather' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.hits.map((h) => h.name)).toEqual(['weather', 'weatherAlerts']);
    expect(result.value.hits[0]!.score).toBeGreaterThan(result.value.hits[1]!.score);
    expect(result.value.totalMatches).toBe(2);
    expect(result.value.explanation).toBe('/(weather)/i');
  });

  it('limits the hits to maxResults, defaulting to 10', () => {
    const many = Array.from({ length: 15 }, (_, i) => tool(`tool${i}`, 'does weather things'));
    const index = indexOf(many);
    const limited = index.search({ query: 'weather', maxResults: 3 });
    const unlimited = index.search({ query: 'weather' });
    expect(limited.ok && limited.value.hits.length).toBe(3);
    expect(limited.ok && limited.value.totalMatches).toBe(15);
    expect(unlimited.ok && unlimited.value.hits.length).toBe(10);
    // Ties keep index order (a stable sort, as Java's).
    expect(limited.ok && limited.value.hits.map((h) => h.name)).toEqual(['tool0', 'tool1', 'tool2']);
  });

  it('matches every tool for a blank query, and none for words no tool contains', () => {
    const blank = indexOf().search({ query: '' });
    expect(blank.ok && blank.value.hits.length).toBe(4);
    const none = indexOf().search({ query: 'perfume' });
    expect(none).toMatchObject({ ok: true, value: { hits: [], totalMatches: 0 } });
  });

  it('uses a /…/ query as the regular expression itself', () => {
    const result = indexOf().search({ query: '/^current|alerts$/' });
    expect(result.ok && result.value.hits.map((h) => h.name)).toEqual(['currentTime', 'weatherAlerts']);
  });

  it('answers an invalid regular expression with a clear error outcome, not an exception', () => {
    const result = indexOf().search({ query: '/get_(weather/' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toContain('Invalid regular expression /get_(weather/');
    expect(result.error).toContain('plain keywords');
    expect(patternForQuery('/' + 'a'.repeat(MAX_PATTERN_LENGTH + 1) + '/')).toMatchObject({ ok: false });
  });

  it('searches nothing before tools are indexed, and forgets old tools on reindex', () => {
    const index = new RegexToolIndex();
    expect(index.search({ query: 'weather' })).toMatchObject({ ok: true, value: { hits: [] } });
    index.reindex(TOOLS);
    expect(index.size).toBe(4);
    index.reindex([tool('clothing', 'Find clothing shops.')]);
    const result = index.search({ query: 'weather clothing' });
    expect(result.ok && result.value.hits.map((h) => h.name)).toEqual(['clothing']);
  });
});
