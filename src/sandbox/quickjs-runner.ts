/**
 * Runs one tool execution inside QuickJS (compiled to WebAssembly): a fresh runtime and context per call, with
 * an enforced heap cap (`setMemoryLimit`), a stack cap, and an interrupt handler that stops the code at its
 * time limit — even a tight `while (true) {}`. The tool's code sees only what `quickjs-prelude.ts` gives it;
 * nothing of the page (DOM, storage, the app's globals) exists in that engine at all.
 *
 * Works wherever the QuickJS module is loaded: the sandbox worker in the browser (`quickjs-worker.ts`), and Node
 * in tests and the bench. Never throws: every ending is a `DoneMessage`.
 */
import type { QuickJSContext, QuickJSHandle, QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { ConsoleLine, SandboxEvent } from '../engine';
import type { DoneMessage, RunMessage } from './protocol';
import { ENGINE_BASE_BYTES } from './quickjs-module';
import type { PreludeApi } from './quickjs-prelude';
import { sandboxPrelude } from './quickjs-prelude';

/** What the runner needs from the place it runs in. */
export interface RunnerHost {
  readonly now: () => number;
  readonly setTimer: (fn: () => void, ms: number) => unknown;
  readonly clearTimer: (handle: unknown) => void;
  /** The network, used only when the tool is granted it. */
  readonly fetch?: typeof fetch;
  /**
   * The app's own origin: a granted `fetch` refuses it (and any URL that resolves or redirects to it), so tool code
   * can reach other sites but never the page's files (`/`, `/sw.js`) — the network rule the tool studio shows.
   * Relative URLs resolve against it. Without it (Node tests with no page) only the scheme rule applies.
   */
  readonly appOrigin?: string;
}

/**
 * The C stack QuickJS may use. Below the machine stack the WebAssembly code itself runs on (about 1 MB in V8), so a
 * runaway recursion ends as QuickJS's own "stack overflow" error rather than a trap of the whole module.
 */
const MAX_STACK_BYTES = 160 * 1024;

const LEVELS = new Set<ConsoleLine['level']>(['log', 'info', 'warn', 'error', 'debug']);

/** What the prelude's `execute` settles with, parsed. */
type PreludeOutcome =
  | Exclude<DoneMessage['outcome'], { kind: 'timeout' | 'out-of-memory' }>
  | { readonly kind: 'out-of-memory' }
  | { readonly kind: 'interrupted' };

type Ending =
  | { readonly kind: 'outcome'; readonly json: string }
  | { readonly kind: 'interrupted' }
  | { readonly kind: 'out-of-memory' }
  | { readonly kind: 'stack' }
  | { readonly kind: 'engine'; readonly message: string };

export async function runInQuickJS(
  module: QuickJSWASMModule,
  request: RunMessage,
  host: RunnerHost,
): Promise<DoneMessage> {
  const started = host.now();
  const deadline = started + request.timeoutMs;
  const events: SandboxEvent[] = [];
  const lines: ConsoleLine[] = [];
  let consoleChars = 0;
  let consoleTruncated = false;
  const at = () => Math.round(host.now() - started);

  let wake: (() => void) | null = null;
  const timers = new Set<unknown>();
  let finished = false;

  const done = (outcome: DoneMessage['outcome']): DoneMessage => ({
    type: 'done',
    outcome,
    console: lines,
    consoleTruncated,
    events,
    durationMs: Math.round((host.now() - started) * 10) / 10,
  });

  try {
    const runtime = module.newRuntime();
    runtime.setMemoryLimit(request.memoryLimitBytes);
    runtime.setMaxStackSize(MAX_STACK_BYTES);
    runtime.setInterruptHandler(() => host.now() > deadline);
    runtime.setModuleLoader((name) => {
      const detail = `import() is not available to tool code: tool code cannot load modules ("${name.slice(0, 100)}").`;
      events.push({ type: 'denied', at: at(), detail });
      return { error: new Error(detail) };
    });
    const ctx = runtime.newContext();
    const rt = runtime;

    /** Runs QuickJS's job queue; an engine-level failure (interrupt, OOM) ends the run. */
    const pump = (): Ending | null => {
      const result = rt.executePendingJobs();
      if (result.error) {
        const ending = classify(ctx, result.error);
        result.error.dispose();
        return ending;
      }
      return null;
    };

    /** A promise inside QuickJS settled by host work; `work` gives the value (a string) or rejects. */
    const hostPromise = (work: () => Promise<string | undefined>): QuickJSHandle => {
      const deferred = ctx.newPromise();
      work().then(
        (value) => {
          if (finished || !deferred.alive) return;
          if (value === undefined) deferred.resolve();
          else ctx.newString(value).consume((handle) => deferred.resolve(handle));
          wake?.();
        },
        (error: unknown) => {
          if (finished || !deferred.alive) return;
          ctx
            .newError(error instanceof Error ? error.message : String(error))
            .consume((handle) => deferred.reject(handle));
          wake?.();
        },
      );
      return deferred.handle;
    };

    const hostObject = ctx.newObject();
    const define = (name: string, fn: (...args: QuickJSHandle[]) => QuickJSHandle | undefined) =>
      ctx.newFunction(name, fn).consume((handle) => ctx.setProp(hostObject, name, handle));
    define('emit', (level, text) => {
      const lvl = ctx.getString(level) as ConsoleLine['level'];
      if (consoleTruncated || !LEVELS.has(lvl)) return undefined;
      let line = ctx.getString(text);
      if (consoleChars + line.length > request.maxConsoleChars) {
        line = line.slice(0, Math.max(0, request.maxConsoleChars - consoleChars));
        consoleTruncated = true;
      }
      consoleChars += line.length;
      lines.push({ level: lvl, text: line });
      return undefined;
    });
    define('deny', (name, reason) => {
      const detail = `${ctx.getString(name)} is not available to tool code: ${ctx.getString(reason)}`;
      events.push({ type: 'denied', at: at(), detail });
      return ctx.newString(detail);
    });
    define('now', () => ctx.newNumber(host.now() - started));
    define('sleep', (ms) => {
      const wait = Math.min(ctx.getNumber(ms), request.timeoutMs);
      return hostPromise(
        () =>
          new Promise<undefined>((resolve) => {
            const handle = host.setTimer(() => {
              timers.delete(handle);
              resolve(undefined);
            }, wait);
            timers.add(handle);
          }),
      );
    });
    if (request.allowNetwork && host.fetch) {
      const hostFetch = host.fetch;
      define('fetch', (url, init) => {
        const target = ctx.getString(url);
        const options = ctx.getString(init);
        return hostPromise(async () => {
          const answer = await fetchAsText(hostFetch, target, options, request.memoryLimitBytes, host.appOrigin);
          if (answer.refused) events.push({ type: 'denied', at: at(), detail: answer.refused });
          return answer.json;
        });
      });
    }

    // Bundlers may wrap named functions in a `__name(fn, "name")` helper (esbuild's keepNames); inside QuickJS the
    // helper does not exist, so a no-op stands in for it.
    const preludeFn = ctx.unwrapResult(
      ctx.evalCode(`(() => { const __name = (fn) => fn; return (${String(sandboxPrelude)}); })()`, 'prelude.js'),
    );
    const apiResult = ctx.callFunction(
      preludeFn,
      ctx.undefined,
      hostObject,
      request.allowNetwork ? ctx.true : ctx.false,
    );
    preludeFn.dispose();
    hostObject.dispose();
    const api = ctx.unwrapResult(apiResult);
    const execute = ctx.getProp(api, 'execute' satisfies keyof PreludeApi);
    api.dispose();

    const callArgs = [
      ctx.newString(request.code),
      ctx.newString(JSON.stringify(request.args ?? {})),
      ctx.newNumber(request.maxOutputChars),
    ];
    const call = ctx.callFunction(execute, ctx.undefined, ...callArgs);
    for (const handle of callArgs) handle.dispose();
    execute.dispose();
    let ending: Ending;
    if (call.error) {
      ending = classify(ctx, call.error);
      call.error.dispose();
    } else {
      ending = await settle(ctx, call.value, pump, {
        deadline,
        host,
        setWake: (fn) => (wake = fn),
      });
      call.value.dispose();
    }
    finished = true;
    return done(toOutcome(atMemoryCap(module, request) ? orOutOfMemory(ending) : ending, request));
  } catch (error) {
    finished = true;
    // A trap of the WebAssembly module itself (e.g. the machine stack ran out first): the module is unusable now;
    // the worker holding it is thrown away after this run.
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      return done(toOutcome({ kind: 'stack' }, request));
    }
    return done({
      kind: 'threw',
      message: `The tool's code stopped the sandbox engine: ${error instanceof Error ? error.message : String(error)}`,
    });
  } finally {
    finished = true;
    for (const handle of timers) host.clearTimer(handle);
    // The runtime is not freed: each engine instance serves one run and is dropped whole with its memory (freeing a
    // runtime that ran out of memory would trip QuickJS's own leak assertion for nothing).
  }
}

