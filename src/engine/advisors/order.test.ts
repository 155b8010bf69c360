import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ORDERS,
  formatOrder,
  formatOrderShort,
  HIGHEST_PRECEDENCE,
  LOWEST_PRECEDENCE,
  parseOrder,
} from './order';

describe('orders', () => {
  it('formats the built-in orders relative to the ends', () => {
    expect(formatOrder(DEFAULT_ORDERS.toolCalling)).toBe('HIGHEST_PRECEDENCE + 300');
    expect(formatOrder(DEFAULT_ORDERS.validation)).toBe('LOWEST_PRECEDENCE - 2000');
    expect(formatOrder(0)).toBe('0');
    expect(formatOrder(HIGHEST_PRECEDENCE)).toBe('HIGHEST_PRECEDENCE');
    expect(formatOrder(LOWEST_PRECEDENCE)).toBe('LOWEST_PRECEDENCE');
  });

  it('parses what it formats, and the short forms', () => {
    for (const order of Object.values(DEFAULT_ORDERS))
      expect(parseOrder(formatOrder(order))).toEqual({ ok: true, value: order });
    expect(parseOrder('H+400')).toEqual({ ok: true, value: HIGHEST_PRECEDENCE + 400 });
    expect(parseOrder('l - 5')).toEqual({ ok: true, value: LOWEST_PRECEDENCE - 5 });
    expect(parseOrder('-25')).toEqual({ ok: true, value: -25 });
  });

  it('has a compact form that parses back', () => {
    expect(formatOrderShort(DEFAULT_ORDERS.memory)).toBe('H+200');
    expect(formatOrderShort(DEFAULT_ORDERS.validation)).toBe('L-2000');
    expect(formatOrderShort(-7)).toBe('-7');
    for (const order of [...Object.values(DEFAULT_ORDERS), HIGHEST_PRECEDENCE, LOWEST_PRECEDENCE, 42]) {
      expect(parseOrder(formatOrderShort(order))).toEqual({ ok: true, value: order });
    }
  });

  it('refuses text that is not an order, and values outside a Java int', () => {
    expect(parseOrder('soon').ok).toBe(false);
    expect(parseOrder('').ok).toBe(false);
    expect(parseOrder('HIGHEST_PRECEDENCE - 1').ok).toBe(false);
    expect(parseOrder('LOWEST_PRECEDENCE + 1').ok).toBe(false);
    expect(parseOrder('1.5').ok).toBe(false);
  });
});
