import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDERS, HIGHEST_PRECEDENCE } from './order';
import type { AdvisorConfig } from './setup';
import { assignLanes, DEFAULT_ADVISOR_CONFIG, moveOrder } from './setup';

const H = HIGHEST_PRECEDENCE;

/** The orders two or more advisors hold. */
function tiedOrders(config: AdvisorConfig): number[] {
  const orders = config.advisors.map((s) => s.order);
  return [...new Set(orders.filter((o, i) => orders.indexOf(o) !== i))];
}

function moved(config: AdvisorConfig, id: string, order: number): AdvisorConfig {
  return { advisors: config.advisors.map((s) => (s.id === id ? { ...s, order } : s)) };
}

describe('moveOrder', () => {
  it('moves memory inside beside the metrics advisor without a tie, and it lands inside', () => {
    // The plain step (loop + 100 = H+400) is the metrics advisor's default order.
    expect(DEFAULT_ORDERS.toolCalling + 100).toBe(DEFAULT_ORDERS.metrics);
    const order = moveOrder(DEFAULT_ADVISOR_CONFIG, 'memory', 'inside');
    expect(order).toBe(H + 390);
    const next = moved(DEFAULT_ADVISOR_CONFIG, 'memory', order!);
    expect(tiedOrders(next)).toEqual([]);
    expect(assignLanes(next).get('memory')).toBe('inside');
  });

  it('takes the plain step when it is free, and moves back outside to memory’s own default', () => {
    expect(moveOrder(DEFAULT_ADVISOR_CONFIG, 'logger', 'inside')).toBe(H + 390);
    const inside = moved(DEFAULT_ADVISOR_CONFIG, 'memory', H + 390);
    expect(moveOrder(inside, 'memory', 'outside')).toBe(DEFAULT_ORDERS.memory);
    // Logger outside: H+200 is memory's, so the nearest free one toward the loop.
    expect(moveOrder(DEFAULT_ADVISOR_CONFIG, 'logger', 'outside')).toBe(H + 210);
    const noMetrics = { advisors: DEFAULT_ADVISOR_CONFIG.advisors.filter((s) => s.id !== 'metrics') };
    expect(moveOrder(noMetrics, 'memory', 'inside')).toBe(H + 400);
  });

  it('never returns an order another advisor holds, even when the near ones are all taken', () => {
    const crowd = Array.from({ length: 150 }, (_, i) => ({
      id: `x${i}`,
      kind: 'logger' as const,
      order: DEFAULT_ORDERS.toolCalling + 1 + i,
      enabled: true,
    }));
    const config: AdvisorConfig = { advisors: [...DEFAULT_ADVISOR_CONFIG.advisors, ...crowd] };
    const order = moveOrder(config, 'memory', 'inside')!;
    expect(order).toBe(DEFAULT_ORDERS.toolCalling + 151);
    expect(tiedOrders(moved(config, 'memory', order))).not.toContain(order);
  });

  it('has no order without a loop advisor', () => {
    const noLoop = { advisors: DEFAULT_ADVISOR_CONFIG.advisors.filter((s) => s.kind !== 'tool-calling') };
    expect(moveOrder(noLoop, 'memory', 'inside')).toBeNull();
  });
});
