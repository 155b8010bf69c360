/**
 * The Runs tab: the runs of this browser as a tree (a fork under the run it branched from), export and import
 * of run files, the transcript export, the trust prompt for imported tool code, and the side-by-side compare.
 */
import type { ChangeEvent } from 'react';
import { useMemo, useRef, useState } from 'react';
import { buildRunTree, flattenTree } from '../../engine/run-file';
import type { RunSummary } from '../../store/playground';
import {
  selectRunFiles,
  selectRunId,
  selectRunList,
  selectRunTools,
  selectStorageProblems,
} from '../../store/selectors';
import { Notice } from '../notice';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { CompareDialog } from './compare-view';
import { downloadText } from '../download';
import { TrustPrompt } from './trust-prompt';
import { DamagedRuns } from './damaged-runs';
import './runs.css';

export function RunsPanel() {
  const { runFiles: runFileActions } = usePlaygroundApi();
  const runs = usePlayground(selectRunList);
  const activeId = usePlayground(selectRunId);
  const problems = usePlayground(selectStorageProblems);
  const { notice, warnings } = usePlayground(selectRunFiles);
  const runTools = usePlayground(selectRunTools);
  const [includeCode, setIncludeCode] = useState(false);
  const [selected, setSelected] = useState<readonly string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const nodes = useMemo(() => flattenTree(buildRunTree(runs)), [runs]);
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
      runFileActions.say({ kind: 'error', text: `Could not read ${file.name}.` });
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
      <div className="runs-row" role="group" aria-label="Run files">
        <button type="button" className="button" disabled={!activeId} onClick={() => void exportRun()}>
          Export run
        </button>
        <button type="button" className="button" disabled={!activeId} onClick={() => void exportTranscript()}>
          Export transcript
        </button>
        <button type="button" className="button" onClick={() => fileInput.current?.click()}>
          Import run…
        </button>
        <input
          ref={fileInput}
          className="visually-hidden"
          type="file"
          accept=".json,application/json"
          aria-label="Import run file"
          tabIndex={-1}
          onChange={(e) => void onFile(e)}
        />
      </div>
      <label className="checkbox small">
        <input type="checkbox" checked={includeCode} onChange={(e) => setIncludeCode(e.target.checked)} />
        Include my tools’ code in the export{usesUserTools ? '' : ' (this run uses none)'}
      </label>
      <p className="muted small">
        A run file holds the event log, the tools’ definitions, the runtime and the settings: it replays anywhere with
        no GPU. The transcript export is the OpenAI chat-completions <code>messages</code> and <code>tools</code>.
      </p>

      {notice && (
        <Notice
          notice={notice}
          onDismiss={() => runFileActions.clearNotice()}
          dismissLabel="Dismiss run file message"
          testId="runs-notice"
        />
      )}
      {warnings.map((w) => (
        <p key={w} className="notice notice-error" role="alert" data-testid="runs-warning">
          {w}
        </p>
      ))}
      {problems.map((p) => (
        <p key={p} className="notice notice-error" role="alert">
          {p}
        </p>
      ))}
      <TrustPrompt />
      <DamagedRuns />

      {runs.length === 0 && <p className="muted">Runs are kept in this browser (IndexedDB) and survive a reload.</p>}
      {runs.length > 0 && (
        <>
          <div className="runs-row">
            <button
              type="button"
              className="button"
              disabled={selected.length !== 2}
              onClick={() => void runFileActions.compare(selected[0]!, selected[1]!)}
            >
              Compare selected ({selected.length}/2)
            </button>
          </div>
          <ul className="run-list runs-tree" aria-label="Runs (forks under their parent)">
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
  const { actions, runFiles: runFileActions } = usePlaygroundApi();
  const title = run.title || run.runId;
  return (
    <li
      className={`runs-item${current ? ' run-current' : ''}`}
      style={{ paddingLeft: `${depth * 1.1}rem` }}
      data-depth={depth}
      data-testid={`run-${run.runId}`}
      aria-current={current ? 'true' : undefined}
    >
      {depth > 0 && (
        <span className="runs-branch" aria-hidden="true">
          ↳
        </span>
      )}
      <input
        type="checkbox"
        checked={selected}
        aria-label={`Select ${title} for comparison`}
        onChange={(e) => onSelect(e.target.checked)}
      />
      <button type="button" className="link runs-title" onClick={() => void actions.openRun(run.runId)}>
        {title}
      </button>
      {run.parent && (
        <span
          className="badge"
          title={`Forked from ${parentTitle ?? run.parent.runId}, keeping ${run.parent.eventCount} events`}
        >
          fork
        </span>
      )}
      {!run.finished && <span className="badge badge-accent">open</span>}
      <span className="muted small"> {new Date(run.updatedAt).toLocaleString()}</span>
      {run.parent && parentTitle !== undefined && (
        <button
          type="button"
          className="button button-quiet"
          aria-label={`Compare ${title} with its parent`}
          onClick={() => void runFileActions.compare(run.parent!.runId, run.runId)}
        >
          Compare with parent
        </button>
      )}
      <button
        type="button"
        className="button button-quiet"
        aria-label={`Delete run ${title}`}
        onClick={() => void actions.removeRun(run.runId)}
      >
        Delete
      </button>
    </li>
  );
}
