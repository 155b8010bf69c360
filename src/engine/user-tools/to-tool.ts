/**
 * Turns a stored spec into an engine Tool, given the executor that runs its code. The schema is compiled once
 * here; a spec whose schema or name is broken gives a reason instead of a tool.
 */
import type { JsonSchema, Tool, ToolResult, Validator } from '../tool';
import { errorResult, validateWithZod } from '../tool';
import type { ToolExecutor } from './executor';
import { DEFAULT_MAX_OUTPUT_CHARS, DEFAULT_MEMORY_LIMIT_MB, reportToResult } from './executor';
import { checkToolInputSchema } from './json-schema-check';
import { formToJsonSchema, formToZod, formToZodSource, paramFormProblems } from './param-form';
import type { Refusal } from './problems';
import { refuse } from './problems';
import type { UserToolSpec } from './spec';
import { checkToolName } from './spec';
import { type Result } from '../result';

export interface CompiledSchema {
  readonly inputSchema: JsonSchema;
  /** Checks arguments; `options.error` words the issues in a language (zod's locale), English by default. */
  readonly validate: Validator;
  /** The zod source for form-built schemas; null for a JSON Schema given as such. */
  readonly zodSource: string | null;
}

/**
 * Compiles a spec's parameters (form or JSON Schema) to the schema the model receives and a validator. With
 * `lazyValidator` a JSON Schema's zod validator is built on first use (see `checkToolInputSchema`).
 */
export function compileSpecSchema(
  spec: Pick<UserToolSpec, 'parameters' | 'jsonSchema'>,
  options: { lazyValidator?: boolean } = {},
): Result<CompiledSchema> | Refusal {
  if (spec.parameters) {
    const problems = paramFormProblems(spec.parameters);
    if (problems.length > 0) return refuse({ code: 'paramsHaveProblems' }, ...problems);
    const schema = formToZod(spec.parameters);
    return {
      ok: true,
      value: {
        inputSchema: formToJsonSchema(spec.parameters),
        validate: (args, validateOptions) => validateWithZod(schema, args, validateOptions),
        zodSource: formToZodSource(spec.parameters),
      },
    };
  }
  const checked = checkToolInputSchema(spec.jsonSchema, options);
  if (!checked.ok) return checked;
  return { ok: true, value: { inputSchema: checked.value.schema, validate: checked.value.validate, zodSource: null } };
}

/** An MCP tool without a mock cannot run here: the loop must pause so the person writes its result. */
export function hasImplementation(spec: UserToolSpec): boolean {
  return spec.kind === 'code' || spec.code.trim() !== '';
}

export interface SpecToToolOptions {
  readonly maxOutputChars?: number;
}

export function specToTool(spec: UserToolSpec, executor: ToolExecutor, options: SpecToToolOptions = {}): Result<Tool> {
  const nameProblem = checkToolName(spec.name);
  if (nameProblem) return { ok: false, error: nameProblem };
  // Stored tools were checked in full when saved or imported; their validators are built when first needed.
  const compiled = compileSpecSchema(spec, { lazyValidator: true });
  if (!compiled.ok) return { ok: false, error: `${spec.name}: ${compiled.error}` };
  const implemented = hasImplementation(spec);
  const tool: Tool = {
    name: spec.name,
    description: spec.description,
    inputSchema: compiled.value.inputSchema,
    returnDirect: spec.returnDirect,
    // Without an implementation the only way to a result is the pause: force it.
    needsApproval: spec.needsApproval || !implemented,
    source: spec.kind === 'mcp' ? 'mcp' : 'user',
    validate: compiled.value.validate,
    ...(implemented ? { code: spec.code } : {}),
    async execute(args, ctx): Promise<ToolResult> {
      if (!implemented) {
        return errorResult(
          `${spec.name} is an imported MCP tool with no implementation in the browser: write its result by hand at the pause, or give it a mock.`,
          { noImplementation: true },
        );
      }
      const report = await executor.run(
        {
          toolName: spec.name,
          code: spec.code,
          args,
          allowNetwork: spec.allowNetwork,
          timeoutMs: spec.timeoutMs,
          memoryLimitMb: spec.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB,
          maxOutputChars: options.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS,
        },
        ctx.signal,
      );
      return reportToResult(report);
    },
  };
  return { ok: true, value: tool };
}
