/**
 * A run's runtime as the Runs tab names it. The run keeps the runtime's English label (`RuntimeRef.label`);
 * a label that is exactly the runtime's own English name is worded in the page's language
 * (`runtimes:label.<kind>`), and a label naming a model ("WebLLM · Qwen…", "Endpoint · llama3") stays as stored.
 */
import type { TFunction } from 'i18next';
import type { RuntimeKind } from '../../engine';
import { englishT } from '../../i18n/english';

type RuntimesT = TFunction<'runtimes'>;

const english = englishT('runtimes');

export function runtimeLabelText(
  t: RuntimesT,
  runtime: { readonly kind: RuntimeKind; readonly label: string },
): string {
  if (runtime.label === english(`label.${runtime.kind}`)) return t(`label.${runtime.kind}`);
  if (runtime.kind === 'wllama' && runtime.label === english('tinyModelLabel')) return t('tinyModelLabel');
  return runtime.label;
}
