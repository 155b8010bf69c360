/**
 * Beside Send, after a run that left tool calls unanswered (stopped at a pause, a batch cut short): the next user
 * message cannot follow them (engine/loop/dangling-calls.ts), so the person chooses how to close them — a "not
 * executed" result for each, or decide them now. While reopened calls wait, it says the message follows them.
 */
import { useMemo } from 'react';
import { danglingCalls } from '../../engine';
import { useT } from '../../i18n';
import { selectBusy, selectEvents, selectPending, selectPhase } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';

export function DanglingChoice() {
  const { t } = useT('loop');
  const { actions } = usePlaygroundApi();
  const events = usePlayground(selectEvents);
  const phase = usePlayground(selectPhase);
  const pending = usePlayground(selectPending);
  const busy = usePlayground(selectBusy);
  const open = useMemo(() => (phase === 'done' ? danglingCalls(events) : null), [events, phase]);
  if (pending?.userMessageAfter !== undefined) {
    return (
      <p className="notice notice-info small" data-testid="reopened-note">
        {t('dangling.reopened', { message: pending.userMessageAfter })}
      </p>
    );
  }
  if (!open) return null;
  return (
    <div
      className="notice notice-warn dangling"
      role="group"
      aria-label={t('dangling.notExecuted')}
      data-testid="dangling"
    >
      <p className="small">
        <strong>{t('dangling.title', { ids: open.calls.map((c) => c.id).join(', ') })}</strong> {t('dangling.why')}
      </p>
      <div className="call-buttons">
        <button type="button" className="button" disabled={busy} onClick={() => actions.send('not-executed')}>
          {t('dangling.notExecuted')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => actions.send('decide')}>
          {t('dangling.decide')}
        </button>
      </div>
    </div>
  );
}
