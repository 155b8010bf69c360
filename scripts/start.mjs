#!/usr/bin/env node
// `npm start`: builds the app and serves the build — what users get: the service worker on, so after one visit the
// page works offline. Vite prints the URL to open. Options (after `npm start --`): `--port N` (default 4173) and
// `--out-dir DIR` (default dist), so a test can serve its own copy beside another server. Contributors use
// `npm run dev` (hot reload, no service worker).
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const port = option('--port', '4173');
const outDir = option('--out-dir', 'dist');

const run = (cmdArgs) =>
  spawnSync('npx', ['vite', ...cmdArgs], { stdio: 'inherit', shell: process.platform === 'win32' });

const built = run(['build', '--outDir', outDir]);
if (built.status !== 0) process.exit(built.status ?? 1);
console.log(`\nServing the build (works offline after the first visit): http://localhost:${port}/\n`);
const served = run(['preview', '--outDir', outDir, '--port', port, '--strictPort']);
process.exit(served.status ?? 0);
