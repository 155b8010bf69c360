/**
 * Test support: a playground built from the real parts — IndexedDB (fake-indexeddb in Node), the scripted replay
 * streaming instantly, tool search and its request step, the sandbox on a Node worker thread — with a recorder
 * at the runtime port, which keeps every request object the runtime receives.
 */
import type { ModelRequest, Notice } from '../engine';
import { advisorEvents, labExtension, noticeEnglish, ToolSearchSession, toolSearchStep } from '../engine';
import { DB_NAME } from '../persistence/runs-db';
import { USER_TOOLS_DB_NAME } from '../persistence/user-tools-db';
import { createIndexedDbStorage } from '../persistence';
import type { RuntimeProvider } from '../runtimes/provider';
import { createBrowserOffline } from '../platform/offline';
import { timerSleep } from '../platform/timers';
import { createRuntimeRegistry } from '../runtimes/registry';
import { nodeSandbox } from '../sandbox/node-spawner.test-support';
import { createPlayground } from './playground';
import type { PlaygroundStorage } from './storage';
import { toolSearchSource } from './tool-search';

/**
 * The tasks test playgrounds scheduled (the run writer's batch, the damaged-run check) that have
 * not run yet. A page that is gone runs none of them; a test playground is never closed, so without this its late
 * write would land in the next test's fresh database (a workspace with the advisor loop, say).
 */
const pendingTasks = new Set<ReturnType<typeof setTimeout>>();

function schedule(task: () => void, ms = 0): void {
  const timer = setTimeout(() => {
    pendingTasks.delete(timer);
    task();
  }, ms);
  pendingTasks.add(timer);
}

/**
 * Deletes both databases, so each test starts from an empty browser; first drops every task a test playground
 * scheduled and has not run (the old page is gone), so nothing of an earlier test is written afterwards.
 */
/**
 * The storage every test playground of a test file uses (vitest gives each file its own modules), as app-root.tsx
 * makes one per page; tests read what was stored through it.
 */
export const testStorage = createIndexedDbStorage();

/** A notice's English (what a test compares), or undefined when there is none. */
export const noticeText = (notice: Notice | null): string | undefined => (notice ? noticeEnglish(notice) : undefined);

export async function clearStorage(): Promise<void> {
  for (const timer of pendingTasks) clearTimeout(timer);
  pendingTasks.clear();
  // The journal a page left as it went away (jsdom's localStorage; Node has none).
  if (typeof localStorage !== 'undefined') localStorage.clear();
  await testStorage.close();
  for (const name of [DB_NAME, USER_TOOLS_DB_NAME]) {
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });
  }
}

export interface TestPlaygroundOptions {
  /** The page's query string, e.g. "?scenario=seoul-time-math". */
  readonly search?: string;
  /** Replaces some of the real storage's functions (e.g. one that fails in a way the app must survive). */
  readonly storage?: Partial<PlaygroundStorage>;
  /** Replaces the playground's timer (`schedule` above by default), e.g. with one that never fires. */
  readonly schedule?: (task: () => void, ms?: number) => void;
  /** Called as a runtime is asked for a response, before it answers (what was stored by then, say). */
  readonly onGenerate?: (request: ModelRequest) => void;
}

export function createTestPlayground(options: TestPlaygroundOptions = {}) {
  let search = options.search ?? '';
  const received: ModelRequest[] = [];
  const registry = createRuntimeRegistry({
    scriptedTokensPerSecond: 0,
    now: () => performance.now(),
    sleep: timerSleep,
  });
  // Every runtime is wrapped so the test sees the request object each one receives.
  const spied = (provider: RuntimeProvider): RuntimeProvider => ({
    ...provider,
    getRuntime() {
      const got = provider.getRuntime();
      if (!got.runtime) return got;
      const runtime = got.runtime;
      return {
        runtime: {
          ...runtime,
          generate: (request, generateOptions) => {
            received.push(request);
            options.onGenerate?.(request);
            return runtime.generate(request, generateOptions);
          },
        },
      };
    },
  });
  const providers = registry.providers.map(spied);
  const toolSearch = new ToolSearchSession({ index: 'keyword' });
  const playground = createPlayground({
    runtimes: {
      providers,
      scripted: registry.scripted,
      modelCaches: registry.modelCaches,
      providerFor: (kind) => providers.find((p) => p.kind === kind) ?? providers[0]!,
    },
    storage: { ...testStorage, ...options.storage },
    sandbox: nodeSandbox(),
    toolSearch,
    toolSources: [toolSearchSource(toolSearch)],
    requestSteps: [toolSearchStep],
    extensions: [labExtension, advisorEvents],
    now: () => Date.now(),
    newRunId: (() => {
      let n = 0;
      return () => `run-${Date.now().toString(36)}-${++n}`;
    })(),
    schedule: options.schedule ?? schedule,
    sleep: timerSleep,
    offline: createBrowserOffline(registry.modelCaches),
    location: { search: () => search, replaceSearch: (next) => (search = next) },
  });
  return { playground, received, toolSearch, search: () => search };
}
