import { describe, expect, it } from 'vitest';
import { LoopController } from './controller';
import { DEFAULT_SETTINGS } from './events';
import { createPresetTools } from '../presets';
import { roundTimelines } from './round-timeline';
import { createHumanRuntime } from '../model-port/human';
import { createScriptedRuntime } from '../model-port/scripted';
import { getScenario, toolsForScenario } from '../scenarios';
import { createFakeClock } from '../test-support';

const SEOUL = getScenario('seoul-time-math')!;

describe('roundTimelines', () => {
  it('splits each model call into first token and decode, and shows the pause and each tool', async () => {
    const clock = createFakeClock();
    const runtime = createScriptedRuntime({
      script: SEOUL.script,
      tokensPerSecond: 50,
      prefillTokensPerSecond: 1000,
      now: clock.now,
      sleep: clock.sleep,
    });
    const controller = new LoopController({ runtime: () => runtime, now: clock.now, newRunId: () => 'run_1' });
    controller.startRun({
      system: SEOUL.system,
      tools: toolsForScenario(SEOUL, createPresetTools()),
      settings: { ...DEFAULT_SETTINGS, pauseBeforeTools: true },
    });
    controller.send(SEOUL.user);
    await controller.step(); // model call 1 → pause
    clock.advance(4_000); // the learner reads the calls for 4 s
    await controller.approveAll();
    clock.advance(1_000);
    await controller.step(); // execute
    const [first] = roundTimelines(controller.getEvents());
    expect(first!.round).toBe(1);
    expect(first!.runtime).toBe('scripted');
    const kinds = first!.spans.map((s) => s.kind);
    expect(kinds).toEqual(['first-token', 'decode', 'pause', 'tool', 'tool']);
    const [firstToken, decode, pause] = first!.spans;
    expect(firstToken!.ms).toBeGreaterThan(0);
    expect(decode!.startMs).toBe(firstToken!.ms);
    expect(pause!.startMs).toBe(firstToken!.ms + decode!.ms);
    expect(pause!.ms).toBe(5_000);
    const tools = first!.spans.filter((s) => s.kind === 'tool');
    expect(tools.map((t) => (t.kind === 'tool' ? t.name : ''))).toEqual(['current_time', 'calculate']);
    expect(tools.every((t) => t.startMs >= pause!.startMs + pause!.ms)).toBe(true);
    expect(first!.totalMs).toBeGreaterThanOrEqual(pause!.startMs + pause!.ms);
  });

  it('labels a turn a person wrote as authored, not as a model latency', async () => {
    const clock = createFakeClock();
    const human = createHumanRuntime({ now: clock.now });
    const controller = new LoopController({ runtime: () => human, now: clock.now, newRunId: () => 'run_h' });
    controller.startRun({
      system: 'Be brief.',
      tools: [],
      settings: DEFAULT_SETTINGS,
    });
    controller.send('Hi');
    const stepping = controller.step();
    await Promise.resolve();
    clock.advance(30_000); // typing
    expect(human.submit({ text: 'Hello.', toolCalls: [], finishReason: 'stop' }).ok).toBe(true);
    await stepping;
    const [round] = roundTimelines(controller.getEvents());
    expect(round!.runtime).toBe('human');
    expect(round!.spans).toEqual([{ kind: 'authored', startMs: 0, ms: 30_000 }]);
  });
});
