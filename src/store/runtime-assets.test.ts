import { describe, expect, it } from 'vitest';
import { readinessOf } from './runtime-assets';

describe('runtimes ready offline', () => {
  it('needs every asset of a runtime in the cache, whatever the hash', () => {
    const origin = 'https://playground.example';
    expect(readinessOf([])).toEqual({ webllm: false, wllama: false });
    expect(readinessOf([`${origin}/assets/wllama-CO25czjY.wasm`])).toEqual({ webllm: false, wllama: true });
    // The library without the tokenizer is not enough.
    expect(readinessOf([`${origin}/assets/lib-ChWyK3VZ.js`])).toEqual({ webllm: false, wllama: false });
    expect(
      readinessOf([`${origin}/assets/lib-ChWyK3VZ.js`, `${origin}/assets/main-D6Rt6ZE2.js`, `${origin}/index.html`]),
    ).toEqual({ webllm: true, wllama: false });
    // Another folder or a similar name does not count.
    expect(readinessOf([`${origin}/generated/wllama-x.wasm`, `${origin}/assets/wllama-x.wasm.map`])).toEqual({
      webllm: false,
      wllama: false,
    });
  });
});
