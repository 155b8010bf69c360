/**
 * A run's runtime as the page names it: the runtime's own name (`runtimes:label.<kind>`), or its short name and the
 * model it ran ("WebLLM · Qwen2.5-0.5B", `runtimes:withModel`), all in the page's language; a model's name is
 * data and stays as its maker wrote it. The run records its runtime as a kind and a model (`RuntimeRef`), never read
 * back from its English label.
 */
import type { TFunction } from 'i18next';
import type { RuntimeKind } from '../../engine';
import { TINY_TEST_MODEL } from '../../engine';

type RuntimesT = TFunction<'runtimes'>;

export function runtimeLabelText(
  t: RuntimesT,
  runtime: { readonly kind: RuntimeKind; readonly model?: string },
): string {
  if (runtime.model === undefined) return t(`label.${runtime.kind}`);
  if (runtime.model === TINY_TEST_MODEL) return t('tinyModelLabel');
  return t('withModel', { runtime: t(`short.${runtime.kind}`), model: runtime.model });
}
