/**
 * Every code the engine hands the page is worded in English and Korean: the catalogs' English sections for the
 * engine's message tables are those tables (taken, not repeated), so these tests check the wording itself (values
 * filled in, plural forms, Korean for every code), not that two copies agree.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { Coded, Template } from '../../engine/coded';
import { placeholdersOf } from '../../engine/coded';
import { ORDER_ERROR_CODES, parseOrder } from '../../engine/advisors/order';
import { OUTPUT_SCHEMA_ERROR_CODES, parseOutputSchema } from '../../engine/advisors/setup';
import { interruptionNotice } from '../../engine/loop/interruption';
import type { TurnAction, TurnActionKind, WorkspaceChange } from '../../engine/loop/projections';
import { CORE_TURN_ACTION_KINDS, OUTCOME_CODES } from '../../engine/loop/projections';
import { LAB_TURN_ACTION_KINDS } from '../../engine/lab/events';
import { stepRefusal } from '../../engine/loop/controller-core';
import type { NoticePart } from '../../engine/loop/notices';
import { notice, noticeEnglish, NOTICES, part } from '../../engine/loop/notices';
import { REFUSALS, refuse } from '../../engine/loop/refusals';
import { nextRequest, noRequestReason } from '../../engine/loop/request';
import { FINISH_LABELS, finishLabelEnglish } from '../../engine/loop/run-end';
import type { RunEndDetail, RunEndDetailCode } from '../../engine/loop/run-end-details';
import { RUN_END_DETAILS } from '../../engine/loop/run-end-details';
import {
  ABORTED_DETAIL,
  REFUSED_DETAIL,
  RETURN_DIRECT_DETAIL,
  truncatedDetail,
} from '../../engine/loop/response-ending';
import { hardStopDetail } from '../../engine/lab/guards';
import { maxRoundsChecker } from '../../engine/advisors/eligibility';
import { ADVISOR_TURN_ACTION_KINDS } from '../../engine/advisors/events';
import { DEFAULT_SETTINGS } from '../../engine/loop/events';
import { EMPTY_WORKSPACE } from '../../engine/loop/workspace';
import { INITIAL_STATE } from '../../engine/loop/state';
import type { Anomaly } from '../../engine/stop-reasons';
import { ANOMALY_KIND_LIST, deriveStop } from '../../engine/stop-reasons';
import { createI18n, formatters } from '../../i18n';
import { englishT } from '../../i18n/english';
import { ko } from '../../i18n/locales/ko';
import {
  anomalyText,
  faultText,
  finishLabel,
  noticePartWords,
  noticeSegments,
  noticeText,
  runEndDetailText,
  refusalText,
  turnActionsText,
  turnActionText,
  workspaceChangeText,
} from './engine-text';
import type { RuntimeRef } from '../../engine/runtime';
import { runtimeLabelText } from '../runs/runtime-label';

const english = englishT('engine');
const englishFault = (lab: TFunction<'lab'>) => faultText(lab, formatters('en'), { kind: 'throw' });
let korean: TFunction<'engine'>;
let koreanLab: TFunction<'lab'>;
let koreanRuntimes: TFunction<'runtimes'>;

beforeAll(async () => {
  const i18n = await createI18n('ko');
  korean = i18n.getFixedT('ko', 'engine');
  koreanLab = i18n.getFixedT('ko', 'lab');
  koreanRuntimes = i18n.getFixedT('ko', 'runtimes');
});

/** True when the text is a Korean sentence, not an English fallback or a bare key. */
const hangul = /[\uac00-\ud7a3]/;

