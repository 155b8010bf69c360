/**
 * Migration only: runs stored before a runtime named its model (`RuntimeRef.model`) held the model in the English
 * label alone ("WebLLM · Qwen2.5-0.5B"). `legacyRuntimeRef` reads it back out of the label, so an old run's runtime
 * is named like a new one's; a label of any other form keeps no model (the runtime's own name).
 */
import type { RuntimeKind, RuntimeRef } from '../runtime';
import { TINY_TEST_MODEL } from '../runtime';

/** How the labels of then began, by runtime. */
const PREFIXES: Partial<Record<RuntimeKind, string>> = {
  webllm: 'WebLLM · ',
  wllama: 'CPU · ',
  endpoint: 'Endpoint · ',
};

/** The CPU runtime's label of then for its built-in tiny model. */
const TINY_MODEL_LABEL = 'CPU · tiny random test model';

export function legacyRuntimeRef(ref: RuntimeRef): RuntimeRef {
  if (ref.model !== undefined) return ref;
  if (ref.kind === 'wllama' && ref.label === TINY_MODEL_LABEL) return { ...ref, model: TINY_TEST_MODEL };
  const prefix = PREFIXES[ref.kind];
  return prefix !== undefined && ref.label.startsWith(prefix) && ref.label.length > prefix.length
    ? { ...ref, model: ref.label.slice(prefix.length) }
    : ref;
}
