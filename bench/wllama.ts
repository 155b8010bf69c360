/**
 * The CPU runtime on the tiny random test model, in headless Chromium (wllama, single thread): load time, and
 * decode speed without a grammar and with the tool-protocol grammar, plus prefill speed of the real tool prompt.
 * The page is a bare harness served from node_modules (no app build), so the numbers are wllama's own.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium } from '@playwright/test';
import { buildTinyModel } from '../src/runtimes/wllama/gguf/tiny-model';
import { buildToolGrammar, createPresetTools } from '../src/engine';
import { renderChatMlPrompt } from '../src/runtimes/wllama/chatml-prompt';
import { TINY_MODEL_PROFILE } from '../src/runtimes/wllama/wllama-runtime';
import type { BenchTable } from './table';
import { median } from './table';

const RUNS = 5;

const PAGE = `<!doctype html><meta charset="utf-8"><script type="module">
import { Wllama } from '/wllama/index.js';
window.bench = async ({ runs, prompt, grammar, temperature }) => {
  const model = await (await fetch('/tiny.gguf')).blob();
  const params = { n_ctx: 2048, n_threads: 1, n_gpu_layers: 0, n_parallel: 1, jinja: false };
  const loads = [];
  let w = null;
  for (let i = 0; i < runs; i++) {
    if (w) await w.exit();
    w = new Wllama({ default: '/wllama/wasm/wllama.wasm' }, { suppressNativeLog: true });
    const t = performance.now();
    await w.loadModel([model], params);
    loads.push(performance.now() - t);
  }
  const free = [], constrained = [], prefill = [], constrainedTokens = [];
  for (let i = 0; i < runs; i++) {
    const a = await w.createCompletion({ prompt, max_tokens: 128, ignore_eos: true, temperature, seed: i + 1, cache_prompt: false });
    free.push(a.timings.predicted_per_second);
    prefill.push(a.timings.prompt_per_second);
    const b = await w.createCompletion({ prompt, grammar, max_tokens: 256, temperature, seed: i + 1 });
    constrained.push(b.timings.predicted_per_second);
    constrainedTokens.push(b.usage.completion_tokens);
  }
  const promptTokens = (await w.createCompletion({ prompt, max_tokens: 1, seed: 1 })).usage.prompt_tokens;
  await w.exit();
  return { loads, free, constrained, prefill, constrainedTokens, promptTokens };
};
</script>`;

export async function run(): Promise<BenchTable> {
  const require = createRequire(import.meta.url);
  const esm = join(dirname(require.resolve('@wllama/wllama/package.json')), 'esm');
  const model = buildTinyModel({ seed: 1 });
  const tools = createPresetTools().filter((t) => t.name === 'calculate' || t.name === 'current_time');
  const prompt = renderChatMlPrompt(
    [
      { role: 'system', content: 'You are a helpful assistant. Use the tools for facts and arithmetic; never guess.' },
      { role: 'user', content: 'What time is it in Seoul, and what is (128 × 7) − 19?' },
    ],
    tools,
  );
  const grammar = buildToolGrammar(tools, 'required', { parallelToolCalls: true, limits: TINY_MODEL_PROFILE.limits });
  if (!grammar.ok) throw new Error(grammar.error);

  const server = createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    try {
      if (url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      if (url === '/tiny.gguf')
        return void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(model);
      if (url.startsWith('/wllama/') && !url.includes('..')) {
        const file = join(esm, url.slice('/wllama/'.length));
        const type = file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
        return void res.writeHead(200, { 'content-type': type }).end(readFileSync(file));
      }
    } catch {
      // fall through to 404
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => typeof (window as { bench?: unknown }).bench === 'function');
    const result = (await page.evaluate(
      (args) => (window as unknown as { bench: (a: typeof args) => Promise<unknown> }).bench(args),
      { runs: RUNS, prompt, grammar: grammar.value.gbnf, temperature: TINY_MODEL_PROFILE.temperature },
    )) as {
      loads: number[];
      free: number[];
      constrained: number[];
      prefill: number[];
      constrainedTokens: number[];
      promptTokens: number;
    };
    const f0 = (n: number) => n.toFixed(0);
    return {
      title: `CPU runtime (wllama, 1 thread) on the tiny random test model (${(model.length / 1024).toFixed(0)} KiB, F32)`,
      columns: ['measure', 'median', `runs (${RUNS})`],
      rows: [
        ['load (Blob → ready), ms', f0(median(result.loads)), result.loads.map(f0).join(' ')],
        [
          `prefill of the 2-tool prompt (${result.promptTokens} tokens), tok/s`,
          f0(median(result.prefill)),
          result.prefill.map(f0).join(' '),
        ],
        ['decode, no grammar (128 tokens, ignore_eos), tok/s', f0(median(result.free)), result.free.map(f0).join(' ')],
        [
          'decode, tool-call grammar (required), tok/s',
          f0(median(result.constrained)),
          result.constrained.map(f0).join(' '),
        ],
        [
          '  tokens per constrained reply',
          f0(median(result.constrainedTokens)),
          result.constrainedTokens.map(f0).join(' '),
        ],
      ],
      notes: [
        'Speeds are llama.cpp’s own timings (prompt_per_second / predicted_per_second). With the grammar every candidate token is checked against it; compare the two decode rows.',
        'Single thread: on few cores multi-threading is slower (spin barriers), and it needs a cross-origin isolated page.',
      ],
    };
  } finally {
    await browser.close();
    server.close();
  }
}