/** Waits for the tool's promise: runs jobs, sleeps until host work wakes it, stops at the deadline. */
async function settle(
  ctx: QuickJSContext,
  promise: QuickJSHandle,
  pump: () => Ending | null,
  loop: { deadline: number; host: RunnerHost; setWake: (fn: (() => void) | null) => void },
): Promise<Ending> {
  for (;;) {
    const failed = pump();
    if (failed) return failed;
    const state = ctx.getPromiseState(promise);
    if (state.type === 'fulfilled') {
      const ending: Ending =
        state.value === undefined
          ? { kind: 'engine', message: 'the sandbox returned nothing' }
          : { kind: 'outcome', json: ctx.getString(state.value) };
      state.value.dispose();
      return ending;
    }
    if (state.type === 'rejected') {
      const ending = classify(ctx, state.error);
      state.error.dispose();
      return ending;
    }
    const remaining = loop.deadline - loop.host.now();
    if (remaining <= 0) return { kind: 'interrupted' };
    // Nothing runs until host work (a timer, a request) completes, or the time limit passes.
    await new Promise<void>((resolve) => {
      const timer = loop.host.setTimer(resolve, remaining + 1);
      loop.setWake(() => {
        loop.host.clearTimer(timer);
        resolve();
      });
    });
    loop.setWake(null);
  }
}

