/**
 * What "Show the code" turns into a program: the workspace's prompts, the tools exactly as the model receives
 * them (flags, augmentation), the loop settings and, for the advisor-controlled Spring chain, the advisor orders.
 * Every generator is a pure function of this value.
 */
import type { AdvisorConfig } from '../advisors/setup';
import type { LoopSettings } from '../loop/events';
import type { ToolDefinition } from '../tool';

export interface CodegenInput {
  /** A title for the header comment (the scenario's, or "your workspace"). */
  readonly title: string;
  readonly system: string;
  readonly user: string;
  readonly tools: readonly ToolDefinition[];
  readonly settings: LoopSettings;
  readonly advisors: AdvisorConfig;
}

/** A string literal for TypeScript (and Java: JSON's escapes are a subset of both). */
export function literal(text: string): string {
  return JSON.stringify(text);
}

/** A JSON value written as a TypeScript object literal, indented to sit at `indent` spaces. */
export function jsonBlock(value: unknown, indent: number): string {
  const pad = ' '.repeat(indent);
  return JSON.stringify(value, null, 2)
    .split('\n')
    .map((line, i) => (i === 0 ? line : pad + line))
    .join('\n');
}

/** A tool name as a TypeScript/Java identifier (tool names are `[A-Za-z0-9_-]`; `-` becomes `_`). */
export function identifier(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_$]/g, '_');
  return /^[0-9]/.test(cleaned) ? `_${cleaned}` : cleaned || '_tool';
}

/** camelCase of a snake_case tool name, for Java method names. */
export function camel(name: string): string {
  const parts = identifier(name).split('_').filter(Boolean);
  return parts.map((p, i) => (i === 0 ? p : p[0]!.toUpperCase() + p.slice(1))).join('') || '_tool';
}
