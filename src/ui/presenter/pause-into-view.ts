/**
 * The presenter view at a pause: the calls waiting for a decision are brought into view, under the loop bar (the
 * controls and "Pause before executing tools", which stay at the top of the screen: presenter.css), so the room sees
 * Approve / Edit / Deny without anyone scrolling. Only when the pause begins: after that the presenter scrolls.
 */
import { useEffect } from 'react';

/** The loop bar's element (loop-panel.tsx): sticky in the presenter view. */
export const LOOP_BAR_CLASS = 'loop-bar';

/** Scrolls the window so the first waiting call's card sits just under the loop bar. */
export function bringPendingCallsIntoView(): void {
  const first = document.querySelector<HTMLElement>('[data-call-approve]');
  if (!first) return; // a long, virtualized transcript may not have drawn it yet
  const card = first.closest<HTMLElement>('.call-card') ?? first;
  const bar = document.querySelector<HTMLElement>(`.${LOOP_BAR_CLASS}`);
  const barHeight = bar ? bar.getBoundingClientRect().height : 0;
  const top = card.getBoundingClientRect().top;
  const gap = 12;
  window.scrollTo({ top: Math.max(0, window.scrollY + top - barHeight - gap), behavior: 'instant' });
}

export function usePendingCallsIntoView(presenting: boolean, atPause: boolean): void {
  useEffect(() => {
    if (!presenting || !atPause) return;
    // After the next frame: the cards of the pause are drawn by then.
    const frame = requestAnimationFrame(bringPendingCallsIntoView);
    return () => cancelAnimationFrame(frame);
  }, [presenting, atPause]);
}
