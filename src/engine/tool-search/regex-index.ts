/**
 * A port of Spring AI's `RegexToolIndex` (the Boot default). A plain-words query becomes one case-insensitive
 * alternation: lowercased, split on whitespace and punctuation, tokens shorter than 2 characters and English
 * stop words dropped (all of them kept when nothing would be left), regex-escaped, de-duplicated, and joined as
 * `(t1|t2|…)`, dropping tail tokens until the pattern fits in 200 characters. A blank query becomes `.*`.
 *
 * Every tool is scored against the pattern:
 *   name:        2.0 × matches + 1 / (1 + 0.1 × first match position)
 *   description: 1.0 × matches + 0.5 / (1 + 0.1 × first match position)
 * Tools scoring above 0 are returned best first (ties keep index order), at most `maxResults`.
 *
 * One addition to Spring: a query written between slashes, `/get_.*_weather/`, is used as the regular
 * expression itself (case-insensitive, at most 200 characters), like Anthropic's regex tool search. An invalid
 * pattern is an error outcome that says what is wrong, where Spring returns an empty list.
 */
import type { IndexedTool, ToolHit, ToolIndex, ToolSearchOutcome, ToolSearchRequest } from './tool-index';
import { effectiveMaxResults, STOP_WORDS } from './tool-index';
import { type Result } from '../result';

export const MAX_PATTERN_LENGTH = 200;

/** Spring splits queries on whitespace and these delimiters: `, ; : . ! ? ( ) [ ] { } " '`. */
const QUERY_DELIMITERS = /[\s,;:.!?()[\]{}"']+/;

export type QueryPattern = Result<string>;

/** Spring's `convertQueryToRegexPattern`, without the Java-only `(?i)` prefix (the flag is set on the RegExp). */
export function queryToPattern(query: string): string {
  if (query.trim() === '') return '.*';
  const raw = query
    .toLowerCase()
    .split(QUERY_DELIMITERS)
    .filter((t) => t !== '');
  const kept = raw.filter((t) => t.length >= 2 && !STOP_WORDS.has(t));
  const tokens = unique((kept.length > 0 ? kept : raw).map(escapeRegExp));
  if (tokens.length === 0) return '.*';
  // Spring measures the pattern with its `(?i)` prefix: "(?i)(" + … + ")".
  while (tokens.length > 1 && `(?i)(${tokens.join('|')})`.length > MAX_PATTERN_LENGTH) tokens.pop();
  return `(${tokens.join('|')})`;
}

/** The pattern a query stands for: `/…/` is a regular expression as written, anything else is plain words. */
export function patternForQuery(query: string): QueryPattern {
  const trimmed = query.trim();
  const literal = /^\/(.+)\/$/s.exec(trimmed);
  if (!literal) return { ok: true, value: queryToPattern(query) };
  const source = literal[1]!;
  if (source.length > MAX_PATTERN_LENGTH) {
    return {
      ok: false,
      error: `The regular expression is ${source.length} characters long; at most ${MAX_PATTERN_LENGTH} are allowed. Use a shorter pattern or plain keywords.`,
    };
  }
  try {
    new RegExp(source, 'gi');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: `Invalid regular expression /${source}/: ${reason}. Write a valid JavaScript regular expression between slashes, or search with plain keywords (e.g. "weather forecast").`,
    };
  }
  return { ok: true, value: source };
}

export class RegexToolIndex implements ToolIndex {
  readonly kind = 'regex' as const;
  readonly label = 'Regex (Spring AI RegexToolIndex scoring)';
  private tools: readonly IndexedTool[] = [];

  get size(): number {
    return this.tools.length;
  }

  reindex(tools: readonly IndexedTool[]): void {
    this.tools = [...tools];
  }

  search(request: ToolSearchRequest): ToolSearchOutcome {
    const pattern = patternForQuery(request.query);
    if (!pattern.ok) return { ok: false, kind: this.kind, query: request.query, error: pattern.error };
    const regex = new RegExp(pattern.value, 'gi');
    const scored: ToolHit[] = [];
    for (const tool of this.tools) {
      const score = scoreTool(regex, tool);
      if (score > 0) scored.push({ name: tool.name, score, summary: tool.description });
    }
    // Array.prototype.sort is stable: equal scores keep index order, as Java's List.sort does.
    scored.sort((a, b) => b.score - a.score);
    return {
      ok: true,
      kind: this.kind,
      query: request.query,
      value: {
        hits: scored.slice(0, effectiveMaxResults(request.maxResults)),
        totalMatches: scored.length,
        explanation: `/${pattern.value}/i`,
      },
    };
  }
}

/** Spring's `calculateMatchScore`. */
export function scoreTool(regex: RegExp, tool: Pick<IndexedTool, 'name' | 'description'>): number {
  let score = 0;
  const name = matchStats(regex, tool.name);
  if (name.count > 0) score += 2.0 * name.count + 1.0 / (1.0 + name.first * 0.1);
  const description = matchStats(regex, tool.description);
  if (description.count > 0) score += 1.0 * description.count + 0.5 / (1.0 + description.first * 0.1);
  return score;
}

/** Counts matches the way Java's `Matcher.find()` loop does, empty matches included (`.*` matches at the end). */
function matchStats(regex: RegExp, text: string): { count: number; first: number } {
  let count = 0;
  let first = Number.POSITIVE_INFINITY;
  for (const match of text.matchAll(regex)) {
    count++;
    first = Math.min(first, match.index);
  }
  return { count, first };
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\.*+?^${}[\]|()]/g, '\\$&');
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
