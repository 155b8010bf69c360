/** The lab's pure parts: scoring, dependency detection, the guards, the faults, the schema check, id pairing. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../tool';
import type { LoopEvent } from '../loop/events';
import { DEFAULT_SETTINGS } from '../loop/events';
import type { AssistantMessage, Message, ToolCall } from '../messages';
import { numbersIn, runDependencies } from './dependencies';
import { flipTypes, padTo, truncateJson, withFault } from './faults';
import { callSignature, checkTokenBudget, guardMeters, hardTripAfterResponse, softTripsAfterBatch } from './guards';
import { apiVerdicts, pairingProblems } from './id-pairing';
import { predictionDue, sameValue, scorePrediction } from './predict';
import { checkArguments, describeWant, repairDraft, validationErrorText } from './schema-check';
import type { GuardSettings } from './types';
import { GUARDS_OFF } from './types';

const call = (id: string, name: string, args: object): ToolCall => ({
  id,
  name,
  argumentsText: JSON.stringify(args),
});

describe('scorePrediction', () => {
  const actual = {
    kind: 'calls' as const,
    calls: [
      call('call_1', 'current_time', { timezone: 'Asia/Seoul' }),
      call('call_2', 'calculate', { operation: 'multiply', a: 128, b: 7 }),
    ],
  };

  it('gives 3 points for the right tools and arguments, in any order, numbers by value', () => {
    const score = scorePrediction(
      1,
      {
        kind: 'calls',
        calls: [
          { name: 'calculate', arguments: { operation: 'Multiply', a: '128', b: 7 } },
          { name: 'current_time', arguments: { timezone: 'asia/seoul' } },
        ],
      },
      actual,
    );
    expect(score).toMatchObject({ points: 3, tools: { matched: 2, total: 2 }, args: { matched: 4, total: 4 } });
  });

  it('scores 0 for the wrong kind, 3 for a right final answer', () => {
    expect(scorePrediction(1, { kind: 'answer' }, actual).points).toBe(0);
    expect(scorePrediction(3, { kind: 'answer' }, { kind: 'answer' }).points).toBe(3);
    expect(
      scorePrediction(3, { kind: 'calls', calls: [{ name: 'calculate', arguments: {} }] }, { kind: 'answer' }),
    ).toMatchObject({ kindMatch: false, points: 0 });
  });

  it('gives partial credit: the kind, the share of tools, the share of argument values', () => {
    const score = scorePrediction(
      1,
      {
        kind: 'calls',
        calls: [{ name: 'calculate', arguments: { operation: 'multiply', a: 128, b: 8 } }],
      },
      actual,
    );
    // 1 (kind) + 1/2 (one of two tools) + 2/4 (operation and a of calculate; b wrong; timezone unpredicted).
    expect(score.points).toBe(2);
    expect(score.calls.map((c) => [c.name, c.paired])).toEqual([
      ['current_time', false],
      ['calculate', true],
    ]);
  });

  it('compares values by value', () => {
    expect(sameValue(896, '896')).toBe(true);
    expect(sameValue({ a: [1, 'X'] }, { a: [1, 'x '] })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});

describe('predictionDue', () => {
  const made: LoopEvent = { type: 'prediction-made', at: 0, round: 2, prediction: { kind: 'answer' } };
  it('waits for the next round only while predict mode is on and it has no prediction', () => {
    expect(predictionDue([], 2, false)).toBeNull();
    expect(predictionDue([], 2, true)).toBe(2);
    expect(predictionDue([made], 2, true)).toBeNull();
    expect(predictionDue([made], 3, true)).toBe(3);
  });
});

/** A run's log from responses and results, for the projections that only read those. */
function log(
  turns: { calls: ToolCall[]; results?: Record<string, string>; text?: string }[],
  user = 'go',
): LoopEvent[] {
  const events: LoopEvent[] = [
    {
      type: 'run-started',
      at: 0,
      runId: 'r',
      config: {
        system: 'sys',
        tools: [],
        runtime: { kind: 'scripted', label: 's' },
        settings: DEFAULT_SETTINGS,
      },
    } as LoopEvent,
    { type: 'user-message', at: 0, content: user },
  ];
  turns.forEach((turn, i) => {
    const round = i + 1;
    const message: AssistantMessage = { role: 'assistant', content: turn.text ?? '', raw: '', toolCalls: turn.calls };
    events.push({ type: 'model-called', at: 0, round, messageCount: 2, toolNames: [] });
    events.push({
      type: 'model-responded',
      at: 0,
      round,
      message,
      calls: turn.calls,
      response: { usage: { promptTokens: 10, completionTokens: 5 } },
    } as unknown as LoopEvent);
    if (turn.results) {
      events.push({
        type: 'results-appended',
        at: 0,
        round,
        messages: Object.entries(turn.results).map(([id, content]) => ({
          role: 'tool' as const,
          toolCallId: id,
          name: turn.calls.find((c) => c.id === id)!.name,
          content,
          isError: false,
        })),
      });
    }
  });
  return events;
}

