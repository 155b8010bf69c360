/**
 * The sandbox host: runs one execution in a fresh, disposable worker and turns whatever happens into a
 * `ToolRunReport`. Inside the worker QuickJS enforces the time limit (its interrupt handler) and the memory limit
 * (its heap cap) and reports them; here a timer kills the worker as the backstop when no report comes (the worker
 * itself hung or died), and abort kills it too. How the worker is spawned is injected: the browser uses a module
 * Web Worker (worker-spawner.ts), tests use Node worker threads.
 */
import type { ConsoleLine, SandboxEvent, SandboxOutcome, ToolExecutor, ToolRunReport, ToolRunRequest } from '../engine';
import { DEFAULT_MEMORY_LIMIT_MB } from '../engine';
import type { RunMessage, SandboxReply } from './protocol';

/** One live worker. */
export interface SandboxChannel {
  send(message: RunMessage): void;
  kill(): void;
}

export interface SpawnOptions {
  readonly onReply: (reply: SandboxReply) => void;
  readonly onCrash: (message: string) => void;
}

export type Spawner = (options: SpawnOptions) => SandboxChannel;

export interface SandboxHostOptions {
  readonly spawn: Spawner;
  readonly now: () => number;
  readonly setTimer: (fn: () => void, ms: number) => unknown;
  readonly clearTimer: (handle: unknown) => void;
  /** Extra time on top of the tool's limit (for the worker's start) before the host kills a silent worker. */
  readonly graceMs?: number;
  readonly maxConsoleChars?: number;
}

export const DEFAULT_MAX_CONSOLE_CHARS = 8000;

export function createSandboxExecutor(options: SandboxHostOptions): ToolExecutor {
  const grace = options.graceMs ?? 2000;
  return {
    run(request: ToolRunRequest, signal?: AbortSignal): Promise<ToolRunReport> {
      const startedAt = options.now();
      const elapsed = () => Math.round(options.now() - startedAt);
      const memoryLimitMb = request.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB;
      const events: SandboxEvent[] = [
        {
          type: 'started',
          at: 0,
          detail: `${request.toolName} started (limit ${request.timeoutMs} ms, ${memoryLimitMb} MB, network ${request.allowNetwork ? 'granted' : 'off'})`,
        },
      ];
      return new Promise<ToolRunReport>((resolve) => {
        let settled = false;
        let channel: SandboxChannel | null = null;
        let timer: unknown = null;

        const settle = (
          outcome: SandboxOutcome,
          extra: {
            console?: readonly ConsoleLine[];
            consoleTruncated?: boolean;
            events?: readonly SandboxEvent[];
            durationMs?: number;
          } = {},
        ) => {
          if (settled) return;
          settled = true;
          if (timer !== null) options.clearTimer(timer);
          signal?.removeEventListener('abort', onAbort);
          channel?.kill();
          const at = elapsed();
          const final: SandboxEvent =
            outcome.kind === 'returned'
              ? { type: 'finished', at, detail: outcome.truncated ? 'finished (output truncated)' : 'finished' }
              : { type: 'failed', at, detail: `${outcome.kind}: ${outcome.message}` };
          resolve({
            outcome,
            console: extra.console ?? [],
            consoleTruncated: extra.consoleTruncated ?? false,
            events: [...events, ...(extra.events ?? []), final],
            durationMs: extra.durationMs ?? at,
          });
        };

        const timeoutOutcome = (): SandboxOutcome => ({
          kind: 'timeout',
          message: `${request.toolName} did not finish within ${request.timeoutMs} ms (an endless loop, or a promise that never settles); it was stopped.`,
        });

        const onAbort = () => settle({ kind: 'aborted', message: `${request.toolName} was stopped by the user.` });

        if (signal?.aborted) return onAbort();
        signal?.addEventListener('abort', onAbort);

        try {
          channel = options.spawn({
            onReply: (reply) => {
              switch (reply.type) {
                case 'done':
                  return settle(capOutcome(reply.outcome, request.maxOutputChars), {
                    console: sanitizeConsole(reply.console, options.maxConsoleChars ?? DEFAULT_MAX_CONSOLE_CHARS),
                    consoleTruncated: reply.consoleTruncated === true,
                    events: sanitizeEvents(reply.events),
                    durationMs: typeof reply.durationMs === 'number' ? reply.durationMs : elapsed(),
                  });
                case 'crashed':
                  return settle({ kind: 'crashed', message: `The sandbox failed: ${reply.message}` });
                default:
                  return settle({ kind: 'crashed', message: 'The sandbox sent an unknown message.' });
              }
            },
            onCrash: (message) => settle({ kind: 'crashed', message: `The sandbox failed: ${message}` }),
          });
        } catch (error) {
          return settle({
            kind: 'crashed',
            message: `The sandbox could not start: ${error instanceof Error ? error.message : String(error)}`,
          });
        }
        timer = options.setTimer(() => settle(timeoutOutcome()), request.timeoutMs + grace);
        let args: unknown;
        try {
          // Arguments cross a structured-clone boundary: JSON round-trip keeps them plain data.
          args = JSON.parse(JSON.stringify(request.args ?? {}));
        } catch {
          return settle({ kind: 'crashed', message: 'The arguments are not plain JSON data.' });
        }
        channel.send({
          type: 'run',
          toolName: request.toolName,
          code: request.code,
          args,
          allowNetwork: request.allowNetwork,
          timeoutMs: request.timeoutMs,
          memoryLimitBytes: memoryLimitMb * 1024 * 1024,
          maxOutputChars: request.maxOutputChars,
          maxConsoleChars: options.maxConsoleChars ?? DEFAULT_MAX_CONSOLE_CHARS,
        });
      });
    },
  };
}

