/**
 * The page's theme on <html>: `data-theme="light" | "dark" | "contrast"`, or none for "system" (app.css then follows
 * `prefers-color-scheme`). The choice is saved with the workspace; a copy in localStorage is only a paint hint, read
 * before the first paint (main.tsx) so a dark page never flashes light while the stored workspace is read.
 */
import { useEffect } from 'react';
import type { Theme } from '../../engine';

const HINT_KEY = 'tool-loop-playground:theme';

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
  try {
    localStorage.setItem(HINT_KEY, theme);
  } catch {
    // Storage refused (private mode): the workspace still keeps the choice.
  }
}

/** The theme the page showed last time (a paint hint only), applied before the first paint. */
export function paintThemeHint(): void {
  let hint: string | null;
  try {
    hint = localStorage.getItem(HINT_KEY);
  } catch {
    return;
  }
  // The themes are written out rather than imported: the first paint's bundle takes nothing of the engine.
  if (hint === 'light' || hint === 'dark' || hint === 'contrast') {
    document.documentElement.dataset.theme = hint;
  }
}

/** Keeps <html> on the workspace's theme. */
export function useAppliedTheme(theme: Theme): void {
  useEffect(() => applyTheme(theme), [theme]);
}
