/**
 * Side-by-side runs of the current scenario: memory outside vs inside the loop, and the manual loop vs the
 * advisor-controlled one. Each column is a fresh run to the end (no pauses), separate from the app's run.
 */
import { useState } from 'react';
import type { ComparisonSource } from '../../engine/advisors/compare';
import { runToCompletion } from '../../engine/advisors/compare';
import { chainActivity, memoryContents, timesRan } from '../../engine/advisors/projections';
import { HIGHEST_PRECEDENCE } from '../../engine/advisors/order';
import type { AdvisorConfig } from '../../engine/advisors/setup';
import { loopOrderOf } from '../../engine/advisors/setup';
import type { LoopEvent } from '../../engine/loop/events';
import { errorMessage } from '../../engine/tool';
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
  const [columns, setColumns] = useState<readonly Column[] | null>(null);
  const [busy, setBusy] = useState(false);

  const compare = async (kind: 'memory' | 'control') => {
    const src = source();
    if ('error' in src) {
      setColumns([{ title: 'Cannot compare', error: src.error }]);
      return;
    }
    setBusy(true);
    try {
      const loop = loopOrderOf(config) ?? HIGHEST_PRECEDENCE + 300;
      const withMemory = (order: number): AdvisorConfig => ({
        advisors: config.advisors.map((s) => (s.kind === 'memory' ? { ...s, enabled: true, order } : s)),
      });
      const modes =
        kind === 'memory'
          ? ([
              [
                'Memory outside the loop',
                { control: 'advisor', config: withMemory(Math.min(loop - 100, HIGHEST_PRECEDENCE + 200)) },
              ],
              ['Memory inside the loop', { control: 'advisor', config: withMemory(loop + 100) }],
            ] as const)
          : ([
              ['Manual loop', { control: 'manual' }],
              ['Advisor-controlled loop', { control: 'advisor', config }],
            ] as const);
      const results: Column[] = [];
      for (const [title, mode] of modes) {
        const result = await runToCompletion(src, mode);
        results.push(result.ok ? { title, events: result.value } : { title, error: result.error });
      }
      setColumns(results);
    } catch (error) {
      setColumns([{ title: 'Comparison failed', error: errorMessage(error) }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="advisors-compare">
      <div className="advisors-toolbar">
        <button type="button" className="button" disabled={busy} onClick={() => void compare('memory')}>
          Compare memory outside vs inside
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void compare('control')}>
          Compare manual vs advisor-controlled
        </button>
        {busy && <span className="muted small">running…</span>}
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
  const calls = events.filter((e) => e.type === 'model-called');
  const finished = events.find((e) => e.type === 'run-finished');
  const activity = chainActivity(events, 'run');
  const chain = activity.chain;
  const memory = memoryContents(events);
  return (
    <>
      <p className="small">
        {calls.length} model call(s), messages sent:{' '}
        {calls.map((e) => (e.type === 'model-called' ? e.messageCount : 0)).join(' → ')}
      </p>
      {chain && <p className="small muted">internal history {chain.conversationHistoryEnabled ? 'on' : 'off'}</p>}
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
          <p className="small">memory holds {memory.length} message(s):</p>
          <ol className="advisors-plain small">
            {memory.map((m, i) => (
              <li key={i}>{describeStoredMessage(m)}</li>
            ))}
          </ol>
        </>
      )}
      {finished?.type === 'run-finished' && (
        <p className="small">
          ended: {finished.reason}
          {finished.finalAnswer ? ` — ${finished.finalAnswer}` : ''}
        </p>
      )}
    </>
  );
}
