import { describe, expect, it } from 'vitest';
import { formatBytes, summarizeDownload, totalBytes } from './download-size';

describe('download size by part', () => {
  it('puts tokenizer files in the tokenizer part and configs in the rest', () => {
    const parts = summarizeDownload(
      [
        { name: 'tokenizer.json', bytes: 7_000_000 },
        { name: 'tokenizer_config.json', bytes: 5_000 },
        { name: 'vocab.json', bytes: 2_000_000 },
        { name: 'merges.txt', bytes: 1_600_000 },
        { name: 'tensor-cache.json', bytes: 90_000 },
        { name: 'mlc-chat-config.json', bytes: 2_000 },
      ],
      1_048_576,
      4_400_000,
    );
    expect(parts).toEqual({ weights: 1_048_576, library: 4_400_000, tokenizer: 10_605_000, other: 92_000 });
    expect(totalBytes(parts)).toBe(1_048_576 + 4_400_000 + 10_605_000 + 92_000);
  });

  it('prints a tiny model and a large one with enough digits', () => {
    expect(formatBytes(1_048_576)).toBe('1.0 MB');
    expect(formatBytes(4_400_000)).toBe('4.2 MB');
    expect(formatBytes(12_000)).toBe('12 KB');
    expect(formatBytes(340 * 2 ** 20)).toBe('340 MB');
    expect(formatBytes(1.5 * 2 ** 30)).toBe('1.5 GB');
  });
});
