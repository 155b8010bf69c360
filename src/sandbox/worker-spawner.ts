/**
 * The browser's spawner: one fresh module Web Worker per execution (quickjs-worker.ts), terminated when the run
 * ends, times out or is stopped — so whatever a tool did to its engine never outlives the run. The QuickJS
 * WebAssembly module is fetched and compiled once per spawner (one per page) and handed to each worker already compiled. When a run
 * ends, the next run's worker is started at once (it waits idle, holding nothing of any run), so a run does not
 * wait for a worker to boot.
 */
import wasmUrl from '@jitl/quickjs-wasmfile-release-sync/wasm?url';
import type { SandboxReply } from './protocol';
import type { SandboxChannel, Spawner, SpawnOptions } from './host';
import type { WorkerRequest } from './quickjs-engine';

/** The compiled QuickJS module, loaded once per spawner (the page makes one); a failed load is retried on the next run. */
function quickjsLoader(): () => Promise<WebAssembly.Module> {
  let compiled: Promise<WebAssembly.Module> | null = null;
  return () => {
    compiled ??= fetch(wasmUrl)
      .then((response) => {
        if (!response.ok) throw new Error(`${wasmUrl} answered ${response.status}`);
        return response.arrayBuffer();
      })
      .then((bytes) => WebAssembly.compile(bytes));
    compiled.catch(() => {
      compiled = null;
    });
    return compiled;
  };
}

function startWorker(): Worker {
  return new Worker(new URL('./quickjs-worker.ts', import.meta.url), { type: 'module', name: 'tool-sandbox' });
}

export function createWorkerSpawner(): Spawner {
  const quickjsModule = quickjsLoader();
  /** A started worker that has run nothing yet. */
  let spare: Worker | null = null;
  return (options: SpawnOptions): SandboxChannel => {
    let dead = false;
    const worker = spare ?? startWorker();
    spare = null;
    worker.onmessage = (event: MessageEvent<SandboxReply>) => {
      if (!dead) options.onReply(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (!dead) options.onCrash(event.message || 'the sandbox worker failed');
    };
    return {
      send(run) {
        quickjsModule().then(
          (wasm) => {
            if (!dead) worker.postMessage({ run, wasm } satisfies WorkerRequest);
          },
          (error: unknown) =>
            options.onCrash(
              `could not load the sandbox engine (QuickJS): ${error instanceof Error ? error.message : String(error)}`,
            ),
        );
      },
      kill() {
        if (dead) return;
        dead = true;
        worker.terminate();
        spare ??= startWorker();
      },
    };
  };
}
