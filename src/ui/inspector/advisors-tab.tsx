/** The inspector's Advisors tab: the advisors view on the playground's events (its own chunk, loaded on first use). */
import { AdvisorsView } from '../advisors/advisors-view';
import { selectEvents, selectLoopControl } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';

export function AdvisorsTab() {
  const { actions, advisors } = usePlaygroundApi();
  const events = usePlayground(selectEvents);
  const loopControl = usePlayground(selectLoopControl);
  return (
    <AdvisorsView
      host={advisors}
      events={events}
      loopControl={loopControl}
      onLoopControlChange={actions.setLoopControl}
      comparisonSource={actions.comparisonSource}
    />
  );
}
