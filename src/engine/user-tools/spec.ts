/**
 * A user's own tool as stored, exported and edited: plain JSON. Its parameters are either the form model
 * (`parameters`) or a JSON Schema written by hand or imported (`jsonSchema`); exactly one is set.
 * `kind: 'code'` tools run their JavaScript in the sandbox; `kind: 'mcp'` tools were imported from an MCP
 * `tools/list` result and have no implementation here: their result is written by hand at the pause, or comes
 * from an optional mock (`code`) the user writes.
 */
import { z } from 'zod';
import { paramFieldSchema } from './param-form';
import type { ParamField } from './param-form';
import type { JsonSchema } from '../tool';
import { MAX_MEMORY_LIMIT_MB, MIN_MEMORY_LIMIT_MB } from './executor';
import { type Result } from '../result';
import type { StudioProblem } from './problems';
import { problemText } from './problems';

export type UserToolKind = 'code' | 'mcp';

export interface UserToolSpec {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** The form model; null when the schema is given as JSON Schema. */
  readonly parameters: readonly ParamField[] | null;
  /** The JSON Schema given by hand or imported; null when the form defines the parameters. */
  readonly jsonSchema: JsonSchema | null;
  /** The body of an async function that receives `args`; for MCP tools an optional mock ('' = none). */
  readonly code: string;
  readonly returnDirect: boolean;
  readonly needsApproval: boolean;
  /** Lets the code use fetch / XMLHttpRequest / WebSocket. Off by default. */
  readonly allowNetwork: boolean;
  readonly kind: UserToolKind;
  /** The time limit of one execution, in milliseconds. */
  readonly timeoutMs: number;
  /** The heap cap of one execution, in MB; absent = `DEFAULT_MEMORY_LIMIT_MB` (older files have none). */
  readonly memoryLimitMb?: number;
  /** Sample arguments for the test run, as JSON text. */
  readonly sampleArgs: string;
  readonly updatedAt: number;
}

export const DEFAULT_TIMEOUT_MS = 3000;
export const MAX_TIMEOUT_MS = 60_000;

/** OpenAI and Anthropic both accept tool names of 1–64 letters, digits, `_` and `-`. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const userToolSpecSchema = z
  .object({
    id: z.string().min(1),
    name: z.string(),
    description: z.string(),
    parameters: z.array(paramFieldSchema).nullable(),
    jsonSchema: z.record(z.string(), z.unknown()).nullable(),
    code: z.string(),
    returnDirect: z.boolean(),
    needsApproval: z.boolean(),
    allowNetwork: z.boolean(),
    kind: z.enum(['code', 'mcp']),
    timeoutMs: z.int().min(50).max(MAX_TIMEOUT_MS).default(DEFAULT_TIMEOUT_MS),
    memoryLimitMb: z.int().min(MIN_MEMORY_LIMIT_MB).max(MAX_MEMORY_LIMIT_MB).optional(),
    sampleArgs: z.string().default('{}'),
    updatedAt: z.number().default(0),
  })
  .refine((s) => (s.parameters === null) !== (s.jsonSchema === null), {
    message: 'A tool has either form parameters or a JSON Schema, exactly one of them.',
  }) satisfies z.ZodType<UserToolSpec, unknown>;

export const DEFAULT_CODE = `// The body of an async function. \`args\` holds the validated arguments.
// Return a string, or any JSON value (it is sent to the model as JSON text).
// console.log output shows in the test run. No DOM, no app storage, no network unless allowed.
const { a, b } = args;
return a + b;
`;

/** A new code tool with a small example, so the first test run shows something. */
export function newUserToolSpec(id: string, name: string, now: number): UserToolSpec {
  return {
    id,
    name,
    description: 'Adds two numbers.',
    parameters: [
      {
        name: 'a',
        type: 'number',
        description: 'The first number',
        required: true,
        enumValues: [],
        properties: [],
        items: null,
      },
      {
        name: 'b',
        type: 'number',
        description: 'The second number',
        required: true,
        enumValues: [],
        properties: [],
        items: null,
      },
    ],
    jsonSchema: null,
    code: DEFAULT_CODE,
    returnDirect: false,
    needsApproval: false,
    allowNetwork: false,
    kind: 'code',
    timeoutMs: DEFAULT_TIMEOUT_MS,
    sampleArgs: '{"a": 2, "b": 3}',
    updatedAt: now,
  };
}

/** Checks a tool name; null when it is fine. */
export function checkToolName(name: string): string | null {
  const problem = toolNameProblem(name);
  return problem ? problemText(problem) : null;
}

/** `checkToolName`'s problem as data. */
export function toolNameProblem(name: string): StudioProblem | null {
  if (name === '') return { code: 'toolNameMissing' };
  if (!TOOL_NAME_PATTERN.test(name)) return { code: 'toolNameInvalid', values: { name } };
  return null;
}

/**
 * Refuses a name another tool of the workspace already has. `others` are the names of every other tool
 * (presets and user tools, not the one being edited).
 */
export function checkNameClash(name: string, others: readonly { name: string; source: string }[]): string | null {
  const problem = nameClashProblem(name, others);
  return problem ? problemText(problem) : null;
}

/** `checkNameClash`'s problem as data (`source` is "preset", "user" or "MCP", as the English names them). */
export function nameClashProblem(
  name: string,
  others: readonly { name: string; source: string }[],
): StudioProblem | null {
  const clash = others.find((o) => o.name === name);
  return clash ? { code: 'toolNameClash', values: { name, source: clash.source } } : null;
}

/** Parses unknown data (an IndexedDB record, an import) as a spec, with a readable reason when it is not one. */
export function parseUserToolSpec(value: unknown): Result<UserToolSpec> {
  const parsed = userToolSpecSchema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(record)';
  return { ok: false, error: `${where}: ${issue.message}` };
}
