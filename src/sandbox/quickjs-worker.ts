/**
 * The browser's sandbox worker: a module Web Worker started fresh for each execution and terminated after it.
 * It runs the tool in QuickJS (quickjs-engine.ts); tool code never touches this worker's own globals.
 */
import type { WorkerRequest } from './quickjs-engine';
import { answerRun } from './quickjs-engine';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  scope.onmessage = null;
  void answerRun(event.data, {
    now: () => performance.now(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    fetch: scope.fetch.bind(scope),
    appOrigin: scope.location.origin,
  }).then((reply) => scope.postMessage(reply));
};
