/** For component tests: renders its children in English, with the bundled catalog (no async start-up). */
import type { ReactNode } from 'react';
import { englishI18n } from './english';
import { I18nRoot } from './react';

export function EnglishRoot({ children }: { children: ReactNode }) {
  return <I18nRoot i18n={englishI18n}>{children}</I18nRoot>;
}
