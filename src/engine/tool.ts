/**
 * Tools: a name unique within one request, a description (the model's API doc), an input JSON Schema, the
 * returnDirect and needs-approval flags, and an implementation. Tools are exposed per request; nothing is global.
 */
import { z } from 'zod';
import { type Result } from './result';

export type JsonSchema = Record<string, unknown>;

/**
 * The language a tool speaks to the model: its description and its words in results and argument errors. Model-
 * facing data, so it follows the workspace's tool-language switch (scenarios/tool-language.ts), not the page's.
 */
export type ToolLanguage = 'en' | 'ko';

/** Where a tool came from; shown in the UI and in duplicate-name errors. */
export const TOOL_SOURCES = ['preset', 'user', 'mcp', 'search'] as const;
export type ToolSource = (typeof TOOL_SOURCES)[number];

/** What the model sees of a tool, plus the harness's flags. Serializable. */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  /** When every executed call of a response is returnDirect, the results are the final answer. */
  readonly returnDirect: boolean;
  /** The loop pauses on calls of this tool even when "pause before executing tools" is off. */
  readonly needsApproval: boolean;
  readonly source: ToolSource;
}

/** A tool's result, `{text, error, metadata}`: `isError` marks a result that reports a failure. */
export interface ToolResult {
  readonly text: string;
  readonly isError: boolean;
  readonly metadata: Readonly<Record<string, unknown>>;
}

/** What the execution service in front of a tool reports about one call (see engine/policy). */
export const EXECUTION_EVENT_KINDS = ['started', 'finished', 'denied', 'failed'] as const;
export type ExecutionEventKind = (typeof EXECUTION_EVENT_KINDS)[number];

export interface ExecutionReport {
  readonly kind: ExecutionEventKind;
  /** One line for the transcript (the policy's reason, the error); absent when there is nothing to add. */
  readonly detail?: string;
}

/** What the person granted the tools of a run, read at execution time (the execution service's policy). */
export interface ToolGrants {
  /** Writes are allowed (the policy-workspace tools refuse them otherwise). */
  readonly allowWrite: boolean;
}

/** What an implementation receives besides its arguments. Clock injected so runs replay deterministically. */
export interface ToolContext {
  readonly now: () => number;
  readonly signal: AbortSignal;
  readonly callId: string;
  /** The grants in force when the call runs; absent means none (no writes). */
  readonly grants?: ToolGrants;
  /** Records an execution-service event in the run's log (absent outside a run, e.g. a test run). */
  readonly report?: (report: ExecutionReport) => void;
}

/** Arguments checked against a schema: the parsed value, or every problem found. */
export type ValidationResult = Result<unknown, string[]>;

/**
 * How one validation words its issues: `error` is zod's error map for a language (a zod locale's `localeError`,
 * e.g. the studio's test run in the page's language, or a tool answering in its tool language). Absent: zod's
 * English. Per call, never zod's global config, so no other validation changes its words.
 */
export interface ValidateOptions {
  readonly error?: z.core.$ZodErrorMap;
}

/** A validator that takes the wording per call (see `ValidateOptions`); never throws. */
export type Validator = (args: unknown, options?: ValidateOptions) => ValidationResult;

export interface Tool extends ToolDefinition {
  /** Checks parsed arguments against the input schema; never throws. */
  validate(args: unknown): ValidationResult;
  /**
   * Runs the tool. Throwing means "the tool failed": the exception processor decides whether the model sees
   * the error text or the loop stops. Returning a string is shorthand for a successful text result.
   */
  execute(args: unknown, ctx: ToolContext): Promise<ToolResult | string> | ToolResult | string;
  /**
   * The same tool wording its results and argument errors in `language` (a ToolOverride's `language` asks for it);
   * absent on a tool that words them in English only. Its definition (name, schema) is the same.
   */
  inLanguage?(language: ToolLanguage): Tool;
  /**
   * A user tool's implementation as source text (what the sandbox runs); absent on tools without code. A run records
   * which version of it each execution used (loop/code-versions.ts), and a saved edit runs from the next execution.
   */
  readonly code?: string;
}

