/**
 * A `tools/call` result turned into the tool message the model receives, and the record the run keeps of it.
 *
 * The model gets text: text blocks as written, an embedded text resource with its URI, a resource link as its name
 * and URI, an image or audio block as a bracketed note (the playground's runtimes send text only), and the
 * `structuredContent` as JSON when no text block carries it. That text is cut at the size cap and flagged. The
 * record (`McpCallRecord`, kept in the result's metadata and so in the run's log) holds the blocks as the server
 * sent them — images included, up to a cap — beside which server and tool answered and the call's JSON-RPC
 * exchange, so the transcript shows both and an imported run shows all of it without connecting.
 */
import { z } from 'zod';
import { safeJson } from './json-rpc-log';

export type McpBlock =
  | { readonly kind: 'text'; readonly text: string }
  /** `data` is null when the image was over `MAX_IMAGE_DATA_CHARS` (flagged in the record). */
  | { readonly kind: 'image'; readonly mimeType: string; readonly data: string | null; readonly bytes: number }
  | { readonly kind: 'audio'; readonly mimeType: string; readonly bytes: number }
  | {
      readonly kind: 'resource-link';
      readonly uri: string;
      readonly name: string;
      readonly description?: string;
      readonly mimeType?: string;
    }
  | {
      readonly kind: 'resource';
      readonly uri: string;
      readonly mimeType?: string;
      /** A text resource's text; a blob's size instead. */
      readonly text?: string;
      readonly bytes?: number;
    }
  | { readonly kind: 'unknown'; readonly type: string };

/** How a call ended, as the run records it. */
export type McpCallEnding = 'result' | 'error-result' | 'cancelled' | 'timeout' | 'server-died' | 'failed';

