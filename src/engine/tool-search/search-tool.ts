/**
 * The one tool the model sees first when tool search is on: Spring AI's `ToolSearchTool`, with its name,
 * description and parameter texts. It returns the names of the matching tools as a JSON array string, such as
 * `["weather","currentTime"]`; the search step (`applyToolSearch`) then adds those tools to the next requests.
 *
 * Spring's `categoryFilter` parameter is left out: none of this playground's indexes have categories (Spring's
 * Lucene and regex indexes do not read it either), and an unused parameter costs tokens on every request.
 */
import { z } from 'zod';
import type { Tool } from '../tool';
import { defineTool, errorResult, textResult } from '../tool';
import type { ToolSearchOutcome, ToolSearchRequest } from './tool-index';

export const TOOL_SEARCH_TOOL_NAME = 'toolSearchTool';

export const TOOL_SEARCH_TOOL_DESCRIPTION =
  'Search for tools in the tool registry to discover capabilities for completing the current task. Use this when ' +
  'you need functionality not provided by your currently available tools. The search queries against tool names, ' +
  'descriptions, and parameter information to find the most relevant tools. Returns references to matching tools ' +
  'which will be expanded into full definitions you can then invoke.';

/** Spring's `DEFAULT_SYSTEM_PROMPT_SUFFIX.md`, appended once to the system message while search is on. */
export const TOOL_SEARCH_SYSTEM_SUFFIX =
  'You have access to a special tool called `toolSearchTool` that allows you to discover relevant tools ' +
  "on-demand. When you need to perform an action but don't see an appropriate tool in your current context, use " +
  '`toolSearchTool` to search for it.';

export const toolSearchSchema = z.object({
  query: z
    .string()
    .describe(
      'A natural language search query describing the tool capability you need. Be specific and include relevant keywords.',
    ),
  maxResults: z
    .int()
    .min(1)
    .max(10)
    .optional()
    .describe('Maximum number of tool references to return (1-10). Default is 5.'),
});

export type ToolSearchArgs = z.infer<typeof toolSearchSchema>;

export interface ToolSearchToolOptions {
  /**
   * Used when the model gives no `maxResults` (Spring's advisor `maxResults`; the model's value wins, as in
   * Spring core). Undefined leaves the index default of 10.
   */
  readonly defaultMaxResults?: number;
}

/**
 * Builds the search tool over a search function (normally `ToolSearchSession.search`, which keeps the index
 * current). An index error (an invalid regular expression, an empty query) becomes an error result the model
 * reads; the tool never throws.
 */
export function createToolSearchTool(
  search: (request: ToolSearchRequest) => ToolSearchOutcome,
  options: ToolSearchToolOptions = {},
): Tool {
  return defineTool({
    name: TOOL_SEARCH_TOOL_NAME,
    description: TOOL_SEARCH_TOOL_DESCRIPTION,
    schema: toolSearchSchema,
    source: 'search',
    execute: (args) => {
      const maxResults = args.maxResults ?? options.defaultMaxResults;
      const outcome = search({ query: args.query, ...(maxResults !== undefined ? { maxResults } : {}) });
      if (!outcome.ok) return errorResult(outcome.error, { index: outcome.kind, query: outcome.query });
      return textResult(JSON.stringify(outcome.value.hits.map((h) => h.name)), {
        index: outcome.kind,
        query: outcome.query,
        explanation: outcome.value.explanation,
        totalMatches: outcome.value.totalMatches,
        hits: outcome.value.hits.map((h) => ({ name: h.name, score: Math.round(h.score * 1000) / 1000 })),
      });
    },
  });
}
