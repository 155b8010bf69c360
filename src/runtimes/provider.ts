/**
 * How a runtime plugs into the app. Each runtime folder (scripted, human, webllm, wllama, endpoint) exports one
 * RuntimeProvider: its label, what it needs, a panel for its own controls (model picker, load progress…)
 * and the ChatRuntime to call once it is ready. The app's store only switches between providers.
 */
import type { ComponentType } from 'react';
import type { ChatRuntime, RuntimeKind } from '../engine';
import type { Namespace } from '../i18n';

/** A line of the catalogs with its values: text a module decides and the page shows in its language. */
export interface CatalogLine {
  readonly ns: Namespace;
  readonly key: string;
  readonly values?: Readonly<Record<string, string | number>>;
}

export interface RuntimeProvider {
  readonly kind: RuntimeKind;
  /** Shown in the runtime picker, e.g. "WebLLM (WebGPU)". */
  readonly label: string;
  /** One line on what it needs, e.g. "A WebGPU browser; downloads 0.5–4 GB once". */
  readonly requirement: string;
  /** The runtime's own controls, rendered in the Model panel while it is selected. */
  readonly Panel: ComponentType;
  /** Optional: the runtime's part of the Loop panel while it is selected (the human runtime's composer). */
  readonly Composer?: ComponentType;
  /**
   * The runtime to call, or null with the reason when it cannot answer yet (no model loaded…): `reason` in
   * English (a call made anyway fails with it, and the run keeps it), `reasonLine` the same for the page.
   */
  getRuntime(): { runtime: ChatRuntime } | { runtime: null; reason: string; reasonLine?: CatalogLine };
  /** Subscribes to changes of getRuntime() (a model finished loading…). Returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
}
