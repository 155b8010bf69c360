/**
 * The code that runs first inside each QuickJS context, before the tool's code. It must be self-contained — it is
 * shipped into QuickJS as source text (`String(sandboxPrelude)`), so it may reference nothing outside its body.
 *
 * It builds the tool's world from the few host functions it is given: a capturing `console`, `setTimeout`,
 * `fetch` (only when the tool is granted network), and throwing stand-ins for what tool code must not reach
 * (storage, DOM, workers, other network APIs), each with a clear message and a `denied` event. It returns
 * `execute`, which compiles the code as the body of an async function `(args, console)`, runs it, and settles
 * with the outcome as JSON text — never a rejection for anything the tool did: a thrown value of any kind, however
 * hostile (a `toJSON` and a `toString` that both throw, a Proxy whose every trap throws), is described by what it
 * is. Only the engine's own failures (interrupted at the time limit, out of memory while describing) escape it.
 */

/** The host functions the prelude receives (plain functions created on the host). */
export interface PreludeHost {
  /** One console line. */
  emit(level: string, text: string): void;
  /** Records a `denied` event; returns the message to throw. */
  deny(name: string, reason: string): string;
  /** A promise that resolves after `ms` milliseconds. */
  sleep(ms: number): Promise<void>;
  /** Only when network is granted: performs the request (`init` as JSON text), resolves to the response as JSON text. */
  fetch?: (url: string, init: string) => Promise<string>;
  /** Milliseconds, for `performance.now()`. */
  now(): number;
}

export interface PreludeApi {
  /** Resolves to a JSON outcome: returned / syntax-error / threw / not-serializable / out-of-memory / interrupted. */
  execute(code: string, argsJson: string, maxOutputChars: number): Promise<string>;
}

