/**
 * The languages of the UI and how the one in use is chosen: `?lang=ko` / `?lang=en`, else the one the person
 * picked before (remembered in this browser), else the browser's own languages, else English.
 */
export const LANGUAGES = ['en', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself, for the picker. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', ko: '한국어' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export interface LanguageSources {
  /** The page's query string (`?lang=`). */
  readonly search: string;
  /** The language picked before, if any. */
  readonly stored: string | null;
  /** `navigator.languages`, best first. */
  readonly browser: readonly string[];
}

/** The language to show: the URL's, the remembered one, the first browser language we have, or English. */
export function chooseLanguage({ search, stored, browser }: LanguageSources): Language {
  const asked = new URLSearchParams(search).get('lang');
  if (isLanguage(asked)) return asked;
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** Where the language the person picked is remembered, in this browser only. */
const LANGUAGE_KEY = 'tlp.language';

export function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null; // storage refused (a privacy mode): the browser's languages decide
  }
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not remembering a preference is harmless: the choice still applies now.
  }
}
