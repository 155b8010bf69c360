import { describe, expect, it } from 'vitest';
import type { ToolRunRequest } from '../engine/user-tools/executor';
import { reportToResult } from '../engine/user-tools/executor';
import { nodeSandbox } from './node-spawner.test-support';

/**
 * The host and a real worker thread per run, each with its own QuickJS engine (as in the browser): what the loop
 * receives. Every outcome kind is covered in detail by quickjs-runner.test.ts; here, the whole path.
 */
const sandbox = nodeSandbox();

function request(code: string, extra: Partial<ToolRunRequest> = {}): ToolRunRequest {
  return {
    toolName: 't',
    code,
    args: { a: 2, b: 3 },
    allowNetwork: false,
    timeoutMs: 3000,
    maxOutputChars: 1000,
    ...extra,
  };
}

// Each run boots a worker thread that loads the TypeScript sources through tsx: seconds on a busy machine.
describe('sandbox (a real worker thread per run)', { timeout: 60_000 }, () => {
  it('runs code with its arguments, captures console output and reports started/finished', async () => {
    const report = await sandbox.run(request('console.log("sum", args.a + args.b, {x: 1}); return args.a + args.b;'));
    expect(report.outcome).toEqual({ kind: 'returned', text: '5', truncated: false, originalLength: 1 });
    expect(report.console).toEqual([{ level: 'log', text: 'sum 5 {"x":1}' }]);
    expect(report.events.map((e) => e.type)).toEqual(['started', 'finished']);
    expect(report.events[0]?.detail).toContain('64 MB');
    expect(report.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('ends a memory bomb as a tool error naming the limit, and the next run works', async () => {
    const report = await sandbox.run(
      request('const a = []; for (;;) a.push(new Array(1e7).fill(1.5));', { memoryLimitMb: 48, timeoutMs: 20_000 }),
    );
    expect(report.outcome).toMatchObject({
      kind: 'out-of-memory',
      message: expect.stringContaining('exceeded its memory limit (48 MB)'),
    });
    expect(reportToResult(report)).toMatchObject({ isError: true, text: expect.stringContaining('memory limit') });
    expect(report.events.at(-1)).toMatchObject({ type: 'failed', detail: expect.stringContaining('out-of-memory') });
    expect((await sandbox.run(request('return args.a * args.b'))).outcome).toMatchObject({ text: '6' });
  });

  it('stops an endless loop at the time limit', async () => {
    const report = await sandbox.run(request('while (true) {}', { timeoutMs: 300 }));
    expect(report.outcome).toMatchObject({ kind: 'timeout', message: expect.stringContaining('300 ms') });
  });

  it('reports a thrown object whose toJSON and toString both throw at once, not as a timeout', async () => {
    // With a 50 s limit a timeout could not be reported within the test's timeout: the kind says it was not one.
    const report = await sandbox.run(
      request('throw { toJSON() { throw 1 }, toString() { throw 2 } }', { timeoutMs: 50_000 }),
    );
    expect(report.outcome).toMatchObject({
      kind: 'threw',
      message: expect.stringContaining('cannot be turned into text'),
    });
  });

  it('denies what tool code must not reach, with a denied event', async () => {
    const report = await sandbox.run(request('return indexedDB.open("tlp")'));
    expect(report.outcome).toMatchObject({
      kind: 'threw',
      message: expect.stringContaining('indexedDB is not available'),
    });
    expect(report.events.map((e) => e.type)).toEqual(['started', 'denied', 'failed']);
  });

  it('stops a run when aborted', async () => {
    const controller = new AbortController();
    const pending = sandbox.run(request('while (true) {}', { timeoutMs: 10_000 }), controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect((await pending).outcome.kind).toBe('aborted');
  });

  it('refuses arguments that are not plain JSON data', async () => {
    const args: Record<string, unknown> = {};
    args.self = args;
    expect((await sandbox.run(request('return 1', { args }))).outcome).toMatchObject({ kind: 'crashed' });
  });
});
