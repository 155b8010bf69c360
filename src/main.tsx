/**
 * The entry: paints the app's skeleton at once — React, the page's language and the skeleton, nothing else — and
 * loads the composition root (app-root.tsx: the store, the engine, the runtimes, the app) in parallel, which then
 * replaces the skeleton. The first paint therefore waits for none of the playground's code.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { chooseLanguage, createI18n, formatters, I18nRoot, storedLanguage } from './i18n';
import { AppSkeleton } from './ui/app-skeleton';
import { introForFirstPaint } from './ui/first-minute/first-paint';
import { paintThemeHint } from './ui/theme/theme';
import './ui/fonts/hangul.css';
import './ui/app.css';

// Fetched from the first moment (the HTML preloads it: vite.config.ts), while the language is chosen and the skeleton
// drawn.
const appRoot = import('./app-root');
appRoot.catch(() => undefined); // a failed load is shown below, once the skeleton is up

// A page's first Intl.NumberFormat costs tens of milliseconds (the number data is set up once per page); the app's
// first render formats counts. Made here, it costs that while the composition root is still on its way.
const language = chooseLanguage({ search: location.search, stored: storedLanguage(), browser: navigator.languages });
setTimeout(() => formatters(language).number(0));
// The theme the page showed last time, before anything paints (the workspace's choice is applied once it is read).
paintThemeHint();
// A Korean page asks for the bundled Hangul face now (ui/fonts/hangul.css), not when the first Hangul is laid out:
// from the service worker's cache it arrives before the first paint, so the text does not swap fonts under the reader.
if (language === 'ko') void document.fonts?.load('1em "Tool Loop Hangul"', '한').catch(() => undefined);

// The page's language is known before the first paint (its catalog, if not English, is one small chunk).
// The first minute's banner or card as the app will draw it, so the skeleton's columns sit where the app's will.
const intro = introForFirstPaint(location.search);

void createI18n(language).then(async (i18n) => {
  const root = createRoot(document.getElementById('root')!);
  const skeleton = (error?: string) => (
    <StrictMode>
      <I18nRoot i18n={i18n}>
        <AppSkeleton intro={intro} {...(error === undefined ? {} : { error })} />
      </I18nRoot>
    </StrictMode>
  );
  root.render(skeleton());
  try {
    (await appRoot).startApp(root, i18n, intro);
  } catch (error) {
    root.render(skeleton(error instanceof Error ? error.message : String(error)));
  }
});
