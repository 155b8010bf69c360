import { describe, expect, it } from 'vitest';
import { memoByKey, once, onceLoaded } from './memo';

describe('memos', () => {
  it('once makes its value on the first call only', () => {
    let calls = 0;
    const value = once(() => ({ n: ++calls }));
    expect(calls).toBe(0);
    const first = value();
    expect(value()).toBe(first);
    expect(calls).toBe(1);
  });

  it('onceLoaded shares one load, and tries again after a failure', async () => {
    let calls = 0;
    const load = onceLoaded(async () => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return 'module';
    });
    await expect(load()).rejects.toThrow('offline');
    const [a, b] = await Promise.all([load(), load()]);
    expect([a, b, calls]).toEqual(['module', 'module', 2]);
    expect(await load()).toBe('module');
    expect(calls).toBe(2);
  });

  it('memoByKey makes each key once', () => {
    const made: string[] = [];
    const upper = memoByKey((key: string) => {
      made.push(key);
      return { key: key.toUpperCase() };
    });
    expect(upper('a')).toBe(upper('a'));
    expect(upper('b').key).toBe('B');
    expect(made).toEqual(['a', 'b']);
  });
});
