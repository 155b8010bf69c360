/** Rounds, tokens per round, timings, calls per tool and tool time, from the run's log. */
import { useMemo } from 'react';
import { usageTotals } from '../../engine/loop/projections';
import { selectEvents } from '../../store/selectors';
import { usePlayground } from '../playground-context';
import { formatMs } from '../loop/transcript-view';

export function MetricsView() {
  const events = usePlayground(selectEvents);
  const totals = useMemo(() => usageTotals(events), [events]);
  if (totals.rounds === 0) return <p className="muted">Metrics appear after the first model call.</p>;
  return (
    <div className="metrics">
      <dl className="metric-grid">
        <div>
          <dt>model calls</dt>
          <dd data-testid="metric-rounds">{totals.rounds}</dd>
        </div>
        <div>
          <dt>prompt tokens</dt>
          <dd>{totals.promptTokens}</dd>
        </div>
        <div>
          <dt>completion tokens</dt>
          <dd>{totals.completionTokens}</dd>
        </div>
        <div>
          <dt>tool time</dt>
          <dd>{formatMs(totals.toolTimeMs)}</dd>
        </div>
      </dl>
      {totals.estimated && <p className="muted small">Token counts are estimates: this runtime has no tokenizer.</p>}
      <table className="table" aria-label="Per round">
        <thead>
          <tr>
            <th scope="col">turn</th>
            <th scope="col">prompt</th>
            <th scope="col">completion</th>
            <th scope="col">first token</th>
            <th scope="col">prefill tok/s</th>
            <th scope="col">decode tok/s</th>
            <th scope="col">latency</th>
          </tr>
        </thead>
        <tbody>
          {totals.perRound.map((r) => (
            <tr key={r.round}>
              <td>{r.round}</td>
              <td>{r.promptTokens}</td>
              <td>{r.completionTokens}</td>
              <td>{r.timings ? formatMs(r.timings.timeToFirstTokenMs) : '—'}</td>
              <td>{fmt(r.timings?.prefillTokensPerSecond)}</td>
              <td>{fmt(r.timings?.decodeTokensPerSecond)}</td>
              <td>{r.timings ? formatMs(r.timings.totalMs) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Calls per tool</h3>
      <ul className="plain-list">
        {Object.entries(totals.callsPerTool).map(([name, count]) => (
          <li key={name}>
            <code>{name}</code> × {count}
          </li>
        ))}
        {Object.keys(totals.callsPerTool).length === 0 && <li className="muted">no tool calls</li>}
      </ul>
    </div>
  );
}

function fmt(value: number | undefined): string {
  return value === undefined ? '—' : value.toFixed(1);
}
