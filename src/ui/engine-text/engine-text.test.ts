/**
 * Every code the engine hands the page has a catalog entry in English and Korean, and the English wording is the
 * engine's own sentence (so a run reads the same in a text export, the event log and the English page).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ORDER_ERROR_CODES, parseOrder } from '../../engine/advisors/order';
import { OUTPUT_SCHEMA_ERROR_CODES, parseOutputSchema } from '../../engine/advisors/setup';
import type { FinishReasonKind } from '../../engine/loop/events';
import { describeInterruption } from '../../engine/loop/interruption';
import type { TurnAction, TurnActionKind, WorkspaceChange } from '../../engine/loop/projections';
import {
  CORE_TURN_ACTION_KINDS,
  describeTurnAction,
  describeWorkspaceChange,
  FINISH_LABELS,
  OUTCOME_CODES,
} from '../../engine/loop/projections';
import { LAB_TURN_ACTION_KINDS } from '../../engine/lab/events';
import { labExtension } from '../../engine/lab/extension';
import { stepRefusal } from '../../engine/loop/controller-core';
import { noticePartText, RUN_NOTICE_CODES, RUN_NOTICES, runNotice } from '../../engine/loop/notices';
import {
  codeOfSentence,
  REFUSAL_CODES,
  REFUSALS,
  refusalCode,
  refusalValues,
  refuse,
} from '../../engine/loop/refusals';
import { nextRequest, noRequestReason } from '../../engine/loop/request';
import type { RunEndDetailCode } from '../../engine/loop/run-end-details';
import { readRunEndDetail, RUN_END_DETAIL_CODES, RUN_END_DETAILS } from '../../engine/loop/run-end-details';
import {
  ABORTED_DETAIL,
  REFUSED_DETAIL,
  RETURN_DIRECT_DETAIL,
  truncatedDetail,
} from '../../engine/loop/response-ending';
import { hardStopDetail } from '../../engine/lab/guards';
import { maxRoundsChecker } from '../../engine/advisors/eligibility';
import { validationFailedDetail } from '../../engine/advisors/validation-advisor';
import { advisorEvents, ADVISOR_TURN_ACTION_KINDS } from '../../engine/advisors/events';
import { DEFAULT_SETTINGS } from '../../engine/loop/events';
import { EMPTY_WORKSPACE } from '../../engine/loop/workspace';
import { INITIAL_STATE } from '../../engine/loop/state';
import type { Anomaly } from '../../engine/stop-reasons';
import { ANOMALY_KIND_LIST, deriveStop } from '../../engine/stop-reasons';
import { createI18n, formatters } from '../../i18n';
import { englishT } from '../../i18n/english';
import { en } from '../../i18n/locales/en';
import { ko } from '../../i18n/locales/ko';
import {
  anomalyText,
  faultText,
  finishLabel,
  interruptionText,
  noticePartWords,
  noticeSegments,
  noticeText,
  runEndDetailText,
  refusalText,
  turnActionsText,
  turnActionText,
  workspaceChangeText,
} from './engine-text';

const english = englishT('engine');
const englishFault = (lab: TFunction<'lab'>) => faultText(lab, formatters('en'), { kind: 'throw' });
let korean: TFunction<'engine'>;
let koreanLab: TFunction<'lab'>;

beforeAll(async () => {
  const i18n = await createI18n('ko');
  korean = i18n.getFixedT('ko', 'engine');
  koreanLab = i18n.getFixedT('ko', 'lab');
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
  ended: (Object.keys(FINISH_LABELS) as FinishReasonKind[]).map((reason) => ({ kind: 'ended' as const, reason })),
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
  it('each has an English entry equal to the engine’s label and a Korean one', () => {
    for (const [reason, label] of Object.entries(FINISH_LABELS) as [FinishReasonKind, string][]) {
      expect(finishLabel(english, reason)).toBe(label);
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

  it('word each action in English as the engine does, and in Korean', () => {
    for (const action of Object.values(ACTIONS).flat()) {
      const label = JSON.stringify(action);
      expect(
        turnActionText(english, action, () => englishFault(englishT('lab'))),
        label,
      ).toBe(describeTurnAction(action, [labExtension, advisorEvents]));
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
    expect(turnActionsText(english, row, fault)).toBe(row.map((a) => describeTurnAction(a)).join('; '));
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
  it('match the engine’s English sentences and have Korean ones', () => {
    const cases = [
      { what: 'model-call' as const, round: 2, unfinished: 0, finished: 0 },
      { what: 'tool-batch' as const, round: 3, unfinished: 2, finished: 0 },
      { what: 'tool-batch' as const, round: 3, unfinished: 1, finished: 2 },
    ];
    for (const c of cases) {
      const event = { type: 'interrupted' as const, at: 0, round: c.round, what: c.what, callIds: [] as string[] };
      for (let i = 0; i < c.unfinished; i += 1) event.callIds.push(`call_${i}`);
      expect(interruptionText(english, c)).toBe(describeInterruption(event, c.finished));
      expect(interruptionText(korean, c)).toMatch(hangul);
    }
    const changes: WorkspaceChange[] = [
      { added: ['weather'], removed: ['calculate'], updated: false, runtime: 'WebLLM' },
      { added: [], removed: [], updated: true },
    ];
    for (const change of changes) {
      expect(workspaceChangeText(english, change)).toBe(describeWorkspaceChange(change));
      expect(workspaceChangeText(korean, change)).toMatch(hangul);
    }
  });
});

describe('advisor order refusals', () => {
  it('each code has the engine’s English sentence and a Korean one', () => {
    const refusals = ['H++', '99999999999'].map(parseOrder);
    const codes = refusals.map((r) => (r.ok ? null : r.code));
    expect(codes.sort()).toEqual([...ORDER_ERROR_CODES].sort());
    for (const r of refusals) {
      if (r.ok) continue;
      expect(en.advisors.orderErrors[r.code]).toBe(r.error);
      expect(ko.advisors.orderErrors[r.code]).toMatch(hangul);
    }
  });
});

/** A value for each `{{placeholder}}` of a template: its name, marked, so a test sees it land in the text. */
function sampleValues(template: string): Record<string, string> {
  return Object.fromEntries([...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => [m[1]!, `<${m[1]}>`]));
}

