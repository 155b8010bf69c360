/** "You are the model": the learner writes each assistant turn. Its composer opens in the Loop panel. */
import { createHumanRuntime } from '../../engine';
import { useT } from '../../i18n';
import type { RuntimeProvider } from '../provider';
import { HumanComposer } from './human-composer';

export function createHumanProvider(now: () => number): RuntimeProvider {
  const runtime = createHumanRuntime({ now });
  return {
    kind: 'human',
    label: 'You are the model',
    requirement: 'Nothing: you write each assistant turn (text and/or tool calls, and the finish reason).',
    Panel: HumanPanel,
    Composer: () => <HumanComposer runtime={runtime} />,
    getRuntime: () => ({ runtime }),
    subscribe: () => () => {},
  };
}

function HumanPanel() {
  const { t } = useT('human');
  return <p className="runtime-note">{t('panel')}</p>;
}
