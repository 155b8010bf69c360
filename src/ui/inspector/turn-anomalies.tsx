/**
 * The anomaly summary of one turn (the one picked in the turn table, else the latest): the raw and derived
 * finish reasons, every anomaly, and every note of the parser — what it forgave and what it flagged.
 */
import { useMemo } from 'react';
import { selectEvents, selectSelectedRound } from '../../store/selectors';
import { useT } from '../../i18n';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { StopBadge } from '../loop/stop-badge';
import { ParseNotes } from '../loop/parse-notes';
import './turn-anomalies.css';
import { useEngineText } from '../engine-text/engine-text';

export function TurnAnomalies() {
  const { t } = useT('stops');
  const words = useEngineText();
  const { actions } = usePlaygroundApi();
  const events = usePlayground(selectEvents);
  const selected = usePlayground(selectSelectedRound);
  const responses = useMemo(() => events.filter((e) => e.type === 'model-responded'), [events]);
  const current = responses.find((e) => e.round === selected) ?? responses.at(-1);
  if (!current) return null;
  const { stop, message } = current;
  return (
    <section className="turn-anomalies" aria-label={t('anomaliesOfTurn', { round: current.round })}>
      <h3>
        {t('turn')}{' '}
        <select
          aria-label={t('turn')}
          value={current.round}
          onChange={(e) => actions.selectRound(Number(e.target.value), 'stops')}
        >
          {responses.map((r) => (
            <option key={r.round} value={r.round}>
              {r.round}
            </option>
          ))}
        </select>{' '}
        <StopBadge stop={stop} />
      </h3>
      {stop.anomalies.length === 0 ? (
        <p className="muted small">{t('noAnomalies')}</p>
      ) : (
        <ul className="anomalies" aria-label={t('anomalies')}>
          {stop.anomalies.map((a) => (
            <li key={a.kind} className="anomaly">
              ⚠ {words.anomaly(a)}
            </li>
          ))}
        </ul>
      )}
      <ParseNotes issues={message.parseIssues ?? []} label={t('parserNotesOfTurn', { round: current.round })} />
    </section>
  );
}
