#!/usr/bin/env node
// Runs every check the project has — typecheck, lint, formatting, unit tests, end-to-end tests — even when an earlier one
// fails, then prints one closing line `N passed, N failed` over all of them. Test counts come from the JSON
// reports vitest and Playwright write to test-results/; typecheck, lint and formatting count as one test each.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { BUILD_COMMAND, ensureLlamaServer, llamaServerPath, llamaServerReady } from './llama-server/build.mjs';

const reports = 'test-results';
rmSync(`${reports}/unit.json`, { force: true });
rmSync(`${reports}/e2e.json`, { force: true });
mkdirSync(reports, { recursive: true });

const only = process.argv.slice(2);
const steps = [
  { name: 'typecheck', cmd: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { name: 'format', cmd: ['npx', 'prettier', '--check', '.'] },
  { name: 'unit', cmd: ['npx', 'vitest', 'run'], report: `${reports}/unit.json` },
  { name: 'e2e', cmd: ['npx', 'playwright', 'test'], report: `${reports}/e2e.json` },
].filter((s) => only.length === 0 || only.includes(s.name));

let passed = 0;
let failed = 0;
const lines = [];
if (steps.some((s) => s.name === 'e2e')) prepareLlamaServer();
for (const step of steps) {
  const started = Date.now();
  console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
  const run = spawnSync(step.cmd[0], step.cmd.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counts = step.report ? readCounts(step.name, step.report) : null;
  if (counts) {
    // A runner that crashed after writing its report still failed: count that as one more failure.
    const extra = run.status !== 0 && counts.failed === 0 ? 1 : 0;
    passed += counts.passed;
    failed += counts.failed + extra;
    lines.push(`${step.name}: ${counts.passed} passed, ${counts.failed + extra} failed (${seconds}s)`);
  } else if (run.status === 0) {
    passed += 1;
    lines.push(`${step.name}: ok (${seconds}s)`);
  } else {
    failed += 1;
    lines.push(`${step.name}: FAILED with exit ${run.status} (${seconds}s)`);
  }
}
console.log('\n' + lines.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);

function readCounts(name, file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (name === 'unit') {
    // A file that fails to load counts as a failed suite with no failed test in it: count it once.
    return {
      passed: report.numPassedTests ?? 0,
      failed: Math.max(report.numFailedTests ?? 0, report.numFailedTestSuites ?? 0),
    };
  }
  const stats = report.stats ?? {};
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) };
}

/**
 * The endpoint runtime's e2e tests serve a real llama-server. A fresh machine builds it once (announced; about 12
 * minutes, cached outside the repository); LLAMA_SERVER_BUILD=never only says how. A failed build does not stop
 * the other checks: those e2e tests then fail with the same instructions.
 */
function prepareLlamaServer() {
  if (llamaServerReady()) return;
  if (process.env.LLAMA_SERVER_BUILD === 'never') {
    console.log(
      `\n=== llama-server missing at ${llamaServerPath()}: the endpoint e2e tests will fail. Build it once with: ${BUILD_COMMAND}`,
    );
    return;
  }
  console.log('\n=== llama-server: one-time build for the endpoint e2e tests (LLAMA_SERVER_BUILD=never skips it)');
  try {
    ensureLlamaServer();
  } catch (error) {
    console.log(
      `llama-server build failed (${error instanceof Error ? error.message : String(error)}); retry with: ${BUILD_COMMAND}`,
    );
  }
}
