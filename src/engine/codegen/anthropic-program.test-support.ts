/**
 * Test support (never imported by the app): runs a generated Anthropic program (Show the code → TypeScript ·
 * Anthropic) to its end in Node, as written, on the REAL `@anthropic-ai/sdk` — its Messages API client or its tool
 * runner — against a local HTTP server that answers as the Messages API does: the user's question gets a
 * `tool_use` of `calculate`, a tool result gets a final text. Only the program's last line changes, so one variant
 * runs and the run can be awaited. Used by the unit test beside it and by the e2e test that runs the page's program.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

/** One request body as the server received it. */
export interface MessagesBody {
  readonly messages: readonly { readonly role: string; readonly content: unknown }[];
}

export type AnthropicVariant = 'manualLoop' | 'withToolRunner';

/** The program's own entry line, which picks a variant from the command line. */
export const ANTHROPIC_ENTRY = 'void (process.argv.includes("--runner") ? withToolRunner() : manualLoop());';

/** The call the server asks for first. */
export const SERVER_CALL = { id: 'toolu_1', name: 'calculate', input: { operation: 'multiply', a: 128, b: 7 } };

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => done(text));
  });
}

export interface MessagesServer {
  /** Every request of the current run, in order. */
  readonly requests: MessagesBody[];
  /** Runs one variant of `code` to its end against this server; returns the requests it sent. */
  run(code: string, variant: AnthropicVariant): Promise<MessagesBody[]>;
  close(): Promise<void>;
}

export async function startMessagesServer(): Promise<MessagesServer> {
  const requests: MessagesBody[] = [];
  const server: Server = createServer((req, res) => {
    void readBody(req).then((text) => {
      const body = JSON.parse(text) as MessagesBody;
      requests.push(body);
      const question = typeof body.messages.at(-1)?.content === 'string';
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
      res.end(
        JSON.stringify({
          id: `msg_${requests.length}`,
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4-5',
          content: question ? [{ type: 'tool_use', ...SERVER_CALL }] : [{ type: 'text', text: 'Done.' }],
          stop_reason: question ? 'tool_use' : 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 5 },
        }),
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The program imports the SDK by name: it is written inside the project, where node_modules resolves.
  const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
  const dir = mkdtempSync(join(root, 'node_modules/.anthropic-program-'));
  let programs = 0;
  return {
    requests,
    async run(code, variant) {
      if (code.split(ANTHROPIC_ENTRY).length !== 2) throw new Error('The program does not end with its entry line.');
      const js = ts.transpileModule(code.replace(ANTHROPIC_ENTRY, `export const done = ${variant}();`), {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      const file = join(dir, `program-${++programs}.mjs`);
      writeFileSync(file, js);
      requests.length = 0;
      process.env.ANTHROPIC_API_KEY = 'test-key';
      process.env.ANTHROPIC_BASE_URL = baseUrl;
      const log = console.log;
      console.log = () => {};
      try {
        const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { done: Promise<void> };
        await module.done;
      } finally {
        console.log = log;
        delete process.env.ANTHROPIC_API_KEY;
        delete process.env.ANTHROPIC_BASE_URL;
      }
      return [...requests];
    },
    async close() {
      await new Promise((done) => server.close(done));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The `tool_result` blocks of the request that answered the call (the last message of the second request). */
export function sentResults(requests: readonly MessagesBody[]): unknown {
  return requests[1]?.messages.at(-1)?.content;
}
