/** "You are the model": the learner writes each assistant turn. Its composer opens in the Loop panel. */
import { createHumanRuntime } from '../../engine/runtimes/human';
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
  return (
    <p className="runtime-note">
      You play the model. When the loop calls the model, a composer opens under the transcript: write text, add tool
      calls with ids and JSON arguments, and pick the finish reason. Your turn is rendered to raw text through the same
      protocol a real model uses, and the harness parses it.
    </p>
  );
}
