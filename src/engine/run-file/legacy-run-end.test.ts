/** Runs stored before run-end details were codes open with their English sentence read back as its code. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../loop/events';
import { checkEvent } from './event-schema';
import { parseRunFile } from './format';

const finished = (detail: unknown) => ({ type: 'run-finished', at: 5, reason: 'truncated', detail });

function readBack(detail: unknown): unknown {
  const checked = checkEvent(finished(detail), 0);
  if (!checked.ok) throw new Error(checked.error);
  return checked.value.type === 'run-finished' ? checked.value.detail : undefined;
}

describe('an older run’s run-end detail', () => {
  it('reads each sentence the engine wrote then as its code and values', () => {
    expect(readBack('The max-rounds guard stopped the loop after 10 model calls.')).toEqual({
      code: 'maxRounds',
      values: { count: '10' },
    });
    expect(
      readBack(
        "The max-rounds checker stopped the loop after 4 model calls; the last response's 3 tool call(s) were not executed.",
      ),
    ).toEqual({ code: 'maxRoundsChecker', values: { limit: '4', count: '3' } });
    expect(
      readBack('The response was cut by the token limit (finish reason length); its 2 complete call(s) were not run.'),
    ).toEqual({ code: 'truncatedCalls', values: { count: '2' } });
    expect(readBack('The response was cut by the token limit (finish reason length).')).toEqual({ code: 'truncated' });
    expect(readBack('Stopped by the user.')).toEqual({ code: 'stopped' });
    expect(
      readBack(
        'The repeated-call guard stopped the loop: weather {"city":"Seoul"} was asked for 3 times (stop at 3); the response\'s calls were not run.',
      ),
    ).toEqual({ code: 'repeat', values: { key: 'weather {"city":"Seoul"}', value: '3', limit: '3' } });
  });

  it('keeps any other text as it came, and a coded detail as it is', () => {
    expect(readBack('The endpoint answered 500.')).toBe('The endpoint answered 500.');
    expect(readBack({ code: 'aborted' })).toEqual({ code: 'aborted' });
    expect(checkEvent(finished({ code: 'no-such-code' }), 0).ok).toBe(false);
  });

  it('opens a version 2 run file, its detail read back as a code', () => {
    const runtime = { kind: 'scripted', label: 'Scripted replay' };
    const file = {
      format: 'tool-loop-playground/run',
      version: 2,
      exportedAt: '',
      run: {
        runId: 'run_old',
        title: 'Old',
        createdAt: 0,
        events: [
          {
            type: 'run-started',
            at: 0,
            runId: 'run_old',
            config: { system: '', tools: [], runtime, settings: DEFAULT_SETTINGS },
          },
          { type: 'user-message', at: 1, content: 'hi' },
          { type: 'run-finished', at: 2, reason: 'stopped', detail: 'Stopped by the user.' },
        ],
      },
      tools: [],
      runtime,
      settings: DEFAULT_SETTINGS,
    };
    const parsed = parseRunFile(JSON.stringify(file));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
    expect(parsed.value.migratedFrom).toBe(2);
    expect(parsed.value.file.run.events.at(-1)).toMatchObject({ type: 'run-finished', detail: { code: 'stopped' } });
  });
});
