/**
 * Fault injection: a tool wrapped so that its next run times out, throws, reports an error, or returns a broken,
 * mistyped, huge or late result. The wrapper goes into the batch's registry in place of the tool, so everything
 * else — the argument checks, `call-started`, the exception processor, the timing — is the harness's ordinary path:
 * the class sees exactly what a real failure of that kind does to the loop.
 *
 * The texts are what the *model* reads, written like the failures they imitate (no "injected" in them: a model
 * must not be able to tell). The app marks the call "injected: …" on the page from the `fault-injected` event.
 */
import type { Tool, ToolContext, ToolResult } from '../tool';
import { assertNever, err, ok, type Result } from '../result';
import type { Sleep } from '../loop/extension';
import type { Fault, JsonValue } from './types';

export type { Sleep } from '../loop/extension';

/** A result size the page offers for "huge payload", in characters. */
export const HUGE_SIZES: readonly number[] = [10_000, 100_000, 1_000_000];
export const DEFAULT_TIMEOUT_MS = 2_000;
export const DEFAULT_LATENCY_MS = 1_500;

/** The fault with its default parameters, for a one-click choice. */
export function defaultFault(kind: Fault['kind']): Fault {
  switch (kind) {
    case 'timeout':
      return { kind, afterMs: DEFAULT_TIMEOUT_MS };
    case 'huge':
      return { kind, bytes: HUGE_SIZES[0]! };
    case 'latency':
      return { kind, ms: DEFAULT_LATENCY_MS };
    case 'throw':
    case 'is-error':
    case 'malformed-json':
    case 'wrong-types':
      return { kind };
    default:
      return assertNever(kind);
  }
}

/** `tool` with `fault` in place of its behaviour. The original is never changed. */
export function withFault(tool: Tool, fault: Fault, sleep: Sleep): Tool {
  const run = async (args: unknown, ctx: ToolContext): Promise<ToolResult> => {
    const output = await tool.execute(args, ctx);
    return typeof output === 'string' ? { text: output, isError: false, metadata: {} } : output;
  };
  const execute = async (args: unknown, ctx: ToolContext): Promise<ToolResult> => {
    switch (fault.kind) {
      case 'timeout':
        await sleep(fault.afterMs, ctx.signal);
        throw new Error(`${tool.name} did not answer within ${fault.afterMs} ms (timed out).`);
      case 'throw':
        throw new Error(`${tool.name} crashed: internal error (connection reset by peer).`);
      case 'is-error':
        return {
          text: `${tool.name} is temporarily unavailable (503 Service Unavailable). Try again later.`,
          isError: true,
          metadata: {},
        };
      case 'malformed-json': {
        const result = await run(args, ctx);
        return { ...result, text: truncateJson(result.text) };
      }
      case 'wrong-types': {
        const result = await run(args, ctx);
        return { ...result, text: JSON.stringify(flipTypes(parseOrText(result.text))) };
      }
      case 'huge': {
        const result = await run(args, ctx);
        return { ...result, text: padTo(result.text, fault.bytes) };
      }
      case 'latency':
        await sleep(fault.ms, ctx.signal);
        return run(args, ctx);
      default:
        return assertNever(fault);
    }
  };
  return { ...tool, execute };
}

/**
 * The text as a JSON document cut short: JSON is cut before its last closing character and half-way; prose is
 * wrapped as `{"result": "…` and never closed. Never valid JSON.
 */
export function truncateJson(text: string): string {
  const parsed = parseJson(text);
  const json = parsed.ok && typeof parsed.value === 'object' && parsed.value !== null ? text.trim() : null;
  if (json === null) return `{"result": ${JSON.stringify(text).slice(0, -1)}`;
  return json.slice(0, Math.max(1, Math.ceil((json.length - 1) / 2)));
}

/**
 * Every value with another JSON type: a number becomes a string, a numeric string a number, other strings a
 * one-element array, a boolean the string "yes"/"no", null 0, an array an object keyed by index; objects keep
 * their keys with their values flipped.
 */
export function flipTypes(value: JsonValue): JsonValue {
  if (value === null) return 0;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : [value];
  }
  if (Array.isArray(value)) return Object.fromEntries(value.map((v, i) => [String(i), flipTypes(v)]));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, flipTypes(v)]));
}

/** The text followed by numbered filler lines until it is exactly `size` characters (never shorter than it was). */
export function padTo(text: string, size: number): string {
  if (text.length >= size) return text;
  const lines: string[] = [text];
  let length = text.length;
  for (let n = 1; length < size; n += 1) {
    const line = `\n[record ${String(n).padStart(6, '0')}] ${'.'.repeat(48)}`;
    lines.push(line);
    length += line.length;
  }
  return lines.join('').slice(0, size);
}

function parseOrText(text: string): JsonValue {
  const parsed = parseJson(text);
  return parsed.ok ? parsed.value : text;
}

function parseJson(text: string): Result<JsonValue, null> {
  try {
    return ok(JSON.parse(text) as JsonValue);
  } catch {
    return err(null);
  }
}
