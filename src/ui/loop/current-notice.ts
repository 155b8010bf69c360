/**
 * A notice beside the controls belongs to the run it was given for. An information notice ("Forked at turn 1,
 * paused before its tools run") says what the run was at that moment: once the run moves on (an event more) or
 * another run is open, it describes nothing the page shows, so it goes. An error notice (a refused command) stays
 * until it is dismissed or a command that goes through clears it (the store's rule).
 */
import { useState } from 'react';
import type { Notice } from '../../store/playground';

/** Where the run was when a notice was first shown. */
export interface RunMoment {
  readonly runId: string | null;
  readonly events: number;
}

/** Whether a notice first shown at `shown` still describes the run as it is `now`. */
export function noticeStillCurrent(notice: Pick<Notice, 'kind'>, shown: RunMoment, now: RunMoment): boolean {
  if (notice.kind === 'error') return true;
  return shown.runId === now.runId && now.events <= shown.events;
}

/** The notice while it still describes the run; null once it no longer does. */
export function useCurrentNotice(notice: Notice | null, now: RunMoment): Notice | null {
  const [shown, setShown] = useState<{ readonly notice: Notice; readonly at: RunMoment } | null>(null);
  // Remembered on the render that first shows it (React's pattern for state derived from a changed prop).
  if (notice !== (shown?.notice ?? null)) {
    setShown(notice ? { notice, at: now } : null);
    return notice;
  }
  if (!notice || !shown) return null;
  return noticeStillCurrent(notice, shown.at, now) ? notice : null;
}
