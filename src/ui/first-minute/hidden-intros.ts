/**
 * Which first-minute banners the person hid, by scenario id ('' for the no-scenario card), remembered in this
 * browser's localStorage. Storage that refuses (private mode, quota) only means the banner comes back next time.
 */
const KEY = 'tool-loop-playground.hidden-intros';

export function hiddenIntros(): ReadonlySet<string> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Hides one more and returns the new set. */
export function hideIntro(id: string): ReadonlySet<string> {
  const next = new Set(hiddenIntros()).add(id);
  try {
    localStorage.setItem(KEY, JSON.stringify([...next]));
  } catch {
    // Not remembered: it shows again on the next load.
  }
  return next;
}
