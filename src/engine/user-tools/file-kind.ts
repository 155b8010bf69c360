/**
 * What an imported file is, from its text, before it is parsed as the JSON the importer wants: an image or another
 * binary file, a web page, plain text, or JSON of a known other kind (a run file, a tools file, an MCP tools/list
 * result). The importers name it instead of calling a PNG a "truncated" run. The text is what `File.text()`
 * gives: binary bytes arrive decoded as UTF-8, so a PNG's 0x89 byte reads as U+FFFD.
 */

/** Magic numbers of common binary files, as they read after UTF-8 decoding (invalid bytes become U+FFFD). */
const SIGNATURES: readonly (readonly [(text: string) => boolean, string])[] = [
  [(t) => /^(\uFFFD|\u0089)PNG\r\n/.test(t), 'a PNG image'],
  [(t) => /^(\uFFFD|\u00FF){2,3}/.test(t), 'a JPEG image (or another binary file)'],
  [(t) => /^GIF8[79]a/.test(t), 'a GIF image'],
  [(t) => /^RIFF[\s\S]{4}WEBP/.test(t), 'a WebP image'],
  [(t) => t.startsWith('%PDF-'), 'a PDF document'],
  [(t) => t.startsWith('PK\u0003\u0004'), 'a ZIP archive (or an Office document)'],
  [(t) => t.startsWith('GGUF'), 'a GGUF model file'],
  [(t) => t.startsWith('\u001f\uFFFD') || t.startsWith('\u001f\u008b'), 'a gzip-compressed file'],
  [(t) => t.startsWith('\u0000asm'), 'a WebAssembly module'],
];

/** Known JSON documents that are not the one an importer wants. */
export type JsonKind = 'run-file' | 'tools-file' | 'mcp-tools-list' | 'other';

/**
 * Names a file that is not JSON at all ("a PNG image", "a text file that starts with …"); null when the text
 * looks like JSON (starts with `{` or `[`), which the caller then parses — a JSON that then fails to parse is
 * really cut off or malformed.
 */
export function describeNonJson(text: string): string | null {
  const body = text.replace(/^\uFEFF/, '');
  for (const [matches, name] of SIGNATURES) if (matches(body)) return `${name}, not JSON`;
  const head = body.slice(0, 4096);
  const replaced = (head.match(/\uFFFD/g) ?? []).length;
  if (head.includes('\u0000') || replaced > Math.max(4, head.length / 50)) return 'a binary file, not JSON';
  const trimmed = body.trimStart();
  if (trimmed === '' || trimmed.startsWith('{') || trimmed.startsWith('[')) return null;
  if (/^<(!doctype|html|\?xml|svg)/i.test(trimmed)) return 'a web page or XML document, not JSON';
  const first = trimmed.split(/\r?\n/, 1)[0]!.slice(0, 40);
  return `a text file, not JSON (it starts with ${JSON.stringify(first)})`;
}

/** Which known document a parsed JSON value is. */
export function jsonKind(value: unknown): JsonKind {
  if (typeof value !== 'object' || value === null) return 'other';
  if (Array.isArray(value)) {
    const first = value[0] as { name?: unknown; inputSchema?: unknown } | undefined;
    return typeof first?.name === 'string' && typeof first.inputSchema === 'object' ? 'mcp-tools-list' : 'other';
  }
  const doc = value as { format?: unknown; result?: { tools?: unknown }; tools?: unknown; jsonrpc?: unknown };
  if (doc.format === 'tool-loop-playground/run') return 'run-file';
  if (doc.format === 'tool-loop-playground/user-tools') return 'tools-file';
  if (doc.jsonrpc !== undefined && Array.isArray(doc.result?.tools)) return 'mcp-tools-list';
  if (doc.format === undefined && Array.isArray(doc.tools) && jsonKind(doc.tools) === 'mcp-tools-list') {
    return 'mcp-tools-list';
  }
  return 'other';
}
