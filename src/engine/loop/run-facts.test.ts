import { describe, expect, it } from 'vitest';
import { createPresetTools } from '../presets';
import { createScriptedRuntime } from '../model-port/scripted';
import { getScenario, toolsForScenario } from '../scenarios';
import { createFakeClock } from '../test-support';
import { LoopController } from './controller';
import { DEFAULT_SETTINGS } from './events';
import { runFacts } from './run-facts';

const SEOUL = getScenario('seoul-time-math')!;

function seoul() {
  const clock = createFakeClock();
  const runtime = createScriptedRuntime({
    script: SEOUL.script,
    tokensPerSecond: 50,
    now: clock.now,
    sleep: clock.sleep,
  });
  const controller = new LoopController({ runtime: () => runtime, now: clock.now, newRunId: () => 'run_1' });
  controller.startRun({
    system: SEOUL.system,
    tools: toolsForScenario(SEOUL, createPresetTools()),
    settings: { ...DEFAULT_SETTINGS },
  });
  return { controller, runtime };
}

describe('runFacts', () => {
  it('a run to the end: the runtime, three model calls, a final answer', async () => {
    const { controller, runtime } = seoul();
    controller.send(SEOUL.user);
    expect(runFacts(controller.getEvents())).toEqual({
      runtime: { kind: 'scripted', label: runtime.label },
      modelCalls: 0,
      outcome: 'open',
    });
    await controller.runToEnd();
    expect(runFacts(controller.getEvents())).toEqual({
      runtime: { kind: 'scripted', label: runtime.label },
      modelCalls: 3,
      outcome: 'final-answer',
    });
  });

  it('a new message reopens a finished run, and the last runtime that answered is the one named', async () => {
    const { controller } = seoul();
    controller.send(SEOUL.user);
    await controller.runToEnd();
    const events = [
      ...controller.getEvents(),
      { type: 'workspace-changed', at: 10, runtime: { kind: 'human', label: 'You are the model' } } as const,
      { type: 'user-message', at: 11, content: 'And tomorrow?' } as const,
    ];
    expect(runFacts(events)).toMatchObject({ runtime: { kind: 'human' }, outcome: 'open' });
  });
});
