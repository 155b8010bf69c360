/**
 * Imports tool definitions from an MCP `tools/list` result: the JSON-RPC response, its `result`, or a bare array
 * of tools. Each tool needs a name and an `inputSchema` that is a valid object schema; a bad entry is reported
 * by index and name, and the good ones still import. Imported tools have no code (`kind: 'mcp'`).
 */
import { z } from 'zod';
import { checkToolInputSchema } from './json-schema-check';
import { problemsEnglish } from './problems';
import type { UserToolSpec } from './spec';
import { DEFAULT_TIMEOUT_MS, checkToolName } from './spec';
import { type Result } from '../result';

const mcpToolSchema = z.looseObject({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: z.record(z.string(), z.unknown()),
  annotations: z.looseObject({ title: z.string().optional() }).optional(),
});

const toolsListResult = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });
const jsonRpcResponse = z.looseObject({ jsonrpc: z.literal('2.0'), result: toolsListResult });

/** One import holds at most this many tools, and this much text: a tools/list result is rarely a megabyte. */
export const MAX_MCP_TOOLS = 20_000;
export const MAX_MCP_IMPORT_CHARS = 64_000_000;

export interface McpImport {
  readonly tools: readonly UserToolSpec[];
  /** One line per entry that was not imported, naming it. */
  readonly problems: readonly string[];
}

export type McpImportResult = Result<McpImport>;

export function parseMcpToolsListText(
  text: string,
  newId: () => string,
  now: number,
  existingNames: ReadonlySet<string> = new Set(),
): McpImportResult {
  if (text.length > MAX_MCP_IMPORT_CHARS) {
    return {
      ok: false,
      error: `The text is ${Math.round(text.length / 1e6)} MB; an MCP import takes at most ${MAX_MCP_IMPORT_CHARS / 1e6} MB.`,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  return importMcpToolsList(value, newId, now, existingNames);
}

export function importMcpToolsList(
  value: unknown,
  newId: () => string,
  now: number,
  existingNames: ReadonlySet<string> = new Set(),
): McpImportResult {
  const entries = toolEntries(value);
  if (!entries) {
    return {
      ok: false,
      error:
        'This is not an MCP tools/list result. Paste the JSON-RPC response ({"jsonrpc":"2.0","result":{"tools":[…]}}), its result ({"tools":[…]}), or the tools array.',
    };
  }
  if (entries.length > MAX_MCP_TOOLS) {
    return {
      ok: false,
      error: `This list has ${entries.length.toLocaleString('en')} tools; one import takes at most ${MAX_MCP_TOOLS.toLocaleString('en')}. Split it.`,
    };
  }
  const tools: UserToolSpec[] = [];
  const problems: string[] = [];
  const names = new Set(existingNames);
  entries.forEach((entry, index) => {
    const parsed = mcpToolSchema.safeParse(entry);
    const label = `Tool ${index + 1}${nameOf(entry)}`;
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      problems.push(`${label}: ${issue.path.map(String).join('.') || 'entry'} — ${issue.message}`);
      return;
    }
    const tool = parsed.data;
    const nameProblem = checkToolName(tool.name);
    if (nameProblem) return void problems.push(`${label}: ${nameProblem}`);
    if (names.has(tool.name)) {
      return void problems.push(`${label}: a tool named "${tool.name}" already exists; rename or delete it first.`);
    }
    const schema = checkToolInputSchema(tool.inputSchema);
    if (!schema.ok) return void problems.push(`${label}: inputSchema — ${problemsEnglish(schema.error)}`);
    names.add(tool.name);
    tools.push({
      id: newId(),
      name: tool.name,
      description: tool.description ?? tool.title ?? tool.annotations?.title ?? '',
      parameters: null,
      jsonSchema: schema.value.schema,
      code: '',
      returnDirect: false,
      needsApproval: true,
      allowNetwork: false,
      kind: 'mcp',
      timeoutMs: DEFAULT_TIMEOUT_MS,
      sampleArgs: '{}',
      updatedAt: now,
    });
  });
  return { ok: true, value: { tools, problems } };
}

function toolEntries(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  const rpc = jsonRpcResponse.safeParse(value);
  if (rpc.success) return rpc.data.result.tools;
  const result = toolsListResult.safeParse(value);
  if (result.success) return result.data.tools;
  return null;
}

function nameOf(entry: unknown): string {
  if (typeof entry === 'object' && entry !== null && typeof (entry as { name?: unknown }).name === 'string') {
    return ` ("${(entry as { name: string }).name}")`;
  }
  return '';
}
