/** The metrics panel fed by the loop-metrics advisor: what *it* saw, which depends on where it sits. */
import type { LoopMetrics } from '../../engine';
import { formatOrder } from '../../engine';
import { useFormat, useT } from '../../i18n';

export function AdvisorMetrics({
  metrics,
  labelOf = (name) => name,
}: {
  readonly metrics: LoopMetrics | null;
  /** The advisor's name in the page's language (see `useAdvisorLabels`). */
  readonly labelOf?: (name: string) => string;
}) {
  const { t } = useT('advisors');
  const format = useFormat();
  if (!metrics) return <p className="muted">{t('metricsPanel.off')}</p>;
  const tools = Object.entries(metrics.callsPerTool);
  return (
    <div className="advisors-metrics" data-testid="advisor-metrics">
      <p className="muted small">
        {t('metricsPanel.fedBy', { advisor: labelOf(metrics.advisor), order: formatOrder(metrics.order) })}
      </p>
      <dl className="advisors-metric-grid">
        <div>
          <dt>{t('metricsPanel.rounds')}</dt>
          <dd data-testid="advisor-metrics-rounds">{metrics.rounds}</dd>
        </div>
        <div>
          <dt>{t('metricsPanel.toolCalls')}</dt>
          <dd>{format.number(tools.reduce((n, [, c]) => n + c, 0))}</dd>
        </div>
      </dl>
      <table className="table" aria-label={t('metricsPanel.tableLabel')}>
        <thead>
          <tr>
            <th scope="col">{t('metricsPanel.round')}</th>
            <th scope="col">{t('metricsPanel.prompt')}</th>
            <th scope="col">{t('metricsPanel.completion')}</th>
          </tr>
        </thead>
        <tbody>
          {metrics.tokensPerRound.map((r) => (
            <tr key={r.round}>
              <td>{r.round}</td>
              <td>
                {format.number(r.prompt)}
                {r.estimated ? ' ≈' : ''}
              </td>
              <td>
                {format.number(r.completion)}
                {r.estimated ? ' ≈' : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h4>{t('metricsPanel.callsPerTool')}</h4>
      {tools.length === 0 ? (
        <p className="muted small">{t('metricsPanel.noCalls')}</p>
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