export interface DefineToolSpec<S extends z.ZodType> {
  readonly name: string;
  readonly description: string;
  readonly schema: S;
  readonly returnDirect?: boolean;
  readonly needsApproval?: boolean;
  readonly source?: ToolSource;
  execute(args: z.infer<S>, ctx: ToolContext): Promise<ToolResult | string> | ToolResult | string;
}

/** Defines a tool from a zod 4 schema; the JSON Schema the model receives comes from `z.toJSONSchema`. */
export function defineTool<S extends z.ZodType>(spec: DefineToolSpec<S>): Tool {
  return {
    name: spec.name,
    description: spec.description,
    // Made on first read (then kept per zod schema by zodToToolSchema): a catalog makes dozens of tools whose schema
    // no request may need (the 28-tool workspace alone cost tens of milliseconds of a first load in z.toJSONSchema).
    get inputSchema() {
      return zodToToolSchema(spec.schema);
    },
    returnDirect: spec.returnDirect ?? false,
    needsApproval: spec.needsApproval ?? false,
    source: spec.source ?? 'preset',
    validate: (args) => validateWithZod(spec.schema, args),
    execute: (args, ctx) => spec.execute(args as z.infer<S>, ctx),
  };
}

/**
 * The JSON Schema a tool's parameters are sent as. `$schema` is dropped: it costs prompt tokens and tells a
 * model nothing. `additionalProperties: false` stays (Spring AI sends it too).
 */
export function zodToToolSchema(schema: z.ZodType): JsonSchema {
  const made = jsonSchemas.get(schema);
  if (made) return made;
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema) as JsonSchema;
  jsonSchemas.set(schema, rest);
  return rest;
}

/**
 * Each zod schema's JSON Schema, made once: a preset's schema is one module-level object, and every run makes
 * fresh instances of its tools (so each run starts from the same stock). Schemas are immutable, so one answer holds.
 */
const jsonSchemas = new WeakMap<z.ZodType, JsonSchema>();

export function validateWithZod(schema: z.ZodType, args: unknown, options: ValidateOptions = {}): ValidationResult {
  const parsed = schema.safeParse(args, options.error ? { error: options.error } : undefined);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: formatZodIssues(parsed.error) };
}

export function formatZodIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
    return `${path}: ${issue.message}`;
  });
}

/**
 * Converts a JSON Schema (a pasted schema, an MCP `inputSchema`) to a validator. Returns the reason when the
 * schema is not a JSON Schema zod can understand.
 */
export function jsonSchemaValidator(schema: JsonSchema): Result<Validator> {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { ok: false, error: 'The input schema must be a JSON object.' };
  }
  if (schema.type !== undefined && schema.type !== 'object') {
    return {
      ok: false,
      error: `A tool's input schema must have "type": "object", not ${JSON.stringify(schema.type)}.`,
    };
  }
  try {
    const zodSchema = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
    return { ok: true, value: (args, options) => validateWithZod(zodSchema, args, options) };
  } catch (error) {
    return { ok: false, error: `Not a valid JSON Schema: ${errorMessage(error)}` };
  }
}

/**
 * A tool failure that carries what the tool knows about it (e.g. which MCP server answered): thrown like any
 * error, so the exception processor decides what the model sees, and its metadata is kept on the result.
 */
export class ToolFailure extends Error {
  override readonly name = 'ToolFailure';
  constructor(
    message: string,
    readonly metadata: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

export function textResult(text: string, metadata: Record<string, unknown> = {}): ToolResult {
  return { text, isError: false, metadata };
}

export function errorResult(text: string, metadata: Record<string, unknown> = {}): ToolResult {
  return { text, isError: true, metadata };
}

/** A tool's definition alone (no validate/execute), for views and requests; its schema is read on demand. */
export function toDefinition(tool: ToolDefinition): ToolDefinition {
  return {
    name: tool.name,
    description: tool.description,
    // Read through, so a schema made on first read (defineTool) is still made only when someone reads it.
    get inputSchema() {
      return tool.inputSchema;
    },
    returnDirect: tool.returnDirect,
    needsApproval: tool.needsApproval,
    source: tool.source,
  };
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
