/**
 * A real llama.cpp `llama-server` for the endpoint runtime's tests, serving the project's tiny random GGUF
 * (written at test time, never committed). The binary is built once per machine by
 * `scripts/llama-server/build.mjs` (`npm test` and `.ci/run` build it when it is missing); a missing binary fails
 * the test with the command to run, never silently skips it. Each server gets a free port and starts in well
 * under a second; `stop()` ends exactly the process it started.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_COMMAND, llamaServerPath, llamaServerReady, llamaTemplatesDir } from '../scripts/llama-server/build.mjs';
import { TINY_MODEL_NAME, buildTinyModel, tinyVocabulary } from '../src/runtimes/wllama/gguf/tiny-model';

export interface LlamaServerOptions {
  /** A GGUF to serve instead of the tiny random model (e.g. the lesson model), and the id it is listed under. */
  readonly model?: { readonly path: string; readonly alias: string };
  /** Threads for generation (default 1: the tests run beside a browser on 2 cores). */
  readonly threads?: number;
  /** Serve with LFM2's chat template (llama.cpp parses its `<|tool_call_start|>` calls) instead of the GGUF's Qwen2.5 one. */
  readonly lfm2?: boolean;
  /** Context size; 2048 is the tiny model's own (llama-server caps a slot there unless the GGUF says more). */
  readonly context?: number;
  readonly extraArgs?: readonly string[];
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234/v1 */
  readonly baseUrl: string;
  readonly origin: string;
  /** What the server printed, for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

/** The model id the server lists (`--alias`): the runtime recognises the tiny model by it. */
export const TINY_ALIAS = TINY_MODEL_NAME;

/** `<|tool_call_start|>`'s token id in the tiny vocabulary: a logit_bias on it makes the model open LFM2 calls. */
export const TOOL_CALL_START_TOKEN = tinyVocabulary().ids.toolMarkers[2]!;

let modelPath: string | null = null;

function tinyModelFile(): string {
  if (modelPath && existsSync(modelPath)) return modelPath;
  const dir = join(tmpdir(), `tlp-endpoint-e2e-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  modelPath = join(dir, 'tiny.gguf');
  writeFileSync(modelPath, buildTinyModel({ seed: 1 }));
  return modelPath;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startLlamaServer(options: LlamaServerOptions = {}): Promise<RunningServer> {
  const binary = llamaServerPath();
  if (!llamaServerReady(binary)) {
    throw new Error(`llama-server is not built at ${binary}. Build it once (about 12 minutes): ${BUILD_COMMAND}`);
  }
  const port = await freePort();
  const args = [
    '-m',
    options.model?.path ?? tinyModelFile(),
    '--alias',
    options.model?.alias ?? TINY_ALIAS,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '-t',
    String(options.threads ?? 1),
    '-c',
    String(options.context ?? 2048),
    ...(options.context && options.context > 2048
      ? ['--override-kv', `llama.context_length=int:${options.context}`]
      : []),
    '-np',
    '1',
    '--jinja',
    ...(options.lfm2 ? ['--chat-template-file', join(llamaTemplatesDir(), 'LFM2-8B-A1B.jinja')] : []),
    ...(options.extraArgs ?? []),
  ];
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    baseUrl: `${origin}/v1`,
    origin,
    log: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`llama-server exited with ${child.exitCode}:\n${output}`);
    const healthy = await fetch(`${origin}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return server;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`llama-server did not become healthy within 15 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
