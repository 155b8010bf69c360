/**
 * The transcript of a run as an OpenAI chat-completions request body: `messages` (via `toOpenAIMessages`) and
 * the run's `tools` as function tools. Pasting it into any OpenAI-compatible endpoint replays the conversation.
 */
import type { OpenAIChatMessage } from '../messages';
import { toOpenAIMessages } from '../messages';
import type { LoopEvent } from '../loop/events';
import type { LoopExtension } from '../loop/extension';
import { replay } from '../loop/state';
import type { JsonSchema } from '../tool';

export interface OpenAITranscript {
  readonly messages: OpenAIChatMessage[];
  readonly tools: { type: 'function'; function: { name: string; description: string; parameters: JsonSchema } }[];
}

/** The history the run ends with (folded with the lessons plugged into the loop: a guard's nudge is a message). */
export function transcriptOf(events: readonly LoopEvent[], extensions?: readonly LoopExtension[]): OpenAITranscript {
  const state = replay(events, extensions);
  return {
    messages: toOpenAIMessages(state.history),
    tools: state.tools.map((t) => ({
      type: 'function',
      function: { name: t.name, description: t.description, parameters: t.inputSchema },
    })),
  };
}

export function transcriptText(events: readonly LoopEvent[], extensions?: readonly LoopExtension[]): string {
  return JSON.stringify(transcriptOf(events, extensions), null, 2);
}
