/**
 * Where the focus goes after a decision at a pause: to the Approve button of the next call still waiting, or to
 * Step once none waits (the button that runs the batch). Never left on <body> — or on New run — by a button that
 * disappeared.
 */
import type { LoopState } from '../../engine';
import { nextToApprove } from '../../engine';

export const STEP_BUTTON_ID = 'loop-step';

export function focusAfterDecision(loop: LoopState): void {
  const next = nextToApprove(loop);
  // After the next frame: React has rendered the new state by then (Step enabled, the decided card updated).
  requestAnimationFrame(() => {
    const target =
      next !== null
        ? document.querySelector<HTMLElement>(`[data-call-approve="${CSS.escape(next)}"]`)
        : document.getElementById(STEP_BUTTON_ID);
    target?.focus();
  });
}
