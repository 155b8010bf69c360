/** The prompt formats by family, and which format a web-llm model id speaks. */
import { hermesFormat } from './hermes-format';
import { llama32Format } from './llama';
import { qwen25Format, qwen3Format } from './qwen';
import type { FormatId, PromptFormat } from './types';

export type {
  FormatId,
  PromptFormat,
  PromptSegment,
  PromptPartKind,
  WireMessage,
  FormatOptions,
  TriggeredTagsFormat,
} from './types';
export { promptText } from './types';
export { qwen25Format, qwen3Format, llama32Format, hermesFormat };

export const PROMPT_FORMATS: Record<FormatId, PromptFormat> = {
  'qwen2.5': qwen25Format,
  qwen3: qwen3Format,
  'llama-3.2': llama32Format,
  hermes: hermesFormat,
};

/** The format a model id was trained on, or null when the app has none for it (plain chat only). */
export function formatForModel(modelId: string): PromptFormat | null {
  const id = modelId.toLowerCase();
  if (id.includes('hermes')) return hermesFormat;
  if (id.startsWith('qwen3-') || id.includes('/qwen3-')) return qwen3Format;
  if (id.includes('qwen2.5') || id.includes('qwen2-')) return qwen25Format;
  if (id.includes('llama-3.2') || id.includes('llama-3.1')) return llama32Format;
  return null;
}
