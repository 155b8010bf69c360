/**
 * The engine's codes in the page's words. The engine names what happened with a code and its parameters (a
 * finish reason, a turn action, an anomaly, an interruption, a workspace change) and keeps an English sentence
 * in the run; the page words the code through the `engine` catalog, whose English is that same sentence.
 * Plain functions of a `t` (so tests check every code against both catalogs) plus `useEngineText()`.
 */
import type { TFunction } from 'i18next';
import { useCallback, useMemo } from 'react';
import type {
  Anomaly,
  Fault,
  FinishReasonKind,
  NoticePart,
  RefusalCode,
  RefusalValues,
  RunEndDetailCode,
  TurnAction,
  ValidationRejection,
  WorkspaceChange,
} from '../../engine';
import { assertNever, codeOfSentence, readRunEndDetail, refusalCode, refusalValues } from '../../engine';
import { useFormat, useT, type Formatters } from '../../i18n';
import { isCatalogued } from '../scenarios/scenario-text';

export type EngineT = TFunction<'engine'>;
type LabT = TFunction<'lab'>;

export function finishLabel(t: EngineT, reason: FinishReasonKind): string {
  return t(`finish.${reason}`);
}

/** A fault as the turn table names it: "timeout (2,000 ms)". */
export function faultText(lab: LabT, format: Formatters, fault: Fault): string {
  const name = lab(`faultKinds.${fault.kind}`);
  switch (fault.kind) {
    case 'timeout':
      return `${name} (${format.duration(fault.afterMs)})`;
    case 'latency':
      return `${name} (+${format.duration(fault.ms)})`;
    case 'huge':
      return `${name} (${format.number(fault.bytes)})`;
    default:
      return name;
  }
}

export function turnActionText(t: EngineT, action: TurnAction, fault: (fault: Fault) => string): string {
  switch (action.kind) {
    case 'paused':
      return t('action.paused', { count: action.count });
    case 'decided':
      return action.changes
        ? t('action.decidedEdit', { callId: action.callId, changes: action.changes })
        : t(`action.decided.${action.decision}`, { callId: action.callId });
    case 'outcome':
      return t(`action.outcome.${action.result}`, { name: action.name });
    case 'appended':
      return t('action.appended', { count: action.count });
    case 'ended':
      return t('action.ended', { reason: finishLabel(t, action.reason) });
    case 'interrupted':
      return t(`action.interrupted.${action.what}`);
    case 'reopened':
      return t('action.reopened', { count: action.count });
    case 'injected':
      return t('action.injected', { fault: fault(action.fault), callId: action.callId, name: action.name });
    case 'guard':
      return t(`action.guard.${action.level}`, { guard: action.guard, value: action.value });
    case 'result-id':
      return action.sentId === action.callId
        ? t('action.resultIdOwn', { callId: action.callId })
        : action.sentId === null
          ? t('action.resultIdNone', { callId: action.callId })
          : t('action.resultIdOther', { callId: action.callId, sentId: action.sentId });
    case 'policy-denied':
      return t('action.policyDenied', { name: action.name, callId: action.callId });
    case 'validation-rejected':
      return t(`action.validationRejected.${action.retried ? 'retried' : 'last'}`, {
        attempt: validationAttemptText(t, action),
        errors: action.errors.join('; '),
      });
    default:
      return assertNever(action);
  }
}

/** "attempt 2 of 4" (or "attempt 2" for a run recorded before the attempts were). */
export function validationAttemptText(t: EngineT, rejection: ValidationRejection): string {
  return rejection.attempts === undefined
    ? t('action.validationAttemptOnly', { attempt: rejection.attempt })
    : t('action.validationAttempt', { attempt: rejection.attempt, attempts: rejection.attempts });
}

/** "paused…; ran x; appended 1 tool result(s)", or "—" when the harness did nothing. */
export function turnActionsText(t: EngineT, actions: readonly TurnAction[], fault: (fault: Fault) => string): string {
  return actions.length === 0
    ? t('action.none')
    : actions.map((a) => turnActionText(t, a, fault)).join(t('action.separator'));
}

