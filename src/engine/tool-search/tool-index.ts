/**
 * The tool index behind dynamic tool search (Spring AI's `ToolIndex`): the tools of a conversation are
 * indexed once, and the search tool asks the index for the names that match a query. Two implementations
 * share this interface: `KeywordToolIndex` (BM25 ranking through MiniSearch) and `RegexToolIndex` (a port of
 * Spring's `RegexToolIndex` scoring). An index holds one conversation's tools; Spring keys its indexes by a
 * session id, here each conversation owns its index instance.
 *
 * Searching never throws: a query the index cannot run (an invalid regular expression) is an error outcome
 * whose message is written for the model, which reads it as the search tool's result.
 */
import type { ToolDefinition } from '../tool';
import { type Result } from '../result';

export type ToolIndexKind = 'keyword' | 'regex';

export const TOOL_INDEX_KINDS: readonly ToolIndexKind[] = ['keyword', 'regex'];

/** Spring's `DEFAULT_MAX_RESULTS`: the cap when neither the model nor the configuration gives one. */
export const DEFAULT_INDEX_MAX_RESULTS = 10;

/** What an index knows of a tool (Spring's `ToolReference(toolName, summary)`, plus the parameter text). */
export interface IndexedTool {
  readonly name: string;
  /** The tool's description: Spring's `summary`. */
  readonly description: string;
  /** Parameter names and descriptions as plain words; only the keyword index reads them. */
  readonly parameters: string;
}

export interface ToolSearchRequest {
  readonly query: string;
  /** At most this many hits; `DEFAULT_INDEX_MAX_RESULTS` when absent. Values below 1 count as 1. */
  readonly maxResults?: number;
}

export interface ToolHit {
  readonly name: string;
  readonly score: number;
  readonly summary: string;
}

/** One search: what was asked, of which index, and its hits or the reason it could not run. */
export type ToolSearchOutcome = { readonly kind: ToolIndexKind; readonly query: string } & Result<{
  /** Best first, at most `maxResults`. */
  readonly hits: readonly ToolHit[];
  /** How many tools matched before the `maxResults` cut. */
  readonly totalMatches: number;
  /** What the index actually ran: the regular expression, or the keyword terms. */
  readonly explanation: string;
}>;

export interface ToolIndex {
  readonly kind: ToolIndexKind;
  /** Shown in the UI, e.g. "Keyword (BM25, MiniSearch)". */
  readonly label: string;
  /** How many tools are indexed. */
  readonly size: number;
  /** Replaces the indexed tools (Spring's `clearIndex` + `indexTools`). */
  reindex(tools: readonly IndexedTool[]): void;
  search(request: ToolSearchRequest): ToolSearchOutcome;
}

/** The index's view of a tool definition: its parameters flattened to words (names and descriptions). */
export function toIndexedTool(tool: Pick<ToolDefinition, 'name' | 'description' | 'inputSchema'>): IndexedTool {
  return { name: tool.name, description: tool.description, parameters: parameterText(tool.inputSchema) };
}

function parameterText(schema: Readonly<Record<string, unknown>>): string {
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null) return '';
  return Object.entries(properties as Record<string, unknown>)
    .map(([name, value]) => {
      const description =
        typeof value === 'object' &&
        value !== null &&
        typeof (value as { description?: unknown }).description === 'string'
          ? (value as { description: string }).description
          : '';
      return `${name} ${description}`.trim();
    })
    .join(' ');
}

/**
 * The fingerprint of a tool set: the sorted name/description pairs (what Spring hashes with SHA-256). The
 * index is rebuilt only when it changes. Kept as the canonical text rather than a hash: it is compared, never
 * shown, and equality of the text cannot collide.
 */
export function toolSetFingerprint(tools: readonly Pick<IndexedTool, 'name' | 'description'>[]): string {
  return tools
    .map((t) => `${t.name}\u0000${t.description}`)
    .sort()
    .join('\u0001');
}

/** The effective cap: the request's, else the default; fractional or out-of-range values are clamped. */
export function effectiveMaxResults(maxResults: number | undefined): number {
  if (maxResults === undefined || !Number.isFinite(maxResults)) return DEFAULT_INDEX_MAX_RESULTS;
  return Math.max(1, Math.floor(maxResults));
}

/**
 * Spring's English stop-word list (RegexToolIndex); the keyword index drops the same words, so both indexes
 * ignore "the", "for", "me"… in a query like "tool for the weather".
 */
const STOP_WORD_TEXT =
  'a an the is are was were be been being have has had do does did will would could should may might ' +
  'must shall can need dare ought used to of in for on with at by from as into through during before ' +
  'after above below between and or but if because until while although this that these those what ' +
  'which who whom whose i me my we our you your he him his she her it its they them their all any both ' +
  'each every some no not only just also very too so';

export const STOP_WORDS: ReadonlySet<string> = new Set(STOP_WORD_TEXT.split(' '));
