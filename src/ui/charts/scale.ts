/** Axis helpers shared by the charts. */

/** The smallest "round" number (1, 2, 2.5 or 5 × 10ⁿ) at or above `value`, so an axis ends on a readable tick. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}
