/**
 * The label of the model's answer while it is on its way: "streaming…" for a model, and — when a person plays the
 * model — that the app is waiting for them to write it (nothing streams, and the wait is not a model latency).
 */
import { useT } from '../../i18n';
import { selectRuntimeKind } from '../../store/selectors';
import { usePlayground } from '../playground-context';

export function StreamingLabel() {
  const { t } = useT('human');
  const kind = usePlayground(selectRuntimeKind);
  return (
    <span className="muted" data-testid="streaming-label">
      {kind === 'human' ? t('waiting') : t('streaming')}
    </span>
  );
}
