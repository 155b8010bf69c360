/** "You are the model": the learner writes each assistant turn. The composer lives in the Loop panel. */
import { createHumanRuntime } from '../../engine/runtimes/human';
import type { RuntimeProvider } from '../provider';

export const humanRuntime = createHumanRuntime({ now: () => performance.now() });

export const humanProvider: RuntimeProvider = {
  kind: 'human',
  label: 'You are the model',
  requirement: 'Nothing: you write each assistant turn (text and/or tool calls, and the finish reason).',
  Panel: HumanPanel,
  getRuntime: () => ({ runtime: humanRuntime }),
  subscribe: () => () => {},
};

function HumanPanel() {
  return (
    <p className="runtime-note">
      You play the model. When the loop calls the model, a composer opens under the transcript: write text, add tool
      calls with ids and JSON arguments, and pick the finish reason. Your turn is rendered to raw text through the same
      protocol a real model uses, and the harness parses it.
    </p>
  );
}
