/**
 * The Runs tab: the runs of this browser as a tree (a fork under the run it branched from), newest created first,
 * each with its scenario, runtime, model calls and outcome; export and import of run files, the transcript
 * export, the trust prompt for imported tool code, and the side-by-side compare.
 */
import type { ChangeEvent } from 'react';
import { useMemo, useRef, useState } from 'react';
import type { RunOutcome } from '../../engine';
import { assertNever, buildRunTree, flattenTree, getScenario, noticePartText } from '../../engine';
import { useFormat, useT } from '../../i18n';
import type { RunSummary } from '../../store/playground';
import {
  selectRunFiles,
  selectRunId,
  selectRunList,
  selectRunTools,
  selectStorageProblems,
} from '../../store/selectors';
import type { NoticeSegment } from '../engine-text/engine-text';
import { useEngineText } from '../engine-text/engine-text';
import { Notice } from '../notice';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { useScenarioText } from '../scenarios/scenario-text';
import { CompareDialog } from './compare-view';
import { downloadText } from '../download';
import { TrustPrompt } from './trust-prompt';
import { runtimeLabelText } from './runtime-label';
import { DamagedRuns } from './damaged-runs';
import './runs.css';

export function RunsPanel() {
  const { t } = useT('runs');
  const { runFiles: runFileActions } = usePlaygroundApi();
  const runs = usePlayground(selectRunList);
  const activeId = usePlayground(selectRunId);
  const problems = usePlayground(selectStorageProblems);
  const { notice, warnings } = usePlayground(selectRunFiles);
  const words = useEngineText();
  const runTools = usePlayground(selectRunTools);
  const [includeCode, setIncludeCode] = useState(false);
  const [selected, setSelected] = useState<readonly string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  // By creation time, newest first: opening or continuing a run does not move it (the store keeps the list in
  // the order runs were last written).
  const nodes = useMemo(() => flattenTree(buildRunTree([...runs].sort((a, b) => b.createdAt - a.createdAt))), [runs]);
  const titles = useMemo(() => new Map(runs.map((r) => [r.runId, r.title || r.runId])), [runs]);
  const usesUserTools = runTools.some((t) => t.source === 'user' || t.source === 'mcp');

  const exportRun = async () => {
    if (!activeId) return;
    const result = await runFileActions.exportRun(activeId, includeCode);
    if (result.ok) downloadText(result.value.fileName, result.value.text);
  };
  const exportTranscript = async () => {
    if (!activeId) return;
    const result = await runFileActions.exportTranscript(activeId);
    if (result.ok) downloadText(result.value.fileName, result.value.text);
  };
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let text: string;
    try {
      text = await file.text();
    } catch {
      runFileActions.say({ kind: 'error', text: t('couldNotRead', { name: file.name }) });
      return;
    }
    await runFileActions.importRun(text);
  };
  const toggleSelected = (runId: string, on: boolean) =>
    setSelected((current) =>
      on ? [...current.filter((id) => id !== runId), runId].slice(-2) : current.filter((id) => id !== runId),
    );

  return (
    <div className="runs-panel">
      <div className="runs-row" role="group" aria-label={t('files.label')}>
        <button type="button" className="button" disabled={!activeId} onClick={() => void exportRun()}>
          {t('files.exportRun')}
        </button>
        <button type="button" className="button" disabled={!activeId} onClick={() => void exportTranscript()}>
          {t('files.exportTranscript')}
        </button>
        <button type="button" className="button" onClick={() => fileInput.current?.click()}>
          {t('files.import')}
        </button>
        <input
          ref={fileInput}
          className="visually-hidden"
          type="file"
          accept=".json,application/json"
          aria-label={t('files.importLabel')}
          tabIndex={-1}
          onChange={(e) => void onFile(e)}
        />
      </div>
      <label className="checkbox small">
        <input type="checkbox" checked={includeCode} onChange={(e) => setIncludeCode(e.target.checked)} />
        {usesUserTools ? t('files.includeCode') : t('files.includeCodeNone')}
      </label>
      <p className="muted small">{t('files.hint')}</p>

      {notice && (
        <Notice
          notice={{ kind: notice.kind, text: words.notice(notice) }}
          onDismiss={() => runFileActions.clearNotice()}
          dismissLabel={t('files.dismiss')}
          testId="runs-notice"
        >
          {notice.parts && <Segments segments={words.noticeSegments(notice.parts)} />}
        </Notice>
      )}
      {warnings.map((w) => (
        <p key={noticePartText(w)} className="notice notice-error" role="alert" data-testid="runs-warning">
          <Segments segments={words.noticeSegments([w])} />
        </p>
      ))}
      {problems.map((p) => (
        <p key={p} className="notice notice-error" role="alert">
          {p}
        </p>
      ))}
      <TrustPrompt />
      <DamagedRuns />

      {runs.length === 0 && <p className="muted">{t('empty')}</p>}
      {runs.length > 0 && (
        <>
          <div className="runs-row">
            <button
              type="button"
              className="button"
              disabled={selected.length !== 2}
              onClick={() => void runFileActions.compare(selected[0]!, selected[1]!)}
            >
              {t('compareSelected', { count: selected.length })}
            </button>
          </div>
          <ul className="run-list runs-tree" aria-label={t('listLabel')}>
            {nodes.map(({ run, depth }) => (
              <RunItem
                key={run.runId}
                run={run}
                depth={depth}
                current={run.runId === activeId}
                parentTitle={run.parent ? titles.get(run.parent.runId) : undefined}
                selected={selected.includes(run.runId)}
                onSelect={(on) => toggleSelected(run.runId, on)}
              />
            ))}
          </ul>
        </>
      )}
      <CompareDialog />
    </div>
  );
}

