/**
 * The page's i18next instance: English bundled, any other language's catalog loaded on demand (its own chunk),
 * so the initial JavaScript carries one language only. Values are never HTML: React escapes what it renders.
 */
import i18next, { type i18n } from 'i18next';
import type { Catalog } from './catalog';
import type { Language } from './languages';
import { en } from './locales/en';

export type { i18n as I18n };

/** Builds an instance showing `language` (its catalog loaded first). */
export async function createI18n(language: Language): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en },
    ns: Object.keys(en),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  await setLanguage(instance, language);
  return instance;
}

/** Shows `language`, loading its catalog the first time. */
export async function setLanguage(instance: i18n, language: Language): Promise<void> {
  if (!instance.hasResourceBundle(language, 'common')) {
    const catalog = await loadCatalog(language);
    for (const [ns, strings] of Object.entries(catalog)) instance.addResourceBundle(language, ns, strings, true, true);
  }
  await instance.changeLanguage(language);
}

function loadCatalog(language: Language): Promise<Catalog> {
  switch (language) {
    case 'en':
      return Promise.resolve(en);
    case 'ko':
      return import('./locales/ko').then((m) => m.ko);
  }
}
