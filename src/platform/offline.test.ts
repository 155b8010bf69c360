import { describe, expect, it } from 'vitest';
import { modelIdFromUrl } from './offline';

describe('the browser offline platform', () => {
  it('names web-llm models by their Hugging Face repository', () => {
    expect(modelIdFromUrl('https://huggingface.co/mlc-ai/Qwen3-0.6B-q4f16_1-MLC/resolve/main/params_shard_0.bin')).toBe(
      'Qwen3-0.6B-q4f16_1-MLC',
    );
    // An imported model's id is URL-encoded in its cache keys; the footer shows it decoded.
    expect(modelIdFromUrl('https://local-import.invalid/local%2Ftiny-llama-rand/resolve/main/params_shard_0.bin')).toBe(
      'local/tiny-llama-rand',
    );
  });
});
