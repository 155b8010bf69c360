/** "Fork here" for one turn of the turn table: a new branch that keeps the history up to that step. */
import { selectBusy } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';

export function ForkHereButton({ turn, hasTools }: { turn: number; hasTools: boolean }) {
  const { runFiles: runFileActions } = usePlaygroundApi();
  const busy = usePlayground(selectBusy);
  const title = hasTools
    ? `New branch with the history up to turn ${turn}'s response, paused before its tools run (change a result, then continue)`
    : `New branch with the history up to turn ${turn}'s model call (the model answers again)`;
  return (
    <button
      type="button"
      className="button button-quiet runs-fork"
      disabled={busy}
      title={title}
      aria-label={`Fork here at turn ${turn}`}
      onClick={() => void runFileActions.forkRun(turn)}
    >
      Fork here
    </button>
  );
}
