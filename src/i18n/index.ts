export { createI18n, setLanguage, type I18n } from './i18n';
export {
  chooseLanguage,
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  rememberLanguage,
  storedLanguage,
  type Language,
} from './languages';
export { formatters, I18nRoot, useFormat, useT, type Formatters } from './react';
export { SLOT, splice } from './splice';
export type { Catalog, Namespace } from './catalog';
export { catalogValues, wordMessage } from './coded-words';
