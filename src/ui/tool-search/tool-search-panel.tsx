/**
 * The tool-search view: the switch (search on or off) and the index choice, a live meter of the current run
 * (per model call: the tools sent, the tools found, tool-definition tokens sent versus all tools, prompt,
 * completion and total tokens), and, for the 28-tool scenario, the same scenario measured side by side with
 * search off and on through the scripted replay. Counts come from a real tokenizer, labelled as such.
 */
import { useEffect, useMemo, useState } from 'react';
import type { RoundMeasurement, RunMeasurement, SearchComparison, TokenCounter, ToolIndexKind } from '../../engine';
import { compareLandsmeer, errorMessage, LANDSMEER_SCENARIO_ID, measureRun } from '../../engine';
import { selectEvents, selectExposed, selectScenarioId, selectToolIndex } from '../../store/selectors';
import { TOOL_SEARCH_TOOL_NAME } from '../../store/tool-search';
import { useTokenCounter } from '../charts/use-round-tokens';
import { useT } from '../../i18n';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import './tool-search.css';

const INDEX_KINDS: readonly ToolIndexKind[] = ['keyword', 'regex'];

export function ToolSearchPanel() {
  const { t } = useT('toolSearch');
  const counter = useTokenCounter();
  return (
    <section className="tool-search" aria-label={t('title')}>
      <ToolSearchControls />
      {counter.status === 'loading' && <p className="muted">{t('loadingTokenizer')}</p>}
      {counter.status === 'failed' && (
        <p className="notice notice-error" role="alert">
          {t('tokenizerFailed', { error: counter.error })}
        </p>
      )}
      {counter.status === 'ready' && (
        <>
          <p className="muted small" data-testid="tool-search-tokenizer">
            {t('countedWith', { tokenizer: counter.counter.label })}
          </p>
          <LiveMeter counter={counter.counter} />
          <SideBySide counter={counter.counter} />
        </>
      )}
    </section>
  );
}

