/**
 * Advisors that hold the same order. The chain sorts by order with a stable sort, so a tie runs in the order the
 * advisors were added — nothing the lanes or the order fields show — and a tie with the loop advisor leaves
 * "inside" or "outside" to that accident. The view warns about each tie.
 */
import type { AdvisorSpec } from '../../engine';

export interface OrderTie {
  readonly order: number;
  /** The advisors at that order, in the order the chain runs them (the order they were added). */
  readonly ids: readonly string[];
}

/** The ties among the enabled advisors, lowest order first. */
export function orderTies(advisors: readonly AdvisorSpec[]): OrderTie[] {
  const byOrder = new Map<number, string[]>();
  for (const spec of advisors) {
    if (!spec.enabled) continue;
    byOrder.set(spec.order, [...(byOrder.get(spec.order) ?? []), spec.id]);
  }
  return [...byOrder]
    .filter(([, ids]) => ids.length > 1)
    .sort(([a], [b]) => a - b)
    .map(([order, ids]) => ({ order, ids }));
}
