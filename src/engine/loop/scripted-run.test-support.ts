/** A manual loop on a preset scenario with the scripted replay and a fake clock, for the loop's unit tests. */
import { createPresetTools } from '../presets';
import { createScriptedRuntime } from '../model-port/scripted';
import type { Scenario } from '../scenarios';
import { toolsForScenario } from '../scenarios';
import { createFakeClock } from '../test-support';
import { LoopController } from './controller';
import type { LoopEvent, LoopSettings } from './events';
import { DEFAULT_SETTINGS } from './events';

/** Starts a run of `scenario` and sends its user message: the run is at `prompt`. */
export function scriptedRun(scenario: Scenario, settings: Partial<LoopSettings> = {}): LoopController {
  const clock = createFakeClock();
  const runtime = createScriptedRuntime({
    script: scenario.script,
    tokensPerSecond: 50,
    now: clock.now,
    sleep: clock.sleep,
  });
  const controller = new LoopController({ runtime: () => runtime, now: clock.now, newRunId: () => 'run_1' });
  const started = controller.startRun({
    system: scenario.system,
    tools: toolsForScenario(scenario, createPresetTools()),
    settings: { ...DEFAULT_SETTINGS, ...scenario.settings, ...settings },
    scenarioId: scenario.id,
  });
  if (!started.ok) throw new Error(started.error);
  const sent = controller.send(scenario.user);
  if (!sent.ok) throw new Error(sent.error);
  return controller;
}

/** The events of one kind, typed. */
export const eventsOf = <T extends LoopEvent['type']>(events: readonly LoopEvent[], type: T) =>
  events.filter((e): e is Extract<LoopEvent, { type: T }> => e.type === type);
