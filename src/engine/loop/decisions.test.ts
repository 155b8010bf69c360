import { describe, expect, it } from 'vitest';
import type { AssistantMessage, ToolMessage } from '../messages';
import { getScenario } from '../scenarios';
import type { CommandResult } from './controller';
import { argumentsDiff, decisionsOf, isDecidable, nextToApprove } from './decisions';
import { rewriteCalls } from './history-rewrite';
import { messagesSentAt } from './projections';
import { replay } from './state';
import { eventsOf, scriptedRun } from './scripted-run.test-support';
import type { LoopEvent } from './events';
import { withFullTraces } from './prompt-trace';

/** The prompt text of the `n`-th model response (0-based), its trace read in full. */
const promptOf = (events: readonly LoopEvent[], n: number): string => {
  const responses = withFullTraces(events).filter((e) => e.type === 'model-responded');
  const response = responses[n];
  return response?.type === 'model-responded' ? (response.response.trace?.promptText ?? '') : '';
};

const SEOUL = getScenario('seoul-time-math')!;
const EDITED = '{"operation": "multiply", "a": 128, "b": 8}';

const ok = (result: CommandResult) => expect(result).toEqual({ ok: true });
const assistantAt = (messages: readonly { role: string }[], index = 0) =>
  messages.filter((m): m is AssistantMessage => m.role === 'assistant')[index]!;

describe('decisions at a pause', () => {
  it('a decision can be changed until Step runs the batch; the log keeps each change and the last one counts', async () => {
    const controller = scriptedRun(SEOUL, { pauseBeforeTools: true });
    ok(await controller.step());
    expect(nextToApprove(controller.getState())).toBe('call_1');
    ok(await controller.approve('call_1'));
    expect(nextToApprove(controller.getState())).toBe('call_2');
    // call_1 is decided but still replaceable while call_2 waits.
    ok(await controller.deny('call_1', 'not the time'));
    ok(await controller.editArguments('call_2', EDITED));
    expect(controller.getState().phase).toBe('execute');
    expect(nextToApprove(controller.getState())).toBeNull();
    // At `execute`, before Step, both can still change.
    ok(await controller.writeResult('call_2', '1000'));
    ok(await controller.approve('call_1'));
    expect(controller.getState().phase).toBe('execute');
    const decided = eventsOf(controller.getEvents(), 'call-decided').map((e) => [e.callId, e.decision.kind]);
    expect(decided).toEqual([
      ['call_1', 'approve'],
      ['call_1', 'deny'],
      ['call_2', 'edit'],
      ['call_2', 'write'],
      ['call_1', 'approve'],
    ]);
    expect(decisionsOf(controller.getEvents()).get('call_2')).toEqual({ kind: 'write', text: '1000', isError: false });
    // A replay of the log reaches the same decisions.
    expect(replay(controller.getEvents()).pending?.decisions).toEqual(controller.getState().pending?.decisions);

    ok(await controller.step());
    const results = controller.getState().history.filter((m): m is ToolMessage => m.role === 'tool');
    expect(results.map((m) => [m.toolCallId, m.isError])).toEqual([
      ['call_1', false],
      ['call_2', false],
    ]);
    expect(results[1]!.content).toBe('1000');
    // Once the batch ran, its decisions are final.
    expect(isDecidable(controller.getState(), 'call_1')).toBe(false);
    expect(await controller.deny('call_1')).toMatchObject({ ok: false, error: expect.stringContaining('not waiting') });
  });

  it('calls that were never paused run approved: nobody decides them', async () => {
    const controller = scriptedRun(SEOUL);
    ok(await controller.step());
    expect(controller.getState().phase).toBe('execute');
    expect(isDecidable(controller.getState(), 'call_1')).toBe(false);
    expect(await controller.approve('call_1')).toMatchObject({ ok: false });
  });
});

describe('argumentsDiff', () => {
  it('lists changed, removed and added fields, nested objects by path', () => {
    expect(
      argumentsDiff(
        '{"a":128,"b":7,"opts":{"round":true,"x":1},"gone":1}',
        '{"a":128,"b":8,"opts":{"round":false,"x":1},"new":[1]}',
      ),
    ).toEqual([
      { kind: 'changed', path: 'b', before: '7', after: '8' },
      { kind: 'changed', path: 'opts.round', before: 'true', after: 'false' },
      { kind: 'removed', path: 'gone', before: '1' },
      { kind: 'added', path: 'new', after: '[1]' },
    ]);
    expect(argumentsDiff('{"a":1}', '{"a":1}')).toEqual([]);
    expect(argumentsDiff('', '{"a":1}')).toEqual([{ kind: 'added', path: 'a', after: '1' }]);
  });

  it('is null when a side is not a JSON object', () => {
    expect(argumentsDiff('{"a":', '{"a":1}')).toBeNull();
    expect(argumentsDiff('{"a":1}', '[1]')).toBeNull();
  });
});