/**
 * The worker caps its own output; the host still checks the reply's shape and enforces the cap again, so a
 * fault in the worker can never put more than the cap (or a malformed outcome) into the run.
 */
function capOutcome(outcome: unknown, max: number): SandboxOutcome {
  const value = outcome as {
    kind?: unknown;
    text?: unknown;
    message?: unknown;
    truncated?: unknown;
    originalLength?: unknown;
  };
  if (value?.kind === 'returned' && typeof value.text === 'string') {
    const limit = max + 80; // room for the worker's truncation note
    const originalLength = typeof value.originalLength === 'number' ? value.originalLength : value.text.length;
    if (value.text.length > limit) {
      return {
        kind: 'returned',
        text: value.text.slice(0, max),
        truncated: true,
        originalLength: Math.max(originalLength, value.text.length),
      };
    }
    return { kind: 'returned', text: value.text, truncated: value.truncated === true, originalLength };
  }
  if (
    (value?.kind === 'syntax-error' ||
      value?.kind === 'threw' ||
      value?.kind === 'not-serializable' ||
      value?.kind === 'timeout' ||
      value?.kind === 'out-of-memory') &&
    typeof value.message === 'string'
  ) {
    return { kind: value.kind, message: value.message.slice(0, 4000) };
  }
  return { kind: 'crashed', message: 'The sandbox sent a malformed result.' };
}

const LEVELS = new Set(['log', 'info', 'warn', 'error', 'debug']);

function sanitizeConsole(lines: unknown, maxChars: number): ConsoleLine[] {
  if (!Array.isArray(lines)) return [];
  const out: ConsoleLine[] = [];
  let total = 0;
  for (const line of lines as { level?: unknown; text?: unknown }[]) {
    if (typeof line?.text !== 'string' || !LEVELS.has(line.level as string)) continue;
    const text = line.text.slice(0, Math.max(0, maxChars - total));
    total += text.length;
    out.push({ level: line.level as ConsoleLine['level'], text });
    if (total >= maxChars) break;
  }
  return out;
}

function sanitizeEvents(events: unknown): SandboxEvent[] {
  if (!Array.isArray(events)) return [];
  return (events as { type?: unknown; at?: unknown; detail?: unknown }[])
    .filter((e) => e?.type === 'denied' && typeof e.detail === 'string')
    .slice(0, 50)
    .map((e) => ({ type: 'denied', at: typeof e.at === 'number' ? e.at : 0, detail: String(e.detail).slice(0, 500) }));
}
