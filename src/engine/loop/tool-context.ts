/**
 * Whether the exposed tools fit the model's context: every request carries every exposed tool's definition, so
 * 10,000 imported tools can take more tokens than the model can read at all. Pure: the Tools panel words it.
 *
 * The count is an estimate — the definitions as JSON, about four characters a token (JSON Schema is mostly
 * English words and punctuation) — made without a tokenizer so it stays cheap with thousands of tools; the
 * Prompt tab counts the real tokens of one request.
 */
import type { ToolDefinition } from '../tool';

/** Characters per token for the estimate. */
export const CHARS_PER_TOKEN = 4;

/** Above this share of the context the warning says little room is left for the conversation. */
export const NEAR_SHARE = 0.5;

export type ToolContextCheck =
  | { readonly kind: 'fits'; readonly tokens: number }
  | { readonly kind: 'unknown'; readonly tokens: number }
  | { readonly kind: 'near' | 'over'; readonly tokens: number; readonly context: number; readonly share: number };

/** About how many tokens the tools' definitions take in a request (name, description, schema). */
export function toolDefinitionTokens(tools: readonly ToolDefinition[]): number {
  let chars = 0;
  for (const tool of tools) {
    chars += JSON.stringify({ name: tool.name, description: tool.description, parameters: tool.inputSchema }).length;
  }
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

/** Checks the tools against a context of `contextTokens` (unknown when the runtime does not say). */
export function checkToolContext(
  tools: readonly ToolDefinition[],
  contextTokens: number | undefined,
): ToolContextCheck {
  const tokens = toolDefinitionTokens(tools);
  if (contextTokens === undefined || contextTokens <= 0) return { kind: 'unknown', tokens };
  const share = tokens / contextTokens;
  if (share > 1) return { kind: 'over', tokens, context: contextTokens, share };
  if (share > NEAR_SHARE) return { kind: 'near', tokens, context: contextTokens, share };
  return { kind: 'fits', tokens };
}
