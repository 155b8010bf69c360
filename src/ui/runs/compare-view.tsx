/** Two runs side by side: the transcripts message by message (the first difference marked) and the metrics. */
import { useEffect, useRef } from 'react';
import type { FinishReasonKind, Message, MetricValue, Phase } from '../../engine';
import type { TFunction } from 'i18next';
import { useFormat, useT, type Formatters } from '../../i18n';
import { useEngineText } from '../engine-text/engine-text';
import { selectRunFiles } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';

export function CompareDialog() {
  const { t } = useT('runs');
  const { runFiles: runFileActions } = usePlaygroundApi();
  const selection = usePlayground(selectRunFiles).compare;
  const value = useMetricValue();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (selection && !dialog.open) dialog.showModal?.();
    if (!selection && dialog.open) dialog.close();
  }, [selection]);
  return (
    <dialog
      ref={ref}
      className="runs-compare"
      aria-labelledby="runs-compare-title"
      onClose={() => runFileActions.closeCompare()}
    >
      {selection && (
        <>
          <div className="runs-compare-head">
            <h2 id="runs-compare-title">{t('compare.title')}</h2>
            <button type="button" className="button" onClick={() => runFileActions.closeCompare()}>
              {t('compare.close')}
            </button>
          </div>
          <p className="small" data-testid="compare-divergence">
            {selection.comparison.divergesAt === null
              ? t('compare.same')
              : t('compare.differ', {
                  last: selection.comparison.divergesAt,
                  first: selection.comparison.divergesAt + 1,
                })}
          </p>
          <table className="table runs-compare-metrics" aria-label={t('compare.metricsLabel')}>
            <thead>
              <tr>
                <th scope="col">{t('compare.metric')}</th>
                <th scope="col">{t('compare.sideA', { title: selection.a.title })}</th>
                <th scope="col">{t('compare.sideB', { title: selection.b.title })}</th>
              </tr>
            </thead>
            <tbody>
              {selection.comparison.metrics.map((m) => (
                <tr key={m.label} className={m.same ? undefined : 'runs-differs'} data-testid={`metric-${m.label}`}>
                  <th scope="row">{t(`compare.metrics.${m.id}`)}</th>
                  <td>{value(m.valueA)}</td>
                  <td>{value(m.valueB)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="runs-compare-columns" role="table" aria-label={t('compare.columnsLabel')}>
            <div role="row" className="runs-compare-row runs-compare-header">
              <span role="columnheader">#</span>
              <span role="columnheader">{t('compare.sideA', { title: selection.a.title })}</span>
              <span role="columnheader">{t('compare.sideB', { title: selection.b.title })}</span>
            </div>
            {selection.comparison.rows.map((row) => (
              <div
                role="row"
                key={row.index}
                className={`runs-compare-row${row.same ? '' : ' runs-differs'}`}
                data-testid={`compare-row-${row.index + 1}`}
              >
                <span role="cell" className="muted small">
                  {row.index + 1}
                </span>
                <span role="cell" data-side="a">
                  <MessageCell message={row.a} />
                </span>
                <span role="cell" data-side="b">
                  <MessageCell message={row.b} />
                </span>
              </div>
            ))}
          </div>
        </>
      )}
    </dialog>
  );
}

/** A metric value in the page's language: numbers and durations formatted, a finish reason by its label. */
export function metricValueText(
  value: MetricValue,
  words: {
    readonly t: TFunction<'runs'>;
    readonly format: Formatters;
    readonly finish: (reason: FinishReasonKind) => string;
    readonly phase: (phase: Phase) => string;
  },
): string {
  switch (value.kind) {
    case 'count':
      return words.format.number(value.n);
    case 'tokens':
      return value.estimated
        ? words.t('compare.value.estimated', { tokens: words.format.number(value.n) })
        : words.format.number(value.n);
    case 'ms':
      return words.format.duration(value.ms);
    case 'ended':
      return words.finish(value.reason);
    case 'unfinished':
      return words.t('compare.value.unfinished', { phase: words.phase(value.phase) });
    case 'text':
      return value.text ?? '—';
  }
}

function useMetricValue(): (value: MetricValue) => string {
  const { t } = useT('runs');
  const { t: phaseT } = useT('phase');
  const format = useFormat();
  const engine = useEngineText();
  return (value) =>
    metricValueText(value, {
      t,
      format,
      finish: engine.finish,
      phase: (phase) => (phase === 'idle' ? phase : phaseT(`step.${phase}`)),
    });
}

function MessageCell({ message }: { message: Message | null }) {
  if (!message) return <span className="muted small">—</span>;
  return (
    <div className={`message message-${message.role}`}>
      <div className="message-head">
        <span className="role">{message.role}</span>
        {message.role === 'tool' && <code className="small">{message.toolCallId}</code>}
      </div>
      {message.content !== '' && <pre className="message-text">{message.content}</pre>}
      {message.role === 'assistant' &&
        message.toolCalls.map((c) => (
          <pre key={c.id} className="small">
            {c.id} {c.name}({c.argumentsText})
          </pre>
        ))}
    </div>
  );
}
