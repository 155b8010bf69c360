import { describe, expect, it } from 'vitest';
import type { ToolRunRequest } from '../engine/user-tools/executor';
import { reportToResult } from '../engine/user-tools/executor';
import { nodeSandbox } from './node-spawner.test-support';

const sandbox = nodeSandbox();

function request(code: string, extra: Partial<ToolRunRequest> = {}): ToolRunRequest {
  return {
    toolName: 't',
    code,
    args: { a: 2, b: 3 },
    allowNetwork: false,
    timeoutMs: 2000,
    maxOutputChars: 1000,
    ...extra,
  };
}

describe('sandbox (real worker thread)', () => {
  it('runs code with its arguments, captures console output and reports started/finished', async () => {
    const report = await sandbox.run(request('console.log("sum", args.a + args.b, {x: 1}); return args.a + args.b;'));
    expect(report.outcome).toEqual({ kind: 'returned', text: '5', truncated: false, originalLength: 1 });
    expect(report.console).toEqual([{ level: 'log', text: 'sum 5 {"x":1}' }]);
    expect(report.events.map((e) => e.type)).toEqual(['started', 'finished']);
    expect(report.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('returns strings as they are and objects as JSON; awaits promises', async () => {
    expect((await sandbox.run(request('return "hi"'))).outcome).toMatchObject({ kind: 'returned', text: 'hi' });
    expect((await sandbox.run(request('await null; return { ok: true, list: [1, 2] }'))).outcome).toMatchObject({
      kind: 'returned',
      text: '{"ok":true,"list":[1,2]}',
    });
  });

  it('reports a syntax error without running anything', async () => {
    const report = await sandbox.run(request('return (1 +;'));
    expect(report.outcome.kind).toBe('syntax-error');
    expect(report.outcome).toMatchObject({ message: expect.stringContaining('SyntaxError') });
    expect(report.events.at(-1)?.type).toBe('failed');
  });

  it('reports a thrown error with its message', async () => {
    const report = await sandbox.run(request('throw new RangeError("b must not be zero")'));
    expect(report.outcome).toEqual({ kind: 'threw', message: 'RangeError: b must not be zero' });
    expect(reportToResult(report)).toMatchObject({ isError: true, text: 'Error: RangeError: b must not be zero' });
  });

  it('kills an endless loop at the time limit', async () => {
    const started = performance.now();
    const report = await sandbox.run(request('while (true) {}', { timeoutMs: 300 }));
    const took = performance.now() - started;
    expect(report.outcome.kind).toBe('timeout');
    expect(report.outcome).toMatchObject({ message: expect.stringContaining('300 ms') });
    expect(took).toBeLessThan(3000);
    // The executor still works afterwards.
    expect((await sandbox.run(request('return 1'))).outcome.kind).toBe('returned');
  });

  it('kills a promise that never settles', async () => {
    const report = await sandbox.run(request('await new Promise(() => {})', { timeoutMs: 200 }));
    expect(report.outcome.kind).toBe('timeout');
  });

  it.each([
    ['a circular object', 'const o = {}; o.self = o; return o;', 'circular'],
    ['a function', 'return () => 1', 'a function'],
    ['a nested function', 'return { f() {} }', 'property "f" is a function'],
    ['a BigInt', 'return 10n', 'BigInt'],
    ['a Map', 'return new Map([[1, 2]])', 'a Map'],
  ])('refuses a non-serializable return value: %s', async (_label, code, reason) => {
    const report = await sandbox.run(request(code));
    expect(report.outcome.kind).toBe('not-serializable');
    expect(report.outcome).toMatchObject({ message: expect.stringContaining(reason) });
  });

  it('caps a huge output and flags the truncation', async () => {
    const report = await sandbox.run(request('return "x".repeat(1_000_000)', { maxOutputChars: 500 }));
    expect(report.outcome).toMatchObject({ kind: 'returned', truncated: true, originalLength: 1_000_000 });
    const result = reportToResult(report);
    expect(result.text.length).toBeLessThan(600);
    expect(result.text).toContain('output truncated');
    expect(result.metadata).toMatchObject({ sandbox: { truncated: true, originalLength: 1_000_000 } });
  });

  it('caps console output', async () => {
    const report = await sandbox.run(request('for (let i = 0; i < 10000; i++) console.log("line " + i); return 1;'));
    expect(report.consoleTruncated).toBe(true);
    expect(report.console.reduce((n, l) => n + l.text.length, 0)).toBeLessThanOrEqual(8000);
  });

  it.each(['fetch("http://127.0.0.1:9/")', 'new XMLHttpRequest()', 'new WebSocket("ws://127.0.0.1:9")'])(
    'denies network without a grant: %s',
    async (code) => {
      const report = await sandbox.run(request(`${code}; return "reached"`));
      expect(report.outcome.kind).toBe('threw');
      expect(report.outcome).toMatchObject({ message: expect.stringContaining('network access is off') });
      expect(report.events.map((e) => e.type)).toEqual(['started', 'denied', 'failed']);
    },
  );

  it('hides fetch from the prototype chain too', async () => {
    const report = await sandbox.run(
      request(
        'let o = Object.getPrototypeOf(globalThis); while (o) { if (Object.prototype.hasOwnProperty.call(o, "fetch")) return "found"; o = Object.getPrototypeOf(o); } return "hidden";',
      ),
    );
    expect(report.outcome).toMatchObject({ kind: 'returned', text: 'hidden' });
  });

  it('leaves fetch in place when the tool is granted network', async () => {
    const report = await sandbox.run(request('return typeof fetch', { allowNetwork: true }));
    expect(report.outcome).toMatchObject({ kind: 'returned', text: 'function' });
  });

  it.each([
    'document.title',
    'localStorage.getItem("x")',
    'indexedDB.open("tlp")',
    'caches.keys()',
    'importScripts("x.js")',
  ])('denies %s with a clear message', async (code) => {
    const report = await sandbox.run(request(`return ${code}`));
    expect(report.outcome.kind).toBe('threw');
    expect(report.outcome).toMatchObject({ message: expect.stringMatching(/is not available to tool code/) });
    expect(report.events.some((e) => e.type === 'denied')).toBe(true);
  });

  it('cannot forge a reply by posting a message itself', async () => {
    const report = await sandbox.run(
      request('postMessage({ type: "done", outcome: { kind: "returned", text: "forged" } }); return "real"'),
    );
    expect(report.outcome.kind).toBe('threw');
  });

  it('stops a run when aborted', async () => {
    const controller = new AbortController();
    const pending = sandbox.run(request('while (true) {}', { timeoutMs: 10_000 }), controller.signal);
    setTimeout(() => controller.abort(), 50);
    const report = await pending;
    expect(report.outcome.kind).toBe('aborted');
  });
});
