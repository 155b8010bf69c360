/**
 * The entry: paints the app's skeleton at once — React, the page's language and the skeleton, nothing else — and
 * loads the composition root (app-root.tsx: the store, the engine, the runtimes, the app) in parallel, which then
 * replaces the skeleton. The first paint therefore waits for none of the playground's code.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { chooseLanguage, createI18n, I18nRoot, storedLanguage } from './i18n';
import { AppSkeleton } from './ui/app-skeleton';
import './ui/app.css';

// Fetched from the first moment (Vite preloads its imports too), while the language is chosen and the skeleton drawn.
const appRoot = import('./app-root');
appRoot.catch(() => undefined); // a failed load is shown below, once the skeleton is up

// The page's language is known before the first paint (its catalog, if not English, is one small chunk).
void createI18n(
  chooseLanguage({ search: location.search, stored: storedLanguage(), browser: navigator.languages }),
).then(async (i18n) => {
  const root = createRoot(document.getElementById('root')!);
  const skeleton = (error?: string) => (
    <StrictMode>
      <I18nRoot i18n={i18n}>
        <AppSkeleton {...(error === undefined ? {} : { error })} />
      </I18nRoot>
    </StrictMode>
  );
  root.render(skeleton());
  try {
    (await appRoot).startApp(root, i18n);
  } catch (error) {
    root.render(skeleton(error instanceof Error ? error.message : String(error)));
  }
});