describe('refusals', () => {
  it('each code has the engine’s English sentence and a Korean one, its values filled in', () => {
    for (const code of REFUSAL_CODES) {
      const values = sampleValues(REFUSALS[code]);
      const refusal = Object.keys(values).length > 0 ? refuse(code, values) : refuse(code);
      expect(refusal.error, code).not.toContain('{{');
      expect(refusalText(english, { text: 'x', code, ...(refusal.values ? { values } : {}) })).toBe(refusal.error);
      const text = refusalText(korean, { text: 'x', code, values });
      expect(text, code).toMatch(hangul);
      expect(text, code).not.toContain('{{');
      for (const value of Object.values(values)) expect(text, code).toContain(value);
    }
    expect(refuse('busy')).toEqual({ ok: false, error: REFUSALS.busy, code: 'busy' });
    expect(refusalText(korean, { text: 'Sentence as it came.' })).toBe('Sentence as it came.');
  });

  it('a command on a call that is not pending names the call in Korean', () => {
    const refusal = refuse('noPendingCall', { callId: 'call_9' });
    expect(refusal.error).toBe('No pending tool call call_9.');
    const notice = { text: refusal.error, code: refusal.code, values: refusal.values! };
    expect(noticeText(english, notice)).toBe('No pending tool call call_9.');
    expect(noticeText(korean, notice)).toBe('대기 중인 도구 호출 call_9이(가) 없습니다.');
  });

  it('a step refused at the end of a run says so in Korean, through the store’s notice', () => {
    const step = stepRefusal('done');
    expect(step).toBe('runEnded');
    const notice = { text: REFUSALS.runEnded, code: step! };
    expect(noticeText(english, notice)).toBe(REFUSALS.runEnded);
    expect(noticeText(korean, notice)).toContain('실행이 끝났습니다');
    const interruption = { what: 'model-call' as const, round: 2, unfinished: 0, finished: 0 };
    expect(noticeText(korean, { text: 'English', interruption })).toContain('2번째 턴');
  });
});

