/**
 * A long run for the benches and the long-transcript e2e spec: the scripted replay answers every model call with
 * one `echo` call, so the max-rounds guard ends the run after `rounds` calls (3 transcript entries a round).
 * The real loop controller and the real scripted runtime, streaming instantly.
 */
import { z } from 'zod';
import type { ChatRuntime, LoopEvent, Script } from '../src/engine';
import {
  buildRunFile,
  createScriptedRuntime,
  DEFAULT_SETTINGS,
  defineTool,
  LoopController,
  renderToolCallBlock,
} from '../src/engine';

export const echo = defineTool({
  name: 'echo',
  description: 'Echoes its input.',
  schema: z.object({ text: z.string() }),
  execute: ({ text }) => text,
});

export interface LongRun {
  readonly events: readonly LoopEvent[];
  /** Wall time of each round (model call and tool call), in ms, in order. */
  readonly roundMs: readonly number[];
}

export interface LongRunOptions {
  /**
   * End with a final answer (one more model call) instead of the max-rounds guard, the guard set `headroom`
   * rounds further: the run can be continued with another user message (the browser bench does).
   */
  readonly finalAnswer?: { readonly headroom: number };
  /** The scenario the run belongs to (its script plays the next user message's turns when the run is continued). */
  readonly scenarioId?: string;
}

/**
 * Runs `rounds` rounds. `bare` swaps the scripted replay for a runtime that answers the same call at once with no
 * prompt trace: what is left is the engine's own cost (events, reducer, parsing, the tool call).
 */
export async function longRun(rounds: number, bare = false, options: LongRunOptions = {}): Promise<LongRun> {
  const script: Script = {
    steps: [
      ...Array.from({ length: rounds }, (_, i) => ({
        text: `Round ${i + 1}: echoing once more.`,
        toolCalls: [{ name: 'echo', arguments: { text: `round ${i + 1}` } }],
      })),
      ...(options.finalAnswer ? [{ text: `Done: ${rounds} echoes.` }] : []),
    ],
  };
  const maxRounds = options.finalAnswer ? rounds + 1 + options.finalAnswer.headroom : rounds;
  let clock = 0;
  const scripted = createScriptedRuntime({ script, tokensPerSecond: 0, sleep: async () => {}, now: () => clock++ });
  // A round is the time from one model call to the next (the call, its tool call, the events, the projections).
  const roundMs: number[] = [];
  let last: number | null = null;
  const runtime: ChatRuntime = {
    ...scripted,
    generate: (...args) => {
      const now = performance.now();
      if (last !== null) roundMs.push(now - last);
      last = now;
      if (!bare) return scripted.generate(...args);
      const round = args[0].round;
      return Promise.resolve({ raw: renderToolCallBlock('echo', { text: `round ${round}` }), finishReason: 'stop' });
    },
  };
  const controller = new LoopController({ runtime: () => runtime, now: () => clock, newRunId: () => 'long-run' });
  controller.startRun({
    system: 'You echo.',
    tools: [echo],
    settings: { ...DEFAULT_SETTINGS, maxRounds },
    ...(options.scenarioId ? { scenarioId: options.scenarioId } : {}),
  });
  controller.send('Echo until the guard stops you.');
  await controller.runToEnd();
  return { events: controller.getEvents(), roundMs };
}

/** The run file "Export run" writes for a long run. */
export function longRunFileText(events: readonly LoopEvent[]): string {
  const built = buildRunFile({ run: { runId: 'long-run', title: 'Long run', createdAt: 0, events }, now: 0 });
  if (!built.ok) throw new Error(built.error);
  return built.value.text;
}