/** An anomaly in the page's words; a run recorded before an anomaly carried its fields shows its stored sentence. */
export function anomalyText(t: EngineT, anomaly: Anomaly): string {
  switch (anomaly.kind) {
    case 'tool-call-cut-by-length':
    case 'tool-calls-without-calls':
    case 'text-with-tool-calls':
    case 'unterminated-tool-call':
      return t(`anomaly.${anomaly.kind}`);
    case 'malformed-tool-call':
      return anomaly.count === undefined || anomaly.mode === undefined
        ? anomaly.detail
        : t(`anomaly.malformed-tool-call.${anomaly.mode}`, { count: anomaly.count });
    case 'calls-cut-by-length':
      return anomaly.count === undefined ? anomaly.detail : t('anomaly.calls-cut-by-length', { count: anomaly.count });
    case 'tool-calls-ignored':
      return anomaly.raw === undefined ? anomaly.detail : t('anomaly.tool-calls-ignored', { raw: anomaly.raw });
    case 'parse-issues':
      return anomaly.issues === undefined
        ? anomaly.detail
        : t('anomaly.parse-issues', {
            issues: anomaly.issues
              .map((i) => t(i.recovered ? 'anomaly.issueForgiven' : 'anomaly.issueFlagged', { kind: i.kind }))
              .join(', '),
          });
    default:
      return assertNever(anomaly);
  }
}

export interface InterruptionFacts {
  readonly what: 'model-call' | 'tool-batch';
  readonly round: number;
  readonly unfinished: number;
  readonly finished: number;
}

export function interruptionText(t: EngineT, facts: InterruptionFacts): string {
  if (facts.what === 'model-call') return t('interrupted.modelCall', { round: facts.round });
  return facts.finished > 0
    ? t('interrupted.toolBatchKept', { round: facts.round, finished: facts.finished, unfinished: facts.unfinished })
    : t('interrupted.toolBatch', { round: facts.round, unfinished: facts.unfinished });
}

export function workspaceChangeText(t: EngineT, change: WorkspaceChange): string {
  const parts: string[] = [];
  if (change.added.length > 0) parts.push(t('workspace.exposed', { names: change.added.join(', ') }));
  if (change.removed.length > 0) parts.push(t('workspace.removed', { names: change.removed.join(', ') }));
  if (change.updated) parts.push(t('workspace.updated'));
  if (change.runtime !== undefined) parts.push(t('workspace.runtime', { label: change.runtime }));
  return t('workspace.changed', { parts: parts.join(t('workspace.separator')) });
}

/**
 * A catalog entry with values for its placeholders. The values come as a record (a code's own set), which
 * i18next's typing of a union of keys does not take; engine-text.test.ts holds every code to both catalogs.
 */
function filled(
  t: EngineT,
  key: `refusal.${RefusalCode}` | `notice.${NoticePart['code']}` | `runEnd.${RunEndDetailCode}`,
  values: Readonly<Record<string, string>> | undefined,
): string {
  return (t as unknown as (key: string, options: Record<string, string>) => string)(key, { ...values });
}

/**
 * A refused command in the page's words, its values filled in (a refusal without a code keeps its English
 * sentence).
 */
export function refusalText(
  t: EngineT,
  refusal: { readonly text: string; readonly code?: RefusalCode; readonly values?: RefusalValues },
): string {
  return refusal.code === undefined ? refusal.text : filled(t, `refusal.${refusal.code}`, refusal.values);
}

/**
 * One sentence of a store's notice. `scenario` words a scenario's title in the page's language (a `scenarioId`
 * value: '' is the person's own workspace); without it the title stays as the engine wrote it.
 */
export function noticePartWords(t: EngineT, part: NoticePart, scenario?: (id: string) => string | undefined): string {
  const values: Record<string, string> = { ...part.values };
  if (values.scenarioId !== undefined) {
    values.title =
      values.scenarioId === '' ? t('notice.ownWorkspace') : (scenario?.(values.scenarioId) ?? values.title ?? '');
  }
  return filled(t, `notice.${part.code}`, values);
}

/** A stretch of a worded notice; `lang: 'en'` marks a parser's own detail, quoted in English as it came. */
export interface NoticeSegment {
  readonly text: string;
  readonly lang?: 'en';
}

