/**
 * The composition root: builds the one playground with the browser's real parts — IndexedDB, the sandbox, the
 * runtimes, tool search and its request step — and renders the app with it. Nothing else creates app state.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { toolSearchStep, ToolSearchSession } from './engine/tool-search/apply';
import { chooseLanguage, createI18n, I18nRoot, storedLanguage } from './i18n';
import { indexedDbStorage } from './persistence';
import { createRuntimeRegistry, scriptedSpeed } from './runtimes/registry';
import { browserSandbox } from './sandbox';
import { createPlayground } from './store/playground';
import { toolSearchSource } from './store/tool-search';
import { loadQwen3Counter } from './tokenizers/qwen3';
import { App } from './ui/App';
import { PlaygroundProvider } from './ui/playground-context';
import './ui/app.css';

const toolSearch = new ToolSearchSession({ index: 'keyword' });

const playground = createPlayground({
  runtimes: createRuntimeRegistry({
    scriptedTokensPerSecond: scriptedSpeed(location.search),
    now: () => performance.now(),
    fallbackTokenCounter: loadQwen3Counter,
  }),
  storage: indexedDbStorage,
  sandbox: browserSandbox(),
  toolSearch,
  toolSources: [toolSearchSource(toolSearch)],
  // The request pipeline of the manual loop, in order.
  requestSteps: [toolSearchStep],
  now: () => Date.now(),
  newRunId: () => `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`,
  schedule: (task, ms = 0) => void setTimeout(task, ms),
  location: {
    search: () => location.search,
    replaceSearch: (search) => history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`),
  },
});

// A reload, a closed tab or a backgrounded page loses nothing that was appended: write what is queued now.
addEventListener('pagehide', () => void playground.flush());
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') void playground.flush();
});

// The page's language is known before the first paint (its catalog, if not English, is one small chunk).
void createI18n(
  chooseLanguage({ search: location.search, stored: storedLanguage(), browser: navigator.languages }),
).then((i18n) => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nRoot i18n={i18n}>
        <PlaygroundProvider playground={playground}>
          <App />
        </PlaygroundProvider>
      </I18nRoot>
    </StrictMode>,
  );
});
