/**
 * The anomaly summary of one turn (the one picked in the turn table, else the latest): the raw and derived
 * finish reasons, every anomaly, and every note of the parser — what it forgave and what it flagged.
 */
import { useMemo } from 'react';
import { selectEvents, selectSelectedRound } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { StopBadge } from '../loop/stop-badge';
import { ParseNotes } from '../loop/parse-notes';
import './turn-anomalies.css';

export function TurnAnomalies() {
  const { actions } = usePlaygroundApi();
  const events = usePlayground(selectEvents);
  const selected = usePlayground(selectSelectedRound);
  const responses = useMemo(() => events.filter((e) => e.type === 'model-responded'), [events]);
  const current = responses.find((e) => e.round === selected) ?? responses.at(-1);
  if (!current) return null;
  const { stop, message } = current;
  return (
    <section className="turn-anomalies" aria-label={`Anomalies of turn ${current.round}`}>
      <h3>
        Turn{' '}
        <select
          aria-label="Turn"
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
        <p className="muted small">No anomalies: the parser read this turn without forgiving anything.</p>
      ) : (
        <ul className="anomalies" aria-label="Anomalies">
          {stop.anomalies.map((a) => (
            <li key={a.kind} className="anomaly">
              ⚠ {a.detail}
            </li>
          ))}
        </ul>
      )}
      <ParseNotes issues={message.parseIssues ?? []} label={`Parser notes of turn ${current.round}`} />
    </section>
  );
}