describe('runDependencies', () => {
  const seoul = log(
    [
      {
        calls: [
          call('call_1', 'current_time', { timezone: 'Asia/Seoul' }),
          call('call_2', 'calculate', { operation: 'multiply', a: 128, b: 7 }),
        ],
        results: { call_1: '2026-12-02 19:41 (Asia/Seoul)', call_2: '896' },
      },
      { calls: [call('call_3', 'calculate', { operation: 'subtract', a: 896, b: 19 })], results: { call_3: '877' } },
      { calls: [], text: 'It is 19:41 in Seoul, and the calculation comes to 877.' },
    ],
    'What time is it in Seoul, and what is (128 × 7) − 19?',
  );

  it('finds "uses 896 from call_2" and not the 19 the user typed', () => {
    const deps = runDependencies(seoul);
    expect(deps.calls.get('call_3')!.dependencies).toEqual([
      { value: '896', path: '/a', fromCallId: 'call_2', fromTool: 'calculate', fromRound: 1 },
    ]);
    expect(deps.calls.get('call_2')!.dependencies).toEqual([]);
  });

  it('analyses a log once, however many cards ask; a longer log is analysed afresh', () => {
    expect(runDependencies(seoul)).toBe(runDependencies(seoul));
    const shorter = seoul.slice(0, -2);
    expect(runDependencies(shorter)).not.toBe(runDependencies(seoul));
    expect(runDependencies(shorter).turns.length).toBeLessThan(runDependencies(seoul).turns.length);
  });

  it('annotates parallel calls and says why each turn happened', () => {
    const deps = runDependencies(seoul);
    expect(deps.calls.get('call_2')!.parallel).toEqual({ index: 2, count: 2, siblings: ['call_1'] });
    expect(deps.calls.get('call_3')!.parallel).toBeNull();
    expect(deps.turns.map((t) => [t.reason.kind, t.parallelCalls])).toEqual([
      ['first', 2],
      ['depends', 0],
      ['answer', 0],
    ]);
    const answer = deps.turns[2]!.reason;
    // 19:41 is the time tool's, as one token (not a 41 beside the user's 19), 877 the subtraction's.
    expect(answer.kind === 'answer' && answer.dependencies.map((d) => [d.value, d.fromCallId])).toEqual([
      ['19:41', 'call_1'],
      ['877', 'call_3'],
    ]);
  });

  it("a call that repeats an earlier call's values is independent of its result", () => {
    const deps = runDependencies(
      log([
        { calls: [call('call_1', 'check_inventory', { sku: 'SKU-200' })], results: { call_1: 'SKU-200: 40 in stock' } },
        { calls: [call('call_2', 'check_inventory', { sku: 'SKU-200' })] },
      ]),
    );
    expect(deps.calls.get('call_2')!.dependencies).toEqual([]);
    expect(deps.turns[1]!.reason.kind).toBe('independent');
  });

  describe('only whole tokens are carried over (issue 28, item 9)', () => {
    const answerOf = (deps: ReturnType<typeof runDependencies>) => {
      const reason = deps.turns.at(-1)!.reason;
      return reason.kind === 'answer' ? reason.dependencies.map((d) => [d.value, d.fromCallId]) : reason.kind;
    };

    it('an answer quoting a date and a time uses them whole, never "2026 / 12 / 3 / 21"', () => {
      const deps = runDependencies(
        log([
          {
            calls: [call('call_1', 'current_time', { timezone: 'Asia/Seoul' })],
            results: { call_1: '2026-12-03 21:04 (Asia/Seoul, UTC+09:00)' },
          },
          { calls: [], text: 'It is 2026-12-03 21:04 (Asia/Seoul, UTC+09:00) in Seoul; day 3 of month 12, hour 21.' },
        ]),
      );
      expect(answerOf(deps)).toEqual([
        ['2026-12-03', 'call_1'],
        ['21:04', 'call_1'],
        ['UTC+09:00', 'call_1'],
      ]);
    });

    it('a call does not use the digits of a date: day 3 and hour 21 are not from "2026-12-03 21:04"', () => {
      const deps = runDependencies(
        log([
          {
            calls: [call('call_1', 'current_time', { timezone: 'Asia/Seoul' })],
            results: { call_1: '2026-12-03 21:04 (Asia/Seoul, UTC+09:00)' },
          },
          { calls: [call('call_2', 'calendar', { year: 2026, month: 12, day: 3, hour: 21 })] },
          { calls: [call('call_3', 'calendar', { date: '2026-12-03', time: '21:04' })] },
        ]),
      );
      expect(deps.calls.get('call_2')!.dependencies).toEqual([]);
      expect(deps.turns[1]!.reason.kind).toBe('independent');
      // The same values written whole are carried over.
      expect(deps.calls.get('call_3')!.dependencies.map((d) => [d.path, d.value, d.fromCallId])).toEqual([
        ['/date', '"2026-12-03"', 'call_1'],
        ['/time', '"21:04"', 'call_1'],
      ]);
    });

    it('an answer quoting a timeout does not use "2000" from its "2000 ms"', () => {
      const deps = runDependencies(
        log([
          {
            calls: [call('call_1', 'calculate', { operation: 'multiply', a: 128, b: 7 })],
            results: { call_1: 'calculate did not answer within 2000 ms (timed out).' },
          },
          {
            calls: [],
            text: 'I could not compute it: the calculator answered “calculate did not answer within 2000 ms (timed out).”',
          },
        ]),
      );
      expect(answerOf(deps)).toEqual([]);
    });

    it('a measurement is not a value: 2000 ms, 18%, 5s give no number to a later call', () => {
      const deps = runDependencies(
        log([
          {
            calls: [call('call_1', 'probe', { target: 'db' })],
            results: { call_1: 'Timed out after 2000 ms; 18% of requests failed; retry in 5s.' },
          },
          { calls: [call('call_2', 'probe', { timeoutMs: 2000, percent: 18, seconds: 5 })] },
        ]),
      );
      expect(deps.calls.get('call_2')!.dependencies).toEqual([]);
    });

    it('a string is carried over only at token boundaries; JSON results give their number leaves', () => {
      const deps = runDependencies(
        log([
          {
            calls: [call('call_1', 'lookup', { query: 'contact' })],
            results: { call_1: '{"ids":[12,34],"email":"amelia.clarke@example.com","city":"Asia/Seoul"}' },
          },
          { calls: [call('call_2', 'send', { to: 'amelia.clarke@example.com', id: 34, city: 'Seoul' })] },
        ]),
      );
      expect(deps.calls.get('call_2')!.dependencies.map((d) => [d.path, d.value])).toEqual([
        ['/to', '"amelia.clarke@example.com"'],
        ['/id', '34'],
      ]);
    });
  });

  it('reads numbers with separators and tells a minus from a hyphen', () => {
    expect([...numbersIn('SKU-300 costs 28,700 or -19.5')]).toEqual([300, 28700, -19.5]);
  });
});

