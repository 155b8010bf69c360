/**
 * The Metrics tab: totals, tokens per round as stacked bars, where each round's time went, the numbers per round,
 * and calls per tool. Every token figure here — the totals, the bars, the table — comes from the page's one token
 * function (`useRoundTokens`), as the transcript's and the Prompt tab's do; timings are the runtime's.
 */
import { useMemo } from 'react';
import type { RoundTokens } from '../../engine';
import { roundTimelines, usageTotals } from '../../engine';
import { useFormat, useT } from '../../i18n';
import { selectEvents } from '../../store/selectors';
import { TokenBars } from '../charts/token-bars';
import { TimelineStrip } from '../charts/timeline-strip';
import { useRoundTokens } from '../charts/use-round-tokens';
import { usePlayground } from '../playground-context';
import '../charts/charts.css';

export function MetricsView() {
  const { t } = useT('metrics');
  const format = useFormat();
  const events = usePlayground(selectEvents);
  const totals = useMemo(() => usageTotals(events), [events]);
  const timelines = useMemo(() => roundTimelines(events), [events]);
  const { counter, tokens, prompts } = useRoundTokens(events);
  const authored = new Set(timelines.filter((r) => r.runtime === 'human').map((r) => r.round));
  if (totals.rounds === 0) return <p className="muted">{t('empty')}</p>;
  const counted = tokens?.some((r) => r.counted === 'runtime') ? 'runtime' : 'estimated';
  const estimated = tokens?.some((r) => r.counted === 'estimated' || r.completionCounted === 'estimated') ?? false;
  const byRound = new Map((tokens ?? []).map((r) => [r.round, r]));
  const sum = (pick: (r: RoundTokens) => number) =>
    tokens === null ? null : format.number(tokens.reduce((n, r) => n + pick(r), 0));
  const fmt = (value: number | undefined) =>
    value === undefined ? '—' : format.number(value, { maximumFractionDigits: 1 });
  return (
    <div className="metrics">
      <dl className="metric-grid">
        <div>
          <dt>{t('totals.modelCalls')}</dt>
          <dd data-testid="metric-rounds">{totals.rounds}</dd>
        </div>
        <div>
          <dt>{t('totals.promptTokens')}</dt>
          <dd data-testid="metric-prompt-tokens">{sum((r) => r.prompt) ?? '…'}</dd>
        </div>
        <div>
          <dt>{t('totals.completionTokens')}</dt>
          <dd data-testid="metric-completion-tokens">{sum((r) => r.completion) ?? '…'}</dd>
        </div>
        <div>
          <dt>{t('totals.toolTime')}</dt>
          <dd>{format.duration(totals.toolTimeMs)}</dd>
        </div>
      </dl>

      <section className="metrics-section" aria-labelledby="metrics-tokens-title">
        <h3 id="metrics-tokens-title">{t('bars.title')}</h3>
        {counter.status === 'loading' && <p className="muted small">{t('counting')}</p>}
        {counter.status === 'failed' && (
          <p className="notice notice-error" role="alert">
            {t('counterFailed', { error: counter.error })}
          </p>
        )}
        {tokens && (
          <>
            <p className="muted small" data-testid="bars-source">
              {counted === 'runtime' ? t('bars.runtimeCounts') : t('bars.estimatedCounts')}
              {tokens.some((r) => r.partsGap !== 0) ? ` ${t('bars.partsEstimated')}` : ''}
              {prompts.some((p) => p.source === 'rendered') ? ` ${t('bars.someRendered')}` : ''}
            </p>
            <TokenBars rounds={tokens} />
            {tokens.some((r) => r.allTools !== undefined) && (
              <p className="small" data-testid="bars-saving">
                {t('bars.saving', {
                  sent: format.number(tokens.reduce((n, r) => n + r.tools, 0)),
                  all: format.number(tokens.reduce((n, r) => n + (r.allTools ?? r.tools), 0)),
                })}
              </p>
            )}
          </>
        )}
      </section>

      <section className="metrics-section" aria-labelledby="metrics-time-title">
        <h3 id="metrics-time-title">{t('timeline.title')}</h3>
        <TimelineStrip rounds={timelines} />
      </section>

      <table className="table" aria-label={t('table.label')}>
        <caption className="muted small">{estimated ? t('table.estimated') : t('table.reported')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.turn')}</th>
            <th scope="col">{t('table.prompt')}</th>
            <th scope="col">{t('table.completion')}</th>
            <th scope="col">{t('table.firstToken')}</th>
            <th scope="col">{t('table.prefill')}</th>
            <th scope="col">{t('table.decode')}</th>
            <th scope="col">{t('table.latency')}</th>
          </tr>
        </thead>
        <tbody>
          {totals.perRound.map((r) => (
            <tr key={r.round} data-testid={`metrics-round-${r.round}`}>
              <td>{r.round}</td>
              <td>{byRound.has(r.round) ? format.number(byRound.get(r.round)!.prompt) : '…'}</td>
              <td>{byRound.has(r.round) ? format.number(byRound.get(r.round)!.completion) : '…'}</td>
              {authored.has(r.round) ? (
                <td colSpan={4} className="muted" data-testid="authored-by-you">
                  {t('table.authored')}
                </td>
              ) : (
                <>
                  <td>{r.timings ? format.duration(r.timings.timeToFirstTokenMs) : '—'}</td>
                  <td>{fmt(r.timings?.prefillTokensPerSecond)}</td>
                  <td>{fmt(r.timings?.decodeTokensPerSecond)}</td>
                  <td>{r.timings ? format.duration(r.timings.totalMs) : '—'}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>

      <h3>{t('calls.title')}</h3>
      <ul className="plain-list">
        {Object.entries(totals.callsPerTool).map(([name, count]) => (
          <li key={name}>
            <code>{name}</code> × {count}
          </li>
        ))}
        {Object.keys(totals.callsPerTool).length === 0 && <li className="muted">{t('calls.none')}</li>}
      </ul>
    </div>
  );
}
