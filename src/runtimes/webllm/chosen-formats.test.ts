// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { readChosenFormats, writeChosenFormat } from './chosen-formats';

beforeEach(() => localStorage.clear());

describe('chosen prompt formats', () => {
  it('persist per model, forget on null, and ignore what is not a format', () => {
    writeChosenFormat('local/tiny', 'llama-3.2');
    writeChosenFormat('Qwen3-0.6B-q4f32_1-MLC', 'chatml');
    expect(readChosenFormats()).toEqual({ 'local/tiny': 'llama-3.2', 'Qwen3-0.6B-q4f32_1-MLC': 'chatml' });
    expect(writeChosenFormat('local/tiny', null)).toEqual({ 'Qwen3-0.6B-q4f32_1-MLC': 'chatml' });
    localStorage.setItem('webllm.prompt-formats', '{"a": "qwen9", "b": "hermes"}');
    expect(readChosenFormats()).toEqual({ b: 'hermes' });
    localStorage.setItem('webllm.prompt-formats', 'not json');
    expect(readChosenFormats()).toEqual({});
  });
});
