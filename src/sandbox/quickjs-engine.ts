/**
 * The worker's side of a run: instantiates QuickJS from the compiled WebAssembly module the host sent (compiled
 * once per page, instantiated per run in a few milliseconds, in its own capped memory) and runs the tool in it. Shared by the browser's
 * sandbox worker and the Node worker the tests use, so both run exactly this code.
 */
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { RunMessage, SandboxReply } from './protocol';
import { loadQuickJS } from './quickjs-module';
import type { RunnerHost } from './quickjs-runner';
import { runInQuickJS } from './quickjs-runner';

/** What the host posts to a fresh sandbox worker. */
export interface WorkerRequest {
  readonly run: RunMessage;
  readonly wasm: WebAssembly.Module;
}

export async function answerRun(request: WorkerRequest, host: RunnerHost): Promise<SandboxReply> {
  let module: QuickJSWASMModule;
  try {
    module = await loadQuickJS(request.wasm, request.run.memoryLimitBytes);
  } catch (error) {
    return {
      type: 'crashed',
      message: `the sandbox engine (QuickJS) could not start: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  return runInQuickJS(module, request.run, host);
}
