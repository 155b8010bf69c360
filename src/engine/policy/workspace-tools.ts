/**
 * The policy lesson's tools — `list_files`, `read_file`, `write_file` — over one virtual workspace. Each call goes
 * through the one execution service (and so its policy); the model receives the service's `{text, error,
 * metadata}` as JSON. Every `createWorkspaceTools()` call gets its own workspace, so each run starts from the seed.
 */
import { z } from 'zod';
import type { Tool } from '../tool';
import { defineTool } from '../tool';
import { ExecutionService, toModelResult } from './execution-service';

export const WORKSPACE_TOOL_NAMES = ['list_files', 'read_file', 'write_file'] as const;

export function createWorkspaceTools(service: ExecutionService = new ExecutionService()): Tool[] {
  return [
    defineTool({
      name: 'list_files',
      description:
        'Lists the files of the workspace (or of one directory in it) with their sizes. Paths are relative to ' +
        'the workspace root. Returns JSON: {"text", "error", "metadata"}.',
      schema: z.object({
        directory: z.string().optional().describe('A directory inside the workspace, e.g. "notes"; omit for all.'),
      }),
      execute: ({ directory }, ctx) =>
        toModelResult(service.run({ operation: 'list', tool: 'list_files', path: directory ?? '' }, ctx)),
    }),
    defineTool({
      name: 'read_file',
      description:
        'Reads a text file of the workspace. Long files are truncated. Returns JSON: {"text", "error", "metadata"}.',
      schema: z.object({
        path: z.string().min(1).describe('The file path inside the workspace, e.g. "notes/todo.md".'),
      }),
      execute: ({ path }, ctx) => toModelResult(service.run({ operation: 'read', tool: 'read_file', path }, ctx)),
    }),
    defineTool({
      name: 'write_file',
      description:
        'Creates or replaces a text file of the workspace. Needs the user to allow writes. Returns JSON: ' +
        '{"text", "error", "metadata"}.',
      schema: z.object({
        path: z.string().min(1).describe('The file path inside the workspace, e.g. "notes/todo.md".'),
        content: z.string().describe('The whole new content of the file.'),
      }),
      execute: ({ path, content }, ctx) =>
        toModelResult(service.run({ operation: 'write', tool: 'write_file', path, content }, ctx)),
    }),
  ];
}
