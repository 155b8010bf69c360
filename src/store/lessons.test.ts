/** The lesson scenarios of #16 played through the whole store, as the page plays them (scripted replay). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LoopEvent } from '../engine/loop/events';
import type { ToolMessage } from '../engine/messages';
import { clearStorage, createTestPlayground } from './test-playground';

beforeEach(clearStorage);
afterEach(clearStorage);

async function played(id: string, loopControl: 'manual' | 'advisor' = 'manual') {
  const test = createTestPlayground({ search: `?scenario=${id}` });
  const { actions } = test.playground;
  await actions.init();
  if (loopControl === 'advisor') actions.setLoopControl('advisor');
  expect(actions.send()).toBe(true);
  await actions.runToEnd();
  return test;
}

const of = <T extends LoopEvent['type']>(events: readonly LoopEvent[], type: T) =>
  events.filter((e): e is Extract<LoopEvent, { type: T }> => e.type === type);

function toolMessages(events: readonly LoopEvent[]): ToolMessage[] {
  return of(events, 'results-appended').flatMap((e) => e.messages);
}

describe('policy-workspace', () => {
  it('denies the secret, the escape and the write as JSON, truncates the log; with allow write the same call succeeds', async () => {
    const { playground } = await played('policy-workspace');
    const { actions, store } = playground;
    expect(store.getState().run.loop.phase).toBe('done');
    const results = toolMessages(store.getState().run.events);
    const secret = results.find((m) => m.content.includes('secret file'));
    expect(JSON.parse(secret!.content)).toMatchObject({ error: true, metadata: { policyDenied: true } });
    expect(results.some((m) => m.content.includes('path escapes the workspace'))).toBe(true);
    expect(results.some((m) => m.content.includes('truncated'))).toBe(true);
    const write = results.find((m) => m.name === 'write_file')!;
    expect(JSON.parse(write.content)).toMatchObject({ text: 'tool requires allowWrite=true: write', error: true });
    const kinds = of(store.getState().run.events, 'execution-event').map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['started', 'finished', 'denied']));

    actions.setSettings({ allowWrite: true });
    actions.setUser('OK, go ahead.');
    expect(actions.send()).toBe(true);
    await actions.runToEnd();
    const after = toolMessages(store.getState().run.events).filter((m) => m.name === 'write_file');
    expect(after).toHaveLength(2);
    expect(JSON.parse(after[1]!.content)).toMatchObject({ error: false });
    expect(store.getState().run.loop.finished?.finalAnswer).toContain('"error":false');
  });
});

describe('augmented-arguments', () => {
  it('the model fills innerThought and confidence; the tool receives only price and percent', async () => {
    const { playground, received } = await played('augmented-arguments');
    const schema = received[0]!.tools.find((t) => t.name === 'discount')!.inputSchema;
    expect(Object.keys(schema.properties as object)).toEqual(['price', 'percent', 'innerThought', 'confidence']);
    const calls = of(playground.store.getState().run.events, 'model-responded').flatMap((e) => e.calls);
    expect(JSON.parse(calls[0]!.argumentsText)).toMatchObject({ innerThought: expect.any(String), confidence: 'high' });
    const finished = of(playground.store.getState().run.events, 'call-finished')[0]!.outcome;
    expect(finished.kind === 'result' && finished.result.metadata.augmentation).toEqual({
      augmented: { innerThought: expect.any(String), confidence: 'high' },
      toolReceived: '{"price":35000,"percent":18}',
    });
    expect(playground.store.getState().run.loop.finished?.finalAnswer).toContain('28700');
  });
});

describe('parallel-lookups', () => {
  it('with parallel calls off, each response carries one call: three model calls instead of two', async () => {
    const { playground, received } = await played('parallel-lookups');
    expect(received.every((r) => r.parallelToolCalls === false)).toBe(true);
    const responses = of(playground.store.getState().run.events, 'model-responded');
    expect(responses.map((e) => e.calls.length)).toEqual([1, 1, 0]);
    expect(playground.store.getState().run.loop.finished?.finalAnswer).toContain('amelia.clarke@example.com');
  });

  it('with parallel calls on, both lookups go in one response', async () => {
    const test = createTestPlayground({ search: '?scenario=parallel-lookups' });
    await test.playground.actions.init();
    test.playground.actions.setSettings({ parallelToolCalls: true });
    test.playground.actions.send();
    await test.playground.actions.runToEnd();
    const responses = of(test.playground.store.getState().run.events, 'model-responded');
    expect(responses.map((e) => e.calls.length)).toEqual([2, 0]);
  });
});

describe('memory-followup', () => {
  it('under advisor control, the follow-up is answered from the memory outside the loop', async () => {
    const { playground, received } = await played('memory-followup', 'advisor');
    const { actions, store } = playground;
    expect(store.getState().run.loop.phase).toBe('done');
    actions.setUser('What was the product I just reserved?');
    expect(actions.send()).toBe(true);
    await actions.runToEnd();
    expect(store.getState().run.loop.finished?.finalAnswer).toContain('Mechanical keyboard (SKU-300)');
    const last = received.at(-1)!;
    expect(last.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
  });
});
