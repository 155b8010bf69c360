/**
 * Spring AI 2.0's `ToolSearchToolCallingAdvisor` on the advisor chain: the tool-calling loop advisor with tool
 * search. `buildAdvisors` makes it the loop advisor when a request exposes `toolSearchTool`, so the advisors
 * inside the loop see the tools the model gets. It uses the same helpers as the manual loop's request step
 * (`toolSearchStep`).
 *
 * - `doInitializeLoop` (once per request): index the request's tools (rebuilt only when their fingerprint
 *   changed), keep them in the request context, and append the search hint to the system message.
 * - `doBeforeCall` (every round): expose `toolSearchTool` plus the tools named by search results present in
 *   this round's messages (accumulated, or the latest only).
 *
 * So found tools accumulate within one request; the next user turn finds them again unless its history keeps
 * the search results (memory inside the loop), exactly as in Spring. The search tool must be among the run's
 * executable tools, as Spring registers its callback; the index it searches is kept in sync by its owner (the
 * app syncs it with the exposed tools), or by the optional `session` here.
 */
import { foundToolNames } from '../tool-search/accumulate';
import type { ToolSearchSession } from '../tool-search/apply';
import { TOOL_SEARCH_TOOL_DEFINITION, withSystemSuffix } from '../tool-search/apply';
import { TOOL_SEARCH_SYSTEM_SUFFIX, TOOL_SEARCH_TOOL_NAME } from '../tool-search/search-tool';
import type { ToolCallingAdvisorOptions } from './tool-calling-advisor';
import { ToolCallingAdvisor } from './tool-calling-advisor';
import type { AdvisedRequest, AdvisorChainApi } from './types';
import type { ToolDefinition } from '../tool';

/** Where the request's original tools are kept between rounds (Spring caches its callbacks the same way). */
export const ORIGINAL_TOOLS_KEY = 'toolSearch.originalTools';

export interface ToolSearchToolCallingAdvisorOptions extends ToolCallingAdvisorOptions {
  /** Re-indexed with the request's tools once per request (Spring rebuilds its index the same way). */
  readonly session?: Pick<ToolSearchSession, 'syncTools'>;
  /** Spring's `referenceToolNameAccumulation` (default true). */
  readonly accumulate?: boolean;
  /** Spring's `systemMessageSuffix`; null appends none. */
  readonly systemSuffix?: string | null;
}

export class ToolSearchToolCallingAdvisor extends ToolCallingAdvisor {
  private readonly session: Pick<ToolSearchSession, 'syncTools'> | null;
  private readonly accumulate: boolean;
  private readonly systemSuffix: string | null;

  constructor(options: ToolSearchToolCallingAdvisorOptions = {}) {
    super({ ...options, name: options.name ?? 'Tool search tool calling' });
    this.session = options.session ?? null;
    this.accumulate = options.accumulate ?? true;
    this.systemSuffix = options.systemSuffix === undefined ? TOOL_SEARCH_SYSTEM_SUFFIX : options.systemSuffix;
  }

  protected override doInitializeLoop(request: AdvisedRequest, chain: AdvisorChainApi): AdvisedRequest {
    const initialized = super.doInitializeLoop(request, chain);
    const searchable = initialized.tools.filter((t) => t.name !== TOOL_SEARCH_TOOL_NAME);
    this.session?.syncTools(searchable);
    initialized.context.set(ORIGINAL_TOOLS_KEY, searchable);
    return {
      ...initialized,
      messages:
        this.systemSuffix === null ? initialized.messages : withSystemSuffix(initialized.messages, this.systemSuffix),
    };
  }

  protected override doBeforeCall(request: AdvisedRequest, chain: AdvisorChainApi, iteration: number): AdvisedRequest {
    const original =
      (request.context.get(ORIGINAL_TOOLS_KEY) as readonly ToolDefinition[] | undefined) ?? request.tools;
    const byName = new Map(original.map((t) => [t.name, t]));
    const found = foundToolNames(request.messages, byName.keys(), this.accumulate);
    const searchTool = request.tools.find((t) => t.name === TOOL_SEARCH_TOOL_NAME) ?? TOOL_SEARCH_TOOL_DEFINITION;
    return super.doBeforeCall(
      { ...request, tools: [searchTool, ...found.map((n) => byName.get(n)!)] },
      chain,
      iteration,
    );
  }
}