describe('why there is no next request', () => {
  it('each phase without one names a refusal the page words in Korean', () => {
    for (const phase of ['model', 'approve', 'execute', 'done'] as const) {
      const reason = noRequestReason({ ...INITIAL_STATE, phase });
      const code = codeOfSentence(reason!);
      expect(code, phase).toBeDefined();
      expect(refusalText(english, { text: reason!, code: code! })).toBe(reason);
      expect(refusalText(korean, { text: reason!, code: code! }), phase).toMatch(hangul);
    }
    expect(noRequestReason({ ...INITIAL_STATE, phase: 'prompt' })).toBeNull();
    expect(codeOfSentence(REFUSALS.nextMaxRounds)).toBeUndefined();
  });

  it('the max-rounds guard’s reason carries its limit, worded in Korean', () => {
    const reason = nextRequest({
      workspace: { ...EMPTY_WORKSPACE, settings: { ...DEFAULT_SETTINGS, maxRounds: 3 } },
      state: { ...INITIAL_STATE, phase: 'prompt', round: 3 },
      catalog: [],
    });
    expect(reason.ok).toBe(false);
    if (reason.ok) return;
    expect(reason.error).toBe(
      'The max-rounds guard (3 model calls) ends the run at the next Step; nothing more is sent.',
    );
    expect(refusalCode(reason)).toBe('nextMaxRounds');
    const text = refusalText(korean, { text: reason.error, code: 'nextMaxRounds', values: refusalValues(reason)! });
    expect(text).toContain('모델 호출 3번');
  });
});

describe('the store’s notices', () => {
  it('each code has the engine’s English sentence and a Korean one, its values filled in', () => {
    for (const code of RUN_NOTICE_CODES) {
      const values = sampleValues(RUN_NOTICES[code]);
      const part = { code, values };
      expect(noticePartWords(english, part), code).toBe(noticePartText(part));
      const text = noticePartWords(korean, part);
      expect(text, code).toMatch(hangul);
      expect(text, code).not.toContain('{{');
      for (const value of Object.values(values)) expect(text, code).toContain(value);
    }
  });

  it('a notice of several parts reads as one, and a scenario’s title is worded by the page', () => {
    const notice = runNotice('info', { code: 'forkedBeforeModel', values: { turn: '2' } }, { code: 'forkedAdvisor' });
    expect(notice.text).toBe(
      'Forked at turn 2, before its model call: Step asks the model again. This run went through the advisor chain, which cannot resume in the middle of a request: press Stop, then send the next message.',
    );
    expect(noticeText(english, notice)).toBe(notice.text);
    expect(noticeText(korean, notice)).toMatch(/^2번째 턴의 모델 호출 앞에서 포크했습니다\..* advisor 체인/);
    const opened = runNotice('info', {
      code: 'openedReplacingUntitled',
      values: { title: 'Seoul time and math', scenarioId: 'seoul-time-math' },
    });
    expect(noticeText(english, opened, () => 'Seoul time and math')).toBe(opened.text);
    expect(noticeText(korean, opened, () => '서울 시간과 계산')).toContain('“서울 시간과 계산”');
    const own = { code: 'openedReplacingUntitled' as const, values: { title: 'your own workspace', scenarioId: '' } };
    expect(noticePartWords(english, own)).toBe(noticePartText(own));
    expect(noticePartWords(korean, own)).toContain('“내 작업 공간”');
  });
});

describe('a run file’s refusal as segments', () => {
  it('reads as the notice does, the parser’s detail a segment of its own marked English', () => {
    const notice = runNotice(
      'error',
      { code: 'importFailedLead' },
      { code: 'eventMalformed', values: { n: '3', type: 'model-called', detail: 'round: expected number' } },
    );
    expect(notice.text).toBe('Import failed: Event 3 (model-called) is malformed: round: expected number');
    const inEnglish = noticeSegments(english, notice.parts);
    expect(inEnglish.map((s) => s.text).join('')).toBe(notice.text);
    const ko = noticeSegments(korean, notice.parts);
    expect(ko.map((s) => s.text).join('')).toBe(noticeText(korean, notice));
    expect(ko.filter((s) => s.lang === 'en')).toEqual([{ text: 'round: expected number', lang: 'en' }]);
    expect(
      ko
        .filter((s) => s.lang === undefined)
        .map((s) => s.text)
        .join(''),
    ).toMatch(hangul);
    expect(noticeSegments(korean, [{ code: 'fileEmpty' }])).toEqual([
      { text: noticeText(korean, { text: '', parts: [{ code: 'fileEmpty' }] }) },
    ]);
  });
});

