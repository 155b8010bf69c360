/** turn | messages sent | model response and stop reason | what our code did */
import { useMemo } from 'react';
import { turnTable } from '../../engine/loop/projections';
import { selectEvents } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { ForkHereButton } from '../runs';
import { StopBadge } from '../loop/stop-badge';
import { TurnWhy } from '../lab/lab-entries';

export function TurnTable() {
  const { actions } = usePlaygroundApi();
  const events = usePlayground(selectEvents);
  const rows = useMemo(() => turnTable(events), [events]);
  if (rows.length === 0) return <p className="muted">One row per model call appears here.</p>;
  return (
    <table className="table turn-table" aria-label="Turn table">
      <thead>
        <tr>
          <th scope="col">turn</th>
          <th scope="col">messages sent</th>
          <th scope="col">model response and stop reason</th>
          <th scope="col">what our code did</th>
          <th scope="col">
            <span className="visually-hidden">fork</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.turn}>
            <td>
              <button
                type="button"
                className="link"
                aria-label={`Show request of turn ${row.turn}`}
                onClick={() => actions.selectRound(row.turn)}
              >
                {row.turn}
              </button>
            </td>
            <td>
              {row.messagesSent} msgs
              <div className="muted small">{row.toolNames.length} tools</div>
            </td>
            <td>
              <div className="small">{row.response || '…'}</div>
              {row.stop && <StopBadge stop={row.stop} />}
              <TurnWhy round={row.turn} />
            </td>
            <td className="small">{row.codeDid}</td>
            <td>
              <ForkHereButton turn={row.turn} hasTools={row.stop?.derived === 'tool_calls'} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
