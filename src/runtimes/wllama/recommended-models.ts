/**
 * Real GGUF models that suit the CPU runtime: small chat models in ChatML (the prompt format this runtime
 * writes), each a single file on Hugging Face, which serves downloads with CORS allowed. Sizes are approximate
 * (the file as Hugging Face lists it); the text says what a learner should expect from each on a laptop CPU.
 */
export interface RecommendedModel {
  readonly id: string;
  readonly name: string;
  /** The file's size, about, in bytes (for the button and the memory check). */
  readonly approxBytes: number;
  readonly licence: string;
  /** The model's page (licence, card). */
  readonly page: string;
  /** The GGUF file itself. */
  readonly url: string;
  /** What to expect, in one sentence. */
  readonly expect: 'fast-basic' | 'balanced' | 'reasoning';
}

export const RECOMMENDED_MODELS: readonly RecommendedModel[] = [
  {
    id: 'qwen2.5-0.5b',
    name: 'Qwen2.5 0.5B Instruct · Q4_K_M',
    approxBytes: 491_000_000,
    licence: 'Apache-2.0',
    page: 'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF',
    url: 'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf',
    expect: 'fast-basic',
  },
  {
    id: 'qwen3-0.6b',
    name: 'Qwen3 0.6B · Q8_0',
    approxBytes: 639_000_000,
    licence: 'Apache-2.0',
    page: 'https://huggingface.co/Qwen/Qwen3-0.6B-GGUF',
    url: 'https://huggingface.co/Qwen/Qwen3-0.6B-GGUF/resolve/main/Qwen3-0.6B-Q8_0.gguf',
    expect: 'reasoning',
  },
  {
    id: 'qwen2.5-1.5b',
    name: 'Qwen2.5 1.5B Instruct · Q4_K_M',
    approxBytes: 1_120_000_000,
    licence: 'Apache-2.0',
    page: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF',
    url: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/qwen2.5-1.5b-instruct-q4_k_m.gguf',
    expect: 'balanced',
  },
];
