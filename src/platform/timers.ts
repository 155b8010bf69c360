/** The page's timers, for the layers that get them injected (the engine and the store take no timer of their own). */

/** A real-timer sleep for the page: resolves after `ms`, or at once when `signal` aborts. */
export function timerSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Runs `task` after the current one (after `ms`): the playground's `schedule`. */
export function timerSchedule(task: () => void, ms = 0): void {
  setTimeout(task, ms);
}
