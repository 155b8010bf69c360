/**
 * What a cached model takes on disk, by part: the weights (the shards `tensor-cache.json` lists), the model
 * library (.wasm), the tokenizer files, and the rest (the configs). The Download column shows the total and
 * these parts, so a tiny model's 4 MB library is not hidden behind its 1 MB of weights.
 */
export interface DownloadParts {
  readonly weights: number;
  readonly library: number;
  readonly tokenizer: number;
  /** mlc-chat-config.json, tensor-cache.json and any other file. */
  readonly other: number;
}

/** Tokenizer files as MLC builds ship them (`tokenizer_files` in mlc-chat-config.json). */
const TOKENIZER_FILE =
  /^(tokenizer(_config)?\.json|tokenizer\.model|vocab\.(json|txt)|merges\.txt|added_tokens\.json|special_tokens_map\.json)$/;

/** Sorts the non-weight files by part; `weights` and `library` are measured by the caller. */
export function summarizeDownload(
  files: readonly { readonly name: string; readonly bytes: number }[],
  weights: number,
  library: number,
): DownloadParts {
  let tokenizer = 0;
  let other = 0;
  for (const f of files) {
    if (TOKENIZER_FILE.test(f.name)) tokenizer += f.bytes;
    else other += f.bytes;
  }
  return { weights, library, tokenizer, other };
}

export function totalBytes(parts: DownloadParts): number {
  return parts.weights + parts.library + parts.tokenizer + parts.other;
}

/** 1.2 GB, 340 MB, 4.4 MB, 0.6 MB, 12 KB: enough digits to tell a tiny model's parts apart. */
export function formatBytes(bytes: number): string {
  const mb = bytes / 2 ** 20;
  if (mb >= 1024) return `${(mb / 1024).toFixed(1)} GB`;
  if (mb >= 100) return `${Math.round(mb)} MB`;
  if (mb >= 0.1) return `${mb.toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
