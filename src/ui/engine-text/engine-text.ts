/**
 * The engine's codes in the page's words. The engine names what happened with a code and its parameters (a
 * finish reason, a turn action, an anomaly, a notice, a refusal, why a run ended, a workspace change); the page
 * words the code through the `engine` catalog. Plain functions of a `t` (so tests check every code against both
 * catalogs) plus `useEngineText()`.
 */
import type { TFunction } from 'i18next';
import { useCallback, useMemo } from 'react';
import type {
  Anomaly,
  Fault,
  FinishReasonKind,
  Notice,
  NoticePart,
  Refusal,
  RunEndDetail,
  TurnAction,
  ValidationRejection,
  WorkspaceChange,
} from '../../engine';
import { assertNever } from '../../engine';
import { useFormat, useT, wordMessage, type Formatters } from '../../i18n';
import { isCatalogued } from '../scenarios/scenario-text';
import { runtimeLabelText } from '../runs/runtime-label';

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
        : t(anomaly.mode === 'text' ? 'anomaly.malformed-text' : 'anomaly.malformed-error-result', {
            count: anomaly.count,
          });
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

/** A workspace change in the page's words; `runtime` names a runtime (`runtimeLabelText`). */
export function workspaceChangeText(
  t: EngineT,
  change: WorkspaceChange,
  runtime: (ref: NonNullable<WorkspaceChange['runtime']>) => string,
): string {
  const parts: string[] = [];
  if (change.added.length > 0) parts.push(t('workspace.exposed', { names: change.added.join(', ') }));
  if (change.removed.length > 0) parts.push(t('workspace.removed', { names: change.removed.join(', ') }));
  if (change.updated) parts.push(t('workspace.updated'));
  if (change.runtime !== undefined) parts.push(t('workspace.runtime', { label: runtime(change.runtime) }));
  return t('workspace.changed', { parts: parts.join(t('workspace.separator')) });
}

/** A refused command, or a reason for no next request, in the page's words. */
export function refusalText(t: EngineT, refusal: Refusal): string {
  return noticePartWords(t, refusal);
}

/**
 * One sentence of a notice. `scenario` words a scenario's title in the page's language (a `scenarioId` value: ''
 * is the person's own workspace); without it the title stays as the engine wrote it.
 */
export function noticePartWords(t: EngineT, part: NoticePart, scenario?: (id: string) => string | undefined): string {
  const values: Record<string, string> = { ...part.values };
  if (values.scenarioId !== undefined) {
    values.title = values.scenarioId === '' ? t('ownWorkspace') : (scenario?.(values.scenarioId) ?? values.title ?? '');
  }
  return wordMessage(t, 'notice', { code: part.code, values });
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

/** A notice in the page's words: its sentences one after another, with a space, in English and Korean alike. */
export function noticeText(t: EngineT, notice: Notice, scenario?: (id: string) => string | undefined): string {
  return notice.parts.map((p) => noticePartWords(t, p, scenario)).join(' ');
}

/** Why a run ended (the `run-finished` detail) in the page's words; a text detail (a runtime's error) as it came. */
export function runEndDetailText(t: EngineT, detail: RunEndDetail): string {
  return typeof detail === 'string' ? detail : wordMessage(t, 'runEnd', detail);
}

/** The wording functions bound to the page's language. */
export function useEngineText() {
  const { t } = useT('engine');
  const { t: lab } = useT('lab');
  const { t: runtimes } = useT('runtimes');
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
      workspaceChange: (change: WorkspaceChange) =>
        workspaceChangeText(t, change, (ref) => runtimeLabelText(runtimes, ref)),
      notice: (notice: Notice) => noticeText(t, notice, scenario),
      /** One sentence of a notice (an interruption in the transcript, a refusal). */
      noticePart: (part: NoticePart) => noticePartWords(t, part, scenario),
      /** The parts of a notice as segments, a parser's detail marked English (`noticeSegments`). */
      noticeSegments: (parts: readonly NoticePart[]) => noticeSegments(t, parts, scenario),
      /** A `run-finished` detail (the transcript's run end) in the page's words. */
      runEndDetail: (detail: RunEndDetail) => runEndDetailText(t, detail),
      /** A refused command or the reason there is no next request. */
      refusal: (refusal: Refusal) => refusalText(t, refusal),
    };
  }, [t, lab, runtimes, format, scenario]);
}
