/**
 * The prompt formats the user picked per model (over the detected one), kept in localStorage so an imported
 * model keeps the format it was given at import across reloads.
 */
import type { PromptFormatId } from './prompt-format';
import { isPromptFormatId } from './prompt-format';

const STORAGE_KEY = 'webllm.prompt-formats';

export function readChosenFormats(
  storage: Storage | undefined = globalThis.localStorage,
): Readonly<Record<string, PromptFormatId>> {
  try {
    const value = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '{}') as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((e): e is [string, PromptFormatId] => isPromptFormatId(e[1])),
    );
  } catch {
    return {};
  }
}

/** Sets (or, with null, forgets) the user's format for a model; returns the new map. */
export function writeChosenFormat(
  modelId: string,
  format: PromptFormatId | null,
  storage: Storage | undefined = globalThis.localStorage,
): Readonly<Record<string, PromptFormatId>> {
  const next: Record<string, PromptFormatId> = { ...readChosenFormats(storage) };
  if (format === null) delete next[modelId];
  else next[modelId] = format;
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // storage full or blocked: the choice still holds for this page
  }
  return next;
}
