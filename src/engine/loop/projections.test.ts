import { describe, expect, it } from 'vitest';
import type { Message } from '../messages';
import { createPresetTools } from '../presets';
import { createScriptedRuntime } from '../model-port/scripted';
import { getScenario, toolsForScenario } from '../scenarios';
import { createFakeClock } from '../test-support';
import { LoopController } from './controller';
import { DEFAULT_SETTINGS } from './events';
import { messagesSentAt, transcript, turnTable, usageTotals } from './projections';
import { replay } from './state';
import { argumentChangesText } from './decisions';
import { scriptedRun } from './scripted-run.test-support';

const SEOUL = getScenario('seoul-time-math')!;

async function seoulRun(pause: boolean) {
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
    settings: { ...DEFAULT_SETTINGS, pauseBeforeTools: pause },
  });
  controller.send(SEOUL.user);
  return controller;
}

describe('projections of the event log', () => {
  it('the transcript lists every message in order with its stop reason and tool outcomes', async () => {
    const controller = await seoulRun(false);
    await controller.runToEnd();
    const entries = transcript(controller.getEvents());
    expect(entries.map((e) => e.kind)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'finished',
    ]);
    const tools = entries.filter((e) => e.kind === 'tool');
    expect(tools.map((t) => (t.kind === 'tool' ? t.message.toolCallId : ''))).toEqual(['call_1', 'call_2', 'call_3']);
    expect(tools.every((t) => t.kind === 'tool' && t.outcome?.disposition === 'executed')).toBe(true);
    const last = entries.at(-2);
    expect(last?.kind === 'assistant' && last.stop.derived).toBe('stop');
    // The transcript's messages are exactly the history the reducer rebuilds from the same log.
    const history = replay(controller.getEvents()).history;
    const fromTranscript = entries.flatMap((e): Message[] => {
      if (e.kind === 'assistant' || e.kind === 'tool') return [e.message];
      if (e.kind === 'system' || e.kind === 'user') return [{ role: e.kind, content: e.content }];
      return [];
    });
    expect(fromTranscript).toEqual(history);
  });

  it('the turn table has one row per model call: messages sent, response, stop reason, what the code did', async () => {
    const controller = await seoulRun(true);
    await controller.step();
    await controller.approve('call_1');
    await controller.deny('call_2', 'not now');
    await controller.step();
    await controller.runToEnd();
    while (controller.getState().phase === 'approve') await controller.approveAll();
    const rows = turnTable(controller.getEvents());
    expect(rows.map((r) => r.turn)).toEqual([1, 2]);
    expect(rows[0]!.messagesSent).toBe(2);
    expect(rows[0]!.toolNames).toEqual(['current_time', 'calculate']);
    expect(rows[0]!.stop).toMatchObject({ raw: 'stop', derived: 'tool_calls' });
    expect(rows[0]!.codeDid).toContain('paused for approval of 2 call(s)');
    expect(rows[0]!.codeDid).toContain('denied call_2');
    expect(rows[0]!.codeDid).toContain('calculate: denial sent');
    expect(rows[0]!.codeDid).toContain('appended 2 tool result(s)');
    expect(rows[1]!.messagesSent).toBe(5);
    expect(rows[1]!.codeDid).toContain('ended: final answer');
    // The same, as codes the page words: the first row's actions in order, the second row's end.
    expect(rows[0]!.actions.map((a) => a.kind)).toEqual(['paused', 'decided', 'outcome', 'outcome', 'appended']);
    expect(rows[0]!.actions[1]).toEqual({ kind: 'decided', callId: 'call_2', decision: 'deny' });
    expect(rows[0]!.actions[3]).toEqual({ kind: 'outcome', name: 'calculate', result: 'denied' });
    expect(rows[1]!.actions).toEqual([{ kind: 'ended', reason: 'final-answer' }]);
    expect(rows.map((r) => r.responseNote)).toEqual([null, null]);
  });

  it('a row notes an empty response and a failed call instead of quoting them', () => {
    const events = [
      { type: 'model-called', at: 0, round: 1, messageCount: 2, toolNames: [] },
      {
        type: 'model-responded',
        at: 1,
        round: 1,
        message: { role: 'assistant', content: '', toolCalls: [] },
        response: { raw: '', finishReason: 'stop' },
        stop: { raw: 'stop', derived: 'stop', anomalies: [] },
      },
      { type: 'model-called', at: 2, round: 2, messageCount: 2, toolNames: [] },
      { type: 'model-failed', at: 3, round: 2, error: 'The GPU device was lost.' },
    ] as unknown as Parameters<typeof turnTable>[0];
    const rows = turnTable(events);
    expect(rows.map((r) => [r.response, r.responseNote, r.error])).toEqual([
      ['(empty)', 'empty', undefined],
      ['error: The GPU device was lost.', 'failed', 'The GPU device was lost.'],
    ]);
  });

  it('usage totals add up the rounds and count calls per tool', async () => {
    const controller = await seoulRun(false);
    await controller.runToEnd();
    const totals = usageTotals(controller.getEvents());
    expect(totals.rounds).toBe(3);
    expect(totals.perRound).toHaveLength(3);
    expect(totals.promptTokens).toBe(totals.perRound.reduce((n, r) => n + r.promptTokens, 0));
    expect(totals.completionTokens).toBeGreaterThan(0);
    expect(totals.estimated).toBe(true);
    expect(totals.callsPerTool).toEqual({ current_time: 1, calculate: 2 });
  });

  it('messagesSentAt rebuilds the exact request of a round', async () => {
    const controller = await seoulRun(false);
    await controller.runToEnd();
    const events = controller.getEvents();
    expect(messagesSentAt(events, 1).map((m) => m.role)).toEqual(['system', 'user']);
    expect(messagesSentAt(events, 3).map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'tool',
    ]);
  });
});

describe('an edit outlives the pause (issue 28, item 5)', () => {
  it('the executed call keeps original → edited in the transcript and the turn table', async () => {
    const controller = scriptedRun(getScenario('seoul-time-math')!, { pauseBeforeTools: true });
    await controller.step();
    await controller.approve('call_1');
    await controller.editArguments('call_2', '{"operation": "multiply", "a": 128, "b": 8}');
    await controller.step();
    const events = controller.getEvents();
    const result = transcript(events).find((e) => e.kind === 'tool' && e.message.toolCallId === 'call_2');
    expect(result?.kind === 'tool' && result.edited).toEqual({
      before: '{"operation":"multiply","a":128,"b":7}',
      after: '{"operation": "multiply", "a": 128, "b": 8}',
    });
    expect(result?.kind === 'tool' && result.message.content).toBe('1024');
    const row = turnTable(events)[0]!;
    expect(row.actions).toContainEqual({ kind: 'decided', callId: 'call_2', decision: 'edit', changes: 'b: 7 → 8' });
    expect(row.codeDid).toContain('edited the arguments of call_2 (b: 7 → 8)');
  });

  it('says added and removed fields, and both texts when one is not an object', () => {
    expect(argumentChangesText('{"a": 1, "d": 5}', '{"a": 2, "c": 3}')).toBe('a: 1 → 2, d: 5 → ∅, c: ∅ → 3');
    expect(argumentChangesText('[1]', '{"a": 1}')).toBe('[1] → {"a": 1}');
  });
});
