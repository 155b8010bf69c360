/**
 * The tools of the lesson scenarios, offered as their own group beside the presets: the policy workspace's
 * `list_files` / `read_file` / `write_file` (one execution service per call of this function, so each run starts
 * from the seeded files) and the large-result `order_history`.
 */
import type { Tool } from '../tool';
import { createWorkspaceTools, WORKSPACE_TOOL_NAMES } from '../policy';
import { createOrderHistoryTool } from './order-history';

export const LESSON_TOOL_NAMES = [...WORKSPACE_TOOL_NAMES, 'order_history'] as const;

export function createLessonTools(): Tool[] {
  return [...createWorkspaceTools(), createOrderHistoryTool()];
}
