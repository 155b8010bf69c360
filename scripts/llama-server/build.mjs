#!/usr/bin/env node
// Builds llama.cpp's `llama-server` (CPU only) from the llama.cpp source that the npm package node-llama-cpp ships,
// and caches the binary OUTSIDE the repository, so that only a fresh machine pays the one-time build (about
// 12 minutes on 2 cores). The end-to-end tests of the endpoint runtime serve the project's tiny GGUF with it.
//
//   node scripts/llama-server/build.mjs          build when missing, print the binary's path
//   node scripts/llama-server/build.mjs --check  exit 1 (and say how to build) when missing; never builds
//
// Only the npm registry is needed: `npm pack` fetches the package, whose llama/gitRelease.bundle is a git bundle
// of llama.cpp at the commit node-llama-cpp pins. Neither the sources nor the binary go into the repository.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The node-llama-cpp release whose bundled llama.cpp source we build; the cache folder is named for it. */
export const NODE_LLAMA_CPP_VERSION = '3.21.1';

/** CPU-only, static, no web UI download (LLAMA_USE_PREBUILT_UI=OFF matters: otherwise cmake fetches a UI). */
const CMAKE_FLAGS = [
  '-DCMAKE_BUILD_TYPE=Release',
  '-DGGML_NATIVE=OFF',
  '-DBUILD_SHARED_LIBS=OFF',
  '-DGGML_OPENMP=OFF',
  '-DLLAMA_OPENSSL=OFF',
  '-DLLAMA_BUILD_UI=OFF',
  '-DLLAMA_USE_PREBUILT_UI=OFF',
  '-DLLAMA_BUILD_TESTS=OFF',
  '-DLLAMA_BUILD_EXAMPLES=OFF',
];

/** `~/.cache/tool-loop-playground` unless TLP_CACHE_DIR (or XDG_CACHE_HOME) says otherwise. */
export function cacheRoot() {
  if (process.env.TLP_CACHE_DIR) return process.env.TLP_CACHE_DIR;
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'tool-loop-playground');
}

/** Where the binary lives once built; LLAMA_SERVER_BIN points at another binary (e.g. a packaged one). */
export function llamaServerPath() {
  if (process.env.LLAMA_SERVER_BIN) return process.env.LLAMA_SERVER_BIN;
  return join(cacheRoot(), `llama-server-${NODE_LLAMA_CPP_VERSION}`, 'llama-server');
}

/** llama.cpp's own chat templates (models/templates), kept beside the binary: the tests serve LFM2's. */
export function llamaTemplatesDir() {
  return join(cacheRoot(), `llama-server-${NODE_LLAMA_CPP_VERSION}`, 'templates');
}

/** The command a developer runs by hand; every "missing" message names it. */
export const BUILD_COMMAND = 'npm run llama-server:build';

/** True when the binary is present and runs (`--version` exits 0), and the chat templates are beside it. */
export function llamaServerReady(path = llamaServerPath()) {
  if (!existsSync(path)) return false;
  if (!process.env.LLAMA_SERVER_BIN && !existsSync(join(llamaTemplatesDir(), 'LFM2-8B-A1B.jinja'))) return false;
  const probe = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return probe.status === 0;
}

/**
 * Builds the binary when it is missing and returns its path. Announces each stage on `log` (the build is long and
 * a silent one looks hung). Throws with the failing command's name when a stage fails.
 */
