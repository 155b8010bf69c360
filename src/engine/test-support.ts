/**
 * Test support for the engine's unit tests: a fake clock whose `sleep` advances time instantly, so scripted
 * runs stream token by token with deterministic timings.
 */

/** 2026-12-02 10:41 UTC, i.e. 19:41 in Seoul. */
export const FAKE_EPOCH = Date.UTC(2026, 11, 2, 10, 41);

export interface FakeClock {
  now: () => number;
  advance: (ms: number) => void;
  /** Advances the clock by `ms` and yields to the event loop, so a Stop between tokens can land. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

export function createFakeClock(start = FAKE_EPOCH): FakeClock {
  let time = start;
  return {
    now: () => time,
    advance: (ms) => {
      time += ms;
    },
    sleep: async (ms) => {
      time += ms;
      await Promise.resolve();
    },
  };
}