/**
 * Whether the engine's memory has grown to its cap (see `loadQuickJS`). Near the cap QuickJS can fail in ways that
 * do not say "out of memory" (it throws `null` when it cannot even allocate the error), so any failure there is
 * reported as what it is: the memory limit.
 */
function atMemoryCap(module: QuickJSWASMModule, request: RunMessage): boolean {
  const cap = ENGINE_BASE_BYTES + request.memoryLimitBytes;
  return module.getWasmMemory().buffer.byteLength >= cap - CAP_SLACK_BYTES;
}

/** Within this much of the cap, the heap counts as full: emscripten grows memory in steps. */
const CAP_SLACK_BYTES = 1024 * 1024;

function orOutOfMemory(ending: Ending): Ending {
  switch (ending.kind) {
    case 'engine':
    case 'stack':
      return { kind: 'out-of-memory' };
    case 'outcome': {
      const kind = (JSON.parse(ending.json) as { kind: string }).kind;
      return kind === 'threw' || kind === 'not-serializable' ? { kind: 'out-of-memory' } : ending;
    }
    case 'interrupted':
    case 'out-of-memory':
      return ending;
  }
}

/** Sorts an error that escaped the prelude: only the engine's own failures can. */
function classify(ctx: QuickJSContext, error: QuickJSHandle): Ending {
  let name = '';
  let message: string;
  try {
    const dumped = ctx.dump(error) as unknown;
    if (typeof dumped === 'object' && dumped !== null) {
      name = String((dumped as { name?: unknown }).name ?? '');
      message = String((dumped as { message?: unknown }).message ?? '');
    } else message = String(dumped);
  } catch {
    message = 'an unreadable error';
  }
  if (name === 'InternalError' && message === 'interrupted') return { kind: 'interrupted' };
  if (message === 'out of memory') return { kind: 'out-of-memory' };
  if (/stack overflow/.test(message)) return { kind: 'stack' };
  return { kind: 'engine', message: `${name ? `${name}: ` : ''}${message}` };
}

