#!/usr/bin/env node
// `npm start`: builds the app and serves the build — what users get: the service worker on, so after one visit the
// page works offline. It prints one URL, the one the server listens on (one origin, so one offline cache), and
// nothing else of Vite's. Options (after `npm start --`): `--port N` (default 4173) and `--out-dir DIR` (default
// dist), so a test can serve its own copy beside another server. Contributors use `npm run dev` (hot reload, no
// service worker).
//
// A second `npm start` of the same checkout while one is serving says so in one line — where it serves and how to
// stop it — and exits before building (a build would replace the files the running server is serving). The running
// one is known by a lock file in node_modules/.cache (its process id, URL and folder), removed when it stops.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const port = Number(option('--port', '4173'));
const outDir = option('--out-dir', 'dist');
const HOST = '127.0.0.1';
const lockFile = join(
  root,
  'node_modules',
  '.cache',
  'tool-loop-playground',
  `start-${outDir.replace(/\W/g, '_')}.json`,
);

/** The preview of this checkout (and this output folder) that is serving now, if any. */
function runningPreview() {
  if (!existsSync(lockFile)) return null;
  try {
    const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
    process.kill(lock.pid, 0); // throws when no such process
    return lock;
  } catch {
    rmSync(lockFile, { force: true }); // a stale lock: its server is gone
    return null;
  }
}

const running = runningPreview();
if (running) {
  console.log(
    `Another preview of this checkout is already serving ${running.url} (process ${running.pid}): open it, or stop it with Ctrl+C in its terminal or \`kill ${running.pid}\`.`,
  );
  process.exit(1);
}

const { build, preview } = await import('vite');
await build({ root, logLevel: 'warn', build: { outDir } });
let server;
try {
  server = await preview({
    root,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: HOST, port, strictPort: true, open: false },
  });
} catch (error) {
  if (error && error.code === 'EADDRINUSE') {
    console.error(
      `Port ${port} is in use by another program: stop it, or pick another port with \`npm start -- --port ${port + 1}\`.`,
    );
    process.exit(1);
  }
  throw error;
}
const url = server.resolvedUrls?.local[0] ?? `http://${HOST}:${port}/`;
mkdirSync(dirname(lockFile), { recursive: true });
writeFileSync(lockFile, JSON.stringify({ pid: process.pid, url, outDir }));
const release = () => rmSync(lockFile, { force: true });
process.on('exit', release);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    release();
    process.exit(0);
  });
}
console.log(`\nTool Loop Playground: ${url}  (the build, served here; after one visit it works offline)\n`);
