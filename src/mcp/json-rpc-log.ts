/**
 * The JSON-RPC log of one MCP session: every message the client sent and received, in order, with the time it
 * passed the transport. A learner reads it to see how a model's tool call becomes `tools/call` and back. Entries
 * are plain data (the message kept as capped JSON text), so the log can sit in the store and be shown as is.
 */

export type JsonRpcDirection = 'sent' | 'received';

/** What kind of JSON-RPC message an entry is. */
export type JsonRpcKind = 'request' | 'notification' | 'result' | 'error' | 'invalid';

export interface JsonRpcLogEntry {
  /** 1, 2, 3… in the order the messages passed the transport. */
  readonly seq: number;
  /** Epoch milliseconds. */
  readonly at: number;
  readonly direction: JsonRpcDirection;
  readonly kind: JsonRpcKind;
  /** The request's or notification's method; for a response, the method of the request it answers. */
  readonly method: string | null;
  /** The JSON-RPC id (requests and responses). */
  readonly id: string | number | null;
  /** A response: milliseconds since its request was sent (or received). */
  readonly durationMs: number | null;
  /** The message as JSON, cut at `MAX_LOGGED_CHARS`. */
  readonly text: string;
  /** The length of the full JSON text when it was cut. */
  readonly originalChars: number | null;
  /** A JSON-RPC error's code and message, for the list. */
  readonly error: { readonly code: number; readonly message: string } | null;
}

/** One message's JSON is kept up to this many characters (a huge result is still flagged as huge). */
export const MAX_LOGGED_CHARS = 20_000;
/** A session keeps its last this-many messages; older ones are counted as dropped. */
export const MAX_LOG_ENTRIES = 1_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The kind, method and id of a JSON-RPC message, from its shape. */
export function classifyMessage(message: unknown): {
  kind: JsonRpcKind;
  method: string | null;
  id: string | number | null;
} {
  if (!isObject(message)) return { kind: 'invalid', method: null, id: null };
  const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
  const method = typeof message.method === 'string' ? message.method : null;
  if (method !== null) return { kind: id === null ? 'notification' : 'request', method, id };
  if ('result' in message) return { kind: 'result', method: null, id };
  if ('error' in message) return { kind: 'error', method: null, id };
  return { kind: 'invalid', method: null, id };
}

/**
 * Builds the log as messages pass: `record` turns one message into an entry, pairing a response with its request
 * (same id, other direction) for the method and the duration.
 */
export class JsonRpcLog {
  private entries: JsonRpcLogEntry[] = [];
  private seq = 0;
  private dropped = 0;
  /** Requests waiting for their response, by direction and id. */
  private readonly open = new Map<string, { at: number; method: string }>();

  constructor(private readonly now: () => number) {}

  record(direction: JsonRpcDirection, message: unknown): JsonRpcLogEntry {
    const at = this.now();
    const { kind, method, id } = classifyMessage(message);
    let pairedMethod = method;
    let durationMs: number | null = null;
    if (kind === 'request' && id !== null) this.open.set(`${direction}:${id}`, { at, method: method ?? '' });
    if ((kind === 'result' || kind === 'error') && id !== null) {
      const key = `${direction === 'sent' ? 'received' : 'sent'}:${id}`;
      const request = this.open.get(key);
      if (request) {
        this.open.delete(key);
        pairedMethod = request.method;
        durationMs = at - request.at;
      }
    }
    const full = safeJson(message);
    const entry: JsonRpcLogEntry = {
      seq: ++this.seq,
      at,
      direction,
      kind,
      method: pairedMethod,
      id,
      durationMs,
      text: full.length > MAX_LOGGED_CHARS ? `${full.slice(0, MAX_LOGGED_CHARS)}…` : full,
      originalChars: full.length > MAX_LOGGED_CHARS ? full.length : null,
      error: errorOf(message),
    };
    this.entries = [...this.entries, entry];
    if (this.entries.length > MAX_LOG_ENTRIES) {
      this.dropped += this.entries.length - MAX_LOG_ENTRIES;
      this.entries = this.entries.slice(-MAX_LOG_ENTRIES);
    }
    return entry;
  }

  /** The entries so far: a new array after every record, so views can memoize on it. */
  all(): readonly JsonRpcLogEntry[] {
    return this.entries;
  }

  /** How many of the oldest entries were let go to keep the log bounded. */
  droppedCount(): number {
    return this.dropped;
  }
}

function errorOf(message: unknown): JsonRpcLogEntry['error'] {
  if (!isObject(message) || !isObject(message.error)) return null;
  const { code, message: text } = message.error;
  return { code: typeof code === 'number' ? code : 0, message: typeof text === 'string' ? text : '' };
}

export function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
