/** "Fork here" for one turn of the turn table: a new branch that keeps the history up to that step. */
import { useT } from '../../i18n';
import { selectBusy } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';

export function ForkHereButton({ turn, hasTools }: { turn: number; hasTools: boolean }) {
  const { t } = useT('runs');
  const { runFiles: runFileActions } = usePlaygroundApi();
  const busy = usePlayground(selectBusy);
  const title = hasTools ? t('fork.titleTools', { turn }) : t('fork.titleModel', { turn });
  return (
    <button
      type="button"
      className="button button-quiet runs-fork"
      disabled={busy}
      title={title}
      aria-label={t('fork.label', { turn })}
      onClick={() => void runFileActions.forkRun(turn)}
    >
      {t('fork.button')}
    </button>
  );
}
