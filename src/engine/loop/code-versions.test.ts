/**
 * Tool code saved mid-run (issue 28, item 4): each execution of a user tool records the version of its code, a
 * saved edit runs from the tool's next execution (not from the next run), and the pause can say so beforehand.
 * The tools run in the real sandbox (QuickJS on a Node worker thread); "you are the model" writes the calls.
 */
import { describe, expect, it } from 'vitest';
import { nodeSandbox } from '../../sandbox/node-spawner.test-support';
import { createHumanRuntime } from '../model-port/human';
import type { HumanRuntime } from '../model-port/human';
import { ok } from '../result';
import { createFakeClock } from '../test-support';
import type { Tool } from '../tool';
import { newUserToolSpec } from '../user-tools/spec';
import type { UserToolSpec } from '../user-tools/spec';
import { specToTool } from '../user-tools/to-tool';
import { codeDigest, codeVersionsByCall, nextCodeVersion, pendingCodeChange } from './code-versions';
import { LoopController } from './controller';
import { DEFAULT_SETTINGS } from './events';
import { transcript } from './projections';
import { forkEvents } from '../run-file/fork';
import { checkEvent } from '../run-file/event-schema';

const sandbox = nodeSandbox();
const V1 = 'const { a, b } = args;\nreturn a + b;\n';
const V2 = 'const { a, b } = args;\nreturn a * b;\n';

/** The app in miniature: the studio's saved spec is what the workspace's tools are built from, at every pull. */
function setup() {
  const clock = createFakeClock();
  const human = createHumanRuntime({ now: clock.now });
  let spec: UserToolSpec = { ...newUserToolSpec('t1', 'combine', 0), code: V1 };
  const tools = (): Tool[] => {
    const tool = specToTool(spec, sandbox);
    if (!tool.ok) throw new Error(tool.error);
    return [tool.value];
  };
  const controller = new LoopController({
    runtime: () => human,
    now: clock.now,
    newRunId: () => 'run',
    workspace: { snapshot: () => ({ runtime: human, tools: ok(tools()) }) },
  });
  controller.startRun({ system: 's', tools: tools(), settings: { ...DEFAULT_SETTINGS, pauseBeforeTools: true } });
  controller.send('Combine 2 and 3, then 4 and 5.');
  return { human, controller, save: (code: string) => (spec = { ...spec, code }), code: () => spec.code };
}

/** One model call answered with one call of `combine`, left at the pause. */
async function callTool(human: HumanRuntime, controller: LoopController, id: string, a: number, b: number) {
  const stepped = controller.step();
  await Promise.resolve();
  human.submit({
    text: '',
    toolCalls: [{ id, name: 'combine', argumentsText: JSON.stringify({ a, b }) }],
    finishReason: 'tool_calls',
  });
  await stepped;
  expect(controller.getState().phase).toBe('approve');
}

function resultOf(controller: LoopController, id: string): string | undefined {
  const entry = transcript(controller.getEvents()).find((e) => e.kind === 'tool' && e.message.toolCallId === id);
  return entry?.kind === 'tool' ? entry.message.content : undefined;
}

describe('tool code versions in a run', () => {
  it('a code edit saved mid-run runs from the next execution, and every result records the version it ran', async () => {
    const { human, controller, save } = setup();
    await callTool(human, controller, 'call_1', 2, 3);
    // Nothing ran yet in this run: no version to compare with, so no note.
    expect(pendingCodeChange(controller.getEvents(), 'combine', V1)).toBeNull();
    await controller.approve('call_1');
    await controller.step();
    expect(resultOf(controller, 'call_1')).toBe('5');

    await callTool(human, controller, 'call_2', 4, 5);
    expect(pendingCodeChange(controller.getEvents(), 'combine', V1)).toBeNull();
    // Saved at the pause: the card can say so before the call runs …
    save(V2);
    expect(pendingCodeChange(controller.getEvents(), 'combine', V2)).toEqual({ version: 2, digest: codeDigest(V2) });
    await controller.approve('call_2');
    await controller.step();
    // … and the call runs the saved code, not the code the run started with.
    expect(resultOf(controller, 'call_2')).toBe('20');
    expect(pendingCodeChange(controller.getEvents(), 'combine', V2)).toBeNull();

    const versions = codeVersionsByCall(controller.getEvents());
    expect(versions.get('call_1')).toEqual({ version: 1, digest: codeDigest(V1) });
    expect(versions.get('call_2')).toEqual({ version: 2, digest: codeDigest(V2) });
    const entries = transcript(controller.getEvents());
    const codes = entries.flatMap((e) => (e.kind === 'tool' ? [[e.message.toolCallId, e.code?.version]] : []));
    expect(codes).toEqual([
      ['call_1', 1],
      ['call_2', 2],
    ]);

    // Saving the first text again is a new version of the run (v3), not a return to v1: it is what happened.
    await callTool(human, controller, 'call_3', 1, 1);
    save(V1);
    expect(pendingCodeChange(controller.getEvents(), 'combine', V1)?.version).toBe(3);
    await controller.approve('call_3');
    await controller.step();
    expect(resultOf(controller, 'call_3')).toBe('2');
    expect(codeVersionsByCall(controller.getEvents()).get('call_3')?.version).toBe(3);
  }, 30_000);

  it('the versions live in the log: a fork keeps them and the run file’s schema carries them', async () => {
    const { human, controller, save } = setup();
    await callTool(human, controller, 'call_1', 2, 3);
    await controller.approve('call_1');
    await controller.step();
    await callTool(human, controller, 'call_2', 4, 5);
    save(V2);
    await controller.approve('call_2');
    await controller.step();
    const events = controller.getEvents();
    const started = events.filter((e) => e.type === 'call-started');
    for (const [index, event] of started.entries()) {
      const checked = checkEvent(JSON.parse(JSON.stringify(event)), index);
      expect(checked.ok && checked.value).toEqual(event);
    }
    // Forked after the second call's results: the fork's log says which code each of its calls ran.
    const fork = forkEvents(events, 2, { point: 'after-results', newRunId: 'fork', now: 0 });
    expect(fork.ok && codeVersionsByCall(fork.value.events).get('call_2')?.version).toBe(2);
  }, 30_000);

  it('the same text is the same version; a preset (no code) records none', () => {
    expect(nextCodeVersion([], 'combine', V1)).toEqual({ version: 1, digest: codeDigest(V1) });
    expect(codeDigest(V1)).toMatch(/^[0-9a-f]{8}$/);
    expect(codeDigest(V1)).not.toBe(codeDigest(V2));
  });
});
