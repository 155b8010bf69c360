import { describe, expect, it } from 'vitest';
import type { LoopEvent } from './events';
import { DEFAULT_SETTINGS } from './events';
import { applyEvent, INITIAL_STATE, replay } from './state';

const config = {
  system: 'sys',
  tools: [],
  runtime: { kind: 'scripted', label: 'Scripted replay' },
  settings: DEFAULT_SETTINGS,
} as const;
const started: LoopEvent = { type: 'run-started', at: 0, runId: 'r1', config };
const call = { id: 'call_1', name: 'calculate', argumentsText: '{}' };

describe('loop state reducer', () => {
  it('walks the phases: idle → prompt → model → approve → execute → prompt → done', () => {
    const log: LoopEvent[] = [started];
    expect(replay(log)).toMatchObject({ phase: 'idle', history: [{ role: 'system', content: 'sys' }] });
    log.push({ type: 'user-message', at: 1, content: 'hi' });
    expect(replay(log).phase).toBe('prompt');
    log.push({ type: 'model-called', at: 2, round: 1, messageCount: 2, toolNames: [] });
    expect(replay(log)).toMatchObject({ phase: 'model', round: 1 });
    log.push({
      type: 'model-responded',
      at: 3,
      round: 1,
      response: { raw: 'x', finishReason: 'stop' },
      message: { role: 'assistant', content: '', raw: 'x', toolCalls: [call] },
      stop: { raw: 'stop', derived: 'tool_calls', anomalies: [] },
      calls: [call],
    });
    expect(replay(log)).toMatchObject({ phase: 'execute', pending: { calls: [call], awaiting: [] } });
    log.push({ type: 'tools-paused', at: 4, round: 1, callIds: ['call_1'] });
    expect(replay(log)).toMatchObject({ phase: 'approve', pending: { awaiting: ['call_1'] } });
    log.push({ type: 'call-decided', at: 5, callId: 'call_1', decision: { kind: 'deny' } });
    expect(replay(log)).toMatchObject({
      phase: 'execute',
      pending: { awaiting: [], decisions: { call_1: { kind: 'deny' } } },
    });
    log.push({
      type: 'results-appended',
      at: 6,
      round: 1,
      messages: [{ role: 'tool', toolCallId: 'call_1', name: 'calculate', content: 'no', isError: true }],
    });
    expect(replay(log)).toMatchObject({ phase: 'prompt', pending: null });
    expect(replay(log).history).toHaveLength(4);
    log.push({ type: 'run-finished', at: 7, reason: 'stopped', detail: 'Stopped by the user.' });
    expect(replay(log)).toMatchObject({
      phase: 'done',
      finished: { reason: 'stopped', detail: 'Stopped by the user.' },
    });
    // A new user message continues the run.
    log.push({ type: 'user-message', at: 8, content: 'again' });
    expect(replay(log)).toMatchObject({ phase: 'prompt', finished: null });
  });

  it('ignores events that do not apply, and a blank system prompt adds no message', () => {
    const state = applyEvent(INITIAL_STATE, {
      type: 'run-started',
      at: 0,
      runId: 'r2',
      config: { ...config, system: '  ' },
    });
    expect(state.history).toEqual([]);
    expect(applyEvent(state, { type: 'tools-paused', at: 1, round: 1, callIds: ['x'] })).toBe(state);
    expect(applyEvent(state, { type: 'call-decided', at: 1, callId: 'x', decision: { kind: 'approve' } })).toBe(state);
    expect(applyEvent(state, { type: 'model-failed', at: 1, round: 1, error: 'e' })).toBe(state);
    const settings = { ...DEFAULT_SETTINGS, maxRounds: 3 };
    expect(applyEvent(state, { type: 'settings-changed', at: 1, settings }).settings).toBe(settings);
  });
});
