/**
 * The teaching lab on a tool-call card (one line in transcript-view): "why" annotations (the results a call uses,
 * its parallel siblings) and, while the call waits at a pause, fault injection, the argument-vs-schema check with
 * its three ways out, and the id the result is sent with.
 */
import { useEngineText } from '../engine-text/engine-text';
import { useMemo, useState } from 'react';
import type { ArgumentIssue, Fault, FaultKind, ToolCall, WantWords } from '../../engine';
import {
  checkArguments,
  chosenFault,
  defaultFault,
  describeWant,
  FAULT_KINDS,
  HUGE_SIZES,
  repairDraft,
  resultIdsOf,
  runDependencies,
  suggestWrongId,
  validationErrorText,
} from '../../engine';
import { useT } from '../../i18n';
import type { PlaygroundState } from '../../store/playground';
import { selectEvents, selectLoop } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { FaultLabel } from './fault-label';
import './lab.css';

const awaitingOf = (id: string) => (s: PlaygroundState) =>
  (s.run.loop.pending?.awaiting.includes(id) ?? false) && !s.run.loop.pending!.interrupted.includes(id);

export function LabCallCard({ call }: { call: ToolCall }) {
  const awaiting = usePlayground(awaitingOf(call.id));
  return (
    <div className="lab-call" data-testid={`lab-${call.id}`}>
      <CallWhy callId={call.id} />
      {awaiting && <InjectedMark callId={call.id} />}
      {awaiting && <SchemaCheck call={call} />}
      {awaiting && <BreakIt callId={call.id} />}
    </div>
  );
}

/**
 * Fault injection and the result's id sit behind one disclosure per waiting call: a person deciding calls sees
 * the decision first, and a class that wants to break the call opens it (a fault already chosen shows above).
 */
function BreakIt({ callId }: { callId: string }) {
  const { t } = useT('lab');
  const [open, setOpen] = useState(false);
  return (
    <details className="lab-break" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="small">{t('breakIt')}</summary>
      {open && <FaultPicker callId={callId} />}
      {open && <ResultIdPicker callId={callId} />}
    </details>
  );
}

/** "uses 896 from call_2" and "parallel 1 of 2". */
function CallWhy({ callId }: { callId: string }) {
  const { t } = useT('lab');
  const events = usePlayground(selectEvents);
  const annotation = useMemo(() => runDependencies(events).calls.get(callId), [events, callId]);
  if (!annotation || (annotation.dependencies.length === 0 && !annotation.parallel)) return null;
  return (
    <p className="lab-why small" data-testid={`why-${callId}`}>
      {annotation.dependencies.map((d) => (
        <span key={`${d.path}:${d.value}:${d.fromCallId}`} className="badge badge-accent">
          {t('dependsOn', { value: d.value, from: d.fromCallId })}
        </span>
      ))}
      {annotation.parallel && (
        <span className="badge" title={t('parallelHint', { siblings: annotation.parallel.siblings.join(', ') })}>
          {t('parallel', { index: annotation.parallel.index, count: annotation.parallel.count })}
        </span>
      )}
    </p>
  );
}

function InjectedMark({ callId }: { callId: string }) {
  const { t } = useT('lab');
  const fault = usePlayground((s) => chosenFault(s.run.loop, callId));
  if (!fault) return null;
  return (
    <span className="badge badge-error" data-testid={`injected-${callId}`}>
      {t('injected', { fault: '' })}
      <FaultLabel fault={fault} />
    </span>
  );
}

