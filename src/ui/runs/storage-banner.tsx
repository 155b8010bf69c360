/**
 * Storage problems, announced in the main view (not only in the Runs tab): storage this page cannot use (a blocked
 * open, an upgrade in another tab, a closed or unavailable database — the app runs without saving), a full disk,
 * saved data that could not be read, and runs set aside as damaged.
 */
import type { TFunction } from 'i18next';
import { assertNever } from '../../engine';
import { useT } from '../../i18n';
import type { StorageStatus } from '../../store/damaged-runs';
import { selectDamagedRuns, selectStorageProblems, selectStorageStatus } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { DAMAGED_RUNS_HEADING_ID } from './damaged-runs';
import './storage.css';

export function StorageBanner() {
  const { t } = useT('storage');
  const { actions } = usePlaygroundApi();
  const status = usePlayground(selectStorageStatus);
  const damaged = usePlayground(selectDamagedRuns);
  const problems = usePlayground(selectStorageProblems);
  if (status.kind === 'ok' && damaged.length === 0 && problems.length === 0) return null;
  const showDamaged = () => {
    actions.setInspectorTab('runs');
    // The Runs tab renders on the next frame; then its "Damaged runs" heading takes the focus.
    requestAnimationFrame(() => document.getElementById(DAMAGED_RUNS_HEADING_ID)?.focus());
  };
  return (
    <div className="storage-banner" data-testid="storage-banner">
      {status.kind !== 'ok' && (
        <div className="notice notice-error" role="alert" data-testid="storage-status" data-kind={status.kind}>
          <span>{statusText(t, status)}</span>
          {(status.kind === 'replaced' || status.kind === 'closed') && (
            <button type="button" className="button" onClick={() => location.reload()}>
              {t('banner.reload')}
            </button>
          )}
        </div>
      )}
      {problems.length > 0 && (
        <div className="notice notice-error" role="alert" data-testid="storage-problems">
          <span>
            {t('banner.problems')}{' '}
            {problems.map((p) => (
              <span key={p} className="storage-problem">
                {p}{' '}
              </span>
            ))}
          </span>
        </div>
      )}
      {damaged.length > 0 && (
        <div className="notice notice-error" role="status" data-testid="storage-damaged">
          <span>{t('banner.damaged', { count: damaged.length })}</span>
          <button type="button" className="button" onClick={showDamaged}>
            {t('banner.showDamaged')}
          </button>
        </div>
      )}
    </div>
  );
}

function statusText(t: TFunction<'storage'>, status: Exclude<StorageStatus, { kind: 'ok' }>): string {
  switch (status.kind) {
    case 'blocked':
      return t('banner.blocked');
    case 'replaced':
      return t('banner.replaced');
    case 'closed':
      return t('banner.closed');
    case 'unavailable':
      return t('banner.unavailable', { detail: status.detail });
    case 'full':
      return t('banner.full', { detail: status.detail });
    default:
      return assertNever(status);
  }
}