interface RunItemProps {
  readonly run: RunSummary;
  readonly depth: number;
  readonly current: boolean;
  readonly parentTitle: string | undefined;
  readonly selected: boolean;
  readonly onSelect: (on: boolean) => void;
}

function RunItem({ run, depth, current, parentTitle, selected, onSelect }: RunItemProps) {
  const { t } = useT('runs');
  const { t: runtimesT } = useT('runtimes');
  const format = useFormat();
  const { actions, runFiles: runFileActions } = usePlaygroundApi();
  const title = run.title || run.runId;
  const scenarioText = useScenarioText();
  const known = run.scenarioId !== undefined ? getScenario(run.scenarioId) : undefined;
  const scenario = known ? scenarioText(known).title : (run.scenarioId ?? null);
  const facts = run.facts;
  return (
    <li
      className={`runs-item${current ? ' run-current' : ''}`}
      style={{ paddingLeft: `${depth * 1.1}rem` }}
      data-depth={depth}
      data-testid={`run-${run.runId}`}
      aria-current={current ? 'true' : undefined}
    >
      <div className="runs-item-head">
        {depth > 0 && (
          <span className="runs-branch" aria-hidden="true">
            ↳
          </span>
        )}
        <input
          type="checkbox"
          checked={selected}
          aria-label={t('item.select', { title })}
          onChange={(e) => onSelect(e.target.checked)}
        />
        <button type="button" className="link runs-title" onClick={() => void actions.openRun(run.runId)}>
          {title}
        </button>
        {run.parent && (
          <span
            className="badge"
            title={t('item.forkTitle', { parent: parentTitle ?? run.parent.runId, events: run.parent.eventCount })}
          >
            {t('item.fork')}
          </span>
        )}
        {facts ? (
          <span className={`badge ${toneOf(facts.outcome)}`} data-testid="run-outcome">
            {t(`outcome.${facts.outcome}`)}
          </span>
        ) : (
          !run.finished && <span className="badge badge-accent">{t('outcome.open')}</span>
        )}
      </div>
      <p className="runs-facts muted small" data-testid="run-facts">
        <span title={t('item.createdTitle')} data-testid="run-created">
          {format.dateTime(run.createdAt)}
        </span>
        {scenario !== null && <span data-testid="run-scenario">{t('item.scenario', { scenario })}</span>}
        {facts?.runtime && <span data-testid="run-runtime">{runtimeLabelText(runtimesT, facts.runtime)}</span>}
        {facts && <span data-testid="run-model-calls">{t('item.modelCalls', { count: facts.modelCalls })}</span>}
      </p>
      <div className="runs-item-actions">
        {run.parent && parentTitle !== undefined && (
          <button
            type="button"
            className="button button-quiet"
            aria-label={t('item.compareWithParentOf', { title })}
            onClick={() => void runFileActions.compare(run.parent!.runId, run.runId)}
          >
            {t('item.compareWithParent')}
          </button>
        )}
        <button
          type="button"
          className="button button-quiet"
          aria-label={t('item.deleteOf', { title })}
          onClick={() => void actions.removeRun(run.runId)}
        >
          {t('item.delete')}
        </button>
      </div>
    </li>
  );
}

/** The badge class of an outcome: an answer, a stop a person (or a guard) made, an error, still open. */
function toneOf(outcome: RunOutcome): string {
  switch (outcome) {
    case 'final-answer':
    case 'return-direct':
      return 'runs-outcome-ok';
    case 'stopped':
    case 'aborted':
    case 'max-rounds':
    case 'loop-guard':
      return 'badge-warn';
    case 'refused':
    case 'truncated':
    case 'tool-error':
    case 'runtime-error':
    case 'validation-failed':
      return 'badge-error';
    case 'open':
      return 'badge-accent';
    default:
      return assertNever(outcome);
  }
}

/** A worded notice's segments; a parser's own detail is marked English. */
function Segments({ segments }: { readonly segments: readonly NoticeSegment[] }) {
  return (
    <>
      {segments.map((segment, i) =>
        segment.lang ? (
          <span key={i} lang={segment.lang} className="notice-detail">
            {segment.text}
          </span>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