export interface McpProgressNote {
  /** Milliseconds since the call was sent. */
  readonly afterMs: number;
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/** What a run keeps of one MCP call, in the call's result metadata under `mcp`. Plain JSON. */
export interface McpCallRecord {
  readonly server: {
    readonly url: string;
    readonly name: string;
    readonly version: string;
    readonly title?: string;
    readonly protocolVersion: string;
  };
  readonly tool: {
    readonly name: string;
    readonly title?: string;
    /** A digest of the definition the server listed (description, schemas, annotations): the tool's version. */
    readonly digest: string;
  };
  readonly ending: McpCallEnding;
  /** Milliseconds from sending `tools/call` to its answer (or to the failure). */
  readonly durationMs: number;
  readonly blocks: readonly McpBlock[];
  /** The result's `structuredContent`; a string preview when its JSON passed `MAX_STRUCTURED_CHARS`. */
  readonly structuredContent?: unknown;
  /** Set when the text sent to the model was cut at the size cap. */
  readonly truncated: { readonly sentChars: number; readonly originalChars: number } | null;
  readonly progress: readonly McpProgressNote[];
  /** The JSON-RPC messages of this call, as JSON text (each capped like the session log). */
  readonly exchange: {
    readonly request: string | null;
    readonly response: string | null;
    /** The `notifications/cancelled` sent for it (Stop, the time limit). */
    readonly cancelled: string | null;
  };
}

/** The text a model receives from one call is cut here (the sandbox caps its tools' output the same way). */
export const MAX_RESULT_CHARS = 16_000;
/** An image's base64 data is kept in the run up to this size (about 375 kB of image). */
export const MAX_IMAGE_DATA_CHARS = 500_000;
/** `structuredContent` is kept in the run as JSON up to this size. */
export const MAX_STRUCTURED_CHARS = 20_000;
/** A text block or text resource is kept in the record up to this size (the model text holds it anyway). */
const MAX_BLOCK_TEXT_CHARS = 20_000;

const blockSchema = z.looseObject({ type: z.string() });
const textBlock = z.looseObject({ type: z.literal('text'), text: z.string() });
const mediaBlock = z.looseObject({ type: z.enum(['image', 'audio']), data: z.string(), mimeType: z.string() });
const linkBlock = z.looseObject({
  type: z.literal('resource_link'),
  uri: z.string(),
  name: z.string(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});
const resourceBlock = z.looseObject({
  type: z.literal('resource'),
  resource: z.looseObject({
    uri: z.string(),
    mimeType: z.string().optional(),
    text: z.string().optional(),
    blob: z.string().optional(),
  }),
});

/** The bytes a base64 string decodes to. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

const capText = (text: string) =>
  text.length > MAX_BLOCK_TEXT_CHARS ? `${text.slice(0, MAX_BLOCK_TEXT_CHARS)}…` : text;

/** One content block as the record keeps it; anything unreadable becomes `unknown` with its type. */
export function toBlock(value: unknown): McpBlock {
  const text = textBlock.safeParse(value);
  if (text.success) return { kind: 'text', text: capText(text.data.text) };
  const media = mediaBlock.safeParse(value);
  if (media.success) {
    const bytes = base64Bytes(media.data.data);
    if (media.data.type === 'audio') return { kind: 'audio', mimeType: media.data.mimeType, bytes };
    const kept = media.data.data.length <= MAX_IMAGE_DATA_CHARS ? media.data.data : null;
    return { kind: 'image', mimeType: media.data.mimeType, data: kept, bytes };
  }
  const link = linkBlock.safeParse(value);
  if (link.success) {
    const { uri, name, description, mimeType } = link.data;
    return {
      kind: 'resource-link',
      uri,
      name,
      ...(description !== undefined ? { description } : {}),
      ...(mimeType !== undefined ? { mimeType } : {}),
    };
  }
  const resource = resourceBlock.safeParse(value);
  if (resource.success) {
    const { uri, mimeType, text: body, blob } = resource.data.resource;
    return {
      kind: 'resource',
      uri,
      ...(mimeType !== undefined ? { mimeType } : {}),
      ...(body !== undefined ? { text: capText(body) } : {}),
      ...(blob !== undefined ? { bytes: base64Bytes(blob) } : {}),
    };
  }
  const typed = blockSchema.safeParse(value);
  return { kind: 'unknown', type: typed.success ? typed.data.type : typeof value };
}

/** How one block reads to the model. Model-facing English, like every tool result. */
function blockForModel(value: unknown, block: McpBlock): string {
  switch (block.kind) {
    case 'text':
      return textBlock.parse(value).text;
    case 'image':
      return `[image ${block.mimeType}, ${block.bytes} bytes: not shown to the model, which receives text only]`;
    case 'audio':
      return `[audio ${block.mimeType}, ${block.bytes} bytes: not sent to the model, which receives text only]`;
    case 'resource-link':
      return `[resource link] ${block.name}: ${block.uri}${block.description ? ` — ${block.description}` : ''}`;
    case 'resource': {
      const full = resourceBlock.parse(value).resource.text;
      if (full !== undefined) return `[resource ${block.uri}]\n${full}`;
      return `[resource ${block.uri}${block.mimeType ? `, ${block.mimeType}` : ''}, ${block.bytes ?? 0} bytes]`;
    }
    case 'unknown':
      return `[content of type "${block.type}" that this client does not read]`;
  }
}

export interface ConvertedResult {
  /** The tool message's text, already cut at the cap. */
  readonly text: string;
  readonly isError: boolean;
  readonly blocks: readonly McpBlock[];
  readonly structuredContent?: unknown;
  readonly truncated: McpCallRecord['truncated'];
}

const resultSchema = z.looseObject({
  content: z.array(z.unknown()).optional(),
  structuredContent: z.unknown().optional(),
  isError: z.boolean().optional(),
});

/**
 * Converts a `tools/call` result (as the server sent it) to the text the model receives and the blocks the run
 * keeps. The structured content is sent as JSON when no text block carries it (servers are asked to send both).
 */
export function convertCallResult(result: unknown, maxChars = MAX_RESULT_CHARS): ConvertedResult {
  const parsed = resultSchema.safeParse(result);
  const content = parsed.success ? (parsed.data.content ?? []) : [];
  const structured = parsed.success ? parsed.data.structuredContent : undefined;
  const blocks = content.map(toBlock);
  const parts = content.map((value, i) => blockForModel(value, blocks[i]!));
  if (structured !== undefined && !blocks.some((b) => b.kind === 'text')) parts.push(safeJson(structured));
  const full = parts.length > 0 ? parts.join('\n') : '(the server returned no content)';
  const truncated = full.length > maxChars ? { sentChars: maxChars, originalChars: full.length } : null;
  const text = truncated
    ? `${full.slice(0, maxChars)}\n[… cut by the playground: ${maxChars.toLocaleString('en')} of ${full.length.toLocaleString('en')} characters sent]`
    : full;
  return {
    text,
    isError: parsed.success && parsed.data.isError === true,
    blocks,
    ...(structured !== undefined ? { structuredContent: capStructured(structured) } : {}),
    truncated,
  };
}

function capStructured(value: unknown): unknown {
  const json = safeJson(value);
  return json.length > MAX_STRUCTURED_CHARS ? `${json.slice(0, MAX_STRUCTURED_CHARS)}…` : value;
}

/** The record of an MCP call out of a tool result's metadata, or null when the result did not come from one. */
export function callRecordOf(metadata: Readonly<Record<string, unknown>> | undefined): McpCallRecord | null {
  const value = metadata?.mcp;
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Partial<McpCallRecord>;
  if (typeof record.server?.url !== 'string' || typeof record.tool?.name !== 'string') return null;
  if (!Array.isArray(record.blocks) || typeof record.ending !== 'string') return null;
  return value as McpCallRecord;
}

/** A short, stable digest of a tool definition (FNV-1a over its JSON): which version of the tool answered. */
export function definitionDigest(definition: unknown): string {
  const text = safeJson(definition);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
