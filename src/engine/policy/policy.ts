/**
 * The policy in front of the workspace tools (the Pi-style harness tutorial): every call's path must stay inside
 * the workspace, secret files are blocked, writes need the person's *allow write* grant, and output over a limit is
 * truncated. `checkAccess` decides; the execution service applies the decision and the limit.
 */
import type { ToolGrants } from '../tool';
import { err, ok, type Result } from '../result';
import { normalizePath } from './virtual-fs';

export type Operation = 'list' | 'read' | 'write';

export interface Policy {
  /** Output longer than this many characters is cut, and the result says so. */
  readonly outputLimit: number;
  /** Paths matching any of these are secrets: never read or written (a listing of the root shows their names). */
  readonly secrets: readonly RegExp[];
}

export const DEFAULT_POLICY: Policy = {
  outputLimit: 1200,
  secrets: [/^secrets(\/|$)/, /(^|\/)\.env(\.|$)/],
};

export type DenialRule = 'outside-workspace' | 'secret' | 'allow-write';

export interface Denial {
  readonly rule: DenialRule;
  /** The text the model receives (tool results are the model's, not UI text). */
  readonly text: string;
  readonly path?: string;
}

export function isSecret(path: string, policy: Policy = DEFAULT_POLICY): boolean {
  return policy.secrets.some((pattern) => pattern.test(path));
}

/**
 * Whether `operation` on `rawPath` may run under `grants`: the normalized path, or the denial. The checks run in
 * the order a reader would: a write without the grant is refused before its path is even looked at, as the
 * tutorial's harness checks a tool's capability first.
 */
export function checkAccess(
  operation: Operation,
  rawPath: string,
  grants: ToolGrants,
  policy: Policy = DEFAULT_POLICY,
): Result<string, Denial> {
  if (operation === 'write' && !grants.allowWrite) {
    return err({ rule: 'allow-write', text: 'tool requires allowWrite=true: write' });
  }
  const normalized = normalizePath(operation === 'list' && rawPath.trim() === '' ? '.' : rawPath);
  if (!normalized.ok) {
    if (normalized.error.kind === 'empty') return err({ rule: 'outside-workspace', text: 'path is empty' });
    return err({
      rule: 'outside-workspace',
      text: `path escapes the workspace: ${normalized.error.path}`,
      path: normalized.error.path,
    });
  }
  const path = normalized.value;
  if (isSecret(path, policy)) {
    return err({ rule: 'secret', text: `path is blocked by policy (secret file): ${path}`, path });
  }
  return ok(path);
}

/** Cuts text over the limit, saying how much was left out. */
export function truncate(
  text: string,
  limit: number,
): { readonly text: string; readonly truncated: boolean; readonly originalLength: number } {
  if (text.length <= limit) return { text, truncated: false, originalLength: text.length };
  return {
    text: `${text.slice(0, limit)}\n…[truncated: ${text.length - limit} more characters; the output limit is ${limit}]`,
    truncated: true,
    originalLength: text.length,
  };
}