function FaultPicker({ callId }: { callId: string }) {
  const { t } = useT('lab');
  const { actions } = usePlaygroundApi();
  const [kind, setKind] = useState<FaultKind>('timeout');
  const [bytes, setBytes] = useState(HUGE_SIZES[0]!);
  const fault: Fault = kind === 'huge' ? { kind, bytes } : defaultFault(kind);
  return (
    <div className="lab-row">
      <label className="inline-field small">
        {t('faultShort')}
        <select
          aria-label={t('injectFault', { id: callId })}
          value={kind}
          onChange={(e) => setKind(e.target.value as FaultKind)}
        >
          {FAULT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`faultKinds.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {kind === 'huge' && (
        <label className="inline-field small">
          {t('hugeSize')}
          <select value={bytes} onChange={(e) => setBytes(Number(e.target.value))}>
            {HUGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="button" className="button" onClick={() => actions.injectFault(callId, fault)}>
        {t('inject')}
      </button>
    </div>
  );
}

function SchemaCheck({ call }: { call: ToolCall }) {
  const { t } = useT('lab');
  const { actions } = usePlaygroundApi();
  const loop = usePlayground(selectLoop);
  const [repairing, setRepairing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The result the model receives speaks the tool's language (the tools' language switch), not the page's.
  const toolLanguage = usePlayground((s) => s.workspace.toolOverrides[call.name]?.language);
  const words = useEngineText();
  const tool = loop.tools.find((x) => x.name === call.name);
  if (!tool || call.parseError !== undefined) return null;
  const check = checkArguments(tool.inputSchema, call.argumentsText);
  if (!check.ok) {
    return <p className="anomaly small">{t('schemaUnparsed', { error: check.error })}</p>;
  }
  const issues = check.value;
  const blocking = issues.filter((i) => i.blocking);
  return (
    <div className="lab-schema" role="group" aria-label={t('schemaHeading')} data-testid={`schema-${call.id}`}>
      <strong className="small">{t('schemaHeading')}</strong>{' '}
      {issues.length === 0 ? (
        <span className="small muted">{t('schemaOk')}</span>
      ) : (
        <ul className="lab-issues">
          {issues.map((issue) => (
            <li key={`${issue.kind}:${issue.path}`} className={issue.blocking ? 'anomaly small' : 'muted small'}>
              {issueText(t, issue)} <code>{issue.schemaPath}</code>
              {!issue.blocking && <span> — {t('issueNote')}</span>}
            </li>
          ))}
        </ul>
      )}
      {blocking.length > 0 && (
        <div className="call-buttons">
          <button
            type="button"
            className="button"
            onClick={() =>
              void actions.writeResult(call.id, validationErrorText(call.name, issues, toolLanguage), true)
            }
          >
            {t('sendValidationError')}
          </button>
          <button
            type="button"
            className="button"
            aria-expanded={repairing !== null}
            onClick={() => setRepairing(repairDraft(tool.inputSchema, call.argumentsText))}
          >
            {t('repair')}
          </button>
          <button type="button" className="button" onClick={() => void actions.approve(call.id)}>
            {t('approveAnyway')}
          </button>
        </div>
      )}
      {repairing !== null && (
        <form
          className="call-form"
          onSubmit={(e) => {
            e.preventDefault();
            void actions
              .editArguments(call.id, repairing)
              .then((refusal) => setError(refusal && words.notice(refusal)));
          }}
        >
          <textarea
            aria-label={t('repairLabel', { id: call.id })}
            rows={4}
            value={repairing}
            aria-invalid={error !== null}
            onChange={(e) => setRepairing(e.target.value)}
          />
          {error && <p className="anomaly small">{error}</p>}
          <div className="call-buttons">
            <button type="submit" className="button button-primary">
              {t('saveRepair')}
            </button>
            <button type="button" className="button" onClick={() => setRepairing(null)}>
              {t('cancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/** What a schema rule wants, in the page's language. */
function wantWords(t: ReturnType<typeof useT<'lab'>>['t']): WantWords {
  return {
    or: t('want.or'),
    oneOf: (options) => t('want.oneOf', { options }),
    any: t('want.any'),
    noOtherFields: t('want.noOtherFields'),
    notInSchema: t('want.notInSchema'),
  };
}

function issueText(t: ReturnType<typeof useT<'lab'>>['t'], issue: ArgumentIssue): string {
  const values = {
    path: issue.path === '' ? '/' : issue.path,
    expected: describeWant(issue.wants, wantWords(t)),
    actual: issue.actual ?? '',
  };
  switch (issue.kind) {
    case 'missing':
      return t('issueMissing', values);
    case 'extra':
      return t('issueExtra', values);
    case 'type':
      return t('issueType', values);
    case 'enum':
      return t('issueEnum', values);
  }
}

const OWN = 'own';
const WRONG = 'wrong';
const NONE = 'none';

function ResultIdPicker({ callId }: { callId: string }) {
  const { t } = useT('lab');
  const { actions } = usePlaygroundApi();
  const loop = usePlayground(selectLoop);
  // A stale id (a call of an earlier turn) or call_0: an id no call of this turn has.
  const earlierIds = useMemo(() => {
    const batch = new Set(loop.pending?.calls.map((c) => c.id) ?? []);
    return loop.history
      .flatMap((m) => (m.role === 'assistant' ? m.toolCalls.map((c) => c.id) : []))
      .filter((id) => !batch.has(id));
  }, [loop.history, loop.pending]);
  const wrong = suggestWrongId(callId, earlierIds);
  const resultIds = resultIdsOf(loop);
  const sent = Object.hasOwn(resultIds, callId) ? resultIds[callId] : callId;
  const value = sent === callId ? OWN : sent === null ? NONE : WRONG;
  return (
    <label className="inline-field small lab-row">
      {t('idShort')}
      <select
        aria-label={t('idChoice', { id: callId })}
        value={value}
        onChange={(e) => {
          const choice = e.target.value;
          actions.setResultId(callId, choice === OWN ? callId : choice === NONE ? null : wrong);
        }}
      >
        <option value={OWN}>{t('idOwn', { id: callId })}</option>
        <option value={WRONG}>{t('idWrong', { id: sent !== null && sent !== callId ? sent : wrong })}</option>
        <option value={NONE}>{t('idNone')}</option>
      </select>
    </label>
  );
}
