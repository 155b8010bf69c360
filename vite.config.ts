import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [
    react(),
    // Offline app: a workbox service worker precaches the app shell, every script and style, and the wasm files,
    // so after one visit the page loads and the scripted replay runs with the network off. Model weights are
    // cached by the runtimes themselves (Cache Storage), not here. The app registers the worker itself
    // (src/store/offline-state.ts) to show its status.
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
        globPatterns: ['**/*.{js,css,html,wasm,json,svg,png,ico}'],
        // web-llm's chunk is ~6 MB and wllama's wasm a few MB: both must be precached for offline use.
        maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
        // Generated GGUF test models are data, not app shell.
        globIgnores: ['**/generated/**', '**/*.gguf'],
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
  worker: { format: 'es' },
  // web-llm is one 6.8 MB ESM file with no imports: pre-bundling it only costs time.
  optimizeDeps: { exclude: ['@mlc-ai/web-llm', '@wllama/wllama'] },
  build: { chunkSizeWarningLimit: 8000, target: 'es2022' },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/setup-tests.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/unit.json' },
  },
});
