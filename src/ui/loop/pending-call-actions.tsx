/**
 * At a pause, per call: Approve, Edit arguments (validated against the schema), Deny, or Write result. A call a
 * reload interrupted (it may have run) offers: Run again, Skip with an error result, or Write result.
 *
 * The decision shows on the card the moment it is made, before Step (approved; edited, as a diff from the
 * model's arguments with what the model will see; denied with its reason; written by hand with its value), and
 * stays changeable until Step runs the batch (engine/loop/decisions.ts). The call the `A` key approves next is
 * marked. After Approve the focus moves to the next undecided call (or to Step once none waits).
 */
import { useEngineText } from '../engine-text/engine-text';
import type { FormEvent, ReactNode } from 'react';
import { useState } from 'react';
import type { CallDecision, ToolCall } from '../../engine';
import { argumentsDiff, checkArguments, isDecidable, nextToApprove } from '../../engine';
import { useT } from '../../i18n';
import type { PlaygroundState } from '../../store/playground';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { focusAfterDecision } from './decision-focus';
import './decisions.css';

type Mode = 'none' | 'edit' | 'deny' | 'write';

const decidableOf = (id: string) => (s: PlaygroundState) => isDecidable(s.run.loop, id);
const decisionOf = (id: string) => (s: PlaygroundState) => s.run.loop.pending?.decisions[id];
const isNextOf = (id: string) => (s: PlaygroundState) => nextToApprove(s.run.loop) === id;

export function PendingCallActions({ call, interrupted = false }: { call: ToolCall; interrupted?: boolean }) {
  const { t } = useT('pause');
  const playground = usePlaygroundApi();
  const { actions } = playground;
  const decidable = usePlayground(decidableOf(call.id));
  const decision = usePlayground(decisionOf(call.id));
  const isNext = usePlayground(isNextOf(call.id));
  const [mode, setMode] = useState<Mode>('none');
  const [text, setText] = useState('');
  const [isError, setIsError] = useState(false);
  const [rewrite, setRewrite] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const words = useEngineText();
  if (!decidable) return null;

  const open = (next: Mode) => {
    setMode(next);
    setError(null);
    setText(
      next === 'edit' ? prettyArguments(decision?.kind === 'edit' ? decision.argumentsText : call.argumentsText) : '',
    );
    setIsError(false);
    setRewrite(decision?.kind === 'edit' && decision.rewriteHistory === true);
  };
  const close = () => open('none');
  const approve = async () => {
    await actions.approve(call.id);
    focusAfterDecision(playground.store.getState().run.loop);
  };
  const saveEdit = async () => {
    const refusal = await actions.editArguments(call.id, text, rewrite);
    setError(refusal && words.notice(refusal));
    if (refusal === null) setMode('none');
  };

  return (
    <div className="call-actions">
      {decision && (
        <DecisionSummary
          call={call}
          decision={decision}
          onRewriteChange={(on) =>
            decision.kind === 'edit' && void actions.editArguments(call.id, decision.argumentsText, on)
          }
        />
      )}
      {isNext && (
        <p className="small muted call-next" data-testid={`next-${call.id}`}>
          <kbd>A</kbd> {t('approvesNext')}
        </p>
      )}
      <div className="call-buttons">
        {decision && <span className="small muted">{t('change')}</span>}
        <button
          type="button"
          className={`button${decision ? '' : ' button-primary'}`}
          data-call-approve={call.id}
          aria-pressed={decision ? decision.kind === 'approve' : undefined}
          onClick={() => void approve()}
        >
          {interrupted ? t('runAgain') : t('approve')}
        </button>
        {interrupted ? (
          <button type="button" className="button" onClick={() => void actions.skipInterrupted(call.id)}>
            {t('skip')}
          </button>
        ) : (
          <>
            <button type="button" className="button" aria-expanded={mode === 'edit'} onClick={() => open('edit')}>
              {t('edit')}
            </button>
            <button type="button" className="button" aria-expanded={mode === 'deny'} onClick={() => open('deny')}>
              {t('deny')}
            </button>
          </>
        )}
        <button type="button" className="button" aria-expanded={mode === 'write'} onClick={() => open('write')}>
          {t('write')}
        </button>
      </div>
      {mode === 'edit' && (
        <CallForm
          label={t('editLabel')}
          submitLabel={t('editSubmit')}
          onSubmit={() => void saveEdit()}
          onCancel={close}
          error={error}
          extra={
            <label className="checkbox">
              <input type="checkbox" checked={rewrite} onChange={(e) => setRewrite(e.target.checked)} />
              {t('rewriteHistory')}
            </label>
          }
        >
          <textarea
            aria-label={t('argumentsFor', { id: call.id })}
            rows={4}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error !== null}
          />
        </CallForm>
      )}
      {mode === 'deny' && (
        <CallForm
          label={t('denyLabel')}
          submitLabel={t('denySubmit')}
          danger
          onSubmit={() => void actions.deny(call.id, text.trim() || undefined).then(close)}
          onCancel={close}
        >
          <input aria-label={t('reasonFor', { id: call.id })} value={text} onChange={(e) => setText(e.target.value)} />
        </CallForm>
      )}
      {mode === 'write' && (
        <CallForm
          label={t('writeLabel')}
          submitLabel={t('writeSubmit')}
          onSubmit={() => void actions.writeResult(call.id, text, isError).then(close)}
          onCancel={close}
          extra={
            <label className="checkbox">
              <input type="checkbox" checked={isError} onChange={(e) => setIsError(e.target.checked)} />
              {t('markError')}
            </label>
          }
        >
          <textarea
            aria-label={t('resultFor', { id: call.id })}
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </CallForm>
      )}
    </div>
  );
}