const guards = (g: Partial<GuardSettings>) => ({ ...DEFAULT_SETTINGS, lab: { guards: { ...GUARDS_OFF, ...g } } });

describe('loop guards', () => {
  const same = (n: number) =>
    log(
      Array.from({ length: n }, (_, i) => ({ calls: [call(`call_${i + 1}`, 'check', { b: 1, a: 2 })], results: {} })),
    );

  it('identifies a call by its tool and its arguments with keys sorted', () => {
    expect(callSignature('t', '{"b":1,"a":2}')).toBe(callSignature('t', ' {"a":2, "b":1}'));
    expect(callSignature('t', '{"a":2}')).not.toBe(callSignature('u', '{"a":2}'));
  });

  it('repeat: warns once at N, stops at M', () => {
    const settings = guards({ repeatWarnAt: 2, repeatStopAt: 3 });
    expect(softTripsAfterBatch(same(1), settings)).toEqual([]);
    const warn = softTripsAfterBatch(same(2), settings);
    expect(warn).toEqual([expect.objectContaining({ guard: 'repeat', level: 'warn', value: 2, limit: 2 })]);
    expect(warn[0]!.nudge).toContain('answer the user now');
    const warned: LoopEvent[] = [...same(2), { type: 'guard-tripped', at: 0, round: 2, ...warn[0]! }];
    expect(softTripsAfterBatch(warned, settings)).toEqual([]);
    expect(hardTripAfterResponse(same(2), settings)).toBeNull();
    expect(hardTripAfterResponse(same(3), settings)).toMatchObject({ guard: 'repeat', level: 'stop', value: 3 });
  });

  it('tokens: the one budget check of both loops', () => {
    const g = { ...GUARDS_OFF, tokenSoft: 100, tokenBudget: 200 };
    expect(checkTokenBudget(99, g)).toBeNull();
    expect(checkTokenBudget(100, g)).toMatchObject({ level: 'warn', limit: 100 });
    expect(checkTokenBudget(250, g)).toMatchObject({ level: 'stop', value: 250, limit: 200 });
    expect(checkTokenBudget(10_000, GUARDS_OFF)).toBeNull();
  });

  it('rounds: a soft cap by model calls; the meters show each guard', () => {
    const settings = guards({ roundsSoft: 2, repeatWarnAt: 5 });
    expect(softTripsAfterBatch(same(2), settings).map((t) => t.guard)).toEqual(['rounds']);
    const meters = guardMeters(same(3), settings);
    expect(meters.map((m) => [m.guard, m.value, m.soft, m.hard])).toEqual([
      ['repeat', 3, 5, 0],
      ['tokens', 45, 0, 0],
      ['rounds', 3, 2, DEFAULT_SETTINGS.maxRounds],
    ]);
  });
});

