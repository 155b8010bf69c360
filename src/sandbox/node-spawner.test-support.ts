/**
 * Test support: spawns a real worker thread per execution that runs the sandbox's own `answerRun` in QuickJS
 * (node-worker.test-support.ts), so the host's limits, the engine's caps, serialization and the denials are
 * exercised on a real second thread with the real WebAssembly engine (the browser path uses a module Web Worker;
 * e2e/tool-studio.spec.ts and e2e/robustness.spec.ts cover it).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Spawner } from './host';
import { createSandboxExecutor } from './host';

const require = createRequire(import.meta.url);
let compiled: Promise<WebAssembly.Module> | null = null;

/** The QuickJS WebAssembly module, compiled once for the test process. */
export function compiledQuickJS(): Promise<WebAssembly.Module> {
  compiled ??= readFile(require.resolve('@jitl/quickjs-wasmfile-release-sync/wasm')).then((bytes) =>
    WebAssembly.compile(bytes),
  );
  return compiled;
}

/** Node 20 applies no `--import` hooks to a worker's entry: the worker registers tsx itself, then loads the TS file. */
const bootstrap = `
(async () => {
  const { register } = await import(${JSON.stringify(new URL('../../node_modules/tsx/dist/esm/api/index.mjs', import.meta.url).href)});
  register();
  await import(${JSON.stringify(new URL('./node-worker.test-support.ts', import.meta.url).href)});
})();
`;

export const nodeSpawner: Spawner = (options) => {
  const worker = new Worker(bootstrap, { eval: true });
  let dead = false;
  worker.on('message', (message) => {
    if (!dead) options.onReply(message);
  });
  worker.on('error', (error: Error) => {
    if (!dead) options.onCrash(error.message);
  });
  return {
    send: (run) =>
      void compiledQuickJS().then((wasm) => {
        if (!dead) worker.postMessage({ run, wasm });
      }),
    kill: () => {
      dead = true;
      void worker.terminate();
    },
  };
};

export function nodeSandbox(graceMs = 3000) {
  return createSandboxExecutor({
    spawn: nodeSpawner,
    now: () => performance.now(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    graceMs,
  });
}
