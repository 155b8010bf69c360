/**
 * Test support: the Node counterpart of quickjs-worker.ts — a worker thread that answers one run with the same
 * `answerRun` the browser's sandbox worker uses. Loaded through tsx by node-spawner.test-support.ts.
 */
import { parentPort } from 'node:worker_threads';
import type { WorkerRequest } from './quickjs-engine';
import { answerRun } from './quickjs-engine';

parentPort?.once('message', (request: WorkerRequest) => {
  void answerRun(request, {
    now: () => performance.now(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    fetch,
  }).then((reply) => parentPort?.postMessage(reply));
});
