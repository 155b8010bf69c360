import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledQuickJS } from './node-spawner.test-support';
import type { RunMessage } from './protocol';
import { loadQuickJS } from './quickjs-module';
import type { RunnerHost } from './quickjs-runner';
import { runInQuickJS } from './quickjs-runner';

/**
 * The runner on the real QuickJS WebAssembly engine, in this process: every outcome a tool can produce. (The
 * same runner in a real worker thread behind the host: sandbox.test.ts; in Chromium: the e2e specs.)
 */

const host: RunnerHost = {
  now: () => performance.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  fetch,
};

/** One run in a fresh engine instance, as each sandbox worker has. */
async function run(code: string, extra: Partial<RunMessage> = {}, on: RunnerHost = host) {
  const request: RunMessage = {
    type: 'run',
    toolName: 't',
    code,
    args: { a: 2, b: 3 },
    allowNetwork: false,
    timeoutMs: 2000,
    memoryLimitBytes: 32 * 1024 * 1024,
    maxOutputChars: 1000,
    maxConsoleChars: 8000,
    ...extra,
  };
  const module = await loadQuickJS(await compiledQuickJS(), request.memoryLimitBytes);
  return runInQuickJS(module, request, on);
}

// The bombs take a few seconds on a busy machine; the default 5 s test timeout is too tight there.
describe('a tool run in QuickJS', { timeout: 60_000 }, () => {
  it('runs code with its arguments and captures the console', async () => {
    const done = await run(
      'console.log("sum", args.a + args.b, {x: 1}); console.warn(new Error("careful")); return args.a + args.b;',
    );
    expect(done.outcome).toEqual({ kind: 'returned', text: '5', truncated: false, originalLength: 1 });
    expect(done.console).toEqual([
      { level: 'log', text: 'sum 5 {"x":1}' },
      { level: 'warn', text: 'Error: careful' },
    ]);
  });

  it('returns strings as they are and objects as JSON; awaits promises and timers', async () => {
    expect((await run('return "hi"')).outcome).toMatchObject({ kind: 'returned', text: 'hi' });
    const awaited = await run(
      'await new Promise((r) => setTimeout(r, 20)); const t = performance.now(); return { ok: t > 0, list: [1, 2] }',
    );
    expect(awaited.outcome).toMatchObject({ kind: 'returned', text: '{"ok":true,"list":[1,2]}' });
  });

  it('reports a syntax error without running anything', async () => {
    const done = await run('console.log("ran"); return (1 +;');
    expect(done.outcome).toMatchObject({ kind: 'syntax-error', message: expect.stringContaining('SyntaxError') });
    expect(done.console).toEqual([]);
  });

  it('reports a thrown error with its message', async () => {
    expect((await run('throw new RangeError("b must not be zero")')).outcome).toEqual({
      kind: 'threw',
      message: 'RangeError: b must not be zero',
    });
    expect((await run('throw "plain text"')).outcome).toEqual({
      kind: 'threw',
      message: 'Threw a non-Error value: "plain text"',
    });
  });

  it('describes, at once, a thrown object whose toJSON and toString both throw', async () => {
    const done = await run(
      'throw { code: 7, toJSON() { throw new Error("no JSON") }, toString() { throw new Error("no text") } }',
      { timeoutMs: 50_000 },
    );
    expect(done.outcome.kind).toBe('threw');
    const message = (done.outcome as { message: string }).message;
    expect(message).toContain('an object with keys code, toJSON, toString');
    expect(message).toContain('toJSON / JSON form threw Error: no JSON');
    expect(message).toContain('toString threw Error: no text');
  });

  it('describes a thrown Proxy whose every trap throws, and an Error whose getters throw', async () => {
    const proxy = await run('const h = new Proxy({}, { get() { throw 1 } }); throw new Proxy({}, h);');
    expect(proxy.outcome).toMatchObject({ kind: 'threw', message: expect.stringContaining('cannot') });
    const error = await run(
      'const e = new Error("x"); Object.defineProperty(e, "message", { get() { throw 1 } }); throw e;',
    );
    expect(error.outcome).toEqual({ kind: 'threw', message: 'Error: (its message cannot be read)' });
  });

  it('reports a returned value whose toJSON throws as not serializable, at once', async () => {
    const done = await run('return { toJSON() { throw { toString() { throw 2 } } } }');
    expect(done.outcome).toMatchObject({
      kind: 'not-serializable',
      message: expect.stringContaining('cannot be sent to the model as JSON'),
    });
  });

  it.each([
    ['a circular object', 'const o = {}; o.self = o; return o;', 'circular'],
    ['a function', 'return () => 1', 'a function'],
    ['a nested function', 'return { f() {} }', 'property "f" is a function'],
    ['a BigInt', 'return 10n', 'BigInt'],
    ['a Map', 'return new Map([[1, 2]])', 'a Map'],
  ])('refuses a non-serializable return value: %s', async (_label, code, reason) => {
    const done = await run(code);
    expect(done.outcome).toMatchObject({ kind: 'not-serializable', message: expect.stringContaining(reason) });
  });

  it('stops an endless loop at the time limit', async () => {
    const done = await run('while (true) {}', { timeoutMs: 300 });
    expect(done.outcome).toMatchObject({ kind: 'timeout', message: expect.stringContaining('300 ms') });
  });

  it('stops a promise that never settles at the time limit', async () => {
    expect((await run('await new Promise(() => {})', { timeoutMs: 200 })).outcome.kind).toBe('timeout');
  });

  it('ends a memory bomb as "exceeded its memory limit (N MB)"', async () => {
    const done = await run('const a = []; for (;;) a.push(new Array(1e7).fill(1.5));', { timeoutMs: 20_000 });
    expect(done.outcome).toEqual({
      kind: 'out-of-memory',
      message: 't exceeded its memory limit (32 MB) and was stopped. The page and your draft are unaffected.',
    });
  });

  it('ends a bomb of small objects, and one inside an async continuation, the same way', async () => {
    const small = await run('const a = []; for (let i = 0; ; i++) a.push({ i, s: "x" + i });', { timeoutMs: 20_000 });
    expect(small.outcome).toMatchObject({ kind: 'out-of-memory' });
    const later = await run('await null; const a = []; for (;;) a.push(new Array(1e5).fill(1.5));', {
      timeoutMs: 20_000,
    });
    expect(later.outcome).toMatchObject({ kind: 'out-of-memory' });
  });

  it('ends endless recursion with a stack overflow error', async () => {
    const done = await run('function f(n) { return f(n + 1) + 1 } return f(0)');
    expect(done.outcome).toMatchObject({ kind: 'threw', message: expect.stringContaining('stack overflow') });
  });

  it('caps a huge output and the console', async () => {
    const big = await run('return "x".repeat(1_000_000)', { maxOutputChars: 500 });
    expect(big.outcome).toMatchObject({ kind: 'returned', truncated: true, originalLength: 1_000_000 });
    const chatty = await run('for (let i = 0; i < 10000; i++) console.log("line " + i); return 1;');
    expect(chatty.consoleTruncated).toBe(true);
    expect(chatty.console.reduce((n, l) => n + l.text.length, 0)).toBeLessThanOrEqual(8000);
  });

  it.each([
    ['document.title', /document is not available to tool code.*no DOM/],
    ['localStorage.getItem("x")', /localStorage is not available to tool code/],
    ['indexedDB.open("tlp")', /indexedDB is not available to tool code/],
    ['caches.keys()', /caches is not available/],
    ['importScripts("x.js")', /importScripts is not available/],
    ['fetch("http://127.0.0.1:9/")', /fetch is not available to tool code: network access is off/],
    ['new XMLHttpRequest()', /network access is off/],
    ['new WebSocket("ws://127.0.0.1:9")', /network access is off/],
    ['await import("./x.js")', /import\(\) is not available to tool code/],
  ])('denies %s with a clear message and a denied event', async (code, message) => {
    const done = await run(`return ${code}`);
    expect(done.outcome).toMatchObject({ kind: 'threw', message: expect.stringMatching(message) });
    expect(done.events.map((e) => e.type)).toContain('denied');
  });

  it('has none of the page: no DOM, no storage, no channel back', async () => {
    const done = await run(
      'return ["navigator", "self", "postMessage", "require", "process"].map((n) => { try { return n + ":" + typeof globalThis[n] } catch (e) { return n + ":denied" } }).join(",")',
    );
    expect(done.outcome).toMatchObject({
      kind: 'returned',
      text: 'navigator:undefined,self:undefined,postMessage:denied,require:undefined,process:undefined',
    });
  });

  describe('with network granted', () => {
    let base = '';
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.setHeader('x-echo', req.method ?? '');
        res.end(JSON.stringify({ method: req.method, path: req.url, body, auth: req.headers.authorization ?? null }));
      });
    });
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('fetches with a method, headers and a text body, and reads JSON back', async () => {
      const done = await run(
        `const r = await fetch("${base}/stock?sku=1", { method: "POST", headers: { authorization: "Bearer t" }, body: JSON.stringify({ n: 2 }) });
         const data = await r.json();
         return { ok: r.ok, status: r.status, echo: r.headers.get("X-Echo"), data };`,
        { allowNetwork: true },
      );
      expect(done.outcome.kind).toBe('returned');
      expect(JSON.parse((done.outcome as { text: string }).text)).toEqual({
        ok: true,
        status: 200,
        echo: 'POST',
        data: { method: 'POST', path: '/stock?sku=1', body: '{"n":2}', auth: 'Bearer t' },
      });
    });

    it('turns a failed request into an error the code can catch', async () => {
      const done = await run('try { await fetch("http://127.0.0.1:9/") } catch (e) { return e.message }', {
        allowNetwork: true,
      });
      expect(done.outcome).toMatchObject({ kind: 'returned', text: expect.stringContaining('fetch failed') });
    });

    describe("never the app's own origin (issue 28, item 12)", () => {
      // The "app": another local server standing for the page's origin, with the files a tool must not read.
      let app = '';
      const appServer = createServer((req, res) => {
        res.setHeader('content-type', 'text/html');
        res.end(`<!doctype html><title>the app</title>${req.url}`);
      });
      beforeAll(async () => {
        await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve));
        app = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
      });
      afterAll(() => new Promise<void>((resolve) => appServer.close(() => resolve())));
      const inApp = () => ({ ...host, appOrigin: app });
      const attempt = (url: string) =>
        `try { const r = await fetch(${JSON.stringify(url)}); return "read: " + (await r.text()) } catch (e) { return e.message }`;

      it("fetch('/') and the app's absolute URLs are refused with the reason, and logged as denied", async () => {
        for (const url of ['/', '/sw.js', 'index.html', `${app}/sw.js`]) {
          const done = await run(attempt(url), { allowNetwork: true }, inApp());
          expect(done.outcome, url).toMatchObject({
            kind: 'returned',
            text: expect.stringMatching(/^fetch refused: .* is the app's own origin \(http:\/\/127\.0\.0\.1:\d+\)/),
          });
          expect(done.events.filter((e) => e.type === 'denied').map((e) => e.detail)).toEqual([
            expect.stringContaining("the app's own origin"),
          ]);
        }
      });

      it('another origin still works', async () => {
        const done = await run(
          `const r = await fetch("${base}/stock"); return (await r.json()).path`,
          { allowNetwork: true },
          inApp(),
        );
        expect(done.outcome).toMatchObject({ kind: 'returned', text: '/stock' });
      });

      it('a redirect from another site back to the app is refused too', async () => {
        const bouncer = createServer((_req, res) => {
          res.writeHead(302, { location: `${app}/sw.js` });
          res.end();
        });
        await new Promise<void>((resolve) => bouncer.listen(0, '127.0.0.1', resolve));
        const bounce = `http://127.0.0.1:${(bouncer.address() as AddressInfo).port}/go`;
        try {
          const done = await run(attempt(bounce), { allowNetwork: true }, inApp());
          expect(done.outcome).toMatchObject({
            kind: 'returned',
            text: expect.stringContaining(`is the app's own origin (${app}). `),
          });
          expect((done.outcome as { text: string }).text).toContain(`(reached by a redirect from ${bounce})`);
          expect((done.outcome as { text: string }).text).not.toContain('read:');
        } finally {
          await new Promise<void>((resolve) => bouncer.close(() => resolve()));
        }
      });

      it('only http(s): file:, data: and blob: URLs are refused', async () => {
        for (const url of ['file:///etc/passwd', 'data:text/plain,hi', `blob:${app}/0000`]) {
          const done = await run(attempt(url), { allowNetwork: true }, inApp());
          expect(done.outcome, url).toMatchObject({
            kind: 'returned',
            text: expect.stringMatching(/^fetch refused: (file|data|blob): URLs are not allowed/),
          });
        }
      });
    });

    it('still has no XMLHttpRequest: fetch is the network API', async () => {
      const done = await run('return new XMLHttpRequest()', { allowNetwork: true });
      expect(done.outcome).toMatchObject({ kind: 'threw', message: expect.stringContaining('use it instead') });
    });
  });

  it('keeps the bomb inside its cap: the engine memory never grows past base + limit', async () => {
    const module = await loadQuickJS(await compiledQuickJS(), 16 * 1024 * 1024);
    const done = await runInQuickJS(
      module,
      {
        type: 'run',
        toolName: 'bomb',
        code: 'const a = []; for (let i = 0; ; i++) a.push({ i, s: "x" + i });',
        args: {},
        allowNetwork: false,
        timeoutMs: 20_000,
        memoryLimitBytes: 16 * 1024 * 1024,
        maxOutputChars: 100,
        maxConsoleChars: 100,
      },
      host,
    );
    expect(done.outcome).toMatchObject({ kind: 'out-of-memory', message: expect.stringContaining('(16 MB)') });
    expect(module.getWasmMemory().buffer.byteLength).toBeLessThanOrEqual(32 * 1024 * 1024);
  });
});
