/**
 * Side-by-side runs of the current scenario: memory outside vs inside the loop, and the manual loop vs the
 * advisor-controlled one. Each column is a fresh run to the end (no pauses), separate from the app's run.
 */
import { useState } from 'react';
import type { AdvisorConfig, ComparisonSource, LoopEvent } from '../../engine';
import {
  chainActivity,
  errorMessage,
  HIGHEST_PRECEDENCE,
  loopOrderOf,
  memoryContents,
  moveOrder,
  runToCompletion,
  timesRan,
} from '../../engine';
import { useT } from '../../i18n';
import { describeStoredMessage } from './describe';

type Column =
  | { readonly title: string; readonly events: readonly LoopEvent[] }
  | { readonly title: string; readonly error: string };

export type ComparisonSourceResult = ComparisonSource | { readonly error: string };

export function ComparePanel({
  config,
  source,
}: {
  readonly config: AdvisorConfig;
  readonly source: () => ComparisonSourceResult;
}) {
  const { t } = useT('advisors');
  const [columns, setColumns] = useState<readonly Column[] | null>(null);
  const [busy, setBusy] = useState(false);

  const compare = async (kind: 'memory' | 'control') => {
    const src = source();
    if ('error' in src) {
      setColumns([{ title: t('compare.cannot'), error: src.error }]);
      return;
    }
    setBusy(true);
    try {
      const loop = loopOrderOf(config) ?? HIGHEST_PRECEDENCE + 300;
      const withMemory = (order: number): AdvisorConfig => ({
        advisors: config.advisors.map((s) => (s.kind === 'memory' ? { ...s, enabled: true, order } : s)),
      });
      const memoryId = config.advisors.find((s) => s.kind === 'memory')?.id;
      // Inside without tying with another advisor (the metrics advisor holds loop + 100 by default).
      const memoryInside = memoryId === undefined ? null : moveOrder(config, memoryId, 'inside');
      const modes =
        kind === 'memory'
          ? ([
              [
                t('compare.memoryOutside'),
                { control: 'advisor', config: withMemory(Math.min(loop - 100, HIGHEST_PRECEDENCE + 200)) },
              ],
              [t('compare.memoryInside'), { control: 'advisor', config: withMemory(memoryInside ?? loop + 100) }],
            ] as const)
          : ([
              [t('compare.manual'), { control: 'manual' }],
              [t('compare.advisor'), { control: 'advisor', config }],
            ] as const);
      const results: Column[] = [];
      for (const [title, mode] of modes) {
        const result = await runToCompletion(src, mode);
        results.push(result.ok ? { title, events: result.value } : { title, error: result.error });
      }
      setColumns(results);
    } catch (error) {
      setColumns([{ title: t('compare.failed'), error: errorMessage(error) }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="advisors-compare">
      <div className="advisors-toolbar">
        <button type="button" className="button" disabled={busy} onClick={() => void compare('memory')}>
          {t('compare.memory')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void compare('control')}>
          {t('compare.control')}
        </button>
        {busy && <span className="muted small">{t('compare.running')}</span>}
      </div>
      {columns && (
        <div className="advisors-compare-columns" data-testid="compare-columns">
          {columns.map((column) => (
            <section key={column.title} className="advisors-compare-column" aria-label={column.title}>
              <h4>{column.title}</h4>
              {'error' in column ? <p role="alert">{column.error}</p> : <ColumnBody events={column.events} />}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

function ColumnBody({ events }: { readonly events: readonly LoopEvent[] }) {
  const { t } = useT('advisors');
  const { t: tEngine } = useT('engine');
  const calls = events.filter((e) => e.type === 'model-called');
  const finished = events.find((e) => e.type === 'run-finished');
  const activity = chainActivity(events, 'run');
  const chain = activity.chain;
  const memory = memoryContents(events);
  return (
    <>
      <p className="small">
        {t('compare.calls', {
          count: calls.length,
          sent: calls.map((e) => (e.type === 'model-called' ? e.messageCount : 0)).join(' → '),
        })}
      </p>
      {chain && (
        <p className="small muted">
          {chain.conversationHistoryEnabled ? t('compare.historyOn') : t('compare.historyOff')}
        </p>
      )}
      {activity.advisors.length > 0 && (
        <ul className="advisors-plain small">
          {activity.advisors.map((a) => (
            <li key={a.name}>
              {a.name}: {timesRan(a)}×
            </li>
          ))}
        </ul>
      )}
      {chain && (
        <>
          <p className="small">{t('compare.memoryHolds', { count: memory.length })}</p>
          <ol className="advisors-plain small">
            {memory.map((m, i) => (
              <li key={i}>{describeStoredMessage(m, t)}</li>
            ))}
          </ol>
        </>
      )}
      {finished?.type === 'run-finished' && (
        <p className="small">
          {t('compare.ended', { reason: tEngine(`finish.${finished.reason}`) })}
          {finished.finalAnswer ? ` — ${finished.finalAnswer}` : ''}
        </p>
      )}
    </>
  );
}
