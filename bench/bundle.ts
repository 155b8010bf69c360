/**
 * Bundle sizes: builds the app with Vite into a temporary folder and reports, gzip and raw, per chunk:
 * - the page's initial JS (the entry chunk and its static imports — what the first paint, the app's skeleton,
 *   needs), beside the ≤ 140 kB gzip goal of #13;
 * - the composition root (`src/app-root.tsx`, loaded by the entry from its first line) and its static imports that
 *   the initial set does not already hold: with the initial JS, what a usable Send needs;
 * - the WebLLM worker chunk, the lazily loaded web-llm library chunk (which must never be in the initial set),
 *   the other lazy chunks, and how many copies of the Qwen3 tokenizer the build holds (goal: one);
 * - the bytes the service worker precaches on a first visit.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchTable } from './table';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The composition root's manifest key: the entry imports it at once, after the skeleton is up. */
const APP_ROOT = 'src/app-root.tsx';

/** Text only the Qwen3 tokenizer's data holds (its tokenizer_config): one chunk per bundled copy. */
const isQwen3Tokenizer = (text: string) => text.includes('Qwen2Tokenizer');

/** A message only web-llm's own code holds (WebGPUNotFoundError's), not the app's error mapping. */
const isWebLLM = (text: string) => text.includes('Cannot find WebGPU in the environment');

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * The files the generated service worker precaches (its manifest in sw.js) and their bytes on disk: in all, and the
 * two parts that are not the app shell — the Korean web font (`.woff2`) and the Qwen3 tokenizer chunk the Prompt and
 * Metrics tabs count with (issue 29) — so the shell's own goal is measured on the shell.
 */
function precacheBytes(
  outDir: string,
): Record<'all' | 'shell' | 'font' | 'tokenizer', { files: number; bytes: number }> {
  const sw = readFileSync(join(outDir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/url:\s*"([^"]+)"/g)].map((m) => m[1]!);
  const measure = (list: string[]) => ({
    files: list.length,
    bytes: list.reduce((total, url) => total + statSync(join(outDir, url)).size, 0),
  });
  const font = urls.filter((url) => url.endsWith('.woff2'));
  const tokenizer = urls.filter(
    (url) => url.endsWith('.js') && isQwen3Tokenizer(readFileSync(join(outDir, url), 'utf8')),
  );
  const shell = urls.filter((url) => !font.includes(url) && !tokenizer.includes(url));
  return { all: measure(urls), shell: measure(shell), font: measure(font), tokenizer: measure(tokenizer) };
}

export async function run(): Promise<BenchTable> {
  const { build } = await import('vite');
  const outDir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
  try {
    await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true, manifest: true } });
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    /** The chunk of `key` and its static imports, into `into` (skipping what `skip` holds). */
    const closure = (key: string, into: Set<string>, skip: ReadonlySet<string> = new Set()) => {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file) || skip.has(chunk.file)) return;
      into.add(chunk.file);
      for (const dep of chunk.imports ?? []) closure(dep, into, skip);
    };
    const initial = new Set<string>();
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, initial);
    const appRoot = new Set<string>();
    closure(APP_ROOT, appRoot, initial);

    const assets = readdirSync(join(outDir, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `assets/${f}`);
    const size = (file: string) => {
      const bytes = readFileSync(join(outDir, file));
      return { raw: bytes.length, gzip: gzipSync(bytes).length, text: bytes.toString('utf8') };
    };
    const sum = (files: string[]) =>
      files.map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
    const worker = assets.filter((f) => /webllm\.worker/.test(f));
    const webllmLib = assets.filter((f) => !worker.includes(f) && !initial.has(f) && isWebLLM(size(f).text));
    const initialFiles = [...initial].filter((f) => f.endsWith('.js'));
    const webllmInInitial = initialFiles.some((f) => isWebLLM(size(f).text));
    const appRootFiles = [...appRoot].filter((f) => f.endsWith('.js'));
    const lazyOther = assets.filter(
      (f) => !initial.has(f) && !appRoot.has(f) && !worker.includes(f) && !webllmLib.includes(f),
    );
    const tokenizerCopies = assets.filter((f) => isQwen3Tokenizer(size(f).text));
    const row = (name: string, files: string[]) => {
      const s = sum(files);
      return [name, files.length, kb(s.gzip), kb(s.raw)];
    };
    const initialGzip = sum(initialFiles).gzip;
    const precache = precacheBytes(outDir);
    const perChunk = (files: string[]) => files.map((f) => [...row(`  ${f.replace(/^assets\//, '')}`, [f]), '']);
    return {
      title: 'Bundle: initial page JS vs the WebLLM worker vs the lazy web-llm chunk; the precache (goals from #13)',
      columns: ['part', 'files', 'gzip', 'raw', 'goal'],
      rows: [
        [
          'initial page JS (first paint: the skeleton)',
          ...row('', initialFiles).slice(1),
          `≤ 140 kB gzip (${initialGzip <= 140 * 1024 ? 'met' : 'not met'})`,
        ],
        ...perChunk(initialFiles),
        [...row('composition root (loaded at once, after)', appRootFiles), ''],
        ...perChunk(appRootFiles),
        [...row('initial + composition root (a usable Send)', [...initialFiles, ...appRootFiles]), ''],
        ['service worker precache (first visit)', precache.all.files, '—', kb(precache.all.bytes), ''],
        [
          '  app shell',
          precache.shell.files,
          '—',
          kb(precache.shell.bytes),
          `≤ 3 MB (${precache.shell.bytes <= 3 * 1024 * 1024 ? 'met' : 'not met'})`,
        ],
        [
          '  Qwen3 tokenizer (Prompt and Metrics offline)',
          precache.tokenizer.files,
          '—',
          kb(precache.tokenizer.bytes),
          '',
        ],
        ['  Korean web font (Hangul subset)', precache.font.files, '—', kb(precache.font.bytes), ''],
        [...row('webllm worker chunk', worker), ''],
        [...row('web-llm library (lazy, worker only)', webllmLib), ''],
        [...row('other lazy chunks', lazyOther), ''],
        [
          'Qwen3 tokenizer copies',
          tokenizerCopies.length,
          kb(sum(tokenizerCopies).gzip),
          kb(sum(tokenizerCopies).raw),
          `1 (${tokenizerCopies.length === 1 ? 'met' : 'not met'})`,
        ],
      ],
      notes: [
        webllmInInitial ? 'FAIL: web-llm is in the initial bundle' : 'web-llm is not in the initial bundle',
        `tokenizer chunk(s): ${tokenizerCopies.map((f) => f.replace(/^assets\//, '')).join(', ') || 'none'}`,
      ],
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