describe('an edited call in the history', () => {
  async function editedRun(rewrite: boolean, changeTo?: boolean) {
    const controller = scriptedRun(SEOUL, { pauseBeforeTools: true });
    ok(await controller.step());
    ok(await controller.approve('call_1'));
    ok(await controller.editArguments('call_2', EDITED, rewrite));
    if (changeTo !== undefined) ok(await controller.editArguments('call_2', EDITED, changeTo));
    ok(await controller.step()); // runs the batch
    ok(await controller.step()); // the next model call
    return controller;
  }

  it('by default keeps the call the model wrote, next to the result of the edited run', async () => {
    const controller = await editedRun(false);
    const history = controller.getState().history;
    const call = assistantAt(history).toolCalls[1]!;
    expect(JSON.parse(call.argumentsText)).toEqual({ operation: 'multiply', a: 128, b: 7 });
    expect(assistantAt(history).raw).toContain('"b": 7');
    const result = history.find((m): m is ToolMessage => m.role === 'tool' && m.toolCallId === 'call_2')!;
    expect(result.content).toBe('1024');
    // What the model saw on its next call: its own call and the edited run's result.
    const prompt = promptOf(controller.getEvents(), 1);
    expect(prompt).toContain('"b": 7');
    expect(prompt).not.toContain('"b": 8');
    expect(prompt).toContain('1024');
  });

  it('"also rewrite the call in the history": the model sees the edited call as its own', async () => {
    const controller = await editedRun(true);
    const history = controller.getState().history;
    const message = assistantAt(history);
    expect(message.toolCalls.map((c) => c.argumentsText)).toEqual([
      '{"timezone":"Asia/Seoul"}',
      '{"operation":"multiply","a":128,"b":8}',
    ]);
    expect(message.raw).toContain('{"name": "calculate", "arguments": {"operation":"multiply","a":128,"b":8}}');
    expect(message.raw).not.toContain('"b": 7');
    // The untouched call keeps its text as the model wrote it.
    expect(message.raw).toContain('"timezone": "Asia/Seoul"');
    const prompt = promptOf(controller.getEvents(), 1);
    expect(prompt).toContain('"b": 8');
    expect(prompt).not.toContain('"b": 7');
    // The Request tab's rebuild of that call's messages holds the rewrite too.
    const sent = assistantAt(messagesSentAt(controller.getEvents(), 2));
    expect(sent.toolCalls[1]!.argumentsText).toContain('"b":8');
    // The transcript's record of the response stays what the model wrote.
    expect(eventsOf(controller.getEvents(), 'model-responded')[0]!.message.raw).toContain('"b": 7');
    // And the answer follows the edited number either way.
    await controller.runToEnd();
    while (controller.getState().phase === 'approve') ok(await controller.approveAll());
    expect(controller.getState().finished?.finalAnswer).toContain('1005');
  });

  it('the history choice can be changed until Step: the last one counts', async () => {
    const kept = await editedRun(true, false);
    expect(assistantAt(kept.getState().history).raw).toContain('"b": 7');
    const rewritten = await editedRun(false, true);
    expect(assistantAt(rewritten.getState().history).raw).not.toContain('"b": 7');
  });
});

describe('rewriteCalls', () => {
  const message = (raw: string, toolCalls: AssistantMessage['toolCalls']): AssistantMessage => ({
    role: 'assistant',
    content: '',
    raw,
    toolCalls,
  });

  it("rewrites Llama 3.2's bare JSON in its own syntax", () => {
    const m = message('{"name": "calculate", "parameters": {"a": 1}}', [
      { id: 'c1', name: 'calculate', argumentsText: '{"a":1}' },
    ]);
    expect(rewriteCalls(m, new Map([['c1', '{"a": 2}']])).raw).toBe('{"name": "calculate", "parameters": {"a":2}}');
  });

  it('changes only the arguments of a natively parsed call (its raw text holds no call)', () => {
    const m = message('Let me compute.', [{ id: 'c1', name: 'calculate', argumentsText: '{"a":1}' }]);
    const rewritten = rewriteCalls(m, new Map([['c1', '{"a":2}']]));
    expect(rewritten.raw).toBe('Let me compute.');
    expect(rewritten.toolCalls[0]!.argumentsText).toBe('{"a":2}');
  });

  it('writes an edited unparsable block as a well-formed call, leaving the text around it', () => {
    const raw = 'Checking.\n<tool_call>\n{"name": "check_inventory", "arguments": {"sku": "SKU-300"}\n</tool_call>';
    const m = message(raw, [
      { id: 'c1', name: 'check_inventory', argumentsText: '{"name": …', parseError: 'invalid JSON' },
    ]);
    const rewritten = rewriteCalls(m, new Map([['c1', '{"sku":"SKU-300"}']]));
    expect(rewritten.raw).toBe(
      'Checking.\n<tool_call>\n{"name": "check_inventory", "arguments": {"sku":"SKU-300"}}\n</tool_call>',
    );
    expect(rewritten.toolCalls[0]).toEqual({ id: 'c1', name: 'check_inventory', argumentsText: '{"sku":"SKU-300"}' });
  });

  it('leaves a message without the edited calls as the same object', () => {
    const m = message('hi', []);
    expect(rewriteCalls(m, new Map([['c9', '{}']]))).toBe(m);
  });
});