describe('faults', () => {
  const tool = defineTool({
    name: 'calc',
    description: 'a tool that answers 896',
    schema: z.object({}),
    execute: () => '{"result": 896}',
  });
  const ctx = () => ({ signal: new AbortController().signal, now: () => 0, callId: 'call_1' });
  const noWait = () => Promise.resolve();

  it('break results the way real failures do', async () => {
    expect(truncateJson('{"result": 896}')).toBe('{"resul');
    expect(() => JSON.parse(truncateJson('plain text'))).toThrow();
    expect(flipTypes({ result: 896, ok: true, name: '12' })).toEqual({ result: '896', ok: 'yes', name: 12 });
    expect(padTo('abc', 1000)).toHaveLength(1000);
    const huge = await withFault(tool, { kind: 'huge', bytes: 5000 }, noWait).execute({}, ctx());
    expect(typeof huge !== 'string' && huge.text).toHaveLength(5000);
    const error = await withFault(tool, { kind: 'is-error' }, noWait).execute({}, ctx());
    expect(typeof error !== 'string' && error.isError).toBe(true);
    await expect(withFault(tool, { kind: 'throw' }, noWait).execute({}, ctx())).rejects.toThrow('crashed');
  });

  it('timeout and latency wait through the injected sleep', async () => {
    const waited: number[] = [];
    const sleep = (ms: number) => {
      waited.push(ms);
      return Promise.resolve();
    };
    await expect(withFault(tool, { kind: 'timeout', afterMs: 2000 }, sleep).execute({}, ctx())).rejects.toThrow(
      'did not answer within 2000 ms',
    );
    const late = await withFault(tool, { kind: 'latency', ms: 300 }, sleep).execute({}, ctx());
    expect(typeof late !== 'string' && late.text).toBe('{"result": 896}');
    expect(waited).toEqual([2000, 300]);
  });
});

