/**
 * The tools a training conversation exposes. Preset tools are the app's own (`createPresetTools`), fresh per
 * conversation. The shop's data-bound tools keep the app's definitions (name, description, schema — what the
 * model reads) and wording, but answer from the conversation's own stock and customer tables, so the model learns
 * to read values out of results instead of memorising the app's three SKUs; `lesson-tools.test.ts` holds their
 * wording equal to the app's tools on the app's own data.
 */
import { z } from 'zod';
import { createPresetTools } from '../../src/engine/presets';
import { createOrderHistoryTool } from '../../src/engine/presets/order-history';
import type { Tool, ToolResult } from '../../src/engine/tool';
import { defineTool, textResult } from '../../src/engine/tool';
import { applyOverride } from '../../src/engine/loop/workspace';
import { koreanToolOverrides } from '../../src/engine/scenarios/tool-language';
import { augmentTool } from '../../src/engine/augmentation/augmented-tool';
import type { Customer } from './world';

export interface StockLine {
  readonly sku: string;
  readonly name: string;
  stock: number;
}

function sameDefinition(real: Tool, execute: Tool['execute']): Tool {
  return {
    name: real.name,
    description: real.description,
    inputSchema: real.inputSchema,
    returnDirect: real.returnDirect,
    needsApproval: real.needsApproval,
    source: real.source,
    validate: real.validate,
    execute,
  };
}

export function shopTools(stock: readonly StockLine[], customers: readonly Customer[]): Tool[] {
  const presets = createPresetTools();
  const real = (name: string) => presets.find((t) => t.name === name)!;
  const table = new Map(stock.map((line) => [line.sku, { ...line }]));
  const find = (sku: string) => {
    const item = table.get(sku.trim().toUpperCase());
    if (!item) throw new Error(`Unknown SKU: ${sku}. Known SKUs: ${[...table.keys()].join(', ')}.`);
    return item;
  };
  return presets.map((tool): Tool => {
    switch (tool.name) {
      case 'check_inventory':
        return sameDefinition(real('check_inventory'), (args) => {
          const item = find((args as { sku: string }).sku);
          return `${item.sku} (${item.name}): ${item.stock} in stock.`;
        });
      case 'reserve_inventory':
        return sameDefinition(real('reserve_inventory'), (args): ToolResult => {
          const { sku, quantity } = args as { sku: string; quantity: number };
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
        });
      case 'get_customer_contact':
        return sameDefinition(real('get_customer_contact'), (args) => {
          const { customerId } = args as { customerId: string };
          const customer = customers.find((c) => c.id.toLowerCase() === customerId.trim().toLowerCase());
          if (!customer) {
            return `No customer with id ${customerId}. Known ids look like ${customers.map((c) => c.id).join(', ')}.`;
          }
          return `${customer.name} (${customer.id}): email ${customer.email}, phone ${customer.phone}`;
        });
      default:
        return tool;
    }
  });
}

/** The lesson tool whose result is a large JSON array (the app's own, with its own data). */
export function orderHistoryTool(): Tool {
  return createOrderHistoryTool();
}

/** A tool described in Korean the way the Korean scenarios send it (tools without Korean words stay English). */
export function inKorean(tool: Tool): Tool {
  const override = koreanToolOverrides([tool.name])[tool.name];
  return override ? applyOverride(tool, override) : tool;
}

/** A tool whose schema carries the augmented `innerThought` / `confidence` fields (the augmented-arguments lesson). */
export function augmented(tool: Tool): Tool {
  return augmentTool(tool);
}

/** A made-up tool for the "choose a tool you never saw" family. */
export interface RandomToolSpec {
  readonly name: string;
  readonly description: string;
  readonly params: readonly {
    readonly key: string;
    readonly kind: 'string' | 'number' | 'integer';
    readonly description: string;
  }[];
  readonly answer: (args: Readonly<Record<string, unknown>>) => string;
}

export function randomTool(spec: RandomToolSpec): Tool {
  const shape: Record<string, z.ZodType> = {};
  for (const p of spec.params) {
    const base = p.kind === 'string' ? z.string().min(1) : p.kind === 'integer' ? z.number().int() : z.number();
    shape[p.key] = base.describe(p.description);
  }
  return defineTool({
    name: spec.name,
    description: spec.description,
    schema: z.object(shape),
    source: 'user',
    execute: (args) => spec.answer(args as Record<string, unknown>),
  });
}
