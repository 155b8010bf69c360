/**
 * One execution service for the workspace tools: every call goes through `run`, which reports the call as
 * started, checks the policy (denied), does the operation on the virtual workspace (failed, or finished) and cuts
 * output over the limit. Each call's result is the tutorial's `ToolResult {text, error, metadata}`; the model
 * receives it serialised as JSON (`toModelResult`), so a denial reads
 * `{"text":"tool requires allowWrite=true: write","error":true,"metadata":{"policyDenied":true}}`.
 */
import type { ToolContext, ToolResult } from '../tool';
import { assertNever } from '../result';
import type { Operation, Policy } from './policy';
import { checkAccess, DEFAULT_POLICY, truncate } from './policy';
import { VirtualFs } from './virtual-fs';

/** The tutorial's tool result: what the service returns and, as JSON, what the model reads. */
export interface ServiceResult {
  readonly text: string;
  readonly error: boolean;
  readonly metadata: Readonly<Record<string, unknown>>;
}

export type ServiceCall =
  | { readonly operation: 'list'; readonly tool: string; readonly path: string }
  | { readonly operation: 'read'; readonly tool: string; readonly path: string }
  | { readonly operation: 'write'; readonly tool: string; readonly path: string; readonly content: string };

export class ExecutionService {
  constructor(
    readonly fs: VirtualFs = new VirtualFs(),
    readonly policy: Policy = DEFAULT_POLICY,
  ) {}

  /** Runs one call through the policy; reports started, then exactly one of denied / failed / finished. */
  run(call: ServiceCall, ctx: Pick<ToolContext, 'grants' | 'report'>): ServiceResult {
    ctx.report?.({ kind: 'started', detail: `${call.tool} ${call.path || '.'}` });
    const access = checkAccess(call.operation, call.path, ctx.grants ?? { allowWrite: false }, this.policy);
    if (!access.ok) {
      const denial = access.error;
      ctx.report?.({ kind: 'denied', detail: denial.text });
      const metadata =
        denial.rule === 'allow-write' ? { policyDenied: true } : { policyDenied: true, rule: denial.rule };
      return { text: denial.text, error: true, metadata };
    }
    const path = access.value;
    const result = this.operate(call, path);
    if (result.error) {
      ctx.report?.({ kind: 'failed', detail: result.text });
      return result;
    }
    const cut = truncate(result.text, this.policy.outputLimit);
    ctx.report?.({
      kind: 'finished',
      detail: cut.truncated ? `${cut.originalLength} characters, truncated to ${this.policy.outputLimit}` : undefined,
    });
    if (!cut.truncated) return result;
    return {
      text: cut.text,
      error: false,
      metadata: {
        ...result.metadata,
        truncated: true,
        originalLength: cut.originalLength,
        limit: this.policy.outputLimit,
      },
    };
  }

  private operate(call: ServiceCall, path: string): ServiceResult {
    switch (call.operation) {
      case 'list': {
        if (!this.fs.isDirectory(path)) return { text: `not a directory: ${path}`, error: true, metadata: {} };
        const files = this.fs.list(path);
        return {
          text: files.map((f) => `${f.path} (${f.size} characters)`).join('\n'),
          error: false,
          metadata: { count: files.length },
        };
      }
      case 'read': {
        const content = this.fs.read(path);
        if (content === undefined) return { text: `file not found: ${path}`, error: true, metadata: {} };
        return { text: content, error: false, metadata: { path } };
      }
      case 'write': {
        const existed = this.fs.write(path, call.content);
        return {
          text: `${existed ? 'replaced' : 'created'} ${path} (${call.content.length} characters)`,
          error: false,
          metadata: { path, created: !existed },
        };
      }
      default:
        return assertNever(call);
    }
  }
}

/**
 * The harness's result for a service result: the model receives the JSON text; `isError` carries the error flag
 * (Anthropic's `is_error`); the metadata keeps the service's result for the transcript.
 */
export function toModelResult(result: ServiceResult): ToolResult {
  return { text: JSON.stringify(result), isError: result.error, metadata: { service: result } };
}

export type { Operation };
