/**
 * "Damaged runs" in the Runs tab: stored runs that failed the deep check on read (src/persistence/run-check.ts).
 * Each is listed with its reason, can be exported as its raw records and deleted; none is ever opened.
 */
import { useState } from 'react';
import { useT } from '../../i18n';
import type { DamagedRun } from '../../store/damaged-runs';
import { selectDamagedRuns } from '../../store/selectors';
import { downloadText } from '../download';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { damageText } from './damage-text';

/** The id of the section's heading: the main view's "Show damaged runs" moves focus there. */
export const DAMAGED_RUNS_HEADING_ID = 'damaged-runs-heading';

export function DamagedRuns() {
  const { t } = useT('storage');
  const damaged = usePlayground(selectDamagedRuns);
  if (damaged.length === 0) return null;
  return (
    <section className="damaged-runs" aria-labelledby={DAMAGED_RUNS_HEADING_ID} data-testid="damaged-runs">
      <h3 id={DAMAGED_RUNS_HEADING_ID} tabIndex={-1}>
        {t('damaged.title')}
      </h3>
      <p className="muted small">{t('damaged.intro')}</p>
      <ul className="run-list">
        {damaged.map((run) => (
          <DamagedItem key={run.runId} run={run} />
        ))}
      </ul>
    </section>
  );
}

function DamagedItem({ run }: { readonly run: DamagedRun }) {
  const { t } = useT('storage');
  const { actions } = usePlaygroundApi();
  const [problem, setProblem] = useState<string | null>(null);
  const title = run.title || run.runId;
  const exportRaw = async () => {
    const file = await actions.exportDamagedRun(run.runId);
    if (file.ok) {
      setProblem(null);
      downloadText(file.value.fileName, file.value.text);
    } else setProblem(t('damaged.exportFailed', { detail: file.error }));
  };
  const remove = async () => {
    const done = await actions.deleteDamagedRun(run.runId);
    if (!done.ok) setProblem(done.error);
  };
  return (
    <li className="damaged-run" data-testid={`damaged-${run.runId}`}>
      <div className="damaged-run-head">
        <strong>{run.title ?? t('damaged.untitled')}</strong> <code className="muted small">{run.runId}</code>
      </div>
      <p className="small" data-testid="damage-reason">
        {damageText(t, run.damage)}
      </p>
      <div className="runs-row">
        <button
          type="button"
          className="button"
          aria-label={t('damaged.exportLabel', { title })}
          onClick={() => void exportRaw()}
        >
          {t('damaged.export')}
        </button>
        <button
          type="button"
          className="button button-quiet"
          aria-label={t('damaged.deleteLabel', { title })}
          onClick={() => void remove()}
        >
          {t('damaged.delete')}
        </button>
      </div>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
    </li>
  );
}