const DETAIL_MARK = '\u0001';

/**
 * The notice's parts in the page's words, one sentence after another like `noticeText`, with each `detail` value
 * (a parser's message, English) as a segment of its own so the page can mark its language.
 */
export function noticeSegments(
  t: EngineT,
  parts: readonly NoticePart[],
  scenario?: (id: string) => string | undefined,
): NoticeSegment[] {
  const segments: NoticeSegment[] = [];
  for (const [index, part] of parts.entries()) {
    const prefix = index > 0 ? ' ' : '';
    const detail = part.values?.detail;
    if (detail === undefined) {
      segments.push({ text: prefix + noticePartWords(t, part, scenario) });
      continue;
    }
    const marked = noticePartWords(t, { ...part, values: { ...part.values, detail: DETAIL_MARK } }, scenario);
    for (const [i, piece] of marked.split(DETAIL_MARK).entries()) {
      if (i > 0) segments.push({ text: detail, lang: 'en' });
      const text = i === 0 ? prefix + piece : piece;
      if (text !== '') segments.push({ text });
    }
  }
  return segments;
}

export interface NoticeFacts {
  readonly text: string;
  readonly code?: RefusalCode;
  readonly values?: RefusalValues;
  readonly parts?: readonly NoticePart[];
  readonly interruption?: InterruptionFacts;
}

/** A notice beside the controls: a coded refusal, the store's own notice, a restore's interruption, or the sentence as it came. */
export function noticeText(t: EngineT, notice: NoticeFacts, scenario?: (id: string) => string | undefined): string {
  if (notice.interruption) return interruptionText(t, notice.interruption);
  // One sentence after another, with a space, in English and Korean alike.
  if (notice.parts) return notice.parts.map((p) => noticePartWords(t, p, scenario)).join(' ');
  return refusalText(t, notice);
}

function optionalCode(code: RefusalCode | undefined): { code?: RefusalCode } {
  return code === undefined ? {} : { code };
}

/**
 * Why a run ended (the `run-finished` detail) in the page's words: a sentence the engine wrote is read back as its
 * code and values; any other detail (a runtime's error) is shown as it came.
 */
export function runEndDetailText(t: EngineT, detail: string): string {
  const facts = readRunEndDetail(detail);
  return facts ? filled(t, `runEnd.${facts.code}`, facts.values) : detail;
}

/** The wording functions bound to the page's language. */
export function useEngineText() {
  const { t } = useT('engine');
  const { t: lab } = useT('lab');
  const format = useFormat();
  const { t: scenarios } = useT('scenarios');
  const scenario = useCallback((id: string) => (isCatalogued(id) ? scenarios(`${id}.title`) : undefined), [scenarios]);
  return useMemo(() => {
    const fault = (f: Fault) => faultText(lab, format, f);
    return {
      t,
      finish: (reason: FinishReasonKind) => finishLabel(t, reason),
      turnActions: (actions: readonly TurnAction[]) => turnActionsText(t, actions, fault),
      anomaly: (anomaly: Anomaly) => anomalyText(t, anomaly),
      interruption: (facts: InterruptionFacts) => interruptionText(t, facts),
      workspaceChange: (change: WorkspaceChange) => workspaceChangeText(t, change),
      notice: (notice: NoticeFacts) => noticeText(t, notice, scenario),
      /** The parts of a notice as segments, a parser's detail marked English (`noticeSegments`). */
      noticeSegments: (parts: readonly NoticePart[]) => noticeSegments(t, parts, scenario),
      /** A `run-finished` detail (the transcript's run end) in the page's words. */
      runEndDetail: (detail: string) => runEndDetailText(t, detail),
      /**
       * A failed result (the next request's reason): worded by its code and values when it carries them, else by
       * its sentence when that is a known refusal.
       */
      refusal: (failure: { readonly ok: false; readonly error: string }) => {
        const code = refusalCode(failure) ?? codeOfSentence(failure.error);
        const values = refusalValues(failure);
        return refusalText(t, { text: failure.error, ...optionalCode(code), ...(values ? { values } : {}) });
      },
    };
  }, [t, lab, format, scenario]);
}