describe('output schema refusals', () => {
  it('each code has the engine’s English sentence and a Korean one', () => {
    const advisors = englishT('advisors');
    const refusals = ['  ', '{"type": ', '[1]', '{"type": "array"}'].map(parseOutputSchema);
    expect(refusals.map((r) => (r.ok ? null : r.code)).sort()).toEqual([...OUTPUT_SCHEMA_ERROR_CODES].sort());
    for (const r of refusals) {
      if (r.ok || r.code === undefined) throw new Error('expected a coded refusal');
      expect(advisors(`schemaErrors.${r.code}`, { detail: r.detail ?? '' })).toBe(r.error);
      expect(ko.advisors.schemaErrors[r.code]).toMatch(hangul);
    }
    // A schema zod refuses keeps the validator's own sentence.
    const zod = parseOutputSchema('{"type": "object", "properties": {"a": {"type": "numbr"}}}');
    expect(zod.ok ? null : zod.code).toBeUndefined();
  });
});

describe('why a run ended (the run-finished detail)', () => {
  it('reads every sentence the engine writes back as its code, worded in English as stored and in Korean', () => {
    const checker = maxRoundsChecker(() => 2)(
      { calls: [{ id: 'c1', name: 'calculate', argumentsText: '{}' }] } as never,
      { iteration: 2 },
    );
    const written: [string, RunEndDetailCode][] = [
      [hardStopDetail({ guard: 'rounds', level: 'stop', value: 3, limit: 3 }), 'maxRounds'],
      [hardStopDetail({ guard: 'repeat', level: 'stop', value: 3, limit: 3, key: 'calculate {"a":1}' }), 'repeat'],
      [hardStopDetail({ guard: 'tokens', level: 'stop', value: 9000, limit: 8000 }), 'tokens'],
      [checker.eligible ? '' : checker.ending!.detail!, 'maxRoundsChecker'],
      [truncatedDetail(0), 'truncated'],
      [truncatedDetail(2), 'truncatedCalls'],
      [ABORTED_DETAIL, 'aborted'],
      [REFUSED_DETAIL, 'refused'],
      [RETURN_DIRECT_DETAIL, 'returnDirect'],
      ['Stopped by the user.', 'stopped'],
      [validationFailedDetail(3, ['Invalid JSON: Unexpected token', 'answer: expected number']), 'validationFailed'],
      [validationFailedDetail(1, ['Invalid JSON: Unexpected token']), 'validationFailedOne'],
    ];
    expect(written.map(([, code]) => code).sort()).toEqual([...RUN_END_DETAIL_CODES].sort());
    for (const [detail, code] of written) {
      expect(readRunEndDetail(detail)?.code, detail).toBe(code);
      expect(runEndDetailText(english, detail)).toBe(detail);
      const text = runEndDetailText(korean, detail);
      expect(text, code).toMatch(hangul);
      expect(text, code).not.toContain('{{');
    }
    expect(runEndDetailText(korean, hardStopDetail({ guard: 'rounds', level: 'stop', value: 3, limit: 3 }))).toBe(
      '최대 라운드 제한이 모델 호출 3번 뒤에 루프를 멈췄습니다.',
    );
  });

  it('the English catalog repeats each template, and other text is shown as it came', () => {
    for (const code of RUN_END_DETAIL_CODES) expect(en.engine.runEnd[code]).toBe(RUN_END_DETAILS[code]);
    expect(readRunEndDetail('The endpoint answered 500.')).toBeUndefined();
    expect(runEndDetailText(korean, 'The endpoint answered 500.')).toBe('The endpoint answered 500.');
  });
});
