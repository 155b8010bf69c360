/**
 * The app's sandbox: one executor for the whole page (each run still gets its own worker and QuickJS engine),
 * and `userToolToTool`, which turns a stored user tool into an engine Tool that runs there.
 */
import type { Result, Tool, ToolExecutor, UserToolSpec } from '../engine';
import { specToTool } from '../engine';
import { createSandboxExecutor } from './host';
import { createWorkerSpawner } from './worker-spawner';

let shared: ToolExecutor | null = null;

export function browserSandbox(): ToolExecutor {
  shared ??= createSandboxExecutor({
    spawn: createWorkerSpawner(),
    now: () => performance.now(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
  return shared;
}

/** A user tool as an engine Tool whose code runs in the browser sandbox; or why it cannot be one. */
export function userToolToTool(spec: UserToolSpec): Result<Tool> {
  return specToTool(spec, browserSandbox());
}

export { createSandboxExecutor } from './host';
export type { SandboxChannel, Spawner } from './host';
