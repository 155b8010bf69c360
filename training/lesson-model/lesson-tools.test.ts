import { describe, expect, it } from 'vitest';
import { createPresetTools } from '../../src/engine/presets';
import { CUSTOMERS, INITIAL_STOCK } from '../../src/engine/presets/shop';
import type { Tool } from '../../src/engine/tool';
import { shopTools } from './lesson-tools';

const ctx = { now: () => 0, signal: new AbortController().signal, callId: 'call_1' };

async function run(tools: Tool[], name: string, args: unknown): Promise<string> {
  const tool = tools.find((t) => t.name === name)!;
  try {
    const out = await tool.execute(args, ctx);
    return typeof out === 'string' ? out : out.text;
  } catch (error) {
    return `threw: ${(error as Error).message}`;
  }
}

describe('the training shop tools', () => {
  it('read and word exactly like the app’s tools on the app’s own data', async () => {
    const app = createPresetTools();
    const ours = shopTools(
      INITIAL_STOCK.map((s) => ({ ...s })),
      CUSTOMERS,
    );
    const cases: [string, unknown][] = [
      ['check_inventory', { sku: 'SKU-300' }],
      ['reserve_inventory', { sku: 'SKU-300', quantity: 2 }],
      ['reserve_inventory', { sku: 'SKU-300', quantity: 5 }],
      ['reserve_inventory', { sku: 'SKU-999', quantity: 1 }],
      ['get_customer_contact', { customerId: 'C-1002' }],
      ['get_customer_contact', { customerId: 'C-4242' }],
    ];
    for (const [name, args] of cases) expect(await run(ours, name, args)).toBe(await run(app, name, args));
    for (const tool of ours) {
      const real = app.find((t) => t.name === tool.name)!;
      expect({ d: tool.description, s: tool.inputSchema }).toEqual({ d: real.description, s: real.inputSchema });
    }
  });
});
