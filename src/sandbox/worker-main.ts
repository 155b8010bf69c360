/**
 * The code that runs inside the sandbox worker. It must be self-contained — it is shipped to the worker as
 * source text (`String(sandboxWorkerMain)`), so it may reference nothing outside its own body.
 *
 * On the `run` message it: removes what tool code must not reach (storage, network unless granted, nested
 * workers, importScripts, the channel back to the page) from the global object *and its prototype chain*, so
 * `Object.getPrototypeOf(self).fetch` finds nothing either, and puts throwing getters in their place so the code
 * gets a clear message and the host a `denied` event; compiles the code as the body of an async function
 * `(args, console)`; runs it; serializes the return value strictly as JSON; caps the text and the console.
 * The page adds the outer walls (an opaque-origin iframe with a CSP, and the time limit that kills the worker).
 */
import { type Result } from '../engine/result';

/** Only what the function touches, so it can be driven in Node tests with a shim. */
export interface SandboxScope {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export function sandboxWorkerMain(scope: SandboxScope): void {
  const post = scope.postMessage.bind(scope);
  const clock = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();
  const stringify = JSON.stringify;
  const getPrototypeOf = Object.getPrototypeOf;
  const defineProperty = Object.defineProperty;
  const hasOwn = Object.prototype.hasOwnProperty;

  const STORAGE = ['indexedDB', 'caches', 'localStorage', 'sessionStorage', 'cookieStore', 'openDatabase'];
  const NETWORK = ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'WebTransport'];
  const ESCAPES = ['importScripts', 'Worker', 'SharedWorker', 'BroadcastChannel', 'postMessage'];
  const DOM = ['document', 'window', 'parent', 'top'];

  scope.onmessage = (event) => {
    scope.onmessage = null;
    const request = event.data as {
      code: string;
      args: unknown;
      allowNetwork: boolean;
      maxOutputChars: number;
      maxConsoleChars: number;
    };
    const started = clock();
    const events: { type: 'denied'; at: number; detail: string }[] = [];
    const lines: { level: string; text: string }[] = [];
    let consoleChars = 0;
    let consoleTruncated = false;

    const deny = (name: string, reason: string): never => {
      const detail = `${name} is not available to tool code: ${reason}`;
      events.push({ type: 'denied', at: Math.round(clock() - started), detail });
      throw new Error(detail);
    };

    const wall = (names: string[], reason: string): void => {
      for (const name of names) {
        let target: object | null = scope;
        while (target !== null) {
          if (hasOwn.call(target, name)) {
            try {
              delete (target as Record<string, unknown>)[name];
            } catch {
              // A non-configurable property stays; the shadow below still hides it from plain lookups.
            }
          }
          target = getPrototypeOf(target) as object | null;
        }
        try {
          defineProperty(scope, name, {
            get: () => deny(name, reason),
            set: () => deny(name, reason),
            configurable: false,
          });
        } catch {
          // Already non-configurable on the scope itself (never the case in a worker).
        }
      }
    };

    wall(STORAGE, 'tool code runs isolated from the app, with no access to its storage.');
    wall(DOM, 'tool code runs in an isolated worker, which has no DOM.');
    wall(ESCAPES, 'tool code cannot load scripts, start workers or talk to other contexts.');
    if (!request.allowNetwork)
      wall(NETWORK, 'network access is off for this tool (turn on "Allow network" to grant it).');
    const nav = (scope as { navigator?: object }).navigator;
    if (nav) {
      let target: object | null = nav;
      while (target !== null) {
        if (hasOwn.call(target, 'storage')) {
          try {
            delete (target as Record<string, unknown>).storage;
          } catch {
            // see above
          }
        }
        target = getPrototypeOf(target) as object | null;
      }
    }

    const format = (value: unknown): string => {
      if (typeof value === 'string') return value;
      if (typeof value === 'bigint') return `${String(value)}n`;
      if (value instanceof Error) return `${value.name}: ${value.message}`;
      try {
        const text = stringify(value);
        return text === undefined ? String(value) : text;
      } catch {
        return String(value);
      }
    };
    const capture =
      (level: string) =>
      (...values: unknown[]): void => {
        if (consoleTruncated) return;
        let text = values.map(format).join(' ');
        if (consoleChars + text.length > request.maxConsoleChars) {
          text = text.slice(0, Math.max(0, request.maxConsoleChars - consoleChars));
          consoleTruncated = true;
        }
        consoleChars += text.length;
        lines.push({ level, text });
      };
    const sandboxConsole = {
      log: capture('log'),
      info: capture('info'),
      warn: capture('warn'),
      error: capture('error'),
      debug: capture('debug'),
    };

    const finish = (outcome: Record<string, unknown>): void => {
      post({
        type: 'done',
        outcome,
        console: lines,
        consoleTruncated,
        events,
        durationMs: Math.round((clock() - started) * 10) / 10,
      });
    };

    const serialize = (value: unknown): Result<string> => {
      if (typeof value === 'string') return { ok: true, value };
      if (value === undefined) return { ok: true, value: '' };
      const kindOf = (v: unknown): string | null => {
        if (typeof v === 'function') return 'a function';
        if (typeof v === 'symbol') return 'a symbol';
        if (typeof v === 'bigint') return 'a BigInt (convert it with String() or Number())';
        if (v instanceof Map) return 'a Map (convert it with Object.fromEntries(map))';
        if (v instanceof Set) return 'a Set (convert it with [...set])';
        if (v instanceof WeakMap || v instanceof WeakSet) return 'a WeakMap or WeakSet';
        if (v instanceof Promise) return 'a Promise (await it)';
        return null;
      };
      try {
        const text = stringify(value, function (this: unknown, key: string, inner: unknown) {
          const kind = kindOf(inner);
          if (kind) throw new TypeError(key === '' ? `the value is ${kind}` : `property "${key}" is ${kind}`);
          return inner;
        });
        return { ok: true, value: text ?? '' };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return {
          ok: false,
          error: `The tool returned a value that cannot be sent to the model as JSON: ${reason}. Return a string or plain data (objects, arrays, strings, numbers, booleans, null).`,
        };
      }
    };

    let run: (args: unknown, console: unknown) => Promise<unknown>;
    try {
      const AsyncFunction = getPrototypeOf(async function () {}).constructor as new (
        ...params: string[]
      ) => (args: unknown, console: unknown) => Promise<unknown>;
      run = new AsyncFunction('args', 'console', `"use strict";\n${request.code}`);
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      finish({ kind: 'syntax-error', message: `The code does not compile — ${message}` });
      return;
    }

    let returned: Promise<unknown>;
    try {
      returned = run(request.args, sandboxConsole);
    } catch (error) {
      returned = Promise.reject(error);
    }
    returned.then(
      (value) => {
        const serialized = serialize(value);
        if (!serialized.ok) return finish({ kind: 'not-serializable', message: serialized.error });
        const full = serialized.value;
        const max = request.maxOutputChars;
        if (full.length <= max)
          return finish({ kind: 'returned', text: full, truncated: false, originalLength: full.length });
        const note = `\n…[output truncated: kept ${max} of ${full.length} characters]`;
        finish({ kind: 'returned', text: full.slice(0, max) + note, truncated: true, originalLength: full.length });
      },
      (error: unknown) => {
        let message: string;
        if (error instanceof Error) message = `${error.name}: ${error.message}`;
        else {
          try {
            message = `Threw a non-Error value: ${stringify(error) ?? String(error)}`;
          } catch {
            message = `Threw a non-Error value: ${String(error)}`;
          }
        }
        finish({ kind: 'threw', message });
      },
    );
  };
}
