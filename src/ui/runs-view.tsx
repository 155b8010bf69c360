/** The runs stored in this browser; open one to see it again, delete one you no longer need. */
import { actions, useAppStore } from '../store/app-store';

export function RunsView() {
  const runs = useAppStore((s) => s.runs);
  const activeId = useAppStore((s) => s.loop.runId);
  const problems = useAppStore((s) => s.storageProblems);
  return (
    <div>
      {problems.map((p) => (
        <p key={p} className="notice notice-error" role="alert">
          {p}
        </p>
      ))}
      {runs.length === 0 && <p className="muted">Runs are kept in this browser (IndexedDB) and survive a reload.</p>}
      <ul className="run-list">
        {runs.map((run) => (
          <li key={run.runId} className={run.runId === activeId ? 'run-current' : undefined}>
            <button type="button" className="link" onClick={() => void actions.openRun(run.runId)}>
              {run.title || run.runId}
            </button>
            <span className="muted small"> {new Date(run.updatedAt).toLocaleString()}</span>
            {run.parent && <span className="badge">fork</span>}
            <button
              type="button"
              className="button button-quiet"
              aria-label={`Delete run ${run.title || run.runId}`}
              onClick={() => void actions.removeRun(run.runId)}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
