/**
 * Tool search applied to one request, and the session that keeps a conversation's index current.
 *
 * `applyToolSearch` is the pure rule (Spring's `prepareIteration` plus the system suffix of
 * `doInitializeLoop`): the request exposes `toolSearchTool` plus the tools found so far (named in search
 * results present in its messages), and its system message ends with the search hint. The history itself is
 * not changed: the suffix lives only in what is sent.
 *
 * `toolSearchStep` is the rule as a request step of the manual loop (loop/request.ts): a request whose tools
 * include `toolSearchTool` gets search applied; any other passes unchanged. `ToolSearchSession` holds what is not
 * pure: the index and the `toolSearchTool` bound to it (to put among the run's tools). Its owner keeps the index
 * in sync with the exposed tools (`syncTools`), which rebuilds it only when the tool set's fingerprint changes.
 */
import type { RequestStep } from '../loop/request';
import type { Message } from '../messages';
import type { ModelRequest } from '../runtime';
import type { Tool, ToolDefinition } from '../tool';
import { toDefinition } from '../tool';
import { foundToolNames } from './accumulate';
import { KeywordToolIndex } from './keyword-index';
import { RegexToolIndex } from './regex-index';
import { createToolSearchTool, TOOL_SEARCH_SYSTEM_SUFFIX, TOOL_SEARCH_TOOL_NAME } from './search-tool';
import type { ToolIndex, ToolIndexKind, ToolSearchOutcome, ToolSearchRequest } from './tool-index';
import { toIndexedTool, toolSetFingerprint } from './tool-index';

export interface ApplyToolSearchOptions {
  /** Spring's `referenceToolNameAccumulation`: unite every search result (true, default) or only the latest. */
  readonly accumulate?: boolean;
  /** Appended to the system message; null sends none. Defaults to Spring's suffix. */
  readonly systemSuffix?: string | null;
}

/** The definition the model sees of the search tool (its implementation is irrelevant to a request). */
export const TOOL_SEARCH_TOOL_DEFINITION: ToolDefinition = toDefinition(
  createToolSearchTool(() => ({ ok: false, kind: 'regex', query: '', error: 'unbound' })),
);

/**
 * The request with search applied. `allTools` are the searchable tools (the search tool among them is
 * ignored). Exposed: the search tool first, then the found tools in order of discovery.
 */
export function applyToolSearch(
  request: ModelRequest,
  allTools: readonly ToolDefinition[],
  options: ApplyToolSearchOptions = {},
): ModelRequest {
  const searchable = allTools.filter((t) => t.name !== TOOL_SEARCH_TOOL_NAME);
  const byName = new Map(searchable.map((t) => [t.name, t]));
  const found = foundToolNames(request.messages, byName.keys(), options.accumulate ?? true);
  const searchTool = request.tools.find((t) => t.name === TOOL_SEARCH_TOOL_NAME) ?? TOOL_SEARCH_TOOL_DEFINITION;
  const suffix = options.systemSuffix === undefined ? TOOL_SEARCH_SYSTEM_SUFFIX : options.systemSuffix;
  return {
    ...request,
    messages: suffix === null ? request.messages : withSystemSuffix(request.messages, suffix),
    tools: [searchTool, ...found.map((name) => byName.get(name)!)],
  };
}

/**
 * Tool search as a request step: on for a request exactly when its tools include `toolSearchTool` (the other
 * exposed tools are then the searchable set), off otherwise.
 */
export const toolSearchStep: RequestStep = {
  id: 'tool-search',
  apply: (request) =>
    request.tools.some((t) => t.name === TOOL_SEARCH_TOOL_NAME) ? applyToolSearch(request, request.tools) : request,
};

/** Appends the suffix to the system message once (a message that already ends with it is left alone). */
export function withSystemSuffix(messages: readonly Message[], suffix: string): readonly Message[] {
  const first = messages[0];
  if (first?.role !== 'system') return [{ role: 'system', content: suffix }, ...messages];
  if (first.content.endsWith(suffix)) return messages;
  const content = first.content.trim() === '' ? suffix : `${first.content}\n\n${suffix}`;
  return [{ role: 'system', content }, ...messages.slice(1)];
}

export function createToolIndex(kind: ToolIndexKind): ToolIndex {
  switch (kind) {
    case 'keyword':
      return new KeywordToolIndex();
    case 'regex':
      return new RegexToolIndex();
    default: {
      const unknown: never = kind;
      throw new Error(`Unknown tool index "${String(unknown)}".`);
    }
  }
}

export interface ToolSearchSessionOptions {
  readonly index?: ToolIndexKind;
  /** Used when the model gives no `maxResults`; 5 matches the hint in the tool's description. */
  readonly defaultMaxResults?: number;
}

/** One conversation's search state: the index, its fingerprint, and the search tool bound to it. */
export class ToolSearchSession {
  /** The `toolSearchTool` to include in the run's tools; its searches go to this session's index. */
  readonly tool: Tool;
  private index: ToolIndex;
  private tools: readonly ToolDefinition[] = [];
  private fingerprint: string | null = null;
  private reindexes = 0;

  constructor(options: ToolSearchSessionOptions = {}) {
    this.index = createToolIndex(options.index ?? 'keyword');
    this.tool = createToolSearchTool((request) => this.search(request), {
      defaultMaxResults: options.defaultMaxResults ?? 5,
    });
  }

  get indexKind(): ToolIndexKind {
    return this.index.kind;
  }

  get indexLabel(): string {
    return this.index.label;
  }

  /** How many times the index was built (a new tool set or a new index kind), for tests and the UI. */
  get reindexCount(): number {
    return this.reindexes;
  }

  /** Switches the index implementation; the current tools are indexed into the new one at once. */
  setIndexKind(kind: ToolIndexKind): void {
    if (kind === this.index.kind) return;
    this.index = createToolIndex(kind);
    if (this.fingerprint !== null) this.build();
  }

  /** Makes the index hold these tools (the search tool excluded); rebuilds only when the fingerprint changed. */
  syncTools(tools: readonly ToolDefinition[]): boolean {
    const searchable = tools.filter((t) => t.name !== TOOL_SEARCH_TOOL_NAME);
    const fingerprint = toolSetFingerprint(searchable);
    this.tools = searchable;
    if (fingerprint === this.fingerprint) return false;
    this.fingerprint = fingerprint;
    this.build();
    return true;
  }

  search(request: ToolSearchRequest): ToolSearchOutcome {
    if (this.fingerprint === null) {
      return {
        ok: false,
        kind: this.index.kind,
        query: request.query,
        error: 'The tool index is empty: no tools have been indexed for this conversation yet.',
      };
    }
    return this.index.search(request);
  }

  private build(): void {
    this.index.reindex(this.tools.map(toIndexedTool));
    this.reindexes++;
  }
}
