/**
 * The composition root: builds the one playground with the browser's real parts — IndexedDB, the sandbox, the
 * runtimes, the platform (offline support, timers), tool search and its request step — and renders the app with it. Nothing else creates app state.
 * The entry (main.tsx) loads this module right after it has painted the app's skeleton, so the first paint needs
 * none of the store, the engine, zod or the runtimes.
 */
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { advisorEvents, labExtension, ToolSearchSession, toolSearchStep } from './engine';
import { I18nRoot, type I18n } from './i18n';
import { createIndexedDbStorage } from './persistence';
import { createBrowserOffline } from './platform/offline';
import { timerSchedule, timerSleep } from './platform/timers';
import { createRuntimeRegistry, scriptedSpeed } from './runtimes/registry';
import { browserSandbox } from './sandbox';
import { createPlayground } from './store/playground';
import { toolSearchSource } from './store/tool-search';
import { loadQwen3Counter } from './tokenizers/qwen3';
import { App } from './ui/App';
import type { FirstPaintIntro } from './ui/first-minute/first-paint';
import { PlaygroundProvider } from './ui/playground-context';

/**
 * Builds the playground and renders the app into `root` (replacing the skeleton), in the page's language; `intro`
 * is what the skeleton drew of the first minute, which the app keeps drawing until its stored state is read.
 */
export function startApp(root: Root, i18n: I18n, intro: FirstPaintIntro): void {
  const toolSearch = new ToolSearchSession({ index: 'keyword' });

  // Every runtime with state (the WebLLM worker, the CPU runtime, the endpoint, the GGUF cache) is made here, once.
  const runtimes = createRuntimeRegistry({
    scriptedTokensPerSecond: scriptedSpeed(location.search),
    now: () => performance.now(),
    sleep: timerSleep,
    fallbackTokenCounter: loadQwen3Counter,
  });

  const playground = createPlayground({
    runtimes,
    storage: createIndexedDbStorage(),
    // The browser's side of working offline: the service worker, the network, the caches the runtimes fill.
    offline: createBrowserOffline(runtimes.modelCaches),
    sandbox: browserSandbox(),
    toolSearch,
    toolSources: [toolSearchSource(toolSearch)],
    // The request pipeline of the manual loop, in order.
    requestSteps: [toolSearchStep],
    // The lessons plugged into the loop (engine/loop/extension.ts): the teaching lab, the advisor loop's records.
    extensions: [labExtension, advisorEvents],
    now: () => Date.now(),
    newRunId: () => `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`,
    schedule: timerSchedule,
    sleep: timerSleep,
    location: {
      search: () => location.search,
      replaceSearch: (search) =>
        history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`),
    },
  });

  // The stored workspace and runs are read while the app renders for the first time (App asks again; it runs once).
  void playground.actions.init();

  // A reload, a closed tab or a backgrounded page loses nothing that was appended: write what is queued now.
  addEventListener('pagehide', () => {
    playground.saveNow();
    void playground.flush();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void playground.flush();
  });

  root.render(
    <StrictMode>
      <I18nRoot i18n={i18n}>
        <PlaygroundProvider playground={playground}>
          <App intro={intro} />
        </PlaygroundProvider>
      </I18nRoot>
    </StrictMode>,
  );
}
