/** The metrics panel fed by the loop-metrics advisor: what *it* saw, which depends on where it sits. */
import type { LoopMetrics } from '../../engine/advisors/projections';
import { formatOrder } from '../../engine/advisors/order';

export function AdvisorMetrics({ metrics }: { readonly metrics: LoopMetrics | null }) {
  if (!metrics) {
    return (
      <p className="muted">
        Turn the loop-metrics advisor on and run with the advisor-controlled loop to see its numbers.
      </p>
    );
  }
  const tools = Object.entries(metrics.callsPerTool);
  return (
    <div className="advisors-metrics" data-testid="advisor-metrics">
      <p className="muted small">
        Fed by {metrics.advisor} at {formatOrder(metrics.order)}: it counts the passes it sees, so inside the loop it
        sees every round and outside only the request’s one summed pass.
      </p>
      <dl className="advisors-metric-grid">
        <div>
          <dt>rounds seen</dt>
          <dd data-testid="advisor-metrics-rounds">{metrics.rounds}</dd>
        </div>
        <div>
          <dt>tool calls seen</dt>
          <dd>{tools.reduce((n, [, c]) => n + c, 0)}</dd>
        </div>
      </dl>
      <table className="table" aria-label="Tokens per round seen by the metrics advisor">
        <thead>
          <tr>
            <th scope="col">round</th>
            <th scope="col">prompt</th>
            <th scope="col">completion</th>
          </tr>
        </thead>
        <tbody>
          {metrics.tokensPerRound.map((r) => (
            <tr key={r.round}>
              <td>{r.round}</td>
              <td>
                {r.prompt}
                {r.estimated ? ' ≈' : ''}
              </td>
              <td>
                {r.completion}
                {r.estimated ? ' ≈' : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h4>Calls per tool</h4>
      {tools.length === 0 ? (
        <p className="muted small">No tool calls seen: an advisor outside the loop only sees the final answer.</p>
      ) : (
        <ul className="advisors-plain">
          {tools.map(([name, count]) => (
            <li key={name}>
              <code>{name}</code> × {count}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
