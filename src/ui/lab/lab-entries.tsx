/**
 * The teaching lab in the transcript and the turn table (one line each in transcript-view / turn-table): a
 * prediction with its score, a loop guard that tripped, a result marked "injected: …" or sent with another id,
 * and why a model call happened ("needs results: 896 from call_2").
 */
import { useMemo } from 'react';
import type { Fault, FaultSource, GuardKind, LabNote } from '../../engine';
import { runDependencies } from '../../engine';
import { useFormat, useT } from '../../i18n';
import { selectEvents } from '../../store/selectors';
import { usePlayground } from '../playground-context';
import { FaultLabel } from './fault-label';
import { PredictionCard } from './prediction-card';

const GUARD_KEYS = { repeat: 'guardRepeat', tokens: 'guardTokens', rounds: 'guardRounds' } as const;

export function useGuardName() {
  const { t } = useT('lab');
  return (guard: GuardKind) => t(GUARD_KEYS[guard]);
}

export function LabNoteEntry({ note }: { note: LabNote }) {
  const { t } = useT('lab');
  const format = useFormat();
  const guardName = useGuardName();
  if (note.kind === 'guard') {
    const values = { guard: guardName(note.guard), value: format.number(note.value), limit: format.number(note.limit) };
    return (
      <div
        className={`lab-note lab-guard lab-guard-${note.level}`}
        role="status"
        data-testid={`guard-${note.guard}-${note.level}`}
      >
        <strong>{note.level === 'stop' ? t('guardStopNote', values) : t('guardWarnNote', values)}</strong>
        {note.key && (
          <div>
            <code>{note.key}</code>
          </div>
        )}
        {note.nudge && (
          <details>
            <summary>{t('nudgeSent')}</summary>
            <p className="message-text">{note.nudge}</p>
          </details>
        )}
      </div>
    );
  }
  return <PredictionCard round={note.round} prediction={note.prediction} score={note.score} />;
}

/** On a tool result: "injected: timeout" and the id it was sent with. */
export function LabResultMark({
  injected,
  sentId,
}: {
  injected?: { fault: Fault; source: FaultSource } | undefined;
  sentId?: string | null | undefined;
}) {
  const { t } = useT('lab');
  return (
    <>
      {injected && (
        <span className="badge badge-error" data-testid="injected-mark">
          {t('injected', { fault: '' })}
          <FaultLabel fault={injected.fault} />
        </span>
      )}
      {sentId !== undefined && (
        <span className="badge badge-warn" data-testid="sent-id-mark">
          {sentId === null ? t('sentNoId') : t('sentAs', { id: sentId })}
        </span>
      )}
    </>
  );
}

/** Why this model call happened (the turn table's response cell). */
export function TurnWhy({ round }: { round: number }) {
  const { t } = useT('lab');
  const events = usePlayground(selectEvents);
  const why = useMemo(() => runDependencies(events).turns.find((w) => w.round === round), [events, round]);
  if (!why) return null;
  const { reason } = why;
  let text: string;
  switch (reason.kind) {
    case 'first':
    case 'user':
    case 'independent':
      text = t(`why.${reason.kind}`);
      break;
    case 'depends':
      text = t('why.depends', {
        list: reason.dependencies
          .map((d) => `${d.callId} ${t('dependsOn', { value: d.value, from: d.fromCallId })}`)
          .join('; '),
      });
      break;
    case 'answer':
      text =
        reason.dependencies.length === 0
          ? t('why.answerPlain')
          : t('why.answer', {
              list: reason.dependencies.map((d) => t('dependsOn', { value: d.value, from: d.fromCallId })).join('; '),
            });
      break;
  }
  return (
    <div className="small muted lab-turn-why" data-testid={`turn-why-${round}`}>
      {text}
      {why.parallelCalls > 0 && ` · ${t('parallelCalls', { count: why.parallelCalls })}`}
    </div>
  );
}
