/**
 * A `doGetNextInstructionsForToolCall` hook (Spring's ToolCallingAdvisor extension point): before the next round
 * goes to the model, every tool result longer than a limit is cut to the limit with a note saying so. The loop's
 * full history (what the tool manager and the transcript keep) is unchanged; only what the model receives is
 * shorter, and the hook records how many tokens that saved.
 */
import type { Message, ToolMessage } from '../messages';
import { estimateTokens } from '../model-port/chat-prompt';
import type { ShortenedResult } from './types';

/** The default limit, in characters, when the hook is switched on. */
export const DEFAULT_SHORTEN_LIMIT = 600;

export function shortenedText(content: string, limit: number): string {
  return (
    `${content.slice(0, limit)}\n…[shortened before it went back to the model: ` +
    `${content.length - limit} of ${content.length} characters left out]`
  );
}

/** The messages with every tool result over `limit` characters shortened, and what was shortened. */
export function shortenToolResults(
  messages: readonly Message[],
  limit: number,
): { readonly messages: readonly Message[]; readonly shortened: readonly ShortenedResult[] } {
  const shortened: ShortenedResult[] = [];
  const out = messages.map((message): Message => {
    if (message.role !== 'tool' || message.content.length <= limit) return message;
    const content = shortenedText(message.content, limit);
    shortened.push({
      callId: message.toolCallId,
      name: message.name,
      charsBefore: message.content.length,
      charsAfter: content.length,
      tokensBefore: estimateTokens(message.content).length,
      tokensAfter: estimateTokens(content).length,
    });
    return { ...message, content } satisfies ToolMessage;
  });
  return { messages: out, shortened };
}

/** Tokens saved by what a hook shortened. */
export function tokensSaved(shortened: readonly ShortenedResult[]): number {
  return shortened.reduce((sum, s) => sum + (s.tokensBefore - s.tokensAfter), 0);
}
