/**
 * Test support (never imported by the app): runs a generated web-llm program (Show the code → TypeScript · web-llm)
 * to its end in Node. The program is transpiled as written; its `CreateMLCEngine` is answered by an engine whose
 * `chat.completions.create` puts each request through web-llm's own checks — `postInitAndCheckFieldsChatCompletion`
 * of the pinned library, on the request object itself, as a main-thread MLCEngine does — and then plays a scripted
 * reply in web-llm's non-streaming shape. Only the program's last line changes (`void main();` →
 * `export const done = main();`) so the run can be awaited. Used by the unit test beside it and by the e2e test
 * that runs the program the page shows.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { ChatCompletionRequest } from '@mlc-ai/web-llm';
import { ModelType, postInitAndCheckFieldsChatCompletion } from '@mlc-ai/web-llm';

export interface ProgramRun {
  /** Each request as the program sent it (a copy taken before web-llm's checks touched it). */
  readonly requests: ChatCompletionRequest[];
  /** What web-llm's checks threw ("Name: message"), if anything: the run stops at the first. */
  readonly refusals: string[];
  /** The model id the program loaded. */
  readonly model: string | null;
}

/** A reply that calls a tool (a name no tool has, so no implementation is needed: an error result), after thinking. */
export const PROGRAM_CALL =
  '<think>\nI need a tool first.\n</think>\n\n<tool_call>\n{"name": "lookup", "arguments": {}}\n</tool_call>';

const HARNESS_KEY = '__webllmProgramHarness';
let dir: string | null = null;

function workDir(): { dir: string; shim: string } {
  dir ??= mkdtempSync(join(tmpdir(), 'webllm-program-'));
  const shim = join(dir, 'web-llm-shim.mjs');
  writeFileSync(shim, `export const CreateMLCEngine = (model) => globalThis.${HARNESS_KEY}.create(model);\n`);
  return { dir, shim };
}

let programs = 0;

/** Removes the transpiled programs (call once the tests are done). */
export function removeRunPrograms(): void {
  if (dir !== null) rmSync(dir, { recursive: true, force: true });
  dir = null;
}

/** Runs `code` to its end; `replies` answer its model calls in turn. */
export async function runProgram(code: string, replies: readonly string[]): Promise<ProgramRun> {
  const run = { requests: [] as ChatCompletionRequest[], refusals: [] as string[], model: null as string | null };
  let call = 0;
  (globalThis as Record<string, unknown>)[HARNESS_KEY] = {
    create(model: string) {
      run.model = model;
      const completions = {
        create: async (request: ChatCompletionRequest) => {
          run.requests.push(structuredClone(request));
          try {
            postInitAndCheckFieldsChatCompletion(request, model, ModelType.LLM);
          } catch (error) {
            run.refusals.push(`${(error as Error).name}: ${(error as Error).message}`);
            throw error;
          }
          const content = replies[call++] ?? 'No more replies were scripted.';
          return {
            choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', content } }],
          };
        },
      };
      return Promise.resolve({ chat: { completions } });
    },
  };
  const js = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  if (js.split('void main();').length !== 2) throw new Error('The program does not end with one `void main();`.');
  const { dir, shim } = workDir();
  const runnable = js
    .replace('from "@mlc-ai/web-llm"', `from ${JSON.stringify(pathToFileURL(shim).href)}`)
    .replace('void main();', 'export const done = main();');
  const file = join(dir, `program-${++programs}.mjs`);
  writeFileSync(file, runnable);
  const log = console.log;
  console.log = () => {};
  try {
    const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { done: Promise<void> };
    await module.done.catch((error: unknown) => {
      if (run.refusals.length === 0) throw error;
    });
  } finally {
    console.log = log;
  }
  return run;
}