/** One action of every kind (the record fails to compile when a kind is missing). */
const ACTIONS: Record<TurnActionKind, readonly TurnAction[]> = {
  paused: [{ kind: 'paused', count: 2 }],
  decided: (['approve', 'edit', 'deny', 'write'] as const).map((decision) => ({
    kind: 'decided' as const,
    callId: 'call_1',
    decision,
  })),
  outcome: OUTCOME_CODES.map((result) => ({ kind: 'outcome' as const, name: 'calculate', result })),
  appended: [{ kind: 'appended', count: 1 }],
  ended: FINISH_LABELS.codes.map((reason) => ({ kind: 'ended' as const, reason })),
  interrupted: [
    { kind: 'interrupted', what: 'model-call' },
    { kind: 'interrupted', what: 'tool-batch' },
  ],
  reopened: [{ kind: 'reopened', count: 3 }],
  injected: [{ kind: 'injected', fault: { kind: 'throw' }, callId: 'call_2', name: 'weather' }],
  guard: [
    { kind: 'guard', guard: 'repeat', value: 3, level: 'warn' },
    { kind: 'guard', guard: 'tokens', value: 9000, level: 'stop' },
  ],
  'result-id': [
    { kind: 'result-id', callId: 'call_1', sentId: 'call_1' },
    { kind: 'result-id', callId: 'call_1', sentId: null },
    { kind: 'result-id', callId: 'call_1', sentId: 'call_9' },
  ],
  'policy-denied': [{ kind: 'policy-denied', callId: 'call_4', name: 'fetch_url' }],
  'validation-rejected': [
    {
      kind: 'validation-rejected',
      round: 3,
      attempt: 1,
      attempts: 4,
      errors: ['Invalid JSON: x', 'a: y'],
      retried: true,
    },
    { kind: 'validation-rejected', round: 6, attempt: 4, attempts: 4, errors: ['Invalid JSON: x'], retried: false },
    { kind: 'validation-rejected', round: 6, attempt: 2, errors: ['Invalid JSON: x'], retried: true },
  ],
};

describe('finish reasons', () => {
  it('each has a Korean name', () => {
    for (const reason of FINISH_LABELS.codes) {
      expect(finishLabel(english, reason)).toBe(finishLabelEnglish(reason));
      expect(finishLabel(korean, reason), reason).toMatch(hangul);
    }
  });
});

