/**
 * Test support: spawns the real `sandboxWorkerMain` in a Node worker thread, so the host's time limit, the
 * worker's hardening, serialization and caps are exercised on a real second thread (the browser path uses an
 * iframe and a Web Worker instead; e2e/tool-studio.spec.ts covers it).
 */
import { Worker } from 'node:worker_threads';
import type { Spawner } from './host';
import { createSandboxExecutor } from './host';
import { sandboxWorkerMain } from './worker-main';

const source = `
const { parentPort } = require('node:worker_threads');
const scope = globalThis;
scope.postMessage = (message) => parentPort.postMessage(message);
scope.onmessage = null;
parentPort.on('message', (data) => { if (scope.onmessage) scope.onmessage({ data }); });
(${String(sandboxWorkerMain)})(scope);
`;

export const nodeSpawner: Spawner = (options) => {
  const worker = new Worker(source, { eval: true });
  worker.on('message', (message) => options.onReply(message));
  worker.on('error', (error: Error) => options.onCrash(error.message));
  return {
    send: (message) => worker.postMessage(message),
    kill: () => void worker.terminate(),
  };
};

export function nodeSandbox(graceMs = 0) {
  return createSandboxExecutor({
    spawn: nodeSpawner,
    now: () => performance.now(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    graceMs,
  });
}
