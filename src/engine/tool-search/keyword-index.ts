/**
 * Keyword tool index: BM25 ranking (MiniSearch's BM25+) over each tool's name, description and parameter
 * text, the role Spring AI's `LuceneToolIndex` plays. Names weigh most (Lucene boosts name terms ×2), then
 * descriptions, then parameters. Words are split on camelCase and snake_case (`currentTime` → current, time),
 * lowercased, stripped of Spring's English stop words, and reduced by a light suffix stemmer so that
 * "clothes", "clothing" and "cloth" meet. Longer query words also match as prefixes and with one typo.
 *
 * A query with no searchable word (blank, or only stop words and punctuation) is an error outcome telling the
 * model how to ask, where the regex index would match everything.
 */
import MiniSearch from 'minisearch';
import type { IndexedTool, ToolIndex, ToolSearchOutcome, ToolSearchRequest } from './tool-index';
import { effectiveMaxResults, STOP_WORDS } from './tool-index';

interface Doc extends IndexedTool {
  readonly id: number;
}

/** Field weights: a hit in the name counts twice a hit in the description, a parameter hit half. */
export const KEYWORD_BOOST = { name: 2, description: 1, parameters: 0.5 } as const;

export class KeywordToolIndex implements ToolIndex {
  readonly kind = 'keyword' as const;
  readonly label = 'Keyword (BM25 via MiniSearch)';
  private mini = createMiniSearch();
  private count = 0;

  get size(): number {
    return this.count;
  }

  reindex(tools: readonly IndexedTool[]): void {
    this.mini = createMiniSearch();
    this.mini.addAll(tools.map((tool, id): Doc => ({ id, ...tool })));
    this.count = tools.length;
  }

  search(request: ToolSearchRequest): ToolSearchOutcome {
    const terms = queryTerms(request.query);
    if (terms.length === 0) {
      const error =
        request.query.trim() === ''
          ? 'The query is empty. Describe the capability you need in a few keywords, e.g. "current weather forecast".'
          : `The query "${request.query}" has no searchable words (only common words or punctuation). Use specific keywords, e.g. "weather forecast".`;
      return { ok: false, kind: this.kind, query: request.query, error };
    }
    const results = this.mini.search(request.query, {
      boost: { name: KEYWORD_BOOST.name, parameters: KEYWORD_BOOST.parameters },
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
      combineWith: 'OR',
    });
    const hits = results.slice(0, effectiveMaxResults(request.maxResults)).map((r) => ({
      name: String(r.name),
      score: r.score,
      summary: String(r.description),
    }));
    return {
      ok: true,
      kind: this.kind,
      query: request.query,
      value: {
        hits,
        totalMatches: results.length,
        explanation: `BM25 over the terms ${terms.map((t) => JSON.stringify(t)).join(', ')}`,
      },
    };
  }
}

function createMiniSearch(): MiniSearch<Doc> {
  return new MiniSearch<Doc>({
    fields: ['name', 'description', 'parameters'],
    storeFields: ['name', 'description'],
    tokenize: splitWords,
    processTerm: normalizeTerm,
  });
}

/** Splits on anything that is not a letter or digit, and between a lowercase letter and an uppercase one. */
export function splitWords(text: string): string[] {
  return text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/** Lowercases, drops stop words and single letters, and stems; null drops the term. */
export function normalizeTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (lower.length < 2 || STOP_WORDS.has(lower)) return null;
  return stem(lower);
}

/** The terms a query is searched with, after the same processing the indexed text gets. */
export function queryTerms(query: string): string[] {
  return [...new Set(splitWords(query).flatMap((w) => normalizeTerm(w) ?? []))];
}

/**
 * A deliberately small English suffix stripper (plural, -ing, -ed, final e), applied alike to indexed text and
 * queries, so only consistency matters: "shops" → shop, "clothing" → cloth, "clothes" → cloth, "opened" → open.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}
