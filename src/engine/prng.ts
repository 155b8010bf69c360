/**
 * A small seeded PRNG (mulberry32) and a normal sampler (Box–Muller). Pure and deterministic: the same seed
 * gives the same stream in Node and in every browser, which is what makes the tiny test model reproducible.
 */

export interface Prng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Normal with the given mean and standard deviation. */
  normal(mean: number, std: number): number;
}

export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  let spare: number | null = null;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    normal(mean, std) {
      if (spare !== null) {
        const value = spare;
        spare = null;
        return mean + std * value;
      }
      // 1 - next() is in (0, 1]: log never sees 0.
      const radius = Math.sqrt(-2 * Math.log(1 - next()));
      const angle = 2 * Math.PI * next();
      spare = radius * Math.sin(angle);
      return mean + std * radius * Math.cos(angle);
    },
  };
}
