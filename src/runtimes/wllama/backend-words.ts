/** The CPU panel's backend line in the page's language; its English is the run's own `backend` (`backendText`). */
import type { TFunction } from 'i18next';
import type { BackendFacts } from './wllama-loader';

export function backendWords(t: TFunction<'cpu'>, facts: BackendFacts): string {
  const threads = t('backendLine.threads', { count: facts.threads });
  if (facts.kind === 'webgpu') {
    return t('backendLine.webgpu', { layers: facts.layers, total: facts.total, threads });
  }
  if (facts.webgpu === 'unavailable') return t('backendLine.cpuUnavailable', { threads });
  if (facts.webgpu === 'not-used') return t('backendLine.cpuNotUsed', { threads });
  return t('backendLine.cpu', { threads });
}
