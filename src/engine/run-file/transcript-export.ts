/**
 * The transcript of a run as an OpenAI chat-completions request body: `messages` (via `toOpenAIMessages`) and
 * the run's `tools` as function tools. Pasting it into any OpenAI-compatible endpoint replays the conversation.
 */
import type { OpenAIChatMessage } from '../messages';
import { toOpenAIMessages } from '../messages';
import type { LoopEvent } from '../loop/events';
import { replay } from '../loop/state';
import type { JsonSchema } from '../tool';

export interface OpenAITranscript {
  readonly messages: OpenAIChatMessage[];
  readonly tools: { type: 'function'; function: { name: string; description: string; parameters: JsonSchema } }[];
}

export function transcriptOf(events: readonly LoopEvent[]): OpenAITranscript {
  const state = replay(events);
  return {
    messages: toOpenAIMessages(state.history),
    tools: state.tools.map((t) => ({
      type: 'function',
      function: { name: t.name, description: t.description, parameters: t.inputSchema },
    })),
  };
}

export function transcriptText(events: readonly LoopEvent[]): string {
  return JSON.stringify(transcriptOf(events), null, 2);
}
