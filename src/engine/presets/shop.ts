/**
 * The shop presets from the tutorials: a discount, a customer table, an inventory and a to-do list. The
 * inventory and the to-do list live in the closure of one `createShopTools()` call, so every run that builds
 * fresh tools starts from the same stock.
 */
import { z } from 'zod';
import type { Tool } from '../tool';
import { defineTool, textResult } from '../tool';
import { formatNumber, roundHalfUp } from './calculator';

export interface Customer {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
}

export const CUSTOMERS: readonly Customer[] = [
  { id: 'C-1001', name: 'Kim Min-jun', email: 'minjun.kim@example.com', phone: '+82 10-2345-6789' },
  { id: 'C-1002', name: 'Amelia Clarke', email: 'amelia.clarke@example.com', phone: '+44 20 7946 0321' },
  { id: 'C-1003', name: 'Lucas Moreau', email: 'lucas.moreau@example.com', phone: '+33 1 84 88 12 34' },
];

export interface StockItem {
  readonly sku: string;
  readonly name: string;
  readonly stock: number;
}

/** The stock every fresh inventory starts with. */
export const INITIAL_STOCK: readonly StockItem[] = [
  { sku: 'SKU-100', name: 'Wireless mouse', stock: 12 },
  { sku: 'SKU-200', name: 'USB-C cable', stock: 40 },
  { sku: 'SKU-300', name: 'Mechanical keyboard', stock: 3 },
];

/** Final price after a percentage discount, rounded half-up to cents. */
export function discountedPrice(price: number, percent: number): number {
  return roundHalfUp((price * (100 - percent)) / 100, 2);
}

export function createDiscountTool(): Tool {
  return defineTool({
    name: 'discount',
    description:
      'Applies a percentage discount to a price and returns the final price as a number (rounded to cents). ' +
      'Example: price 35000 at percent 18 returns 28700.',
    schema: z.object({
      price: z.number().min(0).describe('The original price, a plain number without currency or separators.'),
      percent: z.number().min(0).max(100).describe('The discount in percent, from 0 to 100 (18 means 18% off).'),
    }),
    execute: ({ price, percent }) => formatNumber(discountedPrice(price, percent)),
  });
}

export function createCustomerContactTool(): Tool {
  return defineTool({
    name: 'get_customer_contact',
    description: 'Looks up a customer by id (format "C-1001") and returns their name, email address and phone number.',
    schema: z.object({
      customerId: z.string().min(1).describe('The customer id, e.g. "C-1001".'),
    }),
    execute: ({ customerId }) => {
      const customer = CUSTOMERS.find((c) => c.id.toLowerCase() === customerId.trim().toLowerCase());
      if (!customer) {
        return `No customer with id ${customerId}. Known ids look like ${CUSTOMERS.map((c) => c.id).join(', ')}.`;
      }
      return `${customer.name} (${customer.id}): email ${customer.email}, phone ${customer.phone}`;
    },
  });
}

/** Inventory tools sharing one stock table; reserving reduces the stock the next check sees. */
export function createInventoryTools(): Tool[] {
  const stock = new Map(INITIAL_STOCK.map((item) => [item.sku, { ...item }]));
  const find = (sku: string) => {
    const item = stock.get(sku.trim().toUpperCase());
    // Thrown on purpose: an unknown SKU is a tool failure, handled by the exception processor.
    if (!item) throw new Error(`Unknown SKU: ${sku}. Known SKUs: ${[...stock.keys()].join(', ')}.`);
    return item;
  };
  const skuField = z.string().min(1).describe('The stock-keeping unit, e.g. "SKU-100".');
  return [
    defineTool({
      name: 'check_inventory',
      description: 'Returns how many units of a product (by SKU) are in stock right now.',
      schema: z.object({ sku: skuField }),
      execute: ({ sku }) => {
        const item = find(sku);
        return `${item.sku} (${item.name}): ${item.stock} in stock.`;
      },
    }),
    defineTool({
      name: 'reserve_inventory',
      description:
        'Reserves units of a product (by SKU) for the user, which takes them out of stock. Refuses when fewer ' +
        'units are in stock than requested.',
      schema: z.object({
        sku: skuField,
        quantity: z.number().int().min(1).max(1000).describe('How many units to reserve (a whole number, at least 1).'),
      }),
      execute: ({ sku, quantity }) => {
        const item = find(sku);
        if (quantity > item.stock) {
          return textResult(
            `Cannot reserve ${quantity} × ${item.sku} (${item.name}): only ${item.stock} left in stock.`,
            { refused: true, stockLeft: item.stock },
          );
        }
        item.stock -= quantity;
        return textResult(`Reserved ${quantity} × ${item.sku} (${item.name}). ${item.stock} left in stock.`, {
          stockLeft: item.stock,
        });
      },
    }),
  ];
}

/** A to-do list held in the closure: `add_todo` appends, `list_todos` reads. */
export function createTodoTools(): Tool[] {
  const todos: string[] = [];
  return [
    defineTool({
      name: 'add_todo',
      description: "Adds an item to the user's to-do list and returns its number.",
      schema: z.object({
        title: z.string().min(1).describe('What to do, as a short sentence, e.g. "Pick up 2 × SKU-100".'),
      }),
      execute: ({ title }) => {
        todos.push(title.trim());
        return `Added to-do #${todos.length}: ${title.trim()}`;
      },
    }),
    defineTool({
      name: 'list_todos',
      description: "Lists the items of the user's to-do list, numbered, oldest first.",
      schema: z.object({}),
      execute: () =>
        todos.length === 0 ? 'The to-do list is empty.' : todos.map((t, i) => `${i + 1}. ${t}`).join('\n'),
    }),
  ];
}
