/**
 * Which tools the search has found so far, read from the request's own messages (Spring's
 * `extractToolNameReferences`): every successful `toolSearchTool` result present in the history names tools,
 * and those tools are exposed in the next request. The results of one assistant turn form one group (parallel
 * searches share it). With accumulation on (Spring's default) the groups are united; off, only the latest
 * group with a search result counts. Names that are not among the available tools are ignored.
 *
 * Because the answer comes from the messages, nothing is stored on the side: a run replayed, forked or
 * restored from its event log exposes exactly the tools it exposed before.
 */
import type { Message } from '../messages';
import { TOOL_SEARCH_TOOL_NAME } from './search-tool';

/** The tool names a search result lists, or null when the text is not a JSON array of strings. */
export function parseToolNames(content: string): string[] | null {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return null;
  return value as string[];
}

/** The names each assistant turn's searches returned, in order; turns without a successful search are left out. */
export function searchResultGroups(messages: readonly Message[]): string[][] {
  const groups: string[][] = [];
  let current: string[] | null = null;
  for (const message of messages) {
    if (message.role === 'assistant') {
      current = null;
      continue;
    }
    if (message.role !== 'tool' || message.name !== TOOL_SEARCH_TOOL_NAME || message.isError) continue;
    const names = parseToolNames(message.content);
    if (names === null) continue;
    if (current === null) {
      current = [];
      groups.push(current);
    }
    current.push(...names);
  }
  return groups;
}

/**
 * The found tools to expose, in order of discovery, limited to `available`. `accumulate` is Spring's
 * `referenceToolNameAccumulation` (default true).
 */
export function foundToolNames(messages: readonly Message[], available: Iterable<string>, accumulate = true): string[] {
  const allowed = new Set(available);
  const groups = searchResultGroups(messages);
  const considered = accumulate ? groups.flat() : (groups.at(-1) ?? []);
  return [...new Set(considered)].filter((name) => allowed.has(name) && name !== TOOL_SEARCH_TOOL_NAME);
}