function ToolSearchControls() {
  const { t } = useT('toolSearch');
  const { actions, toolSearch } = usePlaygroundApi();
  const enabled = usePlayground(selectExposed).includes(TOOL_SEARCH_TOOL_NAME);
  const index = usePlayground(selectToolIndex);
  return (
    <div className="tool-search-controls">
      <label className="tool-search-switch">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(e) => actions.toggleTool(TOOL_SEARCH_TOOL_NAME, e.target.checked)}
        />
        {t('switch')}
      </label>
      <label className="tool-search-index">
        {t('index')}{' '}
        <select
          aria-label={t('indexLabel')}
          value={index}
          onChange={(e) => toolSearch.setIndexKind(e.target.value as ToolIndexKind)}
        >
          {INDEX_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`indexKind.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      <p className="muted small tool-search-help">
        {enabled ? t('helpOn') : t('helpOff')} {t('help')}
      </p>
    </div>
  );
}

function LiveMeter({ counter }: { counter: TokenCounter }) {
  const { t } = useT('toolSearch');
  const events = usePlayground(selectEvents);
  const measured = useMemo(() => (events.length === 0 ? null : measureRun(events, counter)), [events, counter]);
  if (!measured || measured.modelCalls === 0) {
    return <p className="muted">{t('meterEmpty')}</p>;
  }
  const allTools = measured.rounds.reduce((n, r) => n + r.allToolsDefinitionTokens, 0);
  return (
    <div className="tool-search-live">
      <h3>{t(measured.searchOn ? 'thisRunOn' : 'thisRunOff', { count: measured.availableTools })}</h3>
      <ToolDefinitionBar sent={measured.toolDefinitionTokens} all={allTools} searchOn={measured.searchOn} />
      <table className="table tool-search-table" aria-label={t('meter')}>
        <thead>
          <tr>
            <th scope="col">{t('col.call')}</th>
            <th scope="col">{t('col.toolsSent')}</th>
            <th scope="col">{t('col.found')}</th>
            <th scope="col" title={t('col.defsHint')}>
              {t('col.defs')}
            </th>
            <th scope="col">{t('col.prompt')}</th>
            <th scope="col">{t('col.completion')}</th>
            <th scope="col">{t('col.total')}</th>
          </tr>
        </thead>
        <tbody>
          {measured.rounds.map((round) => (
            <RoundRow key={round.round} round={round} searchOn={measured.searchOn} />
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="tool-search-totals">
            <th scope="row">Σ {measured.modelCalls}</th>
            <td />
            <td />
            <td className="tool-search-num">
              <span data-testid="tool-search-defs-total">{measured.toolDefinitionTokens}</span>{' '}
              <span className="muted">({allTools})</span>
            </td>
            <td className="tool-search-num">{measured.promptTokens}</td>
            <td className="tool-search-num">{measured.completionTokens}</td>
            <td className="tool-search-num" data-testid="tool-search-total">
              {measured.totalTokens}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function RoundRow({ round, searchOn }: { round: RoundMeasurement; searchOn: boolean }) {
  const { t } = useT('toolSearch');
  const found = round.toolNames.filter((n) => n !== TOOL_SEARCH_TOOL_NAME);
  return (
    <tr data-testid={`tool-search-round-${round.round}`}>
      <th scope="row">{round.round}</th>
      <td>{round.toolNames.length}</td>
      <td>
        {searchOn ? (
          found.length === 0 ? (
            <span className="muted">{t('noneYet')}</span>
          ) : (
            <ul className="tool-search-found">
              {found.map((name) => (
                <li key={name} className={round.newlyFound.includes(name) ? 'tool-search-new' : undefined}>
                  <code>{name}</code>
                  {round.newlyFound.includes(name) && <span className="visually-hidden">{t('isNew')}</span>}
                </li>
              ))}
            </ul>
          )
        ) : (
          <span className="muted">{t('searchOff')}</span>
        )}
        {round.searches.map((search, i) => (
          <p key={i} className={`tool-search-query${search.isError ? ' tool-search-query-error' : ''}`}>
            {t('searched')} <q>{search.query}</q> → <code>{search.result}</code>
          </p>
        ))}
      </td>
      <td className="tool-search-num">
        {round.toolDefinitionTokens} <span className="muted">({round.allToolsDefinitionTokens})</span>
      </td>
      <td className="tool-search-num">{round.promptTokens}</td>
      <td className="tool-search-num">{round.completionTokens}</td>
      <td className="tool-search-num">{round.totalTokens}</td>
    </tr>
  );
}

function ToolDefinitionBar({ sent, all, searchOn }: { sent: number; all: number; searchOn: boolean }) {
  const { t } = useT('toolSearch');
  const share = all === 0 ? 0 : Math.min(1, sent / all);
  const saved = Math.round((1 - share) * 100);
  return (
    <div className="tool-search-bar">
      <div className="tool-search-bar-track" aria-hidden="true">
        <div className="tool-search-bar-fill" style={{ width: `${share * 100}%` }} />
      </div>
      <p className="small" data-testid="tool-search-saving">
        {t(searchOn ? 'defsSentOn' : 'defsSentOff', { sent, all, saved })}
      </p>
    </div>
  );
}

type Comparison =
  { status: 'idle' | 'running' } | { status: 'done'; result: SearchComparison } | { status: 'failed'; error: string };

/** The 28-tool scenario played off-screen with search off and on, measured the same way as the live run. */
function SideBySide({ counter }: { counter: TokenCounter }) {
  const { t } = useT('toolSearch');
  const scenarioId = usePlayground(selectScenarioId);
  const index = usePlayground(selectToolIndex);
  const [comparison, setComparison] = useState<Comparison>({ status: 'idle' });
  const relevant = scenarioId === LANDSMEER_SCENARIO_ID;
  useEffect(() => {
    if (!relevant) return;
    let live = true;
    setComparison({ status: 'running' });
    compareLandsmeer(index, counter, () => Date.now()).then(
      (result) => live && setComparison({ status: 'done', result }),
      (error: unknown) => live && setComparison({ status: 'failed', error: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [relevant, index, counter]);
  if (!relevant) return null;
  return (
    <div className="tool-search-compare">
      <h3>{t('sideBySide', { index: t(`indexKind.${index}`) })}</h3>
      {comparison.status === 'running' && <p className="muted">{t('measuring')}</p>}
      {comparison.status === 'failed' && (
        <p className="notice notice-error" role="alert">
          {t('compareFailed', { error: comparison.error })}
        </p>
      )}
      {comparison.status === 'done' && <ComparisonTable result={comparison.result} />}
    </div>
  );
}

function ComparisonTable({ result }: { result: SearchComparison }) {
  const { t } = useT('toolSearch');
  const rows: [string, (m: RunMeasurement) => number][] = [
    [t('row.calls'), (m) => m.modelCalls],
    [t('row.defs'), (m) => m.toolDefinitionTokens],
    [t('row.total'), (m) => m.totalTokens],
  ];
  const change = (before: number, after: number, calls: boolean) =>
    calls
      ? `${after - before >= 0 ? '+' : ''}${after - before}`
      : `${before === 0 ? 0 : Math.round(((after - before) / before) * 100)}%`;
  return (
    <>
      <table className="table" aria-label={t('offVersusOn')}>
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">{t('colOff')}</th>
            <th scope="col">{t('colOn')}</th>
            <th scope="col">{t('colChange')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, pick], i) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{pick(result.off)}</td>
              <td>{pick(result.on)}</td>
              <td data-testid={`tool-search-change-${i}`}>{change(pick(result.off), pick(result.on), i === 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small">
        {t('published', { saving: Math.round(result.totalSaving * 100), count: result.extraModelCalls })}
      </p>
    </>
  );
}