function toOutcome(ending: Ending, request: RunMessage): DoneMessage['outcome'] {
  const limitMb = Math.round(request.memoryLimitBytes / (1024 * 1024));
  switch (ending.kind) {
    case 'interrupted':
      return {
        kind: 'timeout',
        message: `${request.toolName} did not finish within ${request.timeoutMs} ms (an endless loop, or a promise that never settles); it was stopped.`,
      };
    case 'out-of-memory':
      return {
        kind: 'out-of-memory',
        message: `${request.toolName} exceeded its memory limit (${limitMb} MB) and was stopped. The page and your draft are unaffected.`,
      };
    case 'stack':
      return {
        kind: 'threw',
        message: 'RangeError: stack overflow — the code recursed too deeply (endless recursion?).',
      };
    case 'engine':
      return { kind: 'threw', message: ending.message };
    case 'outcome': {
      // The prelude reports the engine's own stops by kind alone; the message is written here.
      const parsed = JSON.parse(ending.json) as PreludeOutcome;
      if (parsed.kind === 'out-of-memory') return toOutcome({ kind: 'out-of-memory' }, request);
      if (parsed.kind === 'interrupted') return toOutcome({ kind: 'interrupted' }, request);
      return parsed;
    }
  }
}

/**
 * Why a granted request may not go to `url`, or null: only http(s), and never the app's own origin (the page's
 * files, its service worker). Relative URLs resolve against the app's origin, so `fetch('/')` is refused too.
 */
export function refusedFetchTarget(url: string, appOrigin: string | undefined): string | null {
  let target: URL;
  try {
    target = appOrigin === undefined ? new URL(url) : new URL(url, appOrigin);
  } catch {
    return `fetch refused: "${url}" is not an absolute http(s) URL.`;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return `fetch refused: ${target.protocol} URLs are not allowed; tool code may fetch http(s) URLs of other sites only.`;
  }
  if (appOrigin !== undefined && target.origin === appOrigin) {
    return (
      `fetch refused: ${target.href} is the app's own origin (${appOrigin}). Tool code may reach other sites, ` +
      "never the playground's own files or data."
    );
  }
  return null;
}

/** A granted request's answer for the prelude (JSON text), and the refusal, when the rule refused it. */
interface FetchAnswer {
  readonly json: string;
  readonly refused?: string;
}

/** Performs a granted request; the body is read as text, refused beyond the tool's memory limit. */
async function fetchAsText(
  hostFetch: typeof fetch,
  url: string,
  initJson: string,
  maxBytes: number,
  appOrigin: string | undefined,
): Promise<FetchAnswer> {
  const refusal = refusedFetchTarget(url, appOrigin);
  if (refusal !== null) return { json: JSON.stringify({ error: refusal }), refused: refusal };
  const error = (message: string): FetchAnswer => ({ json: JSON.stringify({ error: message }) });
  try {
    const init = JSON.parse(initJson) as { method: string; headers: [string, string][]; body: string | null };
    const response = await hostFetch(new URL(url, appOrigin).href, {
      method: init.method,
      headers: init.headers,
      ...(init.body !== null ? { body: init.body } : {}),
      // Tool requests never carry the app's cookies or credentials.
      credentials: 'omit',
    });
    // Another site may redirect back to the app: its answer is refused like a direct request.
    const redirected = response.url === '' ? null : refusedFetchTarget(response.url, appOrigin);
    if (redirected !== null) {
      const refused = `${redirected} (reached by a redirect from ${url})`;
      return { json: JSON.stringify({ error: refused }), refused };
    }
    const declared = Number(response.headers.get('content-length'));
    if (declared > maxBytes) {
      return error(`The response (${declared} bytes) is larger than the tool's memory limit.`);
    }
    const body = await response.text();
    if (body.length > maxBytes)
      return error(`The response (${body.length} characters) is larger than the tool's memory limit.`);
    return {
      json: JSON.stringify({
        ok: response.ok,
        status: response.status,
        statusText: response.statusText,
        url: response.url,
        headers: [...response.headers.entries()],
        body,
      }),
    };
  } catch (failure) {
    return error(`fetch failed: ${failure instanceof Error ? failure.message : String(failure)}`);
  }
}
