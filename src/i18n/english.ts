/**
 * English strings outside React: text that is stored or sent rather than shown in the page's language (a
 * runtime failure written into the run's log, a readiness reason) is worded from the English catalog, so a
 * stored run reads the same whatever language it was made in. Synchronous: the English catalog is bundled.
 */
import i18next, { type TFunction } from 'i18next';
import type { Namespace } from './catalog';
import { en } from './locales/en';

const instance = i18next.createInstance();
void instance.init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en },
  ns: Object.keys(en),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The English instance itself (synchronous: component tests render with it, see `EnglishRoot`). */
export const englishI18n = instance;

/** A `t` for `namespace` that always answers in English. */
export function englishT<N extends Namespace>(namespace: N): TFunction<N> {
  return instance.getFixedT('en', namespace);
}
