/**
 * The prompt formats a WebLLM model can be driven in: the engine's four tool-call formats, plus ChatML without
 * tools for a model the app knows no tool format for. A model's format is chosen once (read from its own
 * `mlc-chat-config.json`, guessed from its id, or picked by the user) and recorded with every call.
 */
import type { FormatId, PromptFormat, PromptFormatSource } from '../../engine';
import { PROMPT_FORMATS } from '../../engine';
import { plainChatml } from './plain-format';

export type PromptFormatId = FormatId | 'chatml';

/** The names the Model panel's select shows, in its order. */
export const FORMAT_NAMES: Readonly<Record<PromptFormatId, string>> = {
  'qwen2.5': 'Qwen2.5',
  qwen3: 'Qwen3',
  'llama-3.2': 'Llama 3.2',
  hermes: 'Hermes',
  chatml: 'ChatML without tools',
};

export const FORMAT_IDS = Object.keys(FORMAT_NAMES) as PromptFormatId[];

export function isPromptFormatId(value: unknown): value is PromptFormatId {
  return typeof value === 'string' && Object.hasOwn(FORMAT_NAMES, value);
}

/** A model's prompt format and why it is that one (`evidence` is shown beside the select). */
export interface FormatChoice {
  readonly id: PromptFormatId;
  readonly source: PromptFormatSource;
  /** E.g. `conv_template "qwen3" in mlc-chat-config.json`, or `chosen in the Model panel`. */
  readonly evidence: string;
}

export function promptFormatFor(id: PromptFormatId): PromptFormat {
  return id === 'chatml' ? plainChatml : PROMPT_FORMATS[id];
}

/** False for ChatML without tools: such a request carries no tools and no output constraint. */
export function hasToolFormat(id: PromptFormatId): boolean {
  return id !== 'chatml';
}
