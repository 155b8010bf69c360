/** The inspector's Advisors tab: the advisors view on the playground's events (its own chunk, loaded on first use). */
import { AdvisorsView } from '../advisors/advisors-view';
import { selectAdvisorConfig, selectEvents, selectLoopControl, selectScenarioId } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';

export function AdvisorsTab() {
  const { actions } = usePlaygroundApi();
  const config = usePlayground(selectAdvisorConfig);
  const events = usePlayground(selectEvents);
  const loopControl = usePlayground(selectLoopControl);
  const scenarioId = usePlayground(selectScenarioId);
  const first = events[0];
  // The comparison belongs to this scenario and this run (advisors-view.tsx drops it when either changes).
  const runKey = `${scenarioId ?? ''}:${first?.type === 'run-started' ? first.runId : 'none'}`;
  return (
    <AdvisorsView
      config={config}
      onConfigure={actions.configureAdvisors}
      events={events}
      loopControl={loopControl}
      onLoopControlChange={actions.setLoopControl}
      comparisonSource={actions.comparisonSource}
      runKey={runKey}
    />
  );
}
