/** turn | messages sent | model response and stop reason | what our code did */
import { useMemo } from 'react';
import { turnTable } from '../../engine';
import { selectEvents } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { ForkHereButton } from '../runs';
import { StopBadge } from '../loop/stop-badge';
import { TurnWhy } from '../lab/lab-entries';
import { useT } from '../../i18n';
import { useEngineText } from '../engine-text/engine-text';
import './turn-table.css';

export function TurnTable() {
  const { t } = useT('metrics');
  const words = useEngineText();
  const { actions, extensions } = usePlaygroundApi();
  const events = usePlayground(selectEvents);
  const rows = useMemo(() => turnTable(events, extensions), [events, extensions]);
  if (rows.length === 0) return <p className="muted">{t('turns.empty')}</p>;
  return (
    <table className="table turn-table" aria-label={t('turns.label')}>
      <colgroup>
        <col className="turn-col-turn" />
        <col className="turn-col-sent" />
        <col className="turn-col-response" />
        <col className="turn-col-code" />
        <col className="turn-col-fork" />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">{t('turns.turn')}</th>
          <th scope="col">{t('turns.sent')}</th>
          <th scope="col">{t('turns.response')}</th>
          <th scope="col">{t('turns.codeDid')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('turns.fork')}</span>
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
                aria-label={t('turns.showRequest', { turn: row.turn })}
                onClick={() => actions.selectRound(row.turn)}
              >
                {row.turn}
              </button>
            </td>
            <td>
              {t('turns.messages', { count: row.messagesSent })}
              <div className="muted small">{t('turns.tools', { count: row.toolNames.length })}</div>
            </td>
            <td>
              <div className="small">
                {row.responseNote === null
                  ? row.response || '…'
                  : t(`turns.note.${row.responseNote}`, { error: row.error ?? '' })}
              </div>
              {row.stop && <StopBadge stop={row.stop} />}
              <TurnWhy round={row.turn} />
            </td>
            <td className="small">{words.turnActions(row.actions)}</td>
            <td>
              <ForkHereButton turn={row.turn} hasTools={row.stop?.derived === 'tool_calls'} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
