/**
 * Bundle sizes: builds the app with Vite into a temporary folder and reports, gzip and raw, the page's
 * initial JS (the entry chunk and its static imports — what loads before any click), the WebLLM worker
 * chunk, and the lazily loaded web-llm library chunk (which must never be in the initial set); and the bytes the
 * service worker precaches on a first visit.
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

/** A message only web-llm's own code holds (WebGPUNotFoundError's), not the app's error mapping. */
const isWebLLM = (text: string) => text.includes('Cannot find WebGPU in the environment');

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The files the generated service worker precaches (its manifest in sw.js) and their bytes on disk. */
function precacheBytes(outDir: string): { files: number; bytes: number } {
  const sw = readFileSync(join(outDir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/url:\s*"([^"]+)"/g)].map((m) => m[1]!);
  const bytes = urls.reduce((total, url) => total + statSync(join(outDir, url)).size, 0);
  return { files: urls.length, bytes };
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
    const initial = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || initial.has(chunk.file)) return;
      initial.add(chunk.file);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);

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
    const lazyOther = assets.filter((f) => !initial.has(f) && !worker.includes(f) && !webllmLib.includes(f));
    const row = (name: string, files: string[]) => {
      const s = sum(files);
      return [name, files.length, kb(s.gzip), kb(s.raw)];
    };
    const initialGzip = sum(initialFiles).gzip;
    const precache = precacheBytes(outDir);
    return {
      title: 'Bundle: initial page JS vs the WebLLM worker vs the lazy web-llm chunk; the precache (goals from #13)',
      columns: ['part', 'files', 'gzip', 'raw', 'goal'],
      rows: [
        [...row('initial page JS', initialFiles), `≤ 140 kB gzip (${initialGzip <= 140 * 1024 ? 'met' : 'not met'})`],
        ...initialFiles.map((f) => [...row(`  ${f.replace(/^assets\//, '')}`, [f]), '']),
        [
          'service worker precache (first visit)',
          precache.files,
          '—',
          kb(precache.bytes),
          `≤ 3 MB (${precache.bytes <= 3 * 1024 * 1024 ? 'met' : 'not met'})`,
        ],
        [...row('webllm worker chunk', worker), ''],
        [...row('web-llm library (lazy, worker only)', webllmLib), ''],
        [...row('other lazy chunks', lazyOther), ''],
      ],
      notes: [webllmInInitial ? 'FAIL: web-llm is in the initial bundle' : 'web-llm is not in the initial bundle'],
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
