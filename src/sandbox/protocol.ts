/**
 * Messages between the page's sandbox host and the code running in the sandbox worker. Plain data only.
 * Host → worker: `RunMessage`. Worker → host: `DoneMessage`, once. The iframe relay adds `RelayMessage`s.
 */
import type { ConsoleLine, SandboxEvent, SandboxOutcome } from '../engine/user-tools/executor';

export interface RunMessage {
  readonly type: 'run';
  readonly code: string;
  readonly args: unknown;
  readonly allowNetwork: boolean;
  readonly maxOutputChars: number;
  readonly maxConsoleChars: number;
}

export interface DoneMessage {
  readonly type: 'done';
  readonly outcome: Exclude<SandboxOutcome, { kind: 'timeout' | 'aborted' | 'crashed' }>;
  readonly console: readonly ConsoleLine[];
  readonly consoleTruncated: boolean;
  /** Only `denied` events: the host adds started / finished / failed. */
  readonly events: readonly SandboxEvent[];
  readonly durationMs: number;
}

/** From the iframe relay (browser) about the worker itself. */
export type RelayMessage = { readonly type: 'timeout' } | { readonly type: 'crashed'; readonly message: string };

export type SandboxReply = DoneMessage | RelayMessage;
