/**
 * "ChatML without tools": the format for models the app has no tool-call format for. Plain ChatML-style
 * messages, no tools, no output constraint. The rendered text is labelled approximate in the prompt view (the
 * real template is the model's own).
 */
import type { PromptFormat } from '../../engine';
import { parseTagOutput, qwen25Format } from '../../engine';

export const plainChatml: PromptFormat = {
  ...qwen25Format,
  label: 'ChatML without tools (no tool format for this model; prompt text approximate)',
  toWire: (messages) =>
    qwen25Format
      .toWire(messages, [])
      .map((m, i) => (i === 0 && m.role === 'system' && messages[0]?.role !== 'system' ? null : m))
      .filter((m) => m !== null),
  renderPrompt(messages) {
    return qwen25Format.renderPrompt(messages, []);
  },
  structuralTag: () => null,
  parse: parseTagOutput,
  knownDifferences: ["The prompt text is shown in ChatML; the model family's own template may differ."],
};