export function ensureLlamaServer(log = (line) => console.log(line)) {
  const target = llamaServerPath();
  if (llamaServerReady(target)) return target;
  if (process.env.LLAMA_SERVER_BIN) {
    throw new Error(`LLAMA_SERVER_BIN=${target} does not run (\`${target} --version\` failed).`);
  }
  const started = Date.now();
  const finalDir = join(cacheRoot(), `llama-server-${NODE_LLAMA_CPP_VERSION}`);
  // Per-process folders: two builds started at once (two checkouts) never write into each other's.
  const work = join(cacheRoot(), `llama-server-${NODE_LLAMA_CPP_VERSION}.build-${process.pid}`);
  const jobs = String(Math.max(1, Math.min(availableParallelism(), Number(process.env.LLAMA_SERVER_JOBS) || 64)));
  log(`llama-server is not built yet: building it once from node-llama-cpp@${NODE_LLAMA_CPP_VERSION}'s llama.cpp`);
  log(`source (CPU only, ${jobs} parallel jobs; about 12 minutes on 2 cores) into ${finalDir}`);
  removeAbandonedBuilds();
  mkdirSync(work, { recursive: true });

  log('[1/4] npm pack: fetching the package that carries the llama.cpp source bundle');
  run('npm', ['pack', `node-llama-cpp@${NODE_LLAMA_CPP_VERSION}`, '--silent'], work);
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack left no .tgz in ${work}`);
  run('tar', ['-xzf', tarball, 'package/llama/gitRelease.bundle'], work);

  log('[2/4] git clone: unpacking llama/gitRelease.bundle');
  run('git', ['clone', '--quiet', join('package', 'llama', 'gitRelease.bundle'), 'llama.cpp'], work);
  const commit = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: join(work, 'llama.cpp'), encoding: 'utf8' });

  log('[3/4] cmake configure');
  const generator = hasCommand('ninja') ? ['-G', 'Ninja'] : [];
  run('cmake', ['-S', 'llama.cpp', '-B', 'build', ...generator, ...CMAKE_FLAGS], work);

  log('[4/4] cmake build --target llama-server (the long part)');
  run('cmake', ['--build', 'build', '--target', 'llama-server', '-j', jobs], work);

  // Copy into a temporary folder, then rename: a build interrupted here never leaves a half-written binary behind.
  const staging = `${finalDir}.tmp-${process.pid}`;
  mkdirSync(staging, { recursive: true });
  copyFileSync(join(work, 'build', 'bin', 'llama-server'), join(staging, 'llama-server'));
  chmodSync(join(staging, 'llama-server'), 0o755);
  cpSync(join(work, 'llama.cpp', 'models', 'templates'), join(staging, 'templates'), { recursive: true });
  writeFileSync(
    join(staging, 'build-info.json'),
    JSON.stringify(
      {
        nodeLlamaCppVersion: NODE_LLAMA_CPP_VERSION,
        llamaCppCommit: commit.stdout.trim(),
        cmakeFlags: CMAKE_FLAGS,
        builtAt: new Date().toISOString(),
        seconds: Math.round((Date.now() - started) / 1000),
      },
      null,
      2,
    ) + '\n',
  );
  rmSync(finalDir, { recursive: true, force: true });
  renameSync(staging, finalDir);
  rmSync(work, { recursive: true, force: true });
  log(`llama-server built in ${Math.round((Date.now() - started) / 60_000)} min: ${target}`);
  return target;
}

/** Work and staging folders of builds whose process is gone (interrupted): hundreds of MB each. */
export function removeAbandonedBuilds() {
  const prefix = `llama-server-${NODE_LLAMA_CPP_VERSION}.`;
  if (!existsSync(cacheRoot())) return;
  for (const name of readdirSync(cacheRoot())) {
    const match = name.startsWith(prefix) ? /^(?:build|tmp)-(\d+)$/.exec(name.slice(prefix.length)) : null;
    if (match && !processAlive(Number(match[1]))) rmSync(join(cacheRoot(), name), { recursive: true, force: true });
  }
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error?.code === 'EPERM';
  }
}

function run(cmd, args, cwd) {
  const result = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (result.error) throw new Error(`${cmd} could not start: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`\`${cmd} ${args.join(' ')}\` failed with exit ${result.status}`);
}

function hasCommand(name) {
  return spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    if (llamaServerReady()) {
      console.log(llamaServerPath());
    } else {
      console.error(`llama-server is missing at ${llamaServerPath()}; build it once with: ${BUILD_COMMAND}`);
      process.exit(1);
    }
  } else {
    try {
      console.log(ensureLlamaServer());
    } catch (error) {
      console.error(`llama-server build failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  }
}
