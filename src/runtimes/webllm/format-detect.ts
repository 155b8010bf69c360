/**
 * Which prompt format a model was trained on, read from its own files: `mlc-chat-config.json`
 * (`conv_template`, `model_type`) and the tokenizer's added tokens (`<tool_call>`, `<think>`,
 * `<|python_tag|>` …), with the model id as a fallback. Pure: the worker reads the files from web-llm's
 * caches, this module only reads the JSON.
 */
import type { Result } from '../../engine';
import { err, formatForModel, ok } from '../../engine';
import type { FormatChoice, PromptFormatId } from './prompt-format';

/** What a model's files say about its family (structured-cloneable: it crosses the worker boundary). */
export interface ModelFacts {
  /** `conv_template`'s name: the string itself in older configs, `.name` in newer ones. */
  readonly convTemplate: string | null;
  readonly modelType: string | null;
  /** The added tokens that tell the families apart, of those in TELLING_TOKENS. */
  readonly specialTokens: readonly string[];
}

/** Added tokens that mark a family's tool-call or chat syntax. */
export const TELLING_TOKENS = [
  '<tool_call>',
  '<think>',
  '<|im_start|>',
  '<|python_tag|>',
  '<|eom_id|>',
  '<|start_header_id|>',
] as const;

/** mlc-llm conversation templates whose family the app has a tool format for. */
const TEMPLATE_FORMATS: Readonly<Record<string, PromptFormatId>> = {
  qwen3: 'qwen3',
  // Qwen2 and Qwen2.5 share mlc-llm's "qwen2" template; Qwen2.5 is the one trained on <tool_call>.
  qwen2: 'qwen2.5',
  // Llama 3.1 and 3.2 share "llama-3_1" (tool role → ipython) and the JSON call format.
  'llama-3_1': 'llama-3.2',
  hermes2_pro_llama3: 'hermes',
  hermes2_pro_mistral: 'hermes',
  'hermes3_llama-3_1': 'hermes',
};

/** Templates that say nothing about the family (any ChatML model can carry them). */
const GENERIC_TEMPLATES = new Set(['chatml', 'chatml_nosystem', 'custom', 'LM', '']);

/**
 * Reads the facts out of a parsed `mlc-chat-config.json` and, optionally, a parsed `tokenizer_config.json`
 * (`added_tokens_decoder`) or `tokenizer.json` (`added_tokens`). Refuses a config that is not a JSON object.
 */
export function readModelFacts(config: unknown, tokenizer?: unknown): Result<ModelFacts> {
  if (typeof config !== 'object' || config === null || Array.isArray(config))
    return err('mlc-chat-config.json is not a JSON object: it is not an MLC model configuration.');
  const c = config as { conv_template?: unknown; model_type?: unknown };
  const template =
    typeof c.conv_template === 'string'
      ? c.conv_template
      : typeof c.conv_template === 'object' && c.conv_template !== null
        ? (c.conv_template as { name?: unknown }).name
        : null;
  return ok({
    convTemplate: typeof template === 'string' ? template : null,
    modelType: typeof c.model_type === 'string' ? c.model_type : null,
    specialTokens: addedTokens(tokenizer).filter((t) => (TELLING_TOKENS as readonly string[]).includes(t)),
  });
}

/** Whether the tokenizer's added tokens could change the answer (so the worker reads the tokenizer only then). */
export function needsTokens(facts: ModelFacts): boolean {
  return facts.convTemplate === null || !Object.hasOwn(TEMPLATE_FORMATS, facts.convTemplate);
}

function addedTokens(tokenizer: unknown): string[] {
  if (typeof tokenizer !== 'object' || tokenizer === null) return [];
  const t = tokenizer as { added_tokens_decoder?: unknown; added_tokens?: unknown };
  const entries: unknown[] = Array.isArray(t.added_tokens)
    ? t.added_tokens
    : typeof t.added_tokens_decoder === 'object' && t.added_tokens_decoder !== null
      ? Object.values(t.added_tokens_decoder)
      : [];
  return entries.flatMap((e) =>
    typeof e === 'object' && e !== null && typeof (e as { content?: unknown }).content === 'string'
      ? [(e as { content: string }).content]
      : [],
  );
}

/**
 * The format a model speaks: its conversation template first, then its model type and added tokens, then its
 * id; a named template of a family the app has no tool format for means ChatML without tools. When nothing
 * tells (a generic ChatML template, an unknown model type, no telling tokens, an id that names no family),
 * the error says what was read, so the user can be asked.
 */
export function detectFormat(facts: ModelFacts | null, modelId: string): Result<FormatChoice> {
  const found = (id: PromptFormatId, evidence: string): Result<FormatChoice> =>
    ok({ id, source: 'model-config', evidence });
  if (facts) {
    const template = facts.convTemplate;
    if (template !== null && Object.hasOwn(TEMPLATE_FORMATS, template))
      return found(TEMPLATE_FORMATS[template]!, `conv_template "${template}" in mlc-chat-config.json`);
    const has = (token: string) => facts.specialTokens.includes(token);
    const type = facts.modelType ?? '';
    if (/^qwen3(_moe)?$/.test(type)) return found('qwen3', `model_type "${type}" in mlc-chat-config.json`);
    if (has('<think>') && has('<tool_call>'))
      return found('qwen3', 'the tokenizer has the <think> and <tool_call> tokens');
    if (/^qwen2(_moe)?$/.test(type)) return found('qwen2.5', `model_type "${type}" in mlc-chat-config.json`);
    if (has('<|python_tag|>') || has('<|eom_id|>'))
      return found('llama-3.2', "the tokenizer has Llama 3.1/3.2's <|python_tag|> tool-call token");
    if (has('<tool_call>') && has('<|im_start|>'))
      return found('hermes', 'the tokenizer has the Hermes <tool_call> and <|im_start|> tokens');
  }
  const byId = formatForModel(modelId);
  if (byId) return ok({ id: byId.id, source: 'model-id', evidence: `the model id "${modelId}"` });
  if (facts?.convTemplate && !GENERIC_TEMPLATES.has(facts.convTemplate))
    return found(
      'chatml',
      `conv_template "${facts.convTemplate}" in mlc-chat-config.json: the app knows no tool format for that family`,
    );
  return err(
    facts
      ? `Its files do not tell: conv_template ${quote(facts.convTemplate)}, model_type ${quote(facts.modelType)}, ${facts.specialTokens.length > 0 ? `tokens ${facts.specialTokens.join(' ')}` : 'no tool-call tokens in the tokenizer'}.`
      : `Its mlc-chat-config.json has not been read yet, and its id "${modelId}" names no family.`,
  );
}

function quote(value: string | null): string {
  return value === null ? '(none)' : `"${value}"`;
}
