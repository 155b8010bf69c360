/**
 * A tools file that carries code waits here for the person's decision, like a run file's code: nothing of it is
 * added (so nothing of it can run) until they choose "Trust and add" (tools-file-trust-prompt.tsx).
 */
import { create } from 'zustand';
import type { UserToolSpec } from '../../engine/user-tools';

export interface PendingToolsFile {
  readonly text: string;
  /** The file's tools that carry code (the ones to read). */
  readonly withCode: readonly UserToolSpec[];
  readonly total: number;
}

export const useToolsFileTrust = create<{ pending: PendingToolsFile | null }>(() => ({ pending: null }));

/**
 * Holds a parsed tools file back for the person's decision when any of its tools carries code; returns whether it
 * did (the caller then stops). A file of code-less tools (MCP definitions) imports at once: there is nothing to run.
 */
export function holdForTrust(text: string, specs: readonly UserToolSpec[]): boolean {
  const withCode = specs.filter((spec) => spec.code.trim() !== '');
  if (withCode.length === 0) return false;
  useToolsFileTrust.setState({ pending: { text, withCode, total: specs.length } });
  return true;
}