describe('the schema check', () => {
  const schema = {
    type: 'object',
    properties: {
      operation: { type: 'string', enum: ['add', 'subtract'] },
      a: { type: 'number' },
      b: { type: 'number' },
    },
    required: ['operation', 'a', 'b'],
    additionalProperties: false,
  };

  it('flags missing, extra and mistyped fields with both paths', () => {
    const check = checkArguments(schema, '{"operation": "divide", "a": "12", "c": 1}');
    expect(check.ok && check.value.map((i) => [i.kind, i.path, i.schemaPath])).toEqual([
      ['missing', '/b', '#/required'],
      ['enum', '/operation', '#/properties/operation/enum'],
      ['type', '/a', '#/properties/a/type'],
      ['extra', '/c', '#/additionalProperties'],
    ]);
    expect(checkArguments(schema, '{oops').ok).toBe(false);
    const text = validationErrorText('calculate', check.ok ? check.value : []);
    expect(text).toBe(
      [
        'Invalid arguments for calculate:',
        '- /b: required field missing (number) [#/required]',
        '- /operation: expected one of "add", "subtract", got "divide" [#/properties/operation/enum]',
        '- /a: expected number, got "12" [#/properties/a/type]',
        '- /c: unexpected field, got 1 [#/additionalProperties]',
      ].join('\n'),
    );
  });

  it('words the check’s result for the model in the tools’ language', () => {
    const check = checkArguments(schema, '{"operation": "power", "a": "12", "c": 1}');
    const issues = check.ok ? check.value : [];
    expect(validationErrorText('calculate', issues, 'ko')).toBe(
      [
        'calculate의 인수가 올바르지 않습니다:',
        '- /b: 필수 필드 없음 (number 필요) [#/required]',
        '- /operation: "add", "subtract" 중 하나 필요, 실제 "power" [#/properties/operation/enum]',
        '- /a: number 필요, 실제 "12" [#/properties/a/type]',
        '- /c: 스키마에 없는 필드, 실제 1 [#/additionalProperties]',
      ].join('\n'),
    );
    expect(validationErrorText('calculate', issues, 'en')).toBe(validationErrorText('calculate', issues));
  });

  it('keeps what a rule wants as data, its English the issue’s own', () => {
    const check = checkArguments(schema, '{"operation": "power", "a": "12", "c": 1}');
    for (const issue of check.ok ? check.value : []) expect(describeWant(issue.wants)).toBe(issue.expected);
    expect(check.ok && check.value.map((i) => i.wants.kind)).toEqual(['types', 'one-of', 'types', 'absent']);
  });

  it('repairs what it can without guessing', () => {
    expect(JSON.parse(repairDraft(schema, '{"operation": "add", "a": "12", "c": 1}'))).toEqual({
      operation: 'add',
      a: 12,
      b: 0,
    });
  });
});

describe('id pairing', () => {
  const assistant: Message = {
    role: 'assistant',
    content: '',
    raw: '',
    toolCalls: [call('call_1', 'a', {}), call('call_2', 'b', {})],
  };
  const result = (id: string): Message => ({ role: 'tool', toolCallId: id, name: 'b', content: 'x', isError: false });

  it('accepts a right pairing and names the problem of a wrong or missing id as each API does', () => {
    const good = [{ role: 'user' as const, content: 'u' }, assistant, result('call_1'), result('call_2')];
    expect(pairingProblems(good)).toEqual([]);
    expect(apiVerdicts(good).map((v) => v.status)).toEqual([200, 200, 200]);
    const wrong = [{ role: 'user' as const, content: 'u' }, assistant, result('call_1'), result('call_7')];
    expect(apiVerdicts(wrong).map((v) => v.message)).toEqual([
      expect.stringContaining('call_2'),
      'No tool call found for function call output with call_id call_7.',
      expect.stringContaining('`tool_use` ids were found without `tool_result` blocks immediately after: call_2'),
    ]);
    const none = [{ role: 'user' as const, content: 'u' }, assistant, result('call_1'), result('')];
    expect(apiVerdicts(none)[0]!.message).toBe("Missing required parameter: 'messages[3].tool_call_id'.");
  });
});
