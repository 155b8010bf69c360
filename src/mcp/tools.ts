/**
 * A server's `tools/list` entries checked one by one, and each usable one made an engine `Tool` whose
 * implementation is a `tools/call` to the server (as a user tool's is a run in the sandbox).
 *
 * Each entry is checked with the same bounds as a pasted or imported schema (`checkToolInputSchema` of the user
 * tools: nesting, size, `$ref` cycles, a real object schema) and the same name rule as the model APIs; a bad entry
 * is refused with its reason and the others stay usable. Annotations are hints from the server (the spec says not
 * to trust them for safety): they are shown, and a tool not marked read-only or non-destructive needs approval.
 */
import { z } from 'zod';
import type { JsonSchema, Tool, ToolContext, ToolResult, ValidationResult } from '../engine';
import { checkToolInputSchema, checkToolName } from '../engine';
import { definitionDigest } from './content';

/** The MCP tool annotations the playground shows (all optional hints). */
export interface McpAnnotations {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/** Why a listed tool pauses the loop for approval. */
export type ApprovalReason = 'read-only' | 'not-destructive' | 'may-be-destructive';

export interface McpToolInfo {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  /** The checked input schema as the model receives it (`$schema` dropped). */
  readonly inputSchema: JsonSchema;
  readonly annotations: McpAnnotations;
  /** The tool returns `structuredContent` matching this schema. */
  readonly hasOutputSchema: boolean;
  /** A digest of the listed definition: which version of the tool answered a call. */
  readonly digest: string;
  readonly needsApproval: boolean;
  readonly approval: ApprovalReason;
}

export interface RefusedTool {
  /** The name as listed ('' when it had none), and its place in the list. */
  readonly name: string;
  readonly index: number;
  readonly reason: string;
}

export interface ToolListing {
  readonly tools: readonly McpToolInfo[];
  readonly refused: readonly RefusedTool[];
  /** How many `tools/list` pages the listing took (pagination). */
  readonly pages: number;
}

const listedTool = z.looseObject({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: z.unknown(),
  outputSchema: z.unknown().optional(),
  annotations: z
    .looseObject({
      title: z.string().optional(),
      readOnlyHint: z.boolean().optional(),
      destructiveHint: z.boolean().optional(),
      idempotentHint: z.boolean().optional(),
      openWorldHint: z.boolean().optional(),
    })
    .optional(),
});

/** Checks the listed tools (every page, in order); a refused entry names its reason and leaves the others be. */
export function checkListedTools(entries: readonly unknown[], pages: number): ToolListing {
  const tools: McpToolInfo[] = [];
  const refused: RefusedTool[] = [];
  const names = new Set<string>();
  entries.forEach((entry, index) => {
    const parsed = listedTool.safeParse(entry);
    const rawName =
      typeof (entry as { name?: unknown } | null)?.name === 'string' ? (entry as { name: string }).name : '';
    const refuse = (reason: string) => refused.push({ name: rawName, index, reason });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return refuse(`${issue.path.map(String).join('.') || 'entry'}: ${issue.message}`);
    }
    const tool = parsed.data;
    const nameProblem = checkToolName(tool.name);
    if (nameProblem) return refuse(nameProblem);
    if (names.has(tool.name)) return refuse(`the server lists "${tool.name}" twice; the first one is used.`);
    const schema = checkToolInputSchema(tool.inputSchema, { lazyValidator: true });
    if (!schema.ok) return refuse(`inputSchema: ${schema.error}`);
    names.add(tool.name);
    const annotations: McpAnnotations = {
      ...(tool.annotations?.title !== undefined ? { title: tool.annotations.title } : {}),
      ...pick(tool.annotations, ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']),
    };
    const approval = approvalOf(annotations);
    const title = tool.title ?? annotations.title;
    tools.push({
      name: tool.name,
      ...(title !== undefined ? { title } : {}),
      description: tool.description ?? title ?? '',
      inputSchema: schema.value.schema,
      annotations,
      hasOutputSchema: tool.outputSchema !== undefined,
      digest: definitionDigest({
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: tool.annotations,
      }),
      needsApproval: approval === 'may-be-destructive',
      approval,
    });
  });
  return { tools, refused, pages };
}

type Hint = Exclude<keyof McpAnnotations, 'title'>;

function pick(annotations: Record<string, unknown> | undefined, keys: readonly Hint[]): Partial<Record<Hint, boolean>> {
  const out: Partial<Record<Hint, boolean>> = {};
  for (const key of keys) if (typeof annotations?.[key] === 'boolean') out[key] = annotations[key] as boolean;
  return out;
}

/**
 * MCP's defaults: a tool is not read-only and may be destructive unless its annotations say otherwise. Only such a
 * tool needs approval; a read-only or explicitly non-destructive one runs like any other tool.
 */
export function approvalOf(annotations: McpAnnotations): ApprovalReason {
  if (annotations.readOnlyHint === true) return 'read-only';
  if (annotations.destructiveHint === false) return 'not-destructive';
  return 'may-be-destructive';
}

/** Runs one call on the server: resolves to the tool message, or throws a `ToolFailure` (see mcp-tool calls). */
export type McpToolCall = (tool: McpToolInfo, args: unknown, ctx: ToolContext) => Promise<ToolResult>;

const validators = new WeakMap<McpToolInfo, (args: unknown) => ValidationResult>();

/** The engine tool for a listed MCP tool: its calls go to the server through `call`. */
export function toEngineTool(info: McpToolInfo, call: McpToolCall): Tool {
  return {
    name: info.name,
    description: info.description,
    inputSchema: info.inputSchema,
    returnDirect: false,
    needsApproval: info.needsApproval,
    source: 'mcp',
    validate(args) {
      let validate = validators.get(info);
      if (!validate) {
        const checked = checkToolInputSchema(info.inputSchema, { lazyValidator: true });
        validate = checked.ok ? checked.value.validate : () => ({ ok: false, error: [checked.error] });
        validators.set(info, validate);
      }
      return validate(args);
    },
    execute: (args, ctx) => call(info, args, ctx),
  };
}
