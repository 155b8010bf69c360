import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
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
