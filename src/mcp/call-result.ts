/**
 * How a `tools/call` reaches the loop: the server's result is the tool message (its record in `metadata.mcp`);
 * an `isError` result, a refused call, Stop, the time limit and a dead server are thrown as `ToolFailure`s, so the
 * exception processor treats them like any tool error — sent to the model flagged `is_error` by default, or
 * ending the loop — and the record stays on the result either way.
 */
import type { ToolResult } from '../engine';
import { ToolFailure } from '../engine';
import { problemForModel } from './problems';
import type { CallEnd } from './session';

export function callEndToResult(end: CallEnd, server: string): ToolResult {
  if (end.kind === 'failed') throw new ToolFailure(problemForModel(end.problem, server), { mcp: end.record });
  if (end.result.isError) throw new ToolFailure(end.result.text, { mcp: end.record });
  return { text: end.result.text, isError: false, metadata: { mcp: end.record } };
}
