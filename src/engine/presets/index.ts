/** The preset tools of the tutorials. */
import type { Tool } from '../tool';
import { createCalculateTool } from './calculator';
import { createCurrentTimeTool } from './current-time';
import { createCustomerContactTool, createDiscountTool, createInventoryTools, createTodoTools } from './shop';

export const PRESET_TOOL_NAMES = [
  'calculate',
  'current_time',
  'discount',
  'get_customer_contact',
  'check_inventory',
  'reserve_inventory',
  'add_todo',
  'list_todos',
] as const;

/** Fresh preset tools: every call gets its own inventory and to-do list, so each run starts from the same stock. */
export function createPresetTools(): Tool[] {
  return [
    createCalculateTool(),
    createCurrentTimeTool(),
    createDiscountTool(),
    createCustomerContactTool(),
    ...createInventoryTools(),
    ...createTodoTools(),
  ];
}
