import { describe, expect, it } from 'vitest';
import { readProgress } from './progress';

describe('readProgress', () => {
  it('reads phase, MB and elapsed from web-llm progress texts', () => {
    expect(
      readProgress({
        progress: 0.42,
        timeElapsed: 12,
        text: 'Fetching param cache[3/20]: 312MB fetched. 42% completed, 12 secs elapsed. It can take a while when we first visit this page to populate the cache. Later refreshes will become faster.',
      }),
    ).toMatchObject({ phase: 'downloading', fraction: 0.42, fetchedMB: 312, elapsedS: 12 });
    expect(
      readProgress({
        progress: 0.1,
        timeElapsed: 2,
        text: 'Loading model from cache[2/20]: 100MB loaded. 10% completed, 2 secs elapsed.',
      }),
    ).toMatchObject({ phase: 'loading-from-cache', fetchedMB: 100 });
    expect(
      readProgress({
        progress: 0.5,
        timeElapsed: 3,
        text: 'Loading GPU shader modules[40/80]: 50% completed, 3 secs elapsed.',
      }).phase,
    ).toBe('compiling-shaders');
    expect(readProgress({ progress: 1, timeElapsed: 9, text: 'Finish loading on WebGPU - nvidia' }).phase).toBe(
      'finished',
    );
    expect(readProgress({ progress: 0, timeElapsed: 0, text: 'Start to fetch params' })).toMatchObject({
      phase: 'starting',
      fetchedMB: null,
    });
  });
});
