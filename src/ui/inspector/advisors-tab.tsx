/** The inspector's Advisors tab: the advisors view on the playground's events (its own chunk, loaded on first use). */
import { AdvisorsView } from '../advisors/advisors-view';
import { selectAdvisorConfig, selectEvents, selectLoopControl } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';

export function AdvisorsTab() {
  const { actions } = usePlaygroundApi();
  const config = usePlayground(selectAdvisorConfig);
  const events = usePlayground(selectEvents);
  const loopControl = usePlayground(selectLoopControl);
  return (
    <AdvisorsView
      config={config}
      onConfigure={actions.configureAdvisors}
      events={events}
      loopControl={loopControl}
      onLoopControlChange={actions.setLoopControl}
      comparisonSource={actions.comparisonSource}
    />
  );
}
