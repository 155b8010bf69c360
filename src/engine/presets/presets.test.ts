import { describe, expect, it } from 'vitest';
import type { Tool, ToolContext, ToolResult } from '../tool';
import { createFakeClock } from '../test-support';
import { calculate, roundHalfUp } from './calculator';
import { formatZonedTime } from './current-time';
import { createPresetTools, PRESET_TOOL_NAMES } from './index';

const clock = createFakeClock();
const ctx: ToolContext = { now: clock.now, signal: new AbortController().signal, callId: 'call_1' };

async function run(tools: Tool[], name: string, args: unknown): Promise<ToolResult> {
  const tool = tools.find((t) => t.name === name)!;
  const valid = tool.validate(args);
  if (!valid.ok) throw new Error(`invalid: ${valid.error.join('; ')}`);
  const out = await tool.execute(valid.value, ctx);
  return typeof out === 'string' ? { text: out, isError: false, metadata: {} } : out;
}
const text = async (tools: Tool[], name: string, args: unknown) => (await run(tools, name, args)).text;

describe('preset tools', () => {
  it('are the eight tutorial tools, fresh instances each time, every field described', () => {
    const a = createPresetTools();
    const b = createPresetTools();
    expect(a.map((t) => t.name)).toEqual([...PRESET_TOOL_NAMES]);
    expect(a[0]).not.toBe(b[0]);
    for (const tool of a) {
      expect(tool.description.length).toBeGreaterThan(30);
      expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.inputSchema).not.toHaveProperty('$schema');
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
      for (const [field, schema] of Object.entries(properties)) {
        expect(schema.description, `${tool.name}.${field}`).toBeTruthy();
      }
    }
  });
});

describe('calculate', () => {
  const tools = createPresetTools();
  it('does the four operations', async () => {
    expect(await text(tools, 'calculate', { operation: 'multiply', a: 128, b: 7 })).toBe('896');
    expect(await text(tools, 'calculate', { operation: 'subtract', a: 896, b: 19 })).toBe('877');
    expect(await text(tools, 'calculate', { operation: 'add', a: 0.1, b: 0.2 })).toBe('0.3');
    expect(await text(tools, 'calculate', { operation: 'divide', a: 10, b: 4 })).toBe('2.5');
  });

  it('rounds division half-up to 4 decimals', async () => {
    expect(await text(tools, 'calculate', { operation: 'divide', a: 10, b: 3 })).toBe('3.3333');
    expect(await text(tools, 'calculate', { operation: 'divide', a: 2, b: 3 })).toBe('0.6667');
    expect(await text(tools, 'calculate', { operation: 'divide', a: 1, b: 8 })).toBe('0.125');
    expect(await text(tools, 'calculate', { operation: 'divide', a: -2, b: 3 })).toBe('-0.6667');
    expect(roundHalfUp(1.00005, 4)).toBe(1.0001);
    expect(roundHalfUp(1.23456e-7, 4)).toBe(0);
    expect(calculate({ operation: 'divide', a: 1e30, b: 1 })).toBe(1e30);
  });

  it('answers a division by zero with a normal result', async () => {
    const result = await run(tools, 'calculate', { operation: 'divide', a: 5, b: 0 });
    expect(result).toEqual({ text: 'Cannot divide by zero.', isError: false, metadata: {} });
  });

  it('rejects an unknown operation through the schema', () => {
    const tool = tools.find((t) => t.name === 'calculate')!;
    expect(tool.validate({ operation: 'power', a: 1, b: 2 }).ok).toBe(false);
    expect(tool.validate({ operation: 'add', a: '1', b: 2 }).ok).toBe(false);
  });
});

