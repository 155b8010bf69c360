/**
 * Where the workspace's tools come from. Presets are always there; other features (the tool studio, the
 * 28-tool search workspace) register a source. Each call returns fresh Tool instances, so every run starts
 * from the same tool state (stock, to-do list).
 */
import { createPresetTools } from '../engine/presets';
import type { Tool } from '../engine/tool';

export type ToolSource = { readonly id: string; readonly label: string; readonly tools: () => Tool[] };

const sources: ToolSource[] = [{ id: 'presets', label: 'Presets', tools: createPresetTools }];
const listeners = new Set<() => void>();

export function registerToolSource(source: ToolSource): void {
  const index = sources.findIndex((s) => s.id === source.id);
  if (index >= 0) sources[index] = source;
  else sources.push(source);
  for (const listener of listeners) listener();
}

export function onToolSourcesChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function toolSources(): readonly ToolSource[] {
  return sources;
}

/** Fresh instances of every tool of the workspace, in source order. Names may repeat across sources. */
export function workspaceTools(): Tool[] {
  return sources.flatMap((s) => s.tools());
}
