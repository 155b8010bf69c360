import { describe, expect, it } from 'vitest';
import { noticeStillCurrent } from './current-notice';

describe('noticeStillCurrent (issue 29, item 6)', () => {
  const shown = { runId: 'run-2', events: 7 };
  it('an information notice ("Forked at turn 1, paused…") lasts while the run stays where it was', () => {
    expect(noticeStillCurrent({ kind: 'info' }, shown, { runId: 'run-2', events: 7 })).toBe(true);
  });
  it('it goes once the run moves on (the branch stepped or finished) or another run is open', () => {
    expect(noticeStillCurrent({ kind: 'info' }, shown, { runId: 'run-2', events: 8 })).toBe(false);
    expect(noticeStillCurrent({ kind: 'info' }, shown, { runId: 'run-3', events: 7 })).toBe(false);
    expect(noticeStillCurrent({ kind: 'info' }, shown, { runId: null, events: 0 })).toBe(false);
  });
  it('an error notice stays until it is dismissed or a command clears it', () => {
    expect(noticeStillCurrent({ kind: 'error' }, shown, { runId: 'run-3', events: 12 })).toBe(true);
  });
});