describe('current_time', () => {
  it('formats the injected clock in the zone with its offset', async () => {
    const tools = createPresetTools();
    expect(await text(tools, 'current_time', { timezone: 'Asia/Seoul' })).toBe(
      '2026-12-02 19:41 (Asia/Seoul, UTC+09:00)',
    );
    expect(await text(tools, 'current_time', { timezone: 'America/New_York' })).toBe(
      '2026-12-02 05:41 (America/New_York, UTC-05:00)',
    );
    expect(formatZonedTime(Date.UTC(2026, 6, 1, 0, 0), 'Asia/Kolkata')).toBe(
      '2026-07-01 05:30 (Asia/Kolkata, UTC+05:30)',
    );
    expect(formatZonedTime(Date.UTC(2026, 6, 1, 23, 30), 'UTC')).toBe('2026-07-01 23:30 (UTC, UTC+00:00)');
    expect(formatZonedTime(Date.UTC(2026, 0, 1, 3, 0), 'asia/seoul')).toBe('2026-01-01 12:00 (Asia/Seoul, UTC+09:00)');
  });

  it('throws for an unknown zone (a tool error)', async () => {
    await expect(run(createPresetTools(), 'current_time', { timezone: 'Mars/Olympus' })).rejects.toThrow(
      'Unknown time zone: Mars/Olympus',
    );
  });
});

describe('discount and customers', () => {
  const tools = createPresetTools();
  it('35,000 at 18% is 28,700', async () => {
    expect(await text(tools, 'discount', { price: 35000, percent: 18 })).toBe('28700');
    expect(await text(tools, 'discount', { price: 19.99, percent: 15 })).toBe('16.99');
    expect(tools.find((t) => t.name === 'discount')!.validate({ price: 10, percent: 120 }).ok).toBe(false);
  });

  it('looks up a customer; an unknown id gets a clear message', async () => {
    expect(await text(tools, 'get_customer_contact', { customerId: 'C-1001' })).toContain('minjun.kim@example.com');
    const unknown = await run(tools, 'get_customer_contact', { customerId: 'C-9' });
    expect(unknown.text).toMatch(/^No customer with id C-9\./);
    expect(unknown.isError).toBe(false);
  });
});

describe('inventory and to-dos', () => {
  it('reserving takes units out of stock; over-reserving is refused naming the stock left', async () => {
    const tools = createPresetTools();
    expect(await text(tools, 'check_inventory', { sku: 'SKU-100' })).toBe('SKU-100 (Wireless mouse): 12 in stock.');
    expect(await text(tools, 'reserve_inventory', { sku: 'SKU-100', quantity: 2 })).toBe(
      'Reserved 2 × SKU-100 (Wireless mouse). 10 left in stock.',
    );
    expect(await text(tools, 'check_inventory', { sku: 'SKU-100' })).toBe('SKU-100 (Wireless mouse): 10 in stock.');
    const refused = await run(tools, 'reserve_inventory', { sku: 'SKU-100', quantity: 11 });
    expect(refused.text).toBe('Cannot reserve 11 × SKU-100 (Wireless mouse): only 10 left in stock.');
    expect(await text(tools, 'check_inventory', { sku: 'SKU-100' })).toContain('10 in stock');
    // A fresh set starts from the same stock.
    expect(await text(createPresetTools(), 'check_inventory', { sku: 'SKU-100' })).toContain('12 in stock');
  });

  it('an unknown SKU throws', async () => {
    const tools = createPresetTools();
    await expect(run(tools, 'reserve_inventory', { sku: 'SKU-999', quantity: 1 })).rejects.toThrow(
      /^Unknown SKU: SKU-999/,
    );
    await expect(run(tools, 'check_inventory', { sku: 'nope' })).rejects.toThrow('Unknown SKU: nope');
    expect(tools.find((t) => t.name === 'reserve_inventory')!.validate({ sku: 'SKU-100', quantity: 1.5 }).ok).toBe(
      false,
    );
  });

  it('adds and lists to-dos per instance', async () => {
    const tools = createPresetTools();
    expect(await text(tools, 'list_todos', {})).toBe('The to-do list is empty.');
    expect(await text(tools, 'add_todo', { title: 'Call Kim' })).toBe('Added to-do #1: Call Kim');
    expect(await text(tools, 'add_todo', { title: 'Ship SKU-100' })).toBe('Added to-do #2: Ship SKU-100');
    expect(await text(tools, 'list_todos', {})).toBe('1. Call Kim\n2. Ship SKU-100');
    expect(await text(createPresetTools(), 'list_todos', {})).toBe('The to-do list is empty.');
  });
});
