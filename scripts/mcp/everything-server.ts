/**
 * The official MCP reference server, `@modelcontextprotocol/server-everything` (a dev dependency), started with its
 * Streamable HTTP transport on a free localhost port, as a child process: the tests talk to a server they did not
 * write. Its CORS allows every origin and exposes `Mcp-Session-Id`. `stop()` ends exactly the process it started.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

export interface EverythingServer {
  /** e.g. http://127.0.0.1:41234/mcp */
  readonly url: string;
  /** What the server printed, for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
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

function serverScript(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
}

export async function startEverythingServer(): Promise<EverythingServer> {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [serverScript(), 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything did not start in 20 s:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on port')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    log: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
