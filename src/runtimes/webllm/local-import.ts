/**
 * Imports a model from local files on a machine that never had a network: an MLC weights folder
 * (mlc-chat-config.json, tensor-cache.json, params_shard_*.bin, tokenizer files) plus the model library
 * .wasm built for web-llm 0.2.86. The files are written into web-llm's own Cache API scopes under made-up
 * absolute URLs; web-llm looks up its caches first, so it never fetches them.
 */
import type { ModelRecord } from '@mlc-ai/web-llm';
import type { Result } from '../../engine';
import { err, ok } from '../../engine';
import { readModelFacts } from './format-detect';

export const IMPORT_ORIGIN = 'https://local-import.invalid';
const STORAGE_KEY = 'webllm.imported-models';

export interface ImportPlan {
  readonly record: ModelRecord;
  readonly entries: readonly {
    readonly scope: 'webllm/model' | 'webllm/config' | 'webllm/wasm';
    readonly url: string;
    readonly file: File;
  }[];
}

/** Checks the picked files and plans where each goes. Returns a reason when something is missing. */
export function planImport(files: readonly File[], name?: string): Result<ImportPlan> {
  const byName = new Map(files.map((f) => [f.name, f]));
  const wasm = files.filter((f) => f.name.endsWith('.wasm'));
  for (const required of ['mlc-chat-config.json', 'tensor-cache.json']) {
    if (!byName.has(required))
      return err(
        `${required} is missing: pick the MLC weights folder (it holds mlc-chat-config.json, tensor-cache.json and params_shard_*.bin).`,
      );
  }
  if (!files.some((f) => /^params_shard_\d+\.bin$/.test(f.name)))
    return err('No params_shard_*.bin files: the weights are missing.');
  if (!byName.has('tokenizer.json') && !byName.has('tokenizer.model'))
    return err('No tokenizer.json (or tokenizer.model) in the folder.');
  if (wasm.length !== 1)
    return err(`Pick exactly one model library .wasm (built for web-llm v0_2_86), found ${wasm.length}.`);
  const folder = (files[0] as File & { webkitRelativePath?: string }).webkitRelativePath?.split('/')[0];
  const id = `local/${(name ?? folder ?? 'model').replace(/[^A-Za-z0-9._-]/g, '-')}`;
  const base = `${IMPORT_ORIGIN}/${encodeURIComponent(id)}/resolve/main/`;
  const modelLib = `${IMPORT_ORIGIN}/${encodeURIComponent(id)}/${wasm[0]!.name}`;
  const entries: ImportPlan['entries'][number][] = [];
  for (const f of files) {
    if (f.name.endsWith('.wasm')) entries.push({ scope: 'webllm/wasm', url: modelLib, file: f });
    else if (f.name === 'mlc-chat-config.json') entries.push({ scope: 'webllm/config', url: base + f.name, file: f });
    else entries.push({ scope: 'webllm/model', url: base + f.name, file: f });
  }
  return ok({ record: { model: base, model_id: id, model_lib: modelLib }, entries });
}

/** Reads the plan's mlc-chat-config.json: web-llm cannot load a model whose config is not a JSON object. */
export async function checkConfig(plan: ImportPlan): Promise<Result> {
  const file = plan.entries.find((e) => e.file.name === 'mlc-chat-config.json')?.file;
  if (!file) return err('mlc-chat-config.json is missing.');
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch (error) {
    return err(`mlc-chat-config.json is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  const facts = readModelFacts(json);
  return facts.ok ? ok() : err(facts.error);
}

/** Writes the planned files into the caches and remembers the record. */
export async function runImport(plan: ImportPlan, storage: Storage = localStorage): Promise<void> {
  for (const e of plan.entries) {
    const cache = await caches.open(e.scope);
    await cache.put(new Request(e.url), new Response(e.file, { headers: { 'Content-Length': String(e.file.size) } }));
  }
  const records = importedModels(storage).filter((r) => r.model_id !== plan.record.model_id);
  storage.setItem(STORAGE_KEY, JSON.stringify([...records, plan.record]));
}

export function importedModels(storage: Storage | undefined = globalThis.localStorage): ModelRecord[] {
  try {
    const value = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]') as unknown;
    if (!Array.isArray(value)) return [];
    return value.filter(
      (r): r is ModelRecord =>
        typeof r === 'object' &&
        r !== null &&
        typeof r.model_id === 'string' &&
        typeof r.model === 'string' &&
        typeof r.model_lib === 'string' &&
        r.model.startsWith(IMPORT_ORIGIN),
    );
  } catch {
    return [];
  }
}

export function forgetImported(modelId: string, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(importedModels(storage).filter((r) => r.model_id !== modelId)));
}
