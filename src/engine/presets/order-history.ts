/**
 * `order_history`: a customer's past orders as one large JSON result (about 6,000 characters), newest first. It
 * exists for the `doGetNextInstructionsForToolCall` lesson: a tool result far bigger than the model needs, which a
 * loop hook can shorten before it goes back to the model.
 */
import { z } from 'zod';
import type { Tool } from '../tool';
import { defineTool } from '../tool';
import { createPrng } from '../prng';
import { CUSTOMERS, INITIAL_STOCK } from './shop';

export interface Order {
  readonly orderId: string;
  readonly date: string;
  readonly sku: string;
  readonly product: string;
  readonly quantity: number;
  readonly status: 'delivered' | 'shipped' | 'cancelled';
}

export const ORDER_COUNT = 60;

/** The customer's orders, newest first; the same customer always gets the same history. */
export function orderHistory(customerId: string): Order[] {
  const seed = [...customerId].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  const random = createPrng(seed);
  const orders: Order[] = [];
  let day = Date.UTC(2026, 11, 1);
  for (let i = 0; i < ORDER_COUNT; i += 1) {
    const item = INITIAL_STOCK[Math.floor(random.next() * INITIAL_STOCK.length)]!;
    const status = i < 2 ? 'shipped' : random.next() < 0.1 ? 'cancelled' : 'delivered';
    orders.push({
      orderId: `O-${String(90_000 - i * 17).padStart(5, '0')}`,
      date: new Date(day).toISOString().slice(0, 10),
      sku: item.sku,
      product: item.name,
      quantity: 1 + Math.floor(random.next() * 3),
      status,
    });
    day -= (1 + Math.floor(random.next() * 9)) * 86_400_000;
  }
  return orders;
}

export function createOrderHistoryTool(): Tool {
  return defineTool({
    name: 'order_history',
    description:
      'Returns every past order of a customer (id format "C-1001") as a JSON array, newest first: order id, date, ' +
      'SKU, product, quantity and status.',
    schema: z.object({ customerId: z.string().min(1).describe('The customer id, e.g. "C-1001".') }),
    execute: ({ customerId }) => {
      const customer = CUSTOMERS.find((c) => c.id.toLowerCase() === customerId.trim().toLowerCase());
      if (!customer) throw new Error(`No customer with id ${customerId}.`);
      return JSON.stringify(orderHistory(customer.id), null, 1);
    },
  });
}