/** The decision made for one call, as the batch will carry it out; an edit also says what the model will see. */
function DecisionSummary(props: {
  call: ToolCall;
  decision: CallDecision;
  onRewriteChange: (rewrite: boolean) => void;
}) {
  const { t } = useT('pause');
  const { call, decision } = props;
  const refusal = useHarnessRefusal(call);
  const body = (() => {
    switch (decision.kind) {
      case 'approve':
        return refusal === null ? (
          <strong>{t('decided.approve')}</strong>
        ) : (
          <>
            <strong>{t('decided.approveRefused')}</strong> <span data-testid={`refusal-${call.id}`}>{refusal}</span>
          </>
        );
      case 'deny':
        return (
          <>
            <strong>{t('decided.deny')}</strong>{' '}
            {decision.reason ? t('decided.denyReason', { reason: decision.reason }) : t('decided.denyNoReason')}
          </>
        );
      case 'write':
        return (
          <>
            <strong>{decision.isError ? t('decided.writeError') : t('decided.write')}</strong>
            <pre className="code-block decision-value" tabIndex={0}>
              {decision.text === '' ? t('decided.empty') : decision.text}
            </pre>
          </>
        );
      case 'edit': {
        const rewrite = decision.rewriteHistory === true;
        return (
          <>
            <strong>{t('decided.edit')}</strong>
            <ArgumentsDiff before={call.argumentsText} after={decision.argumentsText} />
            <p className="small" data-testid={`model-sees-${call.id}`}>
              {rewrite ? t('decided.seesRewritten') : t('decided.seesOriginal')}
            </p>
            <button type="button" className="button button-quiet" onClick={() => props.onRewriteChange(!rewrite)}>
              {rewrite ? t('decided.keepOriginal') : t('decided.alsoRewrite')}
            </button>
          </>
        );
      }
    }
  })();
  return (
    <div className={`call-decision call-decision-${decision.kind}`} data-testid={`decision-${call.id}`} role="status">
      {body}
    </div>
  );
}

/**
 * Why the harness will refuse this call's arguments before its tool runs (the schema check the lab card shows:
 * a missing field, a wrong type, a value outside an enum, a field the schema forbids; or arguments that are not
 * JSON), or null when it will run it. An approval then sends it to the harness, which answers the model with that
 * invalid-arguments error: the card says so instead of "runs as the model wrote it".
 */
function useHarnessRefusal(call: ToolCall): string | null {
  const { t } = useT('pause');
  const tool = usePlayground((s) => s.run.loop.tools.find((x) => x.name === call.name));
  if (!tool) return null;
  if (call.parseError !== undefined) return t('decided.refusedJson');
  const check = checkArguments(tool.inputSchema, call.argumentsText);
  if (!check.ok) return t('decided.refusedJson');
  const blocking = check.value.filter((issue) => issue.blocking);
  return blocking.length === 0
    ? null
    : t('decided.refusedSchema', { fields: blocking.map((issue) => issue.path || '/').join(', ') });
}

/** Original → edited, field by field (both texts whole when either is not a JSON object). */
export function ArgumentsDiff({ before, after }: { before: string; after: string }) {
  const { t } = useT('pause');
  const changes = argumentsDiff(before, after);
  if (changes === null) {
    return (
      <dl className="args-diff">
        <dt>{t('diff.before')}</dt>
        <dd>
          <code>{before}</code>
        </dd>
        <dt>{t('diff.after')}</dt>
        <dd>
          <code>{after}</code>
        </dd>
      </dl>
    );
  }
  if (changes.length === 0) return <p className="small muted">{t('diff.same')}</p>;
  return (
    <ul className="args-diff" aria-label={t('diff.label')}>
      {changes.map((c) => (
        <li key={c.path}>
          <code>{c.path}</code>: {c.kind !== 'added' && <del>{c.before}</del>}
          {c.kind === 'changed' && ' → '}
          {c.kind !== 'removed' && <ins>{c.after}</ins>}
          {c.kind === 'added' && <span className="muted small"> {t('diff.added')}</span>}
          {c.kind === 'removed' && <span className="muted small"> {t('diff.removed')}</span>}
        </li>
      ))}
    </ul>
  );
}

interface CallFormProps {
  readonly label: string;
  readonly submitLabel: string;
  readonly onSubmit: () => void;
  readonly onCancel: () => void;
  readonly children: ReactNode;
  readonly extra?: ReactNode;
  readonly error?: string | null;
  readonly danger?: boolean;
}

/** The shell every pause form shares: one labelled field, an optional error, submit and Cancel. */
function CallForm({ label, submitLabel, onSubmit, onCancel, children, extra, error, danger }: CallFormProps) {
  const { t } = useT('pause');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form className="call-form" onSubmit={submit}>
      <label className="field">
        <span>{label}</span>
        {children}
      </label>
      {extra}
      {error && (
        <pre className="notice notice-error" role="alert" tabIndex={0}>
          {error}
        </pre>
      )}
      <div className="call-buttons">
        <button type="submit" className={`button ${danger ? 'button-danger' : 'button-primary'}`}>
          {submitLabel}
        </button>
        <button type="button" className="button button-quiet" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

function prettyArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
