/**
 * The app's sandbox: `browserSandbox` makes the page's executor (the composition root makes one; each execution
 * still gets its own worker and QuickJS engine).
 */
import type { ToolExecutor } from '../engine';
import { createSandboxExecutor } from './host';
import { createWorkerSpawner } from './worker-spawner';

export function browserSandbox(): ToolExecutor {
  return createSandboxExecutor({
    spawn: createWorkerSpawner(),
    now: () => performance.now(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
}

export { createSandboxExecutor } from './host';
export type { SandboxChannel, Spawner } from './host';