export function sandboxPrelude(host: PreludeHost, allowNetwork: boolean): PreludeApi {
  const g = globalThis as unknown as Record<string, unknown>;
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const keysOf = Object.keys;
  const defineProperty = Object.defineProperty;
  const ErrorClass = Error;
  const PromiseClass = Promise;
  const StringFn = String;
  const MapClass = Map;
  const SetClass = Set;
  const WeakMapClass = WeakMap;
  const WeakSetClass = WeakSet;

  // Everything that can run user code (getters, toJSON, toString, Proxy traps) is wrapped: a failure becomes a
  // fallback text, never an exception out of the prelude.
  const attempt = <T>(fn: () => T, fallback: T): T => {
    try {
      return fn();
    } catch {
      return fallback;
    }
  };
  const clip = (text: string, max = 2000): string => (text.length > max ? `${text.slice(0, max)}…` : text);

  /** A one-line description of any value that never runs its code twice and never throws. */
  const shallow = (value: unknown): string => {
    const type = value === null ? 'null' : typeof value;
    switch (type) {
      case 'string':
        return clip(stringify(value));
      case 'number':
      case 'boolean':
      case 'undefined':
      case 'null':
        return StringFn(value);
      case 'bigint':
        return `${StringFn(value)}n`;
      case 'symbol':
        return attempt(() => (value as symbol).toString(), 'a symbol');
      case 'function':
        return `a function${attempt(() => ((value as { name?: unknown }).name ? ` (${StringFn((value as { name: unknown }).name)})` : ''), '')}`;
      default: {
        const error = attempt(() => value instanceof ErrorClass, false);
        if (error) {
          const name = attempt(() => StringFn((value as Error).name), 'Error');
          const message = attempt(() => StringFn((value as Error).message), '(its message cannot be read)');
          return clip(`${name}: ${message}`);
        }
        const keys = attempt(() => keysOf(value as object).slice(0, 8), null);
        return keys === null
          ? 'an object whose keys cannot be read'
          : `an object${keys.length ? ` with keys ${keys.join(', ')}` : ''}`;
      }
    }
  };

  /** What a thrown value was, for the person and the model. */
  const describeThrown = (value: unknown): string => {
    if (attempt(() => value instanceof ErrorClass, false)) return shallow(value);
    const type = value === null ? 'null' : typeof value;
    if (type !== 'object' && type !== 'function') return `Threw a non-Error value: ${shallow(value)}`;
    const problems: string[] = [];
    try {
      const json = stringify(value);
      if (json !== undefined) return `Threw a non-Error value: ${clip(json)}`;
    } catch (error) {
      problems.push(`its toJSON / JSON form threw ${shallow(error)}`);
    }
    try {
      return `Threw a non-Error value: ${clip(StringFn(value))}`;
    } catch (error) {
      problems.push(`its toString threw ${shallow(error)}`);
    }
    return `Threw ${shallow(value)} that cannot be turned into text (${problems.join('; ')}).`;
  };

  const format = (value: unknown): string => {
    if (typeof value === 'string') return value;
    if (typeof value === 'bigint') return `${StringFn(value)}n`;
    if (attempt(() => value instanceof ErrorClass, false)) return shallow(value);
    try {
      const text = stringify(value);
      return text === undefined ? StringFn(value) : text;
    } catch {
      return attempt(() => StringFn(value), `[${shallow(value)}]`);
    }
  };

  const capture =
    (level: string) =>
    (...values: unknown[]): void => {
      host.emit(level, values.map(format).join(' '));
    };
  const sandboxConsole = {
    log: capture('log'),
    info: capture('info'),
    warn: capture('warn'),
    error: capture('error'),
    debug: capture('debug'),
  };

  const wall = (names: readonly string[], reason: string): void => {
    for (const name of names) {
      const deny = (): never => {
        throw new ErrorClass(host.deny(name, reason));
      };
      defineProperty(g, name, { get: deny, set: deny, configurable: false });
    }
  };
  wall(
    ['indexedDB', 'caches', 'localStorage', 'sessionStorage', 'cookieStore', 'openDatabase'],
    'tool code runs isolated from the app, with no access to its storage.',
  );
  wall(['document', 'window', 'parent', 'top'], 'tool code runs in an isolated engine, which has no DOM.');
  wall(
    ['importScripts', 'Worker', 'SharedWorker', 'BroadcastChannel', 'postMessage'],
    'tool code cannot load scripts, start workers or talk to other contexts.',
  );
  if (allowNetwork) {
    wall(
      ['XMLHttpRequest', 'WebSocket', 'EventSource', 'WebTransport'],
      'the sandbox offers fetch() for network access; use it instead.',
    );
  } else {
    wall(
      ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'WebTransport'],
      'network access is off for this tool (turn on "Allow network" to grant it).',
    );
  }

  const timers = new SetClass<number>();
  let nextTimer = 0;
  g.setTimeout = (fn: unknown, ms?: unknown, ...rest: unknown[]): number => {
    const id = ++nextTimer;
    timers.add(id);
    host.sleep(Math.max(0, Number(ms) || 0)).then(() => {
      if (timers.delete(id) && typeof fn === 'function') (fn as (...a: unknown[]) => void)(...rest);
    });
    return id;
  };
  g.clearTimeout = (id: unknown): void => {
    timers.delete(id as number);
  };
  g.queueMicrotask = (fn: () => void): void => {
    PromiseClass.resolve().then(fn);
  };
  g.performance = { now: () => host.now() };
  g.console = sandboxConsole;

  if (allowNetwork && host.fetch) {
    const hostFetch = host.fetch;
    g.fetch = async (input: unknown, init?: Record<string, unknown>): Promise<unknown> => {
      const url = StringFn(
        typeof input === 'object' && input !== null && 'url' in input ? (input as { url: unknown }).url : input,
      );
      const body = init?.body;
      if (body !== undefined && body !== null && typeof body !== 'string') {
        throw new TypeError('fetch in the tool sandbox sends text bodies only: pass a string (e.g. JSON.stringify).');
      }
      const headers: [string, string][] = [];
      const given = init?.headers;
      if (Array.isArray(given))
        for (const [k, v] of given as [unknown, unknown][]) headers.push([StringFn(k), StringFn(v)]);
      else if (given && typeof given === 'object')
        for (const k of keysOf(given)) headers.push([k, StringFn((given as Record<string, unknown>)[k])]);
      const answer = parse(
        await hostFetch(
          url,
          stringify({
            method: init?.method === undefined ? 'GET' : StringFn(init.method),
            headers,
            body: body ?? null,
          }),
        ),
      ) as {
        error?: string;
        ok: boolean;
        status: number;
        statusText: string;
        url: string;
        headers: [string, string][];
        body: string;
      };
      if (answer.error !== undefined) throw new TypeError(answer.error);
      const map = new MapClass(answer.headers.map(([k, v]) => [k.toLowerCase(), v] as const));
      return {
        ok: answer.ok,
        status: answer.status,
        statusText: answer.statusText,
        url: answer.url,
        headers: {
          get: (name: string) => map.get(StringFn(name).toLowerCase()) ?? null,
          has: (name: string) => map.has(StringFn(name).toLowerCase()),
          entries: () => map.entries(),
        },
        text: async () => answer.body,
        json: async () => parse(answer.body) as unknown,
      };
    };
  }

  const kindOf = (v: unknown): string | null => {
    if (typeof v === 'function') return 'a function';
    if (typeof v === 'symbol') return 'a symbol';
    if (typeof v === 'bigint') return 'a BigInt (convert it with String() or Number())';
    if (v instanceof MapClass) return 'a Map (convert it with Object.fromEntries(map))';
    if (v instanceof SetClass) return 'a Set (convert it with [...set])';
    if (v instanceof WeakMapClass || v instanceof WeakSetClass) return 'a WeakMap or WeakSet';
    if (v instanceof PromiseClass) return 'a Promise (await it)';
    return null;
  };

  const isOutOfMemory = (error: unknown): boolean =>
    attempt(
      () => error instanceof ErrorClass && error.name === 'InternalError' && error.message === 'out of memory',
      false,
    );

  // The engine's own stops arrive as thrown InternalErrors; they are passed on by kind, never described as the tool's.
  const isInterrupted = (error: unknown): boolean =>
    attempt(
      () => error instanceof ErrorClass && error.name === 'InternalError' && error.message === 'interrupted',
      false,
    );

  const outcome = (value: Record<string, unknown>): string => stringify(value);

  const serialize = (value: unknown, max: number): string => {
    let full: string;
    if (typeof value === 'string') full = value;
    else if (value === undefined) full = '';
    else {
      try {
        full =
          stringify(value, function (key: string, inner: unknown) {
            const kind = kindOf(inner);
            if (kind) throw new TypeError(key === '' ? `the value is ${kind}` : `property "${key}" is ${kind}`);
            return inner;
          }) ?? '';
      } catch (error) {
        if (isOutOfMemory(error)) return outcome({ kind: 'out-of-memory' });
        const reason = attempt(
          () => (error instanceof TypeError ? StringFn(error.message) : describeThrown(error)),
          'it could not be read',
        );
        return outcome({
          kind: 'not-serializable',
          message: `The tool returned a value that cannot be sent to the model as JSON: ${clip(reason)}. Return a string or plain data (objects, arrays, strings, numbers, booleans, null).`,
        });
      }
    }
    if (full.length <= max)
      return outcome({ kind: 'returned', text: full, truncated: false, originalLength: full.length });
    const note = `\n…[output truncated: kept ${max} of ${full.length} characters]`;
    return outcome({ kind: 'returned', text: full.slice(0, max) + note, truncated: true, originalLength: full.length });
  };

  return {
    execute(code: string, argsJson: string, maxOutputChars: number): Promise<string> {
      let run: (args: unknown, console: unknown) => Promise<unknown>;
      try {
        const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor as new (
          ...params: string[]
        ) => (args: unknown, console: unknown) => Promise<unknown>;
        run = new AsyncFunction('args', 'console', `"use strict";\n${code}`);
      } catch (error) {
        return PromiseClass.resolve(
          outcome({ kind: 'syntax-error', message: `The code does not compile — ${shallow(error)}` }),
        );
      }
      let returned: Promise<unknown>;
      try {
        returned = run(parse(argsJson), sandboxConsole);
      } catch (error) {
        returned = PromiseClass.reject(error);
      }
      return returned.then(
        (value) => serialize(value, maxOutputChars),
        (error: unknown) => {
          if (isOutOfMemory(error)) return outcome({ kind: 'out-of-memory' });
          if (isInterrupted(error)) return outcome({ kind: 'interrupted' });
          return outcome({ kind: 'threw', message: describeThrown(error) });
        },
      );
    },
  };
}
