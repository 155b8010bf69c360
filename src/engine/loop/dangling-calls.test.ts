import { describe, expect, it } from 'vitest';
import type { Message } from '../messages';
import { getScenario } from '../scenarios';
import type { CommandResult } from './controller';
import type { LoopEvent } from './events';
import { danglingCalls, NOT_EXECUTED_TEXT } from './dangling-calls';
import { turnTable } from './projections';
import { replay } from './state';
import { eventsOf, refusalEnglish, scriptedRun } from './scripted-run.test-support';

const SEOUL = getScenario('seoul-time-math')!;
const ok = (result: CommandResult) => expect(result).toEqual({ ok: true });

/**
 * The rule the OpenAI API enforces: every assistant message with tool calls is followed by a result for each
 * call, before any other message. Returns the first break of it, or null.
 */
function unansweredBeforeNextMessage(history: readonly Message[]): string | null {
  for (const [i, message] of history.entries()) {
    if (message.role !== 'assistant' || message.toolCalls.length === 0) continue;
    const ids = new Set(message.toolCalls.map((c) => c.id));
    let j = i + 1;
    while (j < history.length && history[j]!.role === 'tool') {
      ids.delete((history[j] as Extract<Message, { role: 'tool' }>).toolCallId);
      j += 1;
    }
    if (ids.size > 0 && j < history.length) return `${[...ids].join(', ')} unanswered before a ${history[j]!.role}`;
  }
  return null;
}

/** Seoul with the pause on, stopped at the pause of turn 1: call_1 and call_2 never got a result. */
async function stoppedAtPause() {
  const controller = scriptedRun(SEOUL, { pauseBeforeTools: true });
  ok(await controller.step());
  ok(await controller.approve('call_1'));
  ok(controller.stop());
  expect(controller.getState().finished?.reason).toBe('stopped');
  return controller;
}

describe('tool calls a run left unanswered, before a new user message', () => {
  it('are found after a stop at a pause, and a plain Send is refused with the API rule', async () => {
    const controller = await stoppedAtPause();
    const dangling = danglingCalls(controller.getEvents());
    expect(dangling?.round).toBe(1);
    expect(dangling?.calls.map((c) => c.id)).toEqual(['call_1', 'call_2']);
    const refused = controller.send('Only the time, please.');
    expect(refusalEnglish(refused)).toContain('must be followed by tool messages');
    expect(controller.getState().phase).toBe('done');
  });

  it('"not executed": each call is answered with an error result, then the message follows', async () => {
    const controller = await stoppedAtPause();
    ok(controller.send('Only the time, please.', 'not-executed'));
    const history = controller.getState().history;
    expect(history.slice(-3)).toEqual([
      { role: 'tool', toolCallId: 'call_1', name: 'current_time', content: NOT_EXECUTED_TEXT, isError: true },
      { role: 'tool', toolCallId: 'call_2', name: 'calculate', content: NOT_EXECUTED_TEXT, isError: true },
      { role: 'user', content: 'Only the time, please.' },
    ]);
    expect(unansweredBeforeNextMessage(history)).toBeNull();
    expect(danglingCalls(controller.getEvents())).toBeNull();
    expect(controller.getState().phase).toBe('prompt');
    // The next request carries the closed calls: the model is called again with a valid history.
    ok(await controller.step());
    expect(eventsOf(controller.getEvents(), 'model-called').at(-1)?.messageCount).toBe(history.length);
  });

  it('"decide them now": the calls wait at a pause again, and the message follows once they ran', async () => {
    const controller = await stoppedAtPause();
    ok(controller.send('And in Tokyo?', 'decide'));
    let state = controller.getState();
    expect(state.phase).toBe('approve');
    expect(state.finished).toBeNull();
    expect(state.pending?.awaiting).toEqual(['call_1', 'call_2']);
    expect(state.pending?.userMessageAfter).toBe('And in Tokyo?');
    // Nothing was added to the history yet.
    expect(state.history.at(-1)?.role).toBe('assistant');
    ok(await controller.approve('call_1'));
    ok(await controller.deny('call_2', 'skip the sum'));
    ok(await controller.step());
    state = controller.getState();
    expect(state.phase).toBe('prompt');
    expect(state.history.slice(-3).map((m) => [m.role, m.role === 'tool' ? m.isError : null])).toEqual([
      ['tool', false],
      ['tool', true],
      ['user', null],
    ]);
    expect(unansweredBeforeNextMessage(state.history)).toBeNull();
    // The log replays to the same state, and the turn table says what happened.
    expect(replay(controller.getEvents())).toEqual(state);
    expect(turnTable(controller.getEvents())[0]!.actions).toContainEqual({ kind: 'reopened', count: 2 });
  });

  it('a call that ran before the loop stopped keeps its real result; only the others are "not executed"', async () => {
    // tool-error with "stop the loop": reserve_inventory throws, calculate never runs.
    const controller = scriptedRun(getScenario('tool-error')!, { exceptionMode: 'stop-loop' });
    await controller.runToEnd();
    expect(controller.getState().finished?.reason).toBe('tool-error');
    const dangling = danglingCalls(controller.getEvents())!;
    expect(Object.keys(dangling.outcomes)).toEqual(['call_1']);
    ok(controller.send('Try SKU-100 instead.', 'not-executed'));
    const results = controller.getState().history.slice(-3, -1);
    expect(results.map((m) => (m.role === 'tool' ? [m.toolCallId, m.content] : m.role))).toEqual([
      ['call_1', expect.stringContaining('reserve_inventory failed')],
      ['call_2', NOT_EXECUTED_TEXT],
    ]);
  });

  it('"decide" reopens only the calls that never ran; the one that ran is answered with its result at once', async () => {
    const controller = scriptedRun(getScenario('tool-error')!, { exceptionMode: 'stop-loop' });
    await controller.runToEnd();
    ok(controller.send('Try SKU-100 instead.', 'decide'));
    const state = controller.getState();
    expect(state.pending?.awaiting).toEqual(['call_2']);
    expect(state.history.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'call_1', isError: true });
  });

  it('a stop at a reopened pause leaves them unanswered again: the next Send asks again', async () => {
    const controller = await stoppedAtPause();
    ok(controller.send('And in Tokyo?', 'decide'));
    ok(controller.stop());
    expect(danglingCalls(controller.getEvents())?.calls.map((c) => c.id)).toEqual(['call_1', 'call_2']);
    expect(controller.send('And in Tokyo?')).toMatchObject({ ok: false });
  });

  it('a run that ended with every call answered sends the message at once', async () => {
    const controller = scriptedRun(SEOUL);
    await controller.runToEnd();
    expect(danglingCalls(controller.getEvents())).toBeNull();
    ok(controller.send('Thanks!'));
    expect(controller.getState().history.at(-1)).toEqual({ role: 'user', content: 'Thanks!' });
  });
});

describe('the turn table', () => {
  it('counts the tools a request really carried: the runtime’s `toolsSent`, else the offered tools', async () => {
    const controller = scriptedRun(SEOUL);
    ok(await controller.step());
    const events = controller.getEvents();
    expect(turnTable(events)[0]!.toolNames).toEqual(['current_time', 'calculate']);
    // A runtime whose format carries no tools reports it sent none.
    const carriedNone = events.map((e): LoopEvent =>
      e.type === 'model-responded'
        ? { ...e, response: { ...e.response, trace: { requestJson: null, ...e.response.trace, toolsSent: [] } } }
        : e,
    );
    expect(turnTable(carriedNone)[0]!.toolNames).toEqual([]);
  });
});
