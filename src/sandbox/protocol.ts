/**
 * Messages between the page's sandbox host and the sandbox worker. Host → worker: `RunMessage` (with the compiled
 * QuickJS WebAssembly module, which a same-origin worker receives without compiling it again). Worker → host:
 * `DoneMessage`, once, or `CrashedMessage` when the worker itself failed.
 */
import type { ConsoleLine, SandboxEvent, SandboxOutcome } from '../engine';

export interface RunMessage {
  readonly type: 'run';
  readonly toolName: string;
  readonly code: string;
  readonly args: unknown;
  readonly allowNetwork: boolean;
  /** The code is interrupted when it runs past this (QuickJS's interrupt handler). */
  readonly timeoutMs: number;
  /** QuickJS's heap cap for this execution. */
  readonly memoryLimitBytes: number;
  readonly maxOutputChars: number;
  readonly maxConsoleChars: number;
}

export interface DoneMessage {
  readonly type: 'done';
  readonly outcome: Exclude<SandboxOutcome, { kind: 'aborted' | 'crashed' }>;
  readonly console: readonly ConsoleLine[];
  readonly consoleTruncated: boolean;
  /** Only `denied` events: the host adds started / finished / failed. */
  readonly events: readonly SandboxEvent[];
  readonly durationMs: number;
}

/** The worker could not run the code at all (the engine did not load). */
export interface CrashedMessage {
  readonly type: 'crashed';
  readonly message: string;
}

export type SandboxReply = DoneMessage | CrashedMessage;