describe('turn actions', () => {
  it('cover every kind the engine lists', () => {
    expect(Object.keys(ACTIONS).sort()).toEqual(
      [...CORE_TURN_ACTION_KINDS, ...LAB_TURN_ACTION_KINDS, ...ADVISOR_TURN_ACTION_KINDS].sort(),
    );
  });

  it('word each action in English and in Korean, every value filled in', () => {
    for (const action of Object.values(ACTIONS).flat()) {
      const label = JSON.stringify(action);
      const words = turnActionText(english, action, () => englishFault(englishT('lab')));
      expect(words, label).not.toMatch(/\{\{|action\./);
      for (const value of ['callId', 'count', 'value'] as const) {
        if (value in action) expect(words, label).toContain(String(action[value as keyof typeof action]));
      }
      const text = turnActionText(korean, action, () => faultText(koreanLab, formatters('ko'), { kind: 'throw' }));
      expect(text, label).toMatch(hangul);
      expect(text, label).not.toContain('action.');
    }
  });

  it('join a row’s actions, and show a dash when the harness did nothing', () => {
    const fault = () => 'throw';
    expect(turnActionsText(english, [], fault)).toBe('—');
    const row: TurnAction[] = [
      { kind: 'paused', count: 1 },
      { kind: 'outcome', name: 'calculate', result: 'executed' },
    ];
    expect(turnActionsText(english, row, fault)).toBe('paused for approval of 1 call; ran calculate');
    expect(turnActionsText(korean, row, fault)).toBe('호출 1개의 승인을 기다리며 일시 정지; calculate 실행');
  });
});

/** Inputs to `deriveStop` that raise every anomaly kind between them. */
function everyAnomaly(): Anomaly[] {
  const base = { text: '', unterminatedBlock: false, malformedCalls: 0 };
  const stops = [
    deriveStop({ ...base, raw: 'tool_calls', toolCallCount: 0 }),
    deriveStop({ ...base, raw: 'length', toolCallCount: 3, unterminatedBlock: true, malformedCalls: 1 }),
    deriveStop({ ...base, raw: 'stop', toolCallCount: 1, unterminatedBlock: true, text: 'Sure.' }),
    deriveStop({ ...base, raw: 'stop', toolCallCount: 2, malformedCalls: 2 }),
    deriveStop({ ...base, raw: 'stop', toolCallCount: 1, malformedCalls: 1, malformedMode: 'text' }),
    deriveStop({ ...base, raw: 'abort', toolCallCount: 1 }),
    deriveStop({
      ...base,
      raw: 'stop',
      toolCallCount: 1,
      issues: [
        { kind: 'fenced_json', recovered: true, detail: 'x' },
        { kind: 'stray_close_tag', recovered: false, detail: 'y' },
      ],
    }),
  ];
  return stops.flatMap((s) => s.anomalies);
}

describe('anomalies', () => {
  it('every kind is raised by the inputs below', () => {
    expect([...new Set(everyAnomaly().map((a) => a.kind))].sort()).toEqual([...ANOMALY_KIND_LIST].sort());
  });

  it('are worded in English as the engine stores them, and in Korean', () => {
    for (const anomaly of everyAnomaly()) {
      expect(anomalyText(english, anomaly)).toBe(anomaly.detail);
      expect(anomalyText(korean, anomaly), anomaly.kind).toMatch(hangul);
    }
  });

  it('fall back to the stored sentence for a run recorded without the fields', () => {
    const old: Anomaly = { kind: 'calls-cut-by-length', detail: 'stored sentence' };
    expect(anomalyText(korean, old)).toBe('stored sentence');
  });
});

describe('interruptions and workspace changes', () => {
  it('word an interruption in Korean, a count of kept calls through the plural rules', () => {
    const cases = [
      { what: 'model-call' as const, round: 2, unfinished: 0, finished: 0 },
      { what: 'tool-batch' as const, round: 3, unfinished: 2, finished: 0 },
      { what: 'tool-batch' as const, round: 3, unfinished: 1, finished: 1 },
      { what: 'tool-batch' as const, round: 3, unfinished: 1, finished: 2 },
    ];
    const texts = cases.map((c) => {
      const event = { type: 'interrupted' as const, at: 0, round: c.round, what: c.what, callIds: [] as string[] };
      for (let i = 0; i < c.unfinished; i += 1) event.callIds.push(`call_${i}`);
      const part = interruptionNotice(event, c.finished);
      expect(noticePartWords(english, part)).toBe(NOTICES.english(part));
      expect(noticePartWords(korean, part)).toMatch(hangul);
      return noticePartWords(english, part);
    });
    expect(texts[2]).toContain('1 call had finished and was kept;');
    expect(texts[3]).toContain('2 calls had finished and were kept;');
    const webllm = { kind: 'webllm' as const, label: 'WebLLM · Qwen2.5-0.5B', model: 'Qwen2.5-0.5B' };
    const changes: WorkspaceChange[] = [
      { added: ['weather'], removed: ['calculate'], updated: false, runtime: webllm },
      { added: [], removed: [], updated: true },
      {
        added: [],
        removed: [],
        updated: false,
        runtime: { kind: 'endpoint', label: 'Endpoint · llama3', model: 'llama3' },
      },
    ];
    const englishRuntime = (ref: RuntimeRef) => runtimeLabelText(englishT('runtimes'), ref);
    const koreanRuntime = (ref: RuntimeRef) => runtimeLabelText(koreanRuntimes, ref);
    expect(changes.map((change) => workspaceChangeText(english, change, englishRuntime))).toEqual([
      'Workspace changed: exposed weather; no longer exposed: calculate; runtime: WebLLM · Qwen2.5-0.5B.',
      'Workspace changed: tool definitions updated.',
      'Workspace changed: runtime: Endpoint · llama3.',
    ]);
    for (const change of changes) expect(workspaceChangeText(korean, change, koreanRuntime)).toMatch(hangul);
    expect(workspaceChangeText(korean, changes[2]!, koreanRuntime)).toContain('엔드포인트 · llama3');
  });
});

describe('advisor order refusals', () => {
  it('each code is reached and has a Korean sentence', () => {
    const refusals = ['H++', '99999999999'].map(parseOrder);
    const codes = refusals.map((r) => (r.ok ? null : r.error.code));
    expect(codes.sort()).toEqual([...ORDER_ERROR_CODES].sort());
    for (const code of ORDER_ERROR_CODES) expect(ko.advisors.orderErrors[code]).toMatch(hangul);
  });
});

/**
 * Every code of a table, worded in English (the engine's own English, filled by i18next) and in Korean, with a
 * value for each placeholder (its name, marked, so a test sees it land in the text; a count of 2).
 */
function wordsEveryCode(
  table: { readonly codes: readonly string[]; readonly templates: Record<string, Template>; english(m: Coded): string },
  word: (t: TFunction<'engine'>, message: Coded) => string,
) {
  for (const code of table.codes) {
    const template = table.templates[code]!;
    // A plural pair is chosen by `count`, named in its text or not.
    const names = placeholdersOf(typeof template === 'string' ? template : `${template.other} {{count}}`);
    const values = Object.fromEntries(names.map((name) => [name, name === 'count' ? '2' : `<${name}>`]));
    const message = names.length > 0 ? { code, values } : { code };
    expect(word(english, message), code).toBe(table.english(message));
    const text = word(korean, message);
    expect(text, code).not.toContain('{{');
    if (code !== 'quoted') expect(text, code).toMatch(hangul);
    const shown = placeholdersOf(typeof template === 'string' ? template : template.other);
    for (const name of shown) expect(text, code).toContain(values[name]);
  }
}

describe('notices (refusals, interruptions, the store’s and run files’ notices)', () => {
  it('word every code in Korean, its values filled in', () => {
    wordsEveryCode(NOTICES, (t, message) => noticePartWords(t, message as NoticePart));
  });

  it('a command on a call that is not pending names the call in Korean', () => {
    const refused = refuse('noPendingCall', { callId: 'call_9' });
    expect(REFUSALS.english(refused.error)).toBe('No pending tool call call_9.');
    expect(refusalText(korean, refused.error)).toBe('대기 중인 도구 호출 call_9이(가) 없습니다.');
  });

  it('a step refused at the end of a run says so in Korean, through the store’s notice', () => {
    const step = stepRefusal('done');
    expect(step).toBe('runEnded');
    expect(noticeText(korean, notice('error', refuse(step!).error))).toContain('실행이 끝났습니다');
  });

  it('a notice of several parts reads as one, and a scenario’s title is worded by the page', () => {
    const forked = notice('info', part('forkedBeforeModel', { turn: '2' }), part('forkedAdvisor'));
    expect(noticeText(english, forked)).toBe(
      'Forked at turn 2, before its model call: Step asks the model again. This run went through the advisor chain, which cannot resume in the middle of a request: press Stop, then send the next message.',
    );
    expect(noticeText(english, forked)).toBe(noticeEnglish(forked));
    expect(noticeText(korean, forked)).toMatch(/^2번째 턴의 모델 호출 앞에서 포크했습니다\..* advisor 체인/);
    const opened = notice(
      'info',
      part('openedReplacingUntitled', { title: 'Seoul time and math', scenarioId: 'seoul-time-math' }),
    );
    expect(noticeText(english, opened, () => 'Seoul time and math')).toBe(noticeEnglish(opened));
    expect(noticeText(korean, opened, () => '서울 시간과 계산')).toContain('“서울 시간과 계산”');
    const own = part('openedReplacingUntitled', { title: 'your own workspace', scenarioId: '' });
    expect(noticePartWords(english, own)).toBe(NOTICES.english(own));
    expect(noticePartWords(korean, own)).toContain('“내 작업 공간”');
  });

  it('a count is worded through the plural rules', () => {
    const one = part('imported', { title: 'Run', count: '1' });
    const two = part('imported', { title: 'Run', count: '2' });
    expect(noticePartWords(english, one)).toBe('Imported “Run” (1 event).');
    expect(noticePartWords(english, two)).toBe('Imported “Run” (2 events).');
    expect(noticePartWords(korean, one)).toBe('“Run”을(를) 가져왔습니다(이벤트 1개).');
  });
});

describe('why there is no next request', () => {
  it('each phase without one names a refusal the page words in Korean', () => {
    for (const phase of ['model', 'approve', 'execute', 'done'] as const) {
      const code = noRequestReason({ ...INITIAL_STATE, phase });
      expect(code, phase).not.toBeNull();
      expect(refusalText(korean, { code: code! }), phase).toMatch(hangul);
    }
    expect(noRequestReason({ ...INITIAL_STATE, phase: 'prompt' })).toBeNull();
  });

  it('the max-rounds guard’s reason carries its limit, worded in Korean', () => {
    const reason = nextRequest({
      workspace: { ...EMPTY_WORKSPACE, settings: { ...DEFAULT_SETTINGS, maxRounds: 3 } },
      state: { ...INITIAL_STATE, phase: 'prompt', round: 3 },
      catalog: [],
    });
    expect(reason.ok).toBe(false);
    if (reason.ok) return;
    expect(reason.error).toEqual({ code: 'nextMaxRounds', values: { count: '3' } });
    expect(refusalText(english, reason.error)).toBe(
      'The max-rounds guard (3 model calls) ends the run at the next Step; nothing more is sent.',
    );
    expect(refusalText(korean, reason.error)).toContain('모델 호출 3번');
  });
});

describe('a run file’s refusal as segments', () => {
  it('reads as the notice does, the parser’s detail a segment of its own marked English', () => {
    const refused = notice(
      'error',
      part('importFailedLead'),
      part('eventMalformed', { n: '3', type: 'model-called', detail: 'round: expected number' }),
    );
    expect(noticeEnglish(refused)).toBe('Import failed: Event 3 (model-called) is malformed: round: expected number');
    const inEnglish = noticeSegments(english, refused.parts);
    expect(inEnglish.map((s) => s.text).join('')).toBe(noticeEnglish(refused));
    const ko = noticeSegments(korean, refused.parts);
    expect(ko.map((s) => s.text).join('')).toBe(noticeText(korean, refused));
    expect(ko.filter((s) => s.lang === 'en')).toEqual([{ text: 'round: expected number', lang: 'en' }]);
    expect(
      ko
        .filter((s) => s.lang === undefined)
        .map((s) => s.text)
        .join(''),
    ).toMatch(hangul);
    expect(noticeSegments(korean, [part('fileEmpty')])).toEqual([
      { text: noticeText(korean, notice('error', part('fileEmpty'))) },
    ]);
  });
});

describe('output schema refusals', () => {
  it('each code is reached and worded in English and Korean, its detail filled in', () => {
    const advisors = englishT('advisors');
    const texts = [
      '  ',
      '{"type": ',
      '[1]',
      '{"type": "array"}',
      '{"type": "object", "properties": {"a": {"type": "numbr"}}}',
    ];
    const refusals = texts.map(parseOutputSchema).map((r) => {
      if (r.ok) throw new Error('expected a refusal');
      return r.error;
    });
    expect(refusals.map((r) => r.code).sort()).toEqual([...OUTPUT_SCHEMA_ERROR_CODES].sort());
    for (const r of refusals) {
      const detail = r.values?.detail ?? '';
      expect(advisors(`schemaErrors.${r.code}`, { detail })).not.toContain('{{');
      if (detail !== '') expect(advisors(`schemaErrors.${r.code}`, { detail })).toContain(detail);
      expect(ko.advisors.schemaErrors[r.code]).toMatch(hangul);
    }
  });
});

describe('why a run ended (the run-finished detail)', () => {
  it('words every detail the engine writes in Korean, its values filled in', () => {
    wordsEveryCode(RUN_END_DETAILS, (t, message) => runEndDetailText(t, message as Coded<RunEndDetailCode>));
  });

  it('is written by the engine as codes, worded in English and Korean', () => {
    const checker = maxRoundsChecker(() => 2)(
      { calls: [{ id: 'c1', name: 'calculate', argumentsText: '{}' }] } as never,
      { iteration: 2 },
    );
    const written: [RunEndDetail, RunEndDetailCode][] = [
      [hardStopDetail({ guard: 'rounds', level: 'stop', value: 3, limit: 3 }), 'maxRounds'],
      [hardStopDetail({ guard: 'repeat', level: 'stop', value: 3, limit: 3, key: 'calculate {"a":1}' }), 'repeat'],
      [hardStopDetail({ guard: 'repeat', level: 'stop', value: 3, limit: 3 }), 'repeatAnyCall'],
      [hardStopDetail({ guard: 'tokens', level: 'stop', value: 9000, limit: 8000 }), 'tokens'],
      [checker.eligible ? '' : checker.ending!.detail, 'maxRoundsChecker'],
      [truncatedDetail(0), 'truncated'],
      [truncatedDetail(2), 'truncatedCalls'],
      [ABORTED_DETAIL, 'aborted'],
      [REFUSED_DETAIL, 'refused'],
      [RETURN_DIRECT_DETAIL, 'returnDirect'],
    ];
    for (const [detail, code] of written) {
      expect(typeof detail === 'string' ? detail : detail.code).toBe(code);
      expect(runEndDetailText(korean, detail), code).toMatch(hangul);
    }
    expect(runEndDetailText(english, truncatedDetail(1))).toBe(
      'The response was cut by the token limit (finish reason length); its 1 complete call was not run.',
    );
    expect(runEndDetailText(korean, hardStopDetail({ guard: 'rounds', level: 'stop', value: 3, limit: 3 }))).toBe(
      '최대 라운드 제한이 모델 호출 3번 뒤에 루프를 멈췄습니다.',
    );
  });

  it('shows a text detail (a runtime’s error) as it came', () => {
    expect(runEndDetailText(korean, 'The endpoint answered 500.')).toBe('The endpoint answered 500.');
  });
});
