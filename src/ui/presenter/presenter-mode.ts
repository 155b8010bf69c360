/**
 * The presenter view is on while the page's address holds `?present` (so a link opens it, and a reload keeps
 * it). `togglePresenter` rewrites the address in place and tells the page; `usePresenter` follows it.
 */
import { useSyncExternalStore } from 'react';

const CHANGED = 'tool-loop-playground:presenter';
const PARAM = 'present';

export function isPresenting(): boolean {
  return new URLSearchParams(window.location.search).has(PARAM);
}

export function togglePresenter(on = !isPresenting()): void {
  const url = new URL(window.location.href);
  if (on) url.searchParams.set(PARAM, '');
  else url.searchParams.delete(PARAM);
  window.history.replaceState(window.history.state, '', url);
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('popstate', onChange);
  };
}

export function usePresenter(): boolean {
  return useSyncExternalStore(subscribe, isPresenting, () => false);
}
