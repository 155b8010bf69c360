/**
 * The port through which user tool code runs: the engine describes a run and reads back a report; the sandbox
 * (src/sandbox/) implements it with a worker off the page. Everything here is plain data.
 */
import type { ToolResult } from '../tool';

export interface ToolRunRequest {
  readonly toolName: string;
  /** The body of an async function receiving `args` (and a capturing `console`). */
  readonly code: string;
  readonly args: unknown;
  readonly allowNetwork: boolean;
  /** Wall-clock limit; the worker is killed when it passes. */
  readonly timeoutMs: number;
  /** The result text is cut to this many characters; `truncated` says so. */
  readonly maxOutputChars: number;
  /** The heap cap of one execution, in MB; `DEFAULT_MEMORY_LIMIT_MB` when absent. */
  readonly memoryLimitMb?: number;
}

/** How a run ended. Every kind but `returned` is a failure with a message for the person (and the model). */
export type SandboxOutcome =
  | { readonly kind: 'returned'; readonly text: string; readonly truncated: boolean; readonly originalLength: number }
  | { readonly kind: 'syntax-error'; readonly message: string }
  | { readonly kind: 'threw'; readonly message: string }
  | { readonly kind: 'not-serializable'; readonly message: string }
  | { readonly kind: 'timeout'; readonly message: string }
  /** The code allocated past its memory limit; the engine stopped it (the page is unaffected). */
  | { readonly kind: 'out-of-memory'; readonly message: string }
  | { readonly kind: 'aborted'; readonly message: string }
  | { readonly kind: 'crashed'; readonly message: string };

export type SandboxOutcomeKind = SandboxOutcome['kind'];

export interface ConsoleLine {
  readonly level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  readonly text: string;
}

/** The execution's own log: it ends up in the run's event log inside the call's result metadata. */
export interface SandboxEvent {
  readonly type: 'started' | 'finished' | 'denied' | 'failed';
  /** Milliseconds since the execution started. */
  readonly at: number;
  readonly detail: string;
}

export interface ToolRunReport {
  readonly outcome: SandboxOutcome;
  readonly console: readonly ConsoleLine[];
  readonly consoleTruncated: boolean;
  readonly events: readonly SandboxEvent[];
  /** Time the code ran, measured around it. */
  readonly durationMs: number;
}

export interface ToolExecutor {
  /** Runs code in isolation. Never rejects: every failure is an outcome. Aborting kills the run. */
  run(request: ToolRunRequest, signal?: AbortSignal): Promise<ToolRunReport>;
}

export const DEFAULT_MAX_OUTPUT_CHARS = 16_000;
/** The heap a tool execution may use unless its spec says otherwise. */
export const DEFAULT_MEMORY_LIMIT_MB = 64;
export const MIN_MEMORY_LIMIT_MB = 8;
export const MAX_MEMORY_LIMIT_MB = 512;

/** The `{text, error, metadata}` result the loop sends to the model, with the report in `metadata.sandbox`. */
export function reportToResult(report: ToolRunReport): ToolResult {
  const { outcome } = report;
  const metadata = {
    sandbox: {
      outcome: outcome.kind,
      durationMs: report.durationMs,
      truncated: outcome.kind === 'returned' ? outcome.truncated : false,
      ...(outcome.kind === 'returned' && outcome.truncated ? { originalLength: outcome.originalLength } : {}),
      console: report.console,
      consoleTruncated: report.consoleTruncated,
      events: report.events,
    },
  };
  if (outcome.kind === 'returned') return { text: outcome.text, isError: false, metadata };
  return { text: `Error: ${outcome.message}`, isError: true, metadata };
}
